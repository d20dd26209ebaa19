import { describe, expect, it } from "vitest";
import {
  type ChangeMessage,
  liveKinds,
  parseChangeMessage,
  readClientId,
  shouldReload,
} from "./live-events";

const tab = { clientId: "tab-aaaaaaaa", kinds: ["projects"] as const };
const change = (kind: ChangeMessage["kind"], clientId: string | null): ChangeMessage => ({
  kind,
  by: { userId: "user-1", clientId },
});

describe("shouldReload", () => {
  it("ignores the tab's own change: its action already reloaded it", () => {
    expect(shouldReload(change("projects", "tab-aaaaaaaa"), tab)).toBe(false);
  });

  it("reloads for another tab's change to what the page shows", () => {
    expect(shouldReload(change("projects", "tab-bbbbbbbb"), tab)).toBe(true);
    // A change made without a tab (another device without JavaScript, a script) counts too.
    expect(shouldReload(change("projects", null), tab)).toBe(true);
  });

  it("does not reload for a change the page does not show", () => {
    expect(shouldReload(change("messages", "tab-bbbbbbbb"), tab)).toBe(false);
    expect(shouldReload(change("projects", "tab-bbbbbbbb"), { ...tab, kinds: [] })).toBe(false);
  });
});

describe("the event's wire form", () => {
  it("reads a change message and refuses malformed ones", () => {
    expect(
      parseChangeMessage('{"kind":"messages","by":{"userId":"u","clientId":"tab-bbbbbbbb"}}'),
    ).toEqual({ kind: "messages", by: { userId: "u", clientId: "tab-bbbbbbbb" } });
    expect(parseChangeMessage('{"kind":"projects"}')).toEqual({
      kind: "projects",
      by: { userId: null, clientId: null },
    });
    expect(parseChangeMessage('{"kind":"session-ended"}')).toBeNull();
    expect(parseChangeMessage("not json")).toBeNull();
    expect(parseChangeMessage("null")).toBeNull();
  });

  it("accepts only plain client ids", () => {
    expect(readClientId("tab-0123456789abcdef")).toBe("tab-0123456789abcdef");
    expect(readClientId("short")).toBeNull();
    expect(readClientId("has space in it")).toBeNull();
    expect(readClientId(null)).toBeNull();
  });

  it("collects the kinds that the page's routes depend on", () => {
    expect(
      liveKinds([
        { handle: undefined },
        { handle: { live: ["projects", "messages"] } },
        { handle: { live: ["projects"] } },
      ]),
    ).toEqual(["projects", "messages"]);
  });
});
