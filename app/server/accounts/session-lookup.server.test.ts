/**
 * The prepared session read (session-lookup.server.ts) answers exactly what better-auth's own
 * joined read answers, and a session that ends stops working at once, on this instance and on
 * another one sharing the database (a second auth instance here), with no write per request.
 */
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as signOutAction } from "~/routes/auth/sign-out";
import { getCurrentSession } from "~/routes/session.server";
import { signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { testPasswordHashing } from "~/test/password-hash.server";
import * as schema from "../db/schema.server";
import { createAuth } from "./auth.server";
import { getPortalUser } from "./profiles.server";
import {
  findSessionByToken,
  withPortalUser,
  withPreparedSessionRead,
} from "./session-lookup.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** better-auth's drizzle adapter as auth.server.ts configures it, without the prepared read. */
function betterAuthAdapter() {
  const { user, session, account, verification, rateLimit, twoFactor, passkey } = schema;
  return drizzleAdapter(h.handle.db, {
    provider: "pg",
    schema: { user, session, account, verification, rateLimit, twoFactor, passkey },
  })(h.auth.options);
}

async function tokenOf(userId: string) {
  const [row] = await h.handle.db
    .select({ token: schema.session.token, updatedAt: schema.session.updatedAt })
    .from(schema.session)
    .where(eq(schema.session.userId, userId));
  if (!row) throw new Error("no session");
  return row;
}

const byToken = (token: string) => ({
  model: "session",
  where: [{ field: "token", value: token }],
  join: { user: true as const },
});

describe("the prepared session read", () => {
  it("returns what better-auth's joined read returns, field for field", async () => {
    const me = await signUp("same-shape@example.co.za");
    const { token } = await tokenOf(me.id);
    const adapter = betterAuthAdapter();
    const theirs = await adapter.findOne(byToken(token));
    expect(theirs).not.toBeNull();
    expect(await findSessionByToken(h.handle.db, token)).toStrictEqual(theirs);

    // A user with two-factor on (the twoFactor plugin's field) reads the same too.
    await h.handle.db
      .update(schema.user)
      .set({ twoFactorEnabled: true })
      .where(eq(schema.user.id, me.id));
    const after = await adapter.findOne<{ user: { twoFactorEnabled: boolean } }>(byToken(token));
    expect(after?.user.twoFactorEnabled).toBe(true);
    expect(await findSessionByToken(h.handle.db, token)).toStrictEqual(after);
  });

  it("reads the profile and role with the session for the portal, the session unchanged", async () => {
    const me = await signUp("with-profile@example.co.za", { fullName: "Thandi With Profile" });
    const { token } = await tokenOf(me.id);
    const theirs = await betterAuthAdapter().findOne(byToken(token));
    const { result, portalUser } = await withPortalUser(() =>
      findSessionByToken(h.handle.db, token),
    );
    expect(result).toStrictEqual(theirs);
    expect(portalUser).toStrictEqual(await getPortalUser(h.handle.db, me.id));
    expect(portalUser).toMatchObject({ id: me.id, fullName: "Thandi With Profile" });

    // Through better-auth's own session check, as the portal asks.
    const checked = await withPortalUser(() => getCurrentSession(getRequest("/portal", me.cookie)));
    expect(checked.result?.user.id).toBe(me.id);
    expect(checked.portalUser?.id).toBe(me.id);
    // And where the kept pages' data stands, which a change to a table they read moves.
    expect(checked.changes).toEqual(expect.any(Number));
    await h.handle.db
      .update(schema.profiles)
      .set({ fullName: "Thandi Renamed" })
      .where(eq(schema.profiles.id, me.id));
    const later = await withPortalUser(() => getCurrentSession(getRequest("/portal", me.cookie)));
    expect(later.changes).toBe((checked.changes ?? 0) + 1);
    const unknown = await withPortalUser(() => findSessionByToken(h.handle.db, "no-such-token"));
    expect(unknown).toEqual({ result: null, portalUser: null, changes: null });
  });

  it("answers null for a token nobody has, as better-auth's read does", async () => {
    expect(await betterAuthAdapter().findOne(byToken("no-such-token"))).toBeNull();
    expect(await findSessionByToken(h.handle.db, "no-such-token")).toBeNull();
  });

  it("answers only the session-by-token read; every other read goes to the adapter", async () => {
    const me = await signUp("other-reads@example.co.za");
    const { token } = await tokenOf(me.id);
    const asked: unknown[] = [];
    const base = betterAuthAdapter();
    const wrapped = withPreparedSessionRead(
      {
        ...base,
        findOne: (async (query: unknown) => {
          asked.push(query);
          return null;
        }) as typeof base.findOne,
      },
      h.handle.db,
    );
    expect(await wrapped.findOne(byToken(token))).not.toBeNull();
    expect(asked).toHaveLength(0);
    const others = [
      { model: "user", where: [{ field: "id", value: me.id }] },
      { model: "session", where: [{ field: "token", value: token }] },
      { ...byToken(token), select: ["id"] },
      { ...byToken(token), where: [{ field: "token", value: token, operator: "ne" as const }] },
      { ...byToken(token), where: [{ field: "id", value: token }] },
    ];
    for (const query of others) await wrapped.findOne(query);
    expect(asked).toEqual(others);
  });
});

describe("a session read through it", () => {
  it("is the signed-in user's, and reading it writes nothing", async () => {
    const me = await signUp("reads-only@example.co.za");
    const before = await tokenOf(me.id);
    for (let i = 0; i < 3; i++) {
      const current = await getCurrentSession(getRequest("/portal", me.cookie));
      expect(current?.user).toEqual({
        id: me.id,
        email: "reads-only@example.co.za",
        name: "Naledi Dlamini",
      });
    }
    expect((await tokenOf(me.id)).updatedAt).toEqual(before.updatedAt);
  });

  it("stops working at once when signed out", async () => {
    const me = await signUp("signs-out@example.co.za");
    expect(await getCurrentSession(getRequest("/portal", me.cookie))).not.toBeNull();
    const out = await run(signOutAction, formRequest("/sign-out", {}, { cookie: me.cookie }));
    expect(out.status).toBe(302);
    expect(await getCurrentSession(getRequest("/portal", me.cookie))).toBeNull();
  });

  it("stops working at once on another instance when revoked on one", async () => {
    const me = await signUp("revoked@example.co.za");
    const other = createAuth({
      handle: h.handle,
      env: h.env,
      passwordHashing: testPasswordHashing,
    });
    const headers = new Headers({ cookie: me.cookie });
    expect((await other.api.getSession({ headers }))?.user.id).toBe(me.id);
    // This instance (the harness's auth) ends every session of the account.
    const { token } = await tokenOf(me.id);
    await h.auth.api.revokeSession({ headers, body: { token } });
    expect(await other.api.getSession({ headers })).toBeNull();
    expect(await getCurrentSession(getRequest("/portal", me.cookie))).toBeNull();
  });

  it("is refused once expired, though the row is still there", async () => {
    const me = await signUp("expired@example.co.za");
    await h.handle.db
      .update(schema.session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.session.userId, me.id));
    expect(await getCurrentSession(getRequest("/portal", me.cookie))).toBeNull();
  });
});
