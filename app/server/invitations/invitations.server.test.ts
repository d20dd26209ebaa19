/**
 * Invitations (decision 022): the lifecycle of a link (accept, reuse, expiry, revoke, resend,
 * forged), accepting with a new or an existing account, the Team page (staff invitations, the
 * last administrator), and every attempt by someone not entitled — refused.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "~/lib/dates";
import { action as invitationAction, loader as invitationLoader } from "~/routes/auth/invitation";
import { action as clientAction, loader as clientLoader } from "~/routes/portal/client";
import { loader as projectsLoader } from "~/routes/portal/projects";
import { action as teamAction, loader as teamLoader } from "~/routes/portal/team";
import { type SignedUp, signUp, TEST_PASSWORD } from "~/test/accounts.server";
import {
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  run,
} from "~/test/harness.server";
import { invitationLink, signUpAdmin, viewingAsCookie } from "~/test/workspace.server";
import { grantRole } from "../accounts/roles.server";
import { addClient } from "../clients/clients.server";
import {
  clients,
  consents,
  emailOutbox,
  invitations,
  profiles,
  user,
  userRoles,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { LAST_ADMIN_MESSAGE } from "../team/team.server";
import { type AppEvent, subscribe } from "../workspace/events.server";
import {
  acceptWithNewAccount,
  createInvitation,
  findInvitation,
  INVITATION_TEXT,
  INVITES_PER_HOUR,
  invitationMail,
  resendInvitation,
} from "./invitations.server";

let h: Harness;
let admin: SignedUp;
let acme: { id: string; name: string };
let globex: { id: string; name: string };
let bob: SignedUp; // a contact of his own client (signed up)

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za,second@example.co.za" });
  admin = await signUpAdmin("admin@example.co.za");
  const a = await addClient(h.handle.db, admin.id, "Acme Trading");
  const g = await addClient(h.handle.db, admin.id, "Globex Holdings");
  if (!a.ok || !g.ok) throw new Error("clients");
  acme = a.client;
  globex = g.client;
  bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
});
afterAll(() => h.close());

const post = (path: string, fields: Record<string, string>, cookie = "") =>
  formRequest(path, fields, { cookie });

async function inviteContact(clientId: string, name: string, email: string, cookie = admin.cookie) {
  return run(
    clientAction,
    post(`/portal/clients/${clientId}`, { intent: "invite", name, email }, cookie),
    { id: clientId },
  );
}

async function openLink(token: string, cookie?: string) {
  return run(invitationLoader, getRequest(`/invitation/${token}`, cookie), { token });
}

async function follow(token: string, fields: Record<string, string>, cookie = "") {
  return run(invitationAction, post(`/invitation/${token}`, fields, cookie), { token });
}

async function invitationRow(email: string) {
  const [row] = await h.handle.db.select().from(invitations).where(eq(invitations.email, email));
  return row;
}

async function userByEmail(email: string) {
  const [row] = await h.handle.db
    .select({ id: user.id, emailVerified: user.emailVerified, clientId: profiles.clientId })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.email, email));
  return row;
}

async function clientCount() {
  const [row] = await h.handle.db.select({ n: count() }).from(clients);
  return row?.n ?? 0;
}

describe(`invitations on ${testDatabaseKind()}`, () => {
  it("invites a contact: one row holding only the token's hash, and a mail with the link", async () => {
    const res = await inviteContact(acme.id, "Thandi Mokoena", "Thandi@Example.co.za");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      intent: "invite",
      success: "Invitation sent to thandi@example.co.za",
    });
    const row = await invitationRow("thandi@example.co.za");
    expect(row).toMatchObject({ name: "Thandi Mokoena", clientId: acme.id, invitedBy: admin.id });
    const { token, url } = await invitationLink("thandi@example.co.za");
    expect(url.origin).toBe(h.env.BASE_URL);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(7 * DAY);
  });

  it("the link opens a page for a new account; accepting signs in inside the client, with no client of its own", async () => {
    const { token } = await invitationLink("thandi@example.co.za");
    const page = await openLink(token);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      invitation: {
        email: "thandi@example.co.za",
        name: "Thandi Mokoena",
        clientName: "Acme Trading",
        staff: false,
        mode: "create",
      },
    });
    const before = await clientCount();
    const res = await follow(token, {
      intent: "create",
      fullName: "Thandi M.",
      password: "a-new-password",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/portal");
    expect(await clientCount()).toBe(before);
    const thandi = await userByEmail("thandi@example.co.za");
    expect(thandi).toMatchObject({ clientId: acme.id, emailVerified: true });
    const [consent] = await h.handle.db
      .select()
      .from(consents)
      .where(eq(consents.userId, thandi?.id ?? ""));
    expect(consent).toMatchObject({ source: "invitation", purpose: "privacy-notice" });
    expect(await invitationRow("thandi@example.co.za")).toMatchObject({
      acceptedBy: thandi?.id,
    });
    // Signed in: the portal opens in Acme's scope.
    const cookie = cookiesFrom(res).replace(/;?\s*toast=[^;]*/, "");
    const projects = await run(projectsLoader, getRequest("/portal/projects", cookie));
    expect(projects.status).toBe(200);
  });

  it("a used link gets a clear page with 410 and cannot be used again", async () => {
    const { token } = await invitationLink("thandi@example.co.za");
    const page = await openLink(token);
    expect(page.status).toBe(410);
    expect(await page.json()).toMatchObject({ message: INVITATION_TEXT.used, invitation: null });
    const again = await follow(token, { intent: "create", fullName: "X", password: "secret12" });
    expect(again.status).toBe(410);
    const [n] = await h.handle.db
      .select({ n: count() })
      .from(user)
      .where(eq(user.email, "thandi@example.co.za"));
    expect(n?.n).toBe(1);
  });

  it("a forged or malformed link gets 404, never a crash, and creates nothing", async () => {
    for (const token of [randomBytes(32).toString("base64url"), "abc", "x".repeat(500), "%00"]) {
      expect((await openLink(token)).status).toBe(404);
      const res = await follow(token, { intent: "create", fullName: "Eve", password: "secret12" });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ ok: false, error: INVITATION_TEXT.invalid });
    }
    expect((await h.handle.db.select().from(user).where(eq(user.name, "Eve"))).length).toBe(0);
  });

  it("an expired link (fake now) refuses with 410, and can be resent", async () => {
    const long = new Date(Date.now() - 8 * DAY);
    const created = await createInvitation(
      h.handle.db,
      { id: admin.id, name: "Ayanda" },
      { clientId: acme.id, name: "Late Larry", email: "larry@example.co.za" },
      long,
    );
    if (!created.ok) throw new Error(created.message);
    expect((await findInvitation(h.handle.db, created.token, new Date()))?.state).toBe("expired");
    expect((await openLink(created.token)).status).toBe(410);
    const refused = await acceptWithNewAccount(
      h.handle.db,
      created.token,
      { fullName: "Larry", password: "secret12" },
      new Date(),
    );
    expect(refused).toEqual({ ok: false, status: 410, message: INVITATION_TEXT.expired });
    // Still valid a moment before its end.
    const justBefore = new Date(long.getTime() + 7 * DAY - 1000);
    expect((await findInvitation(h.handle.db, created.token, justBefore))?.state).toBe("pending");
    // The client's page lists it as expired, with Resend.
    const page = await run(clientLoader, getRequest(`/portal/clients/${acme.id}`, admin.cookie), {
      id: acme.id,
    });
    const body = await page.json();
    expect(body.invitations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "larry@example.co.za", status: "expired" }),
      ]),
    );
    const row = await invitationRow("larry@example.co.za");
    const resent = await run(
      clientAction,
      post(
        `/portal/clients/${acme.id}`,
        { intent: "resend", invitationId: row?.id ?? "" },
        admin.cookie,
      ),
      { id: acme.id },
    );
    expect(resent.status).toBe(200);
    // The old link is dead; the new one works.
    expect((await openLink(created.token)).status).toBe(404);
    const { token } = await invitationLink("larry@example.co.za");
    expect(token).not.toBe(created.token);
    expect((await openLink(token)).status).toBe(200);
  });

  it("resending kills the old link at once; a resend within a minute is refused", async () => {
    const t0 = new Date(Date.now() - 10 * 60 * 1000);
    const created = await createInvitation(
      h.handle.db,
      { id: admin.id, name: null },
      { clientId: acme.id, name: "Resend Rita", email: "rita@example.co.za" },
      t0,
    );
    if (!created.ok) throw new Error(created.message);
    const owner = { clientId: acme.id };
    const row = await invitationRow("rita@example.co.za");
    const first = await resendInvitation(
      h.handle.db,
      { id: admin.id, name: null },
      owner,
      row?.id,
      new Date(t0.getTime() + 5 * 60 * 1000),
    );
    if (!first.ok) throw new Error(first.message);
    expect(await findInvitation(h.handle.db, created.token, new Date())).toBeNull();
    const second = await resendInvitation(
      h.handle.db,
      { id: admin.id, name: null },
      owner,
      row?.id,
      new Date(t0.getTime() + 5 * 60 * 1000 + 10_000),
    );
    expect(second).toEqual({ ok: false, status: 429, message: INVITATION_TEXT.tooSoon });
    // Only the newest link accepts.
    const accepted = await acceptWithNewAccount(
      h.handle.db,
      first.token,
      { fullName: "Rita", password: "secret12" },
      new Date(),
    );
    expect(accepted.ok).toBe(true);
  });

  it("revokes: the link answers 410 at once; revoking twice or an accepted one is refused", async () => {
    await inviteContact(acme.id, "Revoked Ruth", "ruth@example.co.za");
    const { token } = await invitationLink("ruth@example.co.za");
    const row = await invitationRow("ruth@example.co.za");
    const revoke = () =>
      run(
        clientAction,
        post(
          `/portal/clients/${acme.id}`,
          { intent: "revoke", invitationId: row?.id ?? "" },
          admin.cookie,
        ),
        { id: acme.id },
      );
    expect((await revoke()).status).toBe(200);
    const page = await openLink(token);
    expect(page.status).toBe(410);
    expect(await page.json()).toMatchObject({ message: INVITATION_TEXT.revoked });
    const again = await revoke();
    expect(again.status).toBe(409);
    const thandi = await invitationRow("thandi@example.co.za");
    const accepted = await run(
      clientAction,
      post(
        `/portal/clients/${acme.id}`,
        { intent: "revoke", invitationId: thandi?.id ?? "" },
        admin.cookie,
      ),
      { id: acme.id },
    );
    expect(accepted.status).toBe(409);
    expect(await accepted.json()).toMatchObject({ error: INVITATION_TEXT.alreadyAccepted });
  });

  it("an invitation is managed only from its own client's page", async () => {
    await inviteContact(acme.id, "Paula", "paula@example.co.za");
    const row = await invitationRow("paula@example.co.za");
    for (const intent of ["revoke", "resend"]) {
      const res = await run(
        clientAction,
        post(`/portal/clients/${globex.id}`, { intent, invitationId: row?.id ?? "" }, admin.cookie),
        { id: globex.id },
      );
      expect(res.status, intent).toBe(404);
    }
    const team = await run(
      teamAction,
      post("/portal/team", { intent: "revoke", invitationId: row?.id ?? "" }, admin.cookie),
    );
    expect(team.status).toBe(404);
    expect((await invitationRow("paula@example.co.za"))?.revokedAt).toBeNull();
  });

  it("an existing account signs in on the page and moves to the client; its own empty client goes", async () => {
    // Bob confirmed his address (an account holding one it never confirmed:
    // proven-address.server.test.ts).
    await h.handle.db.update(user).set({ emailVerified: true }).where(eq(user.id, bob.id));
    await inviteContact(acme.id, "Bob Naidoo", "bob@example.co.za");
    const { token } = await invitationLink("bob@example.co.za");
    const page = await openLink(token);
    expect(await page.json()).toMatchObject({ invitation: { mode: "sign-in" } });
    // Creating a second account with the address is refused.
    const create = await follow(token, { intent: "create", fullName: "Bob", password: "secret12" });
    expect(create.status).toBe(409);
    expect(await create.json()).toMatchObject({ error: INVITATION_TEXT.accountExists });
    const wrong = await follow(token, { intent: "sign-in", password: "not-his-password" });
    expect(wrong.status).toBe(401);
    expect((await invitationRow("bob@example.co.za"))?.acceptedAt).toBeNull();
    const res = await follow(token, { intent: "sign-in", password: TEST_PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/portal");
    expect((await userByEmail("bob@example.co.za"))?.clientId).toBe(acme.id);
    const [old] = await h.handle.db.select().from(clients).where(eq(clients.id, bob.clientId));
    expect(old).toBeUndefined();
  });

  it("a signed-in person never accepts someone else's invitation (another client's contact included)", async () => {
    await inviteContact(acme.id, "Dave", "dave@example.co.za");
    const { token } = await invitationLink("dave@example.co.za");
    const carol = await signUp("carol@example.co.za", { fullName: "Carol" });
    const page = await openLink(token, carol.cookie);
    expect(await page.json()).toMatchObject({
      invitation: { mode: "wrong-account", signedInAs: "carol@example.co.za" },
    });
    const res = await follow(token, { intent: "accept" }, carol.cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: INVITATION_TEXT.wrongAccount });
    expect((await userByEmail("carol@example.co.za"))?.clientId).toBe(carol.clientId);
    expect((await invitationRow("dave@example.co.za"))?.acceptedAt).toBeNull();
    // Nor with a password: the sign-in form signs in the invited address only.
    const signIn = await follow(
      token,
      { intent: "sign-in", password: TEST_PASSWORD },
      carol.cookie,
    );
    expect(signIn.status).toBe(401);
    // Signing out from the page comes back to the link.
    const out = await follow(token, { intent: "sign-out" }, carol.cookie);
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe(`/invitation/${token}`);
  });

  it("a signed-in invited person accepts with one click", async () => {
    const erin = await signUp("erin@example.co.za", { fullName: "Erin" });
    await inviteContact(globex.id, "Erin", "erin@example.co.za");
    const { token } = await invitationLink("erin@example.co.za");
    expect(await (await openLink(token, erin.cookie)).json()).toMatchObject({
      invitation: { mode: "accept" },
    });
    const res = await follow(token, { intent: "accept" }, erin.cookie);
    expect(res.status).toBe(302);
    expect((await userByEmail("erin@example.co.za"))?.clientId).toBe(globex.id);
  });

  it("refuses bad input with the form's message and a 4xx, writing nothing", async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ name: "", email: "x@example.co.za" }, 400, "Full name is required"],
      [{ name: "X", email: "not-an-address" }, 400, "Invalid email address"],
      [
        { name: "N".repeat(101), email: "x@example.co.za" },
        400,
        "Name must be less than 100 characters",
      ],
      [{ name: "Two\nlines", email: "x@example.co.za" }, 400, "Name must be on one line"],
      [
        { name: "X", email: `${"a".repeat(250)}@example.co.za` },
        400,
        "Email must be less than 255 characters",
      ],
      [
        { name: "X", email: "paula@example.co.za" },
        409,
        "paula@example.co.za has already been invited. Resend the invitation instead.",
      ],
      [
        { name: "X", email: "bob@example.co.za" },
        409,
        "bob@example.co.za is already a contact of this client.",
      ],
      [
        { name: "X", email: "admin@example.co.za" },
        409,
        "admin@example.co.za belongs to an administrator, who sees every client already.",
      ],
    ];
    const [before] = await h.handle.db.select({ n: count() }).from(invitations);
    for (const [fields, status, error] of cases) {
      const res = await run(
        clientAction,
        post(`/portal/clients/${acme.id}`, { intent: "invite", ...fields }, admin.cookie),
        { id: acme.id },
      );
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(await res.json()).toMatchObject({ ok: false, error });
    }
    const [after] = await h.handle.db.select({ n: count() }).from(invitations);
    expect(after?.n).toBe(before?.n);
    // Accepting: a short password or an empty name.
    await inviteContact(acme.id, "Fay", "fay@example.co.za");
    const { token } = await invitationLink("fay@example.co.za");
    const short = await follow(token, { intent: "create", fullName: "Fay", password: "123" });
    expect(short.status).toBe(400);
    const empty = await follow(token, { intent: "create", fullName: " ", password: "secret12" });
    expect(empty.status).toBe(400);
    expect(await userByEmail("fay@example.co.za")).toBeUndefined();
  });

  it("an invitation whose mail cannot be queued is not created", async () => {
    await h.handle.db.execute(sql`alter table email_outbox rename to email_outbox_away`);
    try {
      await expect(
        createInvitation(
          h.handle.db,
          { id: admin.id, name: null },
          { clientId: acme.id, name: "No Mail", email: "nomail@example.co.za" },
          new Date(),
        ),
      ).rejects.toThrow();
    } finally {
      await h.handle.db.execute(sql`alter table email_outbox_away rename to email_outbox`);
    }
    expect(await invitationRow("nomail@example.co.za")).toBeUndefined();
  });

  it("limits how many invitations one administrator sends in an hour", async () => {
    const second = await signUpAdmin("second@example.co.za", "Second Admin");
    const at = new Date();
    for (let i = 0; i < INVITES_PER_HOUR; i += 1) {
      const r = await createInvitation(
        h.handle.db,
        { id: second.id, name: null },
        { clientId: globex.id, name: `P${i}`, email: `p${i}@example.co.za` },
        at,
      );
      expect(r.ok).toBe(true);
    }
    const over = await createInvitation(
      h.handle.db,
      { id: second.id, name: null },
      { clientId: globex.id, name: "One too many", email: "many@example.co.za" },
      at,
    );
    expect(over).toEqual({ ok: false, status: 429, message: INVITATION_TEXT.rateLimited });
    const later = await createInvitation(
      h.handle.db,
      { id: second.id, name: null },
      { clientId: globex.id, name: "An hour later", email: "later@example.co.za" },
      new Date(at.getTime() + 61 * 60 * 1000),
    );
    expect(later.ok).toBe(true);
  });

  it("only administrators invite, resend or revoke; never while viewing as a client", async () => {
    const contact = await signUp("mallory@example.co.za", { fullName: "Mallory" });
    const paula = await invitationRow("paula@example.co.za");
    const viewing = await viewingAsCookie(admin, acme.id);
    for (const cookie of [contact.cookie, viewing]) {
      const attempts: Record<string, string>[] = [
        { intent: "invite", name: "X", email: "x1@example.co.za" },
        { intent: "resend", invitationId: paula?.id ?? "" },
        { intent: "revoke", invitationId: paula?.id ?? "" },
      ];
      for (const fields of attempts) {
        const onClient = await run(
          clientAction,
          post(`/portal/clients/${acme.id}`, fields, cookie),
          {
            id: acme.id,
          },
        );
        expect(onClient.status, `${fields.intent} on a client page`).toBe(403);
        const onTeam = await run(teamAction, post("/portal/team", fields, cookie));
        expect(onTeam.status, `${fields.intent} on the team page`).toBe(403);
      }
    }
    // Their own client too: a contact has no invitation forms.
    const own = await run(
      clientAction,
      post(
        `/portal/clients/${contact.clientId}`,
        { intent: "invite", name: "X", email: "x2@example.co.za" },
        contact.cookie,
      ),
      { id: contact.clientId },
    );
    expect(own.status).toBe(403);
    expect((await run(teamLoader, getRequest("/portal/team", contact.cookie))).status).toBe(403);
    const rows = await h.handle.db
      .select()
      .from(invitations)
      .where(sql`${invitations.email} in ('x1@example.co.za', 'x2@example.co.za')`);
    expect(rows).toHaveLength(0);
    expect((await invitationRow("paula@example.co.za"))?.revokedAt).toBeNull();
  });

  it("a change to a client's invitations reaches administrators, not other clients' contacts", async () => {
    const seen: { admin: AppEvent[]; other: AppEvent[] } = { admin: [], other: [] };
    const offAdmin = subscribe({ userId: admin.id, clientId: null, isAdmin: true }, (e) =>
      seen.admin.push(e),
    );
    const erin = await userByEmail("erin@example.co.za");
    const offOther = subscribe(
      { userId: erin?.id ?? "", clientId: globex.id, isAdmin: false },
      (e) => seen.other.push(e),
    );
    try {
      await inviteContact(acme.id, "Gina", "gina@example.co.za");
    } finally {
      offAdmin();
      offOther();
    }
    expect(seen.admin.map((e) => e.kind)).toContain("clients");
    expect(seen.other).toEqual([]);
  });
});

