/**
 * Sessions in Settings: two users with two sessions each. Each sees and ends only their own;
 * an ended session's open portal hears `session-ended`.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/auth/auth";
import { loader as portalLoader } from "~/routes/portal/layout";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import { getCurrentSession } from "~/routes/session.server";
import { signUp } from "~/test/accounts.server";
import {
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  run,
} from "~/test/harness.server";
import { session } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { type AppEvent, subscribe } from "../workspace/events.server";
import { TOUCH_EVERY_MS, touchSession } from "./sessions.server";

const FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

interface Device {
  cookie: string;
  sessionId: string;
}
let h: Harness;
const people: Record<"alice" | "bob", { id: string; laptop: Device; phone: Device }> = {} as never;

async function signIn(email: string, userAgent: string, ip: string): Promise<Device> {
  const res = await run(
    authAction,
    formRequest("/auth", { intent: "signin", email, password: "secret1" }, { ip, userAgent }),
  );
  expect(res.status).toBe(302);
  const cookie = cookiesFrom(res);
  const current = await getCurrentSession(getRequest("/portal", cookie));
  return { cookie, sessionId: current?.sessionId ?? "" };
}

async function person(email: string) {
  const { id } = await signUp(email, { fullName: email });
  // Sign-up's own session is not needed: start from two known devices.
  await h.handle.db.delete(session).where(eq(session.userId, id));
  return {
    id,
    laptop: await signIn(email, FIREFOX, "198.51.100.7"),
    phone: await signIn(email, IPHONE, "198.51.100.8"),
  };
}

const settings = (fields: Record<string, string>, device: Device) =>
  run(settingsAction, formRequest("/portal/settings", fields, { cookie: device.cookie }));

async function sessionsOf(device: Device) {
  const res = await run(settingsLoader, getRequest("/portal/settings", device.cookie));
  expect(res.status).toBe(200);
  return (await res.json()).sessions as Record<string, unknown>[];
}

beforeAll(async () => {
  h = await createHarness();
  people.alice = await person("alice@example.co.za");
  people.bob = await person("bob@example.co.za");
});
afterAll(async () => {
  await h.close();
});

describe(`sessions on ${testDatabaseKind()}`, () => {
  it("lists only the user's own sessions, this device first and marked, without tokens", async () => {
    const { alice, bob } = people;
    const list = await sessionsOf(alice.phone);
    expect(list.map((s) => s.id)).toEqual([alice.phone.sessionId, alice.laptop.sessionId]);
    expect(list[0]).toMatchObject({
      device: "Safari on iPhone",
      ipAddress: "198.51.100.8",
      current: true,
    });
    expect(list[1]).toMatchObject({
      device: "Firefox on Linux",
      ipAddress: "198.51.100.7",
      current: false,
    });
    expect(list[0]).toHaveProperty("createdAt");
    expect(list[0]).toHaveProperty("lastActiveAt");
    const json = JSON.stringify(list);
    expect(json).not.toContain(bob.laptop.sessionId);
    expect(json).not.toMatch(/token/i);
  });

  it("records activity only when the stored activity is older than a few minutes", async () => {
    const { alice } = people;
    const stored = async () => {
      const [row] = await h.handle.db
        .select({ updatedAt: session.updatedAt })
        .from(session)
        .where(eq(session.id, alice.laptop.sessionId));
      return row?.updatedAt as Date;
    };
    const before = await stored();
    // Used again within the interval: nothing is written.
    await touchSession(h.handle.db, alice.laptop.sessionId, before, before.getTime() + 60_000);
    expect((await stored()).getTime()).toBe(before.getTime());
    // Used after it: the activity is recorded, once.
    const later = before.getTime() + TOUCH_EVERY_MS + 1000;
    await touchSession(h.handle.db, alice.laptop.sessionId, before, later);
    expect((await stored()).getTime()).toBe(later);
    // Another instance that read the old value at the same moment writes nothing more.
    await touchSession(h.handle.db, alice.laptop.sessionId, before, later + 1000);
    expect((await stored()).getTime()).toBe(later);
  });

  it("refuses to end another user's session, or a made-up one", async () => {
    const { alice, bob } = people;
    const seen: AppEvent[] = [];
    const off = subscribe({ userId: bob.id, clientId: null, isAdmin: false }, (e) => seen.push(e));
    try {
      for (const sessionId of [bob.laptop.sessionId, "no-such-session", ""]) {
        const res = await settings({ intent: "revoke-session", sessionId }, alice.laptop);
        expect(res.status, sessionId).toBe(sessionId ? 404 : 400);
        expect((await res.json()).intent).toBe("revoke-session");
      }
    } finally {
      off();
    }
    expect(seen).toEqual([]);
    expect(await getCurrentSession(getRequest("/portal", bob.laptop.cookie))).not.toBeNull();
    expect(await sessionsOf(bob.laptop)).toHaveLength(2);
  });

  it("will not end the session asking: that is Sign out", async () => {
    const { alice } = people;
    const res = await settings(
      { intent: "revoke-session", sessionId: alice.laptop.sessionId },
      alice.laptop,
    );
    expect(res.status).toBe(400);
    expect(await getCurrentSession(getRequest("/portal", alice.laptop.cookie))).not.toBeNull();
  });

  it("ends one of the user's other sessions and tells its open portal", async () => {
    const { alice, bob } = people;
    const seen: Record<string, AppEvent[]> = { alice: [], bob: [] };
    const offA = subscribe({ userId: alice.id, clientId: null, isAdmin: false }, (e) =>
      seen.alice?.push(e),
    );
    const offB = subscribe({ userId: bob.id, clientId: null, isAdmin: false }, (e) =>
      seen.bob?.push(e),
    );
    try {
      const res = await settings(
        { intent: "revoke-session", sessionId: alice.phone.sessionId },
        alice.laptop,
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        intent: "revoke-session",
        ok: true,
        success: "Session signed out successfully",
      });
    } finally {
      offA();
      offB();
    }
    expect(seen.alice).toEqual([
      { kind: "session-ended", userIds: [alice.id], sessionIds: [alice.phone.sessionId] },
    ]);
    expect(seen.bob).toEqual([]);
    const phone = await run(portalLoader, getRequest("/portal", alice.phone.cookie));
    expect(phone.headers.get("location")).toBe("/auth");
    expect((await sessionsOf(alice.laptop)).map((s) => s.id)).toEqual([alice.laptop.sessionId]);
  });

  it("signs out all other sessions of the user only", async () => {
    const { alice, bob } = people;
    const seen: AppEvent[] = [];
    const off = subscribe({ userId: bob.id, clientId: null, isAdmin: false }, (e) => seen.push(e));
    try {
      const res = await settings({ intent: "revoke-other-sessions" }, bob.phone);
      expect(await res.json()).toMatchObject({ ok: true, success: "1 other session signed out" });
    } finally {
      off();
    }
    expect(seen).toEqual([
      { kind: "session-ended", userIds: [bob.id], sessionIds: [bob.laptop.sessionId] },
    ]);
    expect(await getCurrentSession(getRequest("/portal", bob.laptop.cookie))).toBeNull();
    expect(await getCurrentSession(getRequest("/portal", bob.phone.cookie))).not.toBeNull();
    expect(await getCurrentSession(getRequest("/portal", alice.laptop.cookie))).not.toBeNull();
  });

  it("needs a session for all of it", async () => {
    const list = await run(settingsLoader, getRequest("/portal/settings"));
    expect(list.headers.get("location")).toBe(
      `/auth?next=${encodeURIComponent("/portal/settings")}`,
    );
    const res = await run(
      settingsAction,
      formRequest("/portal/settings", { intent: "revoke-other-sessions" }),
    );
    expect(res.headers.get("location")).toBe(
      `/auth?next=${encodeURIComponent("/portal/settings")}`,
    );
  });
});
