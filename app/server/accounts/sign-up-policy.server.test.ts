/**
 * 'Who can create an account' (issue 30, decision 052), on PGlite and PostgreSQL: anyone by
 * default (the spec's sign-up); by invitation only, the sign-up form and better-auth's own
 * /api/auth/sign-up/email are refused (403, no account made) except for an address listed in
 * ADMIN_EMAILS, the sign-up tab says so, and an invitation still makes its account. Only an
 * administrator sets it.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_CLOSED } from "~/lib/validation/account-values";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as invitationAction } from "~/routes/auth/invitation";
import { action as clientAction } from "~/routes/portal/client";
import { action as settingsAction } from "~/routes/portal/settings";
import { type SignedUp, signUp } from "~/test/accounts.server";
import {
  BASE_URL,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { invitationLink, signUpAdmin } from "~/test/workspace.server";
import { addClient } from "../clients/clients.server";
import { portalSettings, user } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { getSignUpPolicy } from "./security-policy.server";

let h: Harness;
let admin: SignedUp;
let contact: SignedUp;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@agency.example,second@agency.example" });
  admin = await signUpAdmin("admin@agency.example");
  contact = await signUp("contact@client.example", { fullName: "Lerato Contact" });
});
afterAll(() => h.close());

const setPolicy = (signUpPolicy: string, cookie: string) =>
  run(
    settingsAction,
    formRequest("/portal/settings", { intent: "sign-up-policy", signUpPolicy }, { cookie }),
  );

const accounts = async () => (await h.handle.db.select({ n: count() }).from(user))[0]?.n ?? 0;

const formSignUp = (email: string) =>
  run(
    authAction,
    formRequest(
      "/auth",
      { intent: "signup", email, password: "secret-pass-1", fullName: "Sam Stranger" },
      { ip: nextIp() },
    ),
  );

const apiSignUp = (email: string) =>
  h.auth.handler(
    new Request(`${BASE_URL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE_URL, "x-client-ip": nextIp() },
      body: JSON.stringify({ email, password: "secret-pass-1", name: "Sam Stranger" }),
    }),
  );

describe(`who can create an account, on ${testDatabaseKind()}`, () => {
  it("is anyone by default: the sign-up tab is open", async () => {
    expect(await getSignUpPolicy(h.handle.db)).toBe("anyone");
    const page = await run(authLoader, getRequest("/auth?tab=signup"));
    expect(await page.json()).toMatchObject({ signUpOpen: true });
  });

  it("only an administrator sets it; a bad value is a 400; nothing changes when refused", async () => {
    const byContact = await setPolicy("invitation", contact.cookie);
    expect(byContact.status).toBe(403);
    expect(await h.handle.db.select().from(portalSettings)).toEqual([]);
    expect((await setPolicy("everyone", admin.cookie)).status).toBe(400);
    expect(await getSignUpPolicy(h.handle.db)).toBe("anyone");
  });

  it("by invitation only: sign-up is refused with 403 and makes no account", async () => {
    const set = await setPolicy("invitation", admin.cookie);
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      ok: true,
      success: "Accounts are now by invitation only",
    });
    const before = await accounts();

    const form = await formSignUp("stranger@example.com");
    expect(form.status).toBe(403);
    expect(await form.json()).toMatchObject({ ok: false, error: SIGN_UP_CLOSED });
    const api = await apiSignUp("stranger2@example.com");
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ code: "SIGN_UP_CLOSED", message: SIGN_UP_CLOSED });
    expect(await accounts()).toBe(before);

    const page = await run(authLoader, getRequest("/auth?tab=signup"));
    expect(await page.json()).toMatchObject({ signUpOpen: false });
  });

  it("by invitation only: an address in ADMIN_EMAILS still signs up, and an invitation still makes its account", async () => {
    expect((await apiSignUp("Second@agency.example")).status).toBe(200);

    const added = await addClient(h.handle.db, admin.id, "Acme Trading");
    if (!added.ok) throw new Error(added.message);
    const { client } = added;
    const invited = await run(
      clientAction,
      formRequest(
        `/portal/clients/${client.id}`,
        { intent: "invite", name: "Thandi Mokoena", email: "thandi@example.co.za" },
        { cookie: admin.cookie },
      ),
      { id: client.id },
    );
    expect(invited.status).toBe(200);
    const { token } = await invitationLink("thandi@example.co.za");
    const accepted = await run(
      invitationAction,
      formRequest(`/invitation/${token}`, {
        intent: "create",
        fullName: "Thandi M.",
        password: "a-new-password",
      }),
      { token },
    );
    expect(accepted.status).toBe(302);
    const [thandi] = await h.handle.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "thandi@example.co.za"));
    expect(thandi).toBeDefined();
  });

  it("anyone again: the spec's sign-up works as before", async () => {
    expect((await setPolicy("anyone", admin.cookie)).status).toBe(200);
    const res = await formSignUp("newcomer@example.com");
    expect(res.status).toBe(302);
  });
});