describe(`the team on ${testDatabaseKind()}`, () => {
  it("invites a team member, who becomes an administrator with no client", async () => {
    const before = await clientCount();
    const res = await run(
      teamAction,
      post(
        "/portal/team",
        { intent: "invite", name: "Sipho Staff", email: "sipho@example.co.za" },
        admin.cookie,
      ),
    );
    expect(res.status).toBe(200);
    const [mail] = await h.handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "sipho@example.co.za"));
    expect(mail?.subject).toContain("team");
    expect(mail?.textBody).toContain("You'll be an administrator");
    const { token } = await invitationLink("sipho@example.co.za");
    expect(await (await openLink(token)).json()).toMatchObject({
      invitation: { staff: true, clientName: null, mode: "create" },
    });
    const accepted = await follow(token, {
      intent: "create",
      fullName: "Sipho",
      password: "secret12",
    });
    expect(accepted.status).toBe(302);
    const sipho = await userByEmail("sipho@example.co.za");
    expect(sipho?.clientId).toBeNull();
    const [role] = await h.handle.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, sipho?.id ?? ""));
    expect(role?.role).toBe("admin");
    expect(await clientCount()).toBe(before);
    const team = await (await run(teamLoader, getRequest("/portal/team", admin.cookie))).json();
    expect(team.team.map((m: { email: string }) => m.email)).toContain("sipho@example.co.za");
  });

  it("a contact who accepts a team invitation becomes staff and leaves their client", async () => {
    const kim = await signUp("kim@example.co.za", { fullName: "Kim" });
    await run(
      teamAction,
      post(
        "/portal/team",
        { intent: "invite", name: "Kim", email: "kim@example.co.za" },
        admin.cookie,
      ),
    );
    const { token } = await invitationLink("kim@example.co.za");
    const res = await follow(token, { intent: "accept" }, kim.cookie);
    expect(res.status).toBe(302);
    expect((await userByEmail("kim@example.co.za"))?.clientId).toBeNull();
    expect(
      await h.handle.db.select().from(clients).where(eq(clients.id, kim.clientId)),
    ).toHaveLength(0);
  });

  it("an administrator cannot accept a client's contact invitation", async () => {
    await inviteContact(acme.id, "Lee", "lee@example.co.za");
    const lee = await signUp("lee@example.co.za", { fullName: "Lee" });
    await grantRole(h.handle.db, lee.id, "admin");
    const { token } = await invitationLink("lee@example.co.za");
    const res = await follow(token, { intent: "accept" }, lee.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: INVITATION_TEXT.adminAsContact });
  });

  it("removes someone's administrator role, never the last administrator's", async () => {
    const remove = (userId: string, cookie = admin.cookie) =>
      run(teamAction, post("/portal/team", { intent: "remove-admin", userId }, cookie));
    const sipho = await userByEmail("sipho@example.co.za");
    const res = await remove(sipho?.id ?? "");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, success: "Administrator role removed" });
    // Sipho is a contact of a client of his own now.
    const after = await userByEmail("sipho@example.co.za");
    expect(after?.clientId).toBeTruthy();
    expect((await remove("no-such-user")).status).toBe(404);
    // Down to one administrator: removing them is refused with a clear message.
    const others = await h.handle.db
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.role, "admin")));
    for (const { userId } of others) {
      if (userId !== admin.id)
        await h.handle.db.delete(userRoles).where(eq(userRoles.userId, userId));
    }
    const last = await remove(admin.id);
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ ok: false, error: LAST_ADMIN_MESSAGE });
    const [still] = await h.handle.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, admin.id));
    expect(still?.role).toBe("admin");
    // A contact cannot remove anyone.
    const contact = await userByEmail("bob@example.co.za");
    const bobCookie = bob.cookie;
    expect((await remove(admin.id, bobCookie)).status).toBe(403);
    expect(contact).toBeDefined();
    expect(
      await h.handle.db.select().from(invitations).where(isNull(invitations.clientId)),
    ).not.toHaveLength(0);
  });
});

describe("an invitation's expiry", () => {
  it("is the same day in its mail as in the portal (South Africa's day, issue 37)", () => {
    // 22:30 UTC on 3 December is 00:30 on 4 December in South Africa.
    const expiresAt = new Date("2026-12-03T22:30:00Z");
    const mail = invitationMail({
      to: "thandi@example.test",
      name: "Thandi",
      clientName: "Umoya",
      inviterName: null,
      url: "http://localhost:3000/invitation/x",
      expiresAt,
    });
    expect(formatDate(expiresAt)).toBe("4 Dec 2026"); // what the portal's invitations list says
    expect(mail.text).toContain("until 4 Dec 2026");
    expect(mail.text).not.toContain("3 December");
  });
});
