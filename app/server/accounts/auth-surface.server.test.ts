/**
 * Issue 29, point 10: better-auth's token-based session endpoints stay off. The Settings page
 * lists and ends sessions by id with our own queries (decision 005); `/list-sessions` would put
 * every session's raw token in a page's hands.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as apiAuthAction, loader as apiAuthLoader } from "~/routes/api/auth";
import { signUp } from "~/test/accounts.server";
import { BASE_URL, createHarness, getRequest, type Harness, run } from "~/test/harness.server";
import { session } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe(`better-auth's session endpoints (${testDatabaseKind()})`, () => {
  it("/list-sessions gives no session token (it is off)", async () => {
    const person = await signUp("tokens@surface.test");
    const [row] = await h.handle.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, person.id));
    const res = await run(apiAuthLoader, getRequest("/api/auth/list-sessions", person.cookie));
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(row?.token as string);
  });

  it("/revoke-session, which takes a token, is off too", async () => {
    const person = await signUp("revoke@surface.test");
    const res = await run(
      apiAuthAction,
      new Request(new URL("/api/auth/revoke-session", BASE_URL), {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE_URL, cookie: person.cookie },
        body: JSON.stringify({ token: "anything" }),
      }),
    );
    expect(res.status).toBe(404);
  });
});
