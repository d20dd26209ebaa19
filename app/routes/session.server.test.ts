/**
 * The session check of a signed-in request (decision 029): a live session that needs nothing
 * done is answered without better-auth's endpoint, with the same answer; every other case —
 * a signature not ours, two session cookies, a session gone, expired or due for its sliding
 * refresh, a don't-remember-me cookie — is better-auth's own check, which answers as before.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Auth, getAuth } from "~/server/accounts/auth.server";
import { session } from "~/server/db/schema.server";
import { testDatabaseKind } from "~/server/db/test-db.server";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, getRequest, type Harness } from "~/test/harness.server";
import { getCurrentSession, signedValue } from "./session.server";

let h: Harness;
let auth: Auth;
let me: SignedUp;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  h = await createHarness();
  auth = await getAuth();
  me = await signUp("settled@example.co.za", { fullName: "Sipho Settled" });
});
afterAll(() => h.close());

/** The session cookie's name and value in `cookie`. */
function sessionCookie(cookie: string) {
  const match = /(?:^|;\s*)([^=;]*session_token)=([^;]*)/.exec(cookie);
  if (!match) throw new Error("no session cookie");
  return { name: match[1] as string, value: match[2] as string };
}

async function check(cookie: string) {
  const betterAuth = vi.spyOn(auth.api, "getSession");
  try {
    const current = await getCurrentSession(getRequest("/portal", cookie));
    return { current, askedBetterAuth: betterAuth.mock.calls.length > 0 };
  } finally {
    betterAuth.mockRestore();
  }
}

async function setExpiry(expiresAt: Date) {
  await h.handle.db.update(session).set({ expiresAt }).where(eq(session.userId, me.id));
}

describe(`the session check, on ${testDatabaseKind()}`, () => {
  it("answers a live session itself, as better-auth answers it, writing nothing", async () => {
    const { current, askedBetterAuth } = await check(me.cookie);
    expect(askedBetterAuth).toBe(false);
    const [row] = await h.handle.db.select().from(session).where(eq(session.userId, me.id));
    expect(current).toEqual({
      user: { id: me.id, email: "settled@example.co.za", name: "Sipho Settled" },
      sessionId: row?.id,
      lastActiveAt: row?.updatedAt,
      headers: new Headers(),
    });
    const theirs = await auth.api.getSession({ headers: getRequest("/portal", me.cookie).headers });
    expect(theirs?.session.id).toBe(current?.sessionId);
    expect(theirs?.user).toMatchObject(current?.user ?? {});
  });

  it("leaves a signature that is not ours to better-auth, which refuses it", async () => {
    const { name, value } = sessionCookie(me.cookie);
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf("."));
    const forged = [
      `${token}.${"A".repeat(43)}=`,
      token,
      `${token}.`,
      `${token}x.${decoded.slice(decoded.lastIndexOf(".") + 1)}`,
      encodeURIComponent(`${token}.${"B".repeat(43)}=`),
    ];
    for (const bad of forged) {
      const { current, askedBetterAuth } = await check(`${name}=${bad}`);
      expect(current, bad).toBeNull();
      expect(askedBetterAuth, bad).toBe(true);
    }
  });

  it("remembers a cookie it verified, only for the secret that verified it", () => {
    const secret = "a-secret-of-thirty-two-characters";
    const signed = (value: string, key: string) =>
      `${value}.${createHmac("sha256", key).update(value).digest("base64")}`;
    const cookie = signed("remembered-token", secret);
    expect(signedValue(cookie, secret)).toBe("remembered-token");
    expect(signedValue(cookie, secret)).toBe("remembered-token");
    expect(signedValue(cookie, "another-secret-of-thirty-two-chars")).toBeNull();
    const forged = `remembered-token.${"A".repeat(43)}=`;
    expect(signedValue(forged, secret)).toBeNull();
    expect(signedValue(forged, secret)).toBeNull();
    expect(
      signedValue(signed("other-token", "not-our-secret-at-all-not-at-all"), secret),
    ).toBeNull();
  });

  it("leaves two session cookies, or a don't-remember-me cookie, to better-auth", async () => {
    const { name, value } = sessionCookie(me.cookie);
    const twice = await check(`${name}=${value}; ${name}=${value}`);
    expect(twice.askedBetterAuth).toBe(true);
    expect(twice.current?.user.id).toBe(me.id);
    const ctx = await auth.$context;
    const dontRemember = await check(`${me.cookie}; ${ctx.authCookies.dontRememberToken.name}=x`);
    expect(dontRemember.askedBetterAuth).toBe(true);
  });

  it("leaves a session due for its sliding refresh to better-auth, which extends it", async () => {
    // Used more than a day after it was last extended: better-auth extends it by 7 days.
    await setExpiry(new Date(Date.now() + 5 * DAY));
    const { current, askedBetterAuth } = await check(me.cookie);
    expect(askedBetterAuth).toBe(true);
    expect(current?.user.id).toBe(me.id);
    expect(current?.headers.get("set-cookie")).toMatch(/session_token=/);
    const [row] = await h.handle.db.select().from(session).where(eq(session.userId, me.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);
    // Extended: the next request needs nothing done again.
    expect((await check(me.cookie)).askedBetterAuth).toBe(false);
  });

  it("leaves an expired session to better-auth, which refuses it", async () => {
    const other = await signUp("expired@example.co.za");
    await h.handle.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, other.id));
    const { current, askedBetterAuth } = await check(other.cookie);
    expect(current).toBeNull();
    expect(askedBetterAuth).toBe(true);
  });

  it("leaves a session that is gone (signed out elsewhere) to better-auth, which refuses it", async () => {
    const other = await signUp("revoked@example.co.za");
    await h.handle.db.delete(session).where(eq(session.userId, other.id));
    const { current, askedBetterAuth } = await check(other.cookie);
    expect(current).toBeNull();
    expect(askedBetterAuth).toBe(true);
  });
});
