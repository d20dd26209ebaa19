/**
 * Issue 29, point 1: an account is matched with what was sent from its e-mail address (leads,
 * consents, invitations) only once the address is proven — a confirmation link mailed to it, or
 * an accepted invitation. Sign-up still signs in at once; confirming is a step the person takes
 * from Settings. The real owner of an address an unconfirmed account holds is not told to sign
 * in to an account they do not control (decision 034).
 */
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/auth/auth";
import { action as invitationAction, loader as invitationLoader } from "~/routes/auth/invitation";
import { action as contactAction } from "~/routes/marketing/contact";
import { action as clientAction } from "~/routes/portal/client";
import { loader as myDataLoader } from "~/routes/portal/my-data";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import { getCurrentSession } from "~/routes/session.server";
import { signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import {
  BASE_URL,
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { invitationLink, signUpAdmin } from "~/test/workspace.server";
import { consents, invitations, leads, profiles, user } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { eraseDueAccounts } from "./privacy.server";

const DAY = 24 * 60 * 60 * 1000;
let h: Harness;
let admin: { cookie: string };
let clientId = "";

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "boss@proof.test" });
  admin = await signUpAdmin("boss@proof.test");
  clientId = (await signUp("first-contact@proof.test")).clientId;
});
afterAll(async () => {
  await h?.close();
});

async function sendContact(email: string) {
  const res = await run(
    contactAction,
    formRequest(
      "/contact",
      {
        name: "Thandi Owner",
        email,
        phone: "082 555 0101",
        company: "Owner Holdings",
        message: "Private: our budget is R90,000.",
        marketing: "yes",
      },
      { ip: nextIp() },
    ),
  );
  expect(res.status).toBe(200);
}

async function invite(email: string, name = "Thandi Owner") {
  const res = await run(
    clientAction,
    formRequest(
      `/portal/clients/${clientId}`,
      { intent: "invite", name, email },
      {
        cookie: admin.cookie,
      },
    ),
    { id: clientId },
  );
  expect(res.status, `invite ${email}`).toBe(200);
}

async function exportOf(cookie: string) {
  const res = await run(myDataLoader, getRequest("/portal/settings/my-data", cookie));
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return {
    json: JSON.parse(strFromU8(files["data.json"] as Uint8Array)),
    readme: strFromU8(files["README.txt"] as Uint8Array),
  };
}

const settings = (cookie: string, fields: Record<string, string>) =>
  run(settingsAction, formRequest("/portal/settings", fields, { cookie, ip: nextIp() }));

