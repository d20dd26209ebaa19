/**
 * POPIA end to end through the routes: consents on record, download my data (contents and
 * ownership), account deletion (password, 2FA, grace period, cancel by signing in, erasure and
 * 'Deleted user'), lead erasure (on request by e-mail link, by an administrator), retention, and
 * the jobs' lease (two instances run a job once).
 */
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privacyNotice } from "~/content/legal";
import { action as authAction, loader as authLoader } from "~/routes/auth/auth";
import { action as contactAction } from "~/routes/marketing/contact";
import { loader as portalLoader } from "~/routes/portal/layout";
import { action as leadAction } from "~/routes/portal/lead";
import { loader as myDataLoader } from "~/routes/portal/my-data";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import {
  action as confirmEraseAction,
  loader as confirmEraseLoader,
} from "~/routes/privacy/confirm-delete";
import { action as eraseDetailsAction } from "~/routes/privacy/delete-my-details";
import { action as unsubscribeAction } from "~/routes/privacy/unsubscribe";
import { signUp as signUpWith } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import {
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { mayMarketTo } from "../accounts/consents.server";
import { type DatabaseHandle, openPostgres } from "../db/client.server";
import {
  account,
  accountDeletions,
  consents,
  emailOutbox,
  invitations,
  jobRuns,
  leads,
  messages,
  profiles,
  projects,
  session,
  user,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { runJobIfDue } from "../jobs.server";
import { listMessages, sendMessage } from "../messages/messages.server";
import { createProject } from "../projects/projects.server";
import {
  DELETED_USER,
  ERASE_REQUEST_ANSWER,
  eraseDueAccounts,
  privacyJobs,
  purgeExpired,
  signLink,
  unsubscribeUrl,
} from "./privacy.server";

const DAY = 24 * 60 * 60 * 1000;
let h: Harness;

/** Everyone here signs up as Lerato Khumalo, some with the marketing box ticked. */
const signUp = (email: string, fields: Record<string, string> = {}) =>
  signUpWith(email, { fullName: "Lerato Khumalo", fields });

async function signIn(email: string, password = "secret1") {
  return run(
    authAction,
    formRequest("/auth", { intent: "signin", email, password }, { ip: nextIp() }),
  );
}

async function sendContact(email: string, fields: Record<string, string> = {}) {
  const res = await run(
    contactAction,
    formRequest(
      "/contact",
      { name: "Sipho Ndlovu", email, message: "Please call me about a chatbot.", ...fields },
      { ip: nextIp() },
    ),
  );
  expect(res.status).toBe(200);
}

const settings = (cookie: string, fields: Record<string, string>) =>
  run(settingsAction, formRequest("/portal/settings", fields, { cookie, ip: nextIp() }));

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "boss@privacy.test" });
});
afterAll(async () => {
  await h?.close();
});

