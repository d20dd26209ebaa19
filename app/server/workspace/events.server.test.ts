/**
 * A change names the tab it came from (its X-Client-Id), so that tab does not reload itself; a
 * request that names no tab publishes as from none, with or without the request's context.
 */
import { describe, expect, it } from "vitest";
import { CLIENT_ID_HEADER } from "~/lib/live-events";
import { withEventOrigin } from "~/routes/portal/context.server";
import { type AppEvent, publishChange, subscribe } from "./events.server";

const admin = { userId: "admin-1", clientId: null, isAdmin: true };

async function published(headers: Record<string, string>) {
  const seen: AppEvent[] = [];
  const stop = subscribe(admin, (event) => seen.push(event));
  try {
    await withEventOrigin(new Request("http://localhost/portal", { headers }), async () => {
      await Promise.resolve();
      publishChange("projects", { clientIds: ["client-1"] }, "user-1");
    });
  } finally {
    stop();
  }
  return seen.map((event) => ("by" in event ? event.by : null));
}

describe("withEventOrigin", () => {
  it("names the tab a request came from in the changes it publishes, across awaits", async () => {
    expect(await published({ [CLIENT_ID_HEADER]: "tab-0123456789abcdef" })).toEqual([
      { userId: "user-1", clientId: "tab-0123456789abcdef" },
    ]);
  });

  it("names no tab for a request without one, or with one that is not an id", async () => {
    expect(await published({})).toEqual([{ userId: "user-1", clientId: null }]);
    expect(await published({ [CLIENT_ID_HEADER]: "short" })).toEqual([
      { userId: "user-1", clientId: null },
    ]);
  });
});