describe(`an unproven address (${testDatabaseKind()})`, () => {
  it("does not download the leads, consents or invitation sent to its address", async () => {
    await sendContact("thandi@owner.test");
    await invite("thandi@owner.test");
    // Someone else registers the address: sign-up still signs in at once.
    const squatter = await signUp("thandi@owner.test", { fullName: "Not Thandi" });
    const { json, readme } = await exportOf(squatter.cookie);
    expect(json.leads).toEqual([]);
    expect(json.invitations).toEqual([]);
    expect(json.consents.map((c: { source: string }) => c.source)).toEqual(["sign-up"]);
    const everything = JSON.stringify(json) + readme;
    expect(everything).not.toContain("R90,000");
    expect(everything).not.toContain("082 555 0101");
    // It says what was left out, and how to confirm the address.
    expect(json.addressNotConfirmed).toMatchObject({
      email: "thandi@owner.test",
      confirmAt: `${BASE_URL}/portal/settings`,
    });
    expect(readme).toMatch(/not yet confirmed/i);
    expect(readme).toContain(`${BASE_URL}/portal/settings`);
    expect(readme).toMatch(/contact messages and quote requests/);
  });

  it("does not erase them when the account is deleted", async () => {
    await sendContact("sizwe@owner.test");
    await invite("sizwe@owner.test", "Sizwe Owner");
    const squatter = await signUp("sizwe@owner.test", { fullName: "Not Sizwe" });
    const scheduled = await settings(squatter.cookie, {
      intent: "delete-account",
      password: "secret1",
    });
    expect(scheduled.status).toBe(302);
    await eraseDueAccounts(h.handle.db, new Date(Date.now() + 15 * DAY));
    const kept = await h.handle.db.select().from(leads).where(eq(leads.email, "sizwe@owner.test"));
    expect(kept).toHaveLength(1);
    const consented = await h.handle.db
      .select()
      .from(consents)
      .where(eq(consents.email, "sizwe@owner.test"));
    expect(consented.map((c) => c.source)).toEqual(["contact"]);
    const invited = await h.handle.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, "sizwe@owner.test"));
    expect(invited).toHaveLength(1);
  });

  it("is confirmed from Settings by a link that says what confirming does", async () => {
    await sendContact("lindiwe@owner.test");
    const owner = await signUp("lindiwe@owner.test", { fullName: "Lindiwe Owner" });
    const before = await (
      await run(settingsLoader, getRequest("/portal/settings", owner.cookie))
    ).json();
    expect(before.addressConfirmed).toBe(false);
    const asked = await settings(owner.cookie, { intent: "confirm-email" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({
      intent: "confirm-email",
      ok: true,
      success: "We've sent a link to lindiwe@owner.test. Open it to confirm your address.",
    });
    const text = await proveAddress("lindiwe@owner.test");
    // The owner of an address someone else registered is warned not to open it.
    expect(text).toMatch(/only if you created/i);
    const after = await (
      await run(settingsLoader, getRequest("/portal/settings", owner.cookie))
    ).json();
    expect(after.addressConfirmed).toBe(true);
    const { json, readme } = await exportOf(owner.cookie);
    expect(json.leads.map((l: { message: string }) => l.message)).toEqual([
      "Private: our budget is R90,000.",
    ]);
    expect(json.addressNotConfirmed).toBeNull();
    expect(readme).not.toMatch(/not yet confirmed/i);
    // Asking again once confirmed says so.
    const again = await settings(owner.cookie, { intent: "confirm-email" });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("Your e-mail address is already confirmed.");
  });

  it("is proven by an accepted invitation", async () => {
    await sendContact("bongani@owner.test");
    await invite("bongani@owner.test", "Bongani Owner");
    const { token } = await invitationLink("bongani@owner.test");
    const created = await run(
      invitationAction,
      formRequest(
        `/invitation/${token}`,
        { intent: "create", fullName: "Bongani Owner", password: "secret-22" },
        { ip: nextIp() },
      ),
      { token },
    );
    expect(created.status).toBe(302);
    const { json } = await exportOf(cookiesFrom(created));
    expect(json.leads).toHaveLength(1);
    expect(json.invitations).toHaveLength(1);
    expect(json.addressNotConfirmed).toBeNull();
  });

  it("does not send the invited owner to sign in to an account they do not control", async () => {
    const squatter = await signUp("ayanda@owner.test", { fullName: "Not Ayanda" });
    await invite("ayanda@owner.test", "Ayanda Owner");
    const { token } = await invitationLink("ayanda@owner.test");
    const page = await run(invitationLoader, getRequest(`/invitation/${token}`), { token });
    const view = (await page.json()).invitation;
    expect(view.mode).toBe("claim");
    // The owner makes their own account with the link; the unconfirmed one loses the address.
    const created = await run(
      invitationAction,
      formRequest(
        `/invitation/${token}`,
        { intent: "create", fullName: "Ayanda Owner", password: "secret-33" },
        { ip: nextIp() },
      ),
      { token },
    );
    expect(created.status).toBe(302);
    const rows = await h.handle.db
      .select({ id: user.id, verified: user.emailVerified, clientId: profiles.clientId })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.email, "ayanda@owner.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(squatter.id);
    expect(rows[0]).toMatchObject({ verified: true, clientId });
    expect(await getCurrentSession(getRequest("/portal", squatter.cookie))).toBeNull();
    const signIn = await run(
      authAction,
      formRequest(
        "/auth",
        { intent: "signin", email: "ayanda@owner.test", password: "secret1" },
        { ip: nextIp() },
      ),
    );
    expect(signIn.status).toBe(401);
  });

  it("still asks the holder of a confirmed address to sign in", async () => {
    const owner = await signUp("zodwa@owner.test", { fullName: "Zodwa Owner" });
    await settings(owner.cookie, { intent: "confirm-email" });
    await proveAddress("zodwa@owner.test");
    await invite("zodwa@owner.test", "Zodwa Owner");
    const { token } = await invitationLink("zodwa@owner.test");
    const page = await run(invitationLoader, getRequest(`/invitation/${token}`), { token });
    expect((await page.json()).invitation.mode).toBe("sign-in");
  });
});