describe(`consent on record (${testDatabaseKind()})`, () => {
  it("records the privacy notice's version at sign-up, and marketing only when ticked", async () => {
    const plain = await signUp("plain@privacy.test");
    const keen = await signUp("keen@privacy.test", { marketing: "yes" });
    const rows = await h.handle.db.select().from(consents);
    const of = (id: string) => rows.filter((r) => r.userId === id);
    expect(of(plain.id).map((r) => [r.purpose, r.source, r.noticeVersion])).toEqual([
      ["privacy-notice", "sign-up", privacyNotice.version],
    ]);
    expect(
      of(keen.id)
        .map((r) => r.purpose)
        .sort(),
    ).toEqual(["marketing", "privacy-notice"]);
    expect(of(keen.id).every((r) => r.givenAt instanceof Date)).toBe(true);
    expect(await mayMarketTo(h.handle.db, "plain@privacy.test")).toBe(false);
    expect(await mayMarketTo(h.handle.db, "KEEN@privacy.test")).toBe(true);
  });

  it("stores the lead's privacy-notice version, and a marketing opt-in with its time", async () => {
    await sendContact("lead-plain@privacy.test");
    await sendContact("lead-keen@privacy.test", { marketing: "yes" });
    const rows = await h.handle.db
      .select()
      .from(leads)
      .where(sql`${leads.email} like 'lead-%@privacy.test'`);
    expect(rows.map((r) => r.privacyNoticeVersion)).toEqual([
      privacyNotice.version,
      privacyNotice.version,
    ]);
    const keenLead = rows.find((r) => r.email === "lead-keen@privacy.test");
    const [consent] = await h.handle.db
      .select()
      .from(consents)
      .where(eq(consents.leadId, keenLead?.id as string));
    expect(consent).toMatchObject({ purpose: "marketing", source: "contact" });
    expect(await mayMarketTo(h.handle.db, "lead-plain@privacy.test")).toBe(false);
  });

  it("unsubscribes through the signed link, and refuses a forged one", async () => {
    const url = new URL(unsubscribeUrl("http://localhost:3000", "keen@privacy.test"));
    const token = url.searchParams.get("token") as string;
    const forged = `${token.slice(0, -2)}xx`;
    const bad = await run(
      unsubscribeAction,
      formRequest("/privacy/unsubscribe", { token: forged }),
    );
    expect(bad.status).toBe(400);
    expect(await mayMarketTo(h.handle.db, "keen@privacy.test")).toBe(true);
    const ok = await run(unsubscribeAction, formRequest("/privacy/unsubscribe", { token }));
    expect(ok.status).toBe(200);
    expect(await mayMarketTo(h.handle.db, "keen@privacy.test")).toBe(false);
  });
});

describe(`download my data (${testDatabaseKind()})`, () => {
  it("zips the person's own data as JSON and CSV, and nothing of anyone else's", async () => {
    const me = await signUp("exporter@privacy.test", { marketing: "yes" });
    const other = await signUp("other@privacy.test");
    const mine = { kind: "client" as const, clientId: me.clientId };
    await createProject(h.handle.db, mine, me.id, {
      title: "My chatbot",
      description: "=cmd|' /C calc'!A0",
      status: "active",
      priority: "high",
      progress: 40,
    });
    await createProject(h.handle.db, { kind: "client", clientId: other.clientId }, other.id, {
      title: "Someone else's project",
      description: "",
      status: "active",
      priority: "low",
      progress: 0,
    });
    await sendMessage(
      h.handle.db,
      { id: me.id, scope: mine, isAdmin: false },
      { subject: "Note", content: "Mine" },
    );
    await sendMessage(
      h.handle.db,
      { id: other.id, scope: { kind: "client", clientId: other.clientId }, isAdmin: false },
      { subject: "Secret", content: "Not yours" },
    );
    await sendContact("Exporter@privacy.test");
    await sendContact("other@privacy.test");
    const week = new Date(Date.now() + 7 * DAY);
    await h.handle.db.insert(invitations).values([
      { tokenHash: "h-exporter", email: "exporter@privacy.test", name: "Ex", expiresAt: week },
      { tokenHash: "h-other", email: "other@privacy.test", name: "Other", expiresAt: week },
    ]);

    // A proven address: what was sent from it is the person's (proven-address.server.test.ts has
    // an unproven one).
    await h.handle.db.update(user).set({ emailVerified: true }).where(eq(user.id, me.id));
    const res = await run(myDataLoader, getRequest("/portal/settings/my-data", me.cookie));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="my-data-/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "account.csv",
      "bookings.csv",
      "clients.csv",
      "consents.csv",
      "data.json",
      "files.csv",
      "invitations.csv",
      "leads.csv",
      "messages.csv",
      "notification_preferences.csv",
      "notifications.csv",
      "passkeys.csv",
      "projects.csv",
      "proposals.csv",
      "reviews.csv",
      "sessions.csv",
      "whatsapp.csv",
    ]);
    const json = JSON.parse(strFromU8(files["data.json"] as Uint8Array));
    expect(json.account).toMatchObject({
      email: "exporter@privacy.test",
      fullName: "Lerato Khumalo",
      twoFactorEnabled: false,
    });
    expect(json.projects.map((p: { title: string }) => p.title)).toEqual(["My chatbot"]);
    expect(json.messages.map((m: { subject: string }) => m.subject)).toEqual(["Note"]);
    expect(json.leads.map((l: { email: string }) => l.email)).toEqual(["Exporter@privacy.test"]);
    expect(json.invitations.map((i: { email: string }) => i.email)).toEqual([
      "exporter@privacy.test",
    ]);
    expect(json.consents.map((c: { purpose: string }) => c.purpose).sort()).toEqual([
      "marketing",
      "privacy-notice",
    ]);
    expect(json.sessions.length).toBeGreaterThan(0);
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    expect(everything).not.toContain("Someone else's project");
    expect(everything).not.toContain("Not yours");
    expect(everything).not.toContain("other@privacy.test");
    // No secrets: session tokens, password hashes.
    const [tokenRow] = await h.handle.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, me.id));
    const [hash] = await h.handle.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, me.id));
    expect(everything).not.toContain(tokenRow?.token as string);
    expect(everything).not.toContain(hash?.password as string);
    // A spreadsheet does not run a cell as a formula.
    expect(strFromU8(files["projects.csv"] as Uint8Array)).toContain(",'=cmd|' /C calc'!A0,");
  });

  it("sends a visitor without a session to sign in", async () => {
    const res = await run(myDataLoader, getRequest("/portal/settings/my-data"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/auth?next=${encodeURIComponent("/portal/settings/my-data")}`,
    );
  });
});

describe(`delete my account (${testDatabaseKind()})`, () => {
  it("needs the right password, and the code when two-factor is on", async () => {
    const person = await signUp("careful@privacy.test");
    const wrong = await settings(person.cookie, { intent: "delete-account", password: "nope" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "Password is incorrect" });
    const missing = await settings(person.cookie, { intent: "delete-account" });
    expect(missing.status).toBe(400);
    await h.handle.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, person.id));
    const noCode = await settings(person.cookie, {
      intent: "delete-account",
      password: "secret1",
    });
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toMatchObject({
      error: "Enter the code from your authenticator app",
    });
    const badCode = await settings(person.cookie, {
      intent: "delete-account",
      password: "secret1",
      code: "000000",
    });
    expect(badCode.status).toBeGreaterThanOrEqual(400);
    const rows = await h.handle.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, person.id));
    expect(rows).toEqual([]);
  });

  it("schedules the erasure, signs out everywhere; signing in cancels it and says so once", async () => {
    const person = await signUp("changes-mind@privacy.test");
    const res = await settings(person.cookie, { intent: "delete-account", password: "secret1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth");
    const sessions = await h.handle.db.select().from(session).where(eq(session.userId, person.id));
    expect(sessions).toEqual([]);
    // The sign-in page says when.
    const notice = cookiesFrom(res)
      .split("; ")
      .find((c) => c.startsWith("account_deletion="));
    const page = await run(authLoader, getRequest("/auth", notice));
    expect(JSON.stringify(await page.json())).toMatch(/will be deleted on .*Sign in before then/);

    // An administrator sees it waiting.
    const boss = await signUp("boss@privacy.test");
    await proveAddress("boss@privacy.test");
    const adminSettings = await run(settingsLoader, getRequest("/portal/settings", boss.cookie));
    const pending = (await adminSettings.json()).accountDeletions as { email: string }[];
    expect(pending.map((p) => p.email)).toContain("changes-mind@privacy.test");
    // Customers do not.
    const own = await run(settingsLoader, getRequest("/portal/settings", person.cookie));
    expect(own.status).toBe(302);

    const signedIn = await signIn("changes-mind@privacy.test");
    expect(signedIn.status).toBe(302);
    const cookie = cookiesFrom(signedIn);
    const first = await (await run(portalLoader, getRequest("/portal", cookie))).json();
    expect(first.toast).toMatchObject({ title: "Account deletion cancelled" });
    const second = await (await run(portalLoader, getRequest("/portal", cookie))).json();
    expect(second.toast).toBeNull();
    const after = await (
      await run(settingsLoader, getRequest("/portal/settings", boss.cookie))
    ).json();
    expect(after.accountDeletions.map((p: { email: string }) => p.email)).not.toContain(
      "changes-mind@privacy.test",
    );
    expect((await eraseDueAccounts(h.handle.db, new Date(Date.now() + 30 * DAY))).accounts).toBe(0);
  });

  it("erases the account after the grace period; the records left read 'Deleted user'", async () => {
    const leaving = await signUp("leaving@privacy.test");
    const stays = await signUp("stays@privacy.test");
    // An administrator who leaves: the message they sent a customer stays, from 'Deleted user'.
    const admin = await signUp("boss2@privacy.test");
    await h.handle.db.execute(
      sql`insert into user_roles (user_id, role) values (${admin.id}, 'admin')`,
    );
    const staff = { id: admin.id, scope: { kind: "all" as const }, isAdmin: true };
    await sendMessage(h.handle.db, staff, {
      subject: "Welcome",
      content: "Hello from the team",
      clientId: stays.clientId,
    });
    await createProject(h.handle.db, { kind: "client", clientId: leaving.clientId }, leaving.id, {
      title: "Leaving project",
      description: "",
      status: "active",
      priority: "low",
      progress: 0,
    });
    await sendContact("leaving@privacy.test");
    // A proven address: what was sent from it goes with the account (proven-address.server.test.ts
    // has an unproven one).
    await h.handle.db.update(user).set({ emailVerified: true }).where(eq(user.id, leaving.id));
    await h.handle.db.insert(invitations).values({
      tokenHash: "h-leaving",
      email: "leaving@privacy.test",
      name: "Leaving",
      clientId: stays.clientId,
      expiresAt: new Date(Date.now() + 7 * DAY),
    });

    for (const who of [leaving, admin]) {
      const res = await settings(who.cookie, { intent: "delete-account", password: "secret1" });
      expect(res.status).toBe(302);
    }
    const job = privacyJobs(24)[0];
    if (!job) throw new Error("no job");
    const early = await runJobIfDue(h.handle.db, job, new Date(Date.now() + 13 * DAY));
    expect(early).toEqual({ accounts: 0 });
    await h.handle.db.update(jobRuns).set({ nextRunAt: new Date(0) });
    const due = await runJobIfDue(h.handle.db, job, new Date(Date.now() + 15 * DAY));
    expect(due).toEqual({ accounts: 2 });

    const [tomb] = await h.handle.db.select().from(user).where(eq(user.id, leaving.id));
    expect(tomb?.name).toBe(DELETED_USER);
    expect(tomb?.email).not.toContain("leaving");
    const [profile] = await h.handle.db.select().from(profiles).where(eq(profiles.id, leaving.id));
    expect(profile?.fullName).toBe(DELETED_USER);
    for (const table of [account, session]) {
      expect(await h.handle.db.select().from(table).where(eq(table.userId, leaving.id))).toEqual(
        [],
      );
    }
    // The client's project is the client's: it stays, created by 'Deleted user'.
    expect(
      (await h.handle.db.select().from(projects).where(eq(projects.createdBy, leaving.id))).map(
        (p) => p.title,
      ),
    ).toEqual(["Leaving project"]);
    expect(profile?.clientId).toBeNull();
    expect(
      await h.handle.db.select().from(consents).where(eq(consents.userId, leaving.id)),
    ).toEqual([]);
    expect(
      await h.handle.db
        .select()
        .from(leads)
        .where(sql`lower(${leads.email}) = 'leaving@privacy.test'`),
    ).toEqual([]);
    expect(
      await h.handle.db
        .select()
        .from(emailOutbox)
        .where(sql`lower(${emailOutbox.toAddress}) = 'leaving@privacy.test'`),
    ).toEqual([]);
    expect(
      await h.handle.db
        .select()
        .from(invitations)
        .where(eq(invitations.email, "leaving@privacy.test")),
    ).toEqual([]);
    expect((await signIn("leaving@privacy.test")).status).toBe(401);

    const inbox = await listMessages(
      h.handle.db,
      { kind: "client", clientId: stays.clientId },
      stays.id,
    );
    expect(inbox.rows.map((m) => [m.subject, m.senderName])).toEqual([["Welcome", DELETED_USER]]);
    const own = await h.handle.db.select().from(messages).where(eq(messages.senderId, admin.id));
    expect(own.map((m) => m.subject)).toEqual(["Welcome"]);
    // The address is free again.
    await signUp("leaving@privacy.test");
  });
});

describe(`lead erasure (${testDatabaseKind()})`, () => {
  const ask = (email: string, ip = "198.51.100.77") =>
    run(eraseDetailsAction, formRequest("/privacy/delete-my-details", { email }, { ip }));

  it("mails a link only if leads exist, answers the same either way, and erases on confirm", async () => {
    await sendContact("forget-me@privacy.test", { marketing: "yes" });
    await sendContact("FORGET-ME@privacy.test");
    await sendContact("keep-me@privacy.test");
    const held = await ask("forget-me@privacy.test", nextIp());
    const none = await ask("nobody@privacy.test", nextIp());
    expect(held.status).toBe(200);
    expect(await held.json()).toEqual({ ok: true, success: ERASE_REQUEST_ANSWER });
    expect(await none.json()).toEqual({ ok: true, success: ERASE_REQUEST_ANSWER });
    const mail = await h.handle.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like 'Confirm the deletion%'`);
    expect(mail.map((m) => m.toAddress)).toEqual(["forget-me@privacy.test"]);
    const link = mail[0]?.textBody.match(/http\S+/)?.[0] as string;
    const token = new URL(link).searchParams.get("token") as string;

    // Opening the link erases nothing.
    const page = await run(
      confirmEraseLoader,
      getRequest(`/privacy/delete-my-details/confirm?token=${encodeURIComponent(token)}`),
    );
    expect(await page.json()).toMatchObject({ email: "forget-me@privacy.test" });
    expect(
      (
        await h.handle.db
          .select()
          .from(leads)
          .where(sql`lower(${leads.email}) = 'forget-me@privacy.test'`)
      ).length,
    ).toBe(2);

    const done = await run(
      confirmEraseAction,
      formRequest("/privacy/delete-my-details/confirm", { token }),
    );
    expect(done.status).toBe(200);
    expect(
      await h.handle.db
        .select()
        .from(leads)
        .where(sql`lower(${leads.email}) = 'forget-me@privacy.test'`),
    ).toEqual([]);
    expect(
      await h.handle.db
        .select()
        .from(emailOutbox)
        .where(sql`lower(${emailOutbox.replyTo}) = 'forget-me@privacy.test'`),
    ).toEqual([]);
    expect(await mayMarketTo(h.handle.db, "forget-me@privacy.test")).toBe(false);
    expect(
      (await h.handle.db.select().from(leads).where(eq(leads.email, "keep-me@privacy.test")))
        .length,
    ).toBe(1);
  });

  it("refuses an expired or altered link", async () => {
    const expired = signLink("erase-leads", "keep-me@privacy.test", new Date(Date.now() - 1000));
    const wrongPurpose = signLink("unsubscribe", "keep-me@privacy.test", null);
    for (const token of [expired, wrongPurpose, "garbage", `${expired}.x`]) {
      const res = await run(
        confirmEraseAction,
        formRequest("/privacy/delete-my-details/confirm", { token }),
      );
      expect(res.status).toBe(400);
    }
    expect(
      (await h.handle.db.select().from(leads).where(eq(leads.email, "keep-me@privacy.test")))
        .length,
    ).toBe(1);
  });

  it("rate-limits requests per address, and answers bad input with a 400", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await ask("hammer@privacy.test", nextIp())).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    expect((await ask("not-an-email")).status).toBe(400);
  });

  it("lets an administrator erase one lead, and nobody else", async () => {
    await sendContact("erase-one@privacy.test");
    const [lead] = await h.handle.db
      .select()
      .from(leads)
      .where(eq(leads.email, "erase-one@privacy.test"));
    const id = lead?.id as string;
    const customer = await signUp("nosy@privacy.test");
    const refused = await run(
      leadAction,
      formRequest(`/portal/leads/${id}`, { intent: "erase" }, { cookie: customer.cookie }),
      { id },
    );
    expect(refused.status).toBe(403);
    const bossIn = await signIn("boss@privacy.test");
    const res = await run(
      leadAction,
      formRequest(`/portal/leads/${id}`, { intent: "erase" }, { cookie: cookiesFrom(bossIn) }),
      { id },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/portal/leads");
    expect(await h.handle.db.select().from(leads).where(eq(leads.id, id))).toEqual([]);
    expect(await h.handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id))).toEqual(
      [],
    );
    const again = await run(
      leadAction,
      formRequest(`/portal/leads/${id}`, { intent: "erase" }, { cookie: cookiesFrom(bossIn) }),
      { id },
    );
    expect(again.status).toBe(404);
  });
});

describe(`retention and the jobs' lease (${testDatabaseKind()})`, () => {
  it("purges leads and mail older than the retention period, and keeps newer ones", async () => {
    const now = new Date("2030-06-15T10:00:00Z");
    await sendContact("old@privacy.test");
    await sendContact("recent@privacy.test");
    const old = new Date("2028-06-01T00:00:00Z");
    const recent = new Date("2028-07-01T00:00:00Z");
    await h.handle.db.execute(
      sql`update leads set updated_at = ${old}, created_at = ${old} where email = 'old@privacy.test'`,
    );
    await h.handle.db.execute(
      sql`update leads set updated_at = ${recent}, created_at = ${recent} where email = 'recent@privacy.test'`,
    );
    await h.handle.db.execute(
      sql`update email_outbox set created_at = ${recent} where reply_to = 'recent@privacy.test' or to_address = 'recent@privacy.test'`,
    );
    await h.handle.db.execute(
      sql`update email_outbox set created_at = ${old} where to_address = 'old@privacy.test'`,
    );
    const result = await purgeExpired(h.handle.db, now, 24);
    expect(result.leads).toBeGreaterThanOrEqual(1);
    const left = await h.handle.db
      .select({ email: leads.email })
      .from(leads)
      .where(sql`${leads.email} in ('old@privacy.test', 'recent@privacy.test')`);
    expect(left.map((l) => l.email)).toEqual(["recent@privacy.test"]);
    const mail = await h.handle.db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} in ('old@privacy.test', 'recent@privacy.test')`);
    expect(mail.map((m) => m.to)).toEqual(["recent@privacy.test"]);
  });

  it("runs a job once when two instances try at the same moment", async () => {
    let runs = 0;
    const job = {
      name: "test-once",
      everyMs: DAY,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { runs };
      },
    };
    // A second instance: its own connection pool on PostgreSQL; the same database on PGlite.
    let second: DatabaseHandle | null = null;
    if (h.handle.pool) {
      const url = (h.handle.pool.options as { connectionString: string }).connectionString;
      second = await openPostgres(url, 2);
    }
    const other = second?.db ?? h.handle.db;
    const now = new Date();
    try {
      const results = await Promise.all([
        runJobIfDue(h.handle.db, job, now, "instance-a"),
        runJobIfDue(other, job, now, "instance-b"),
        runJobIfDue(h.handle.db, job, now, "instance-c"),
        runJobIfDue(other, job, now, "instance-d"),
      ]);
      expect(results.filter((r) => r !== null)).toEqual([{ runs: 1 }]);
      expect(runs).toBe(1);
      // Not due again until the period has passed.
      expect(await runJobIfDue(other, job, new Date(now.getTime() + DAY / 2), "x")).toBeNull();
      expect(await runJobIfDue(other, job, new Date(now.getTime() + DAY), "y")).toEqual({
        runs: 2,
      });
    } finally {
      await second?.close();
    }
  });

  it("takes over a lease a crashed instance left behind", async () => {
    const job = {
      name: "test-crash",
      everyMs: DAY,
      run: async () => {
        throw new Error("crashed");
      },
    };
    const now = new Date();
    await expect(runJobIfDue(h.handle.db, job, now, "a")).rejects.toThrow("crashed");
    const fixed = { ...job, run: async () => ({ ok: 1 }) };
    expect(await runJobIfDue(h.handle.db, fixed, new Date(now.getTime() + 60_000), "b")).toBeNull();
    // Ten minutes later on the database's clock, the lease has run out.
    await h.handle.db.execute(
      sql`update job_runs set locked_until = now() - interval '1 second' where name = 'test-crash'`,
    );
    expect(await runJobIfDue(h.handle.db, fixed, new Date(now.getTime() + 60_000), "b")).toEqual({
      ok: 1,
    });
  });
});
