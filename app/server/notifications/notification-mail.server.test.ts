/**
 * Notification e-mail (issue 31, step 3), on PGlite and PostgreSQL: 'Ready for review' is
 * mailed to each contact, grouped per person, kind and project within MAIL_GROUP_MS, once even
 * when two instances run the job; the mail has a text and an HTML part, the agency's name, an
 * action link and a one-click unsubscribe (RFC 8058) whose endpoint works; Settings →
 * Notifications chooses per kind and channel.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/content/site";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "~/routes/notifications/unsubscribe";
import { action as projectAction } from "~/routes/portal/project";
import { action as projectsAction } from "~/routes/portal/projects";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import { type SignedUp, signUp } from "~/test/accounts.server";
import {
  BASE_URL,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  run,
} from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { emailOutbox, milestones, notifications, profiles, projects } from "../db/schema.server";
import { createMailer } from "../email/mailer.server";
import { processOutbox } from "../email/outbox.server";
import { runJobIfDue } from "../jobs.server";
import {
  MAIL_GROUP_MS,
  notificationJobs,
  queueNotificationMail,
  unsubscribeToken,
} from "./notification-mail.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let carol: SignedUp;
let projectA: string;
let counter = 0;

const act = async (who: SignedUp, fields: Record<string, string>) => {
  const res = await run(
    projectAction,
    formRequest(`/portal/projects/${projectA}`, fields, { cookie: who.cookie }),
    { id: projectA },
  );
  return { status: res.status, body: await res.json() };
};

/** A new milestone of project A marked 'Ready for review' by the administrator. */
async function requestReview(title = `Milestone ${++counter}`) {
  await act(admin, { intent: "create-milestone", title, dueDate: "2026-12-10", status: "planned" });
  const [m] = await h.handle.db
    .select({ id: milestones.id })
    .from(milestones)
    .where(eq(milestones.title, title));
  const marked = await act(admin, { intent: "review-milestone", milestoneId: m?.id as string });
  expect(marked.status).toBe(200);
}

const later = (ms = MAIL_GROUP_MS + 1000) => new Date(Date.now() + ms);
const mailTo = (email: string) =>
  h.handle.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(emailOutbox.createdAt, emailOutbox.id);

async function reset() {
  await h.handle.db.delete(notifications);
  await h.handle.db.delete(emailOutbox);
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@mail.test" });
  admin = await signUpAdmin("admin@mail.test", "Ayanda Admin");
  alice = await signUp("alice@mail.test", { fullName: "Alice Mokoena" });
  carol = await signUp("carol@mail.test", { fullName: "Carol Botha" });
  await h.handle.db
    .update(profiles)
    .set({ clientId: alice.clientId })
    .where(eq(profiles.id, carol.id));
  carol = { ...carol, clientId: alice.clientId };
  await run(
    projectsAction,
    formRequest("/portal/projects", { intent: "create", title: "Shop" }, { cookie: alice.cookie }),
  );
  const [p] = await h.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, "Shop"));
  projectA = p?.id as string;
});
afterAll(() => h.close());

describe("notification mail", () => {
  it("waits for the group's few minutes, then one mail per contact holds every review of the project", async () => {
    await reset();
    await requestReview("Wireframes");
    await requestReview("Copy");
    // Within the window: nothing yet.
    expect(await queueNotificationMail(h.handle.db, new Date(), BASE_URL)).toEqual({
      mails: 0,
      notifications: 0,
    });
    expect(await queueNotificationMail(h.handle.db, later(), BASE_URL)).toEqual({
      mails: 2,
      notifications: 4,
    });
    const [mail] = await mailTo("alice@mail.test");
    expect((await mailTo("carol@mail.test")).length).toBe(1);
    expect((await mailTo("admin@mail.test")).length).toBe(0);
    expect(mail?.subject).toBe(`Ready for review (2): the milestone 'Copy' — ${site.name}`);
    expect(mail?.textBody).toContain("the milestone 'Wireframes' (Ayanda Admin, ");
    expect(mail?.textBody).toContain(
      `Open it in the portal: ${BASE_URL}/portal/projects/${projectA}#milestones`,
    );
    expect(mail?.htmlBody).toContain(`href="${BASE_URL}/portal/projects/${projectA}#milestones"`);
    expect(mail?.htmlBody).toContain("the milestone &#39;Wireframes&#39;");
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(
      new RegExp(`^<${BASE_URL}/notifications/unsubscribe\\?token=[^>]+>$`),
    );
    // Mailed once: a later run finds nothing.
    expect((await queueNotificationMail(h.handle.db, later(), BASE_URL)).mails).toBe(0);
  });

  it("two instances running the job at once queue each mail once", async () => {
    await reset();
    await requestReview();
    const job = notificationJobs(MAIL_GROUP_MS / 1000)[0];
    if (!job) throw new Error("no job");
    await h.handle.db.execute(
      // The job is due now (another test may have run it).
      (await import("drizzle-orm")).sql`delete from job_runs where name = ${job.name}`,
    );
    const results = await Promise.all([
      runJobIfDue(h.handle.db, job, later(), "instance-1"),
      runJobIfDue(h.handle.db, job, later(), "instance-2"),
      queueNotificationMail(h.handle.db, later(), BASE_URL),
    ]);
    expect(results.filter((r) => r !== null).length).toBeGreaterThanOrEqual(2);
    expect((await mailTo("alice@mail.test")).length).toBe(1);
    expect((await mailTo("carol@mail.test")).length).toBe(1);
  });

  it("is sent with a text and an HTML part and the unsubscribe headers", async () => {
    await reset();
    await requestReview("Sent for real");
    await queueNotificationMail(h.handle.db, later(), BASE_URL);
    const mailer = createMailer({ dataDir: h.env.DATA_DIR });
    const sent = await processOutbox(h.handle.db, mailer, { from: h.env.MAIL_FROM });
    expect(sent).toEqual({ sent: 2, failed: 0 });
    const dir = path.join(h.env.DATA_DIR, "mail");
    const files = await readdir(dir);
    const [id] = (await mailTo("alice@mail.test")).map((m) => m.id);
    const file = files.find((f) => f.includes(id as string));
    const raw = await readFile(path.join(dir, file as string), "utf8");
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(raw).toMatch(/List-Unsubscribe:\s+<http/); // folded: it is a long line
  });
});

describe("one-click unsubscribe", () => {
  it("the page changes nothing; the mail program's POST stops that kind; a forged token is refused", async () => {
    await reset();
    const token = unsubscribeToken(carol.id, "review.requested");
    const url = `/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = await run(unsubscribeLoader, getRequest(url));
    expect(await page.json()).toMatchObject({ label: "Ready for review" });

    await requestReview("Pending when unsubscribed");
    // RFC 8058: a POST to the List-Unsubscribe address, no cookie, no Origin.
    const oneClick = await run(
      unsubscribeAction,
      new Request(new URL(url, BASE_URL), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
    );
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ ok: true });
    // What waited is not mailed, and the next review is not mailed to Carol; Alice still is.
    await requestReview("After unsubscribing");
    await queueNotificationMail(h.handle.db, later(), BASE_URL);
    expect((await mailTo("carol@mail.test")).length).toBe(0);
    expect((await mailTo("alice@mail.test")).length).toBe(1);
    // Carol still sees them in the portal.
    const rows = await h.handle.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.userId, carol.id));
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.readAt === null)).toBe(true);

    // The signature's first character changed: its first six bits always change (the last two
    // characters, changed before, hold padding bits and were once 'xx' already: 1 run in ~1000).
    const [payload, mac = ""] = token.split(".");
    const altered = `${payload}.${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`;
    const forged = await run(
      unsubscribeAction,
      formRequest("/notifications/unsubscribe", { token: altered }),
    );
    expect(forged.status).toBe(400);
  });
});

describe("Settings → Notifications", () => {
  it("per kind and channel, per person; no channel at all records nothing", async () => {
    await reset();
    const settings = async (who: SignedUp) => {
      const res = await run(settingsLoader, getRequest("/portal/settings", who.cookie));
      const body = (await res.json()) as {
        notificationChoices: { kind: string; channels: { channel: string; on: boolean }[] }[];
      };
      return body.notificationChoices.find((c) => c.kind === "review.requested")?.channels;
    };
    // Carol unsubscribed above: e-mail off, portal on. Alice has the defaults.
    expect(await settings(carol)).toEqual([
      { channel: "portal", on: true },
      { channel: "email", on: false },
    ]);
    expect(await settings(alice)).toEqual([
      { channel: "portal", on: true },
      { channel: "email", on: true },
    ]);
    // Alice: e-mail only (not in the portal's bell); Carol: nothing at all.
    const save = async (who: SignedUp, fields: Record<string, string>) => {
      const res = await run(
        settingsAction,
        formRequest(
          "/portal/settings",
          { intent: "notification-choices", ...fields },
          { cookie: who.cookie },
        ),
      );
      expect(await res.json()).toMatchObject({ ok: true, success: "Notification choices saved" });
    };
    await save(alice, { "review.requested:email": "on", "message.new:portal": "on" });
    await save(carol, { "message.new:portal": "on" });
    await requestReview("Chosen channels");
    const rows = await h.handle.db
      .select({
        userId: notifications.userId,
        readAt: notifications.readAt,
        email: notifications.emailState,
      })
      .from(notifications);
    expect(rows.filter((r) => r.userId === carol.id)).toEqual([]);
    const mine = rows.filter((r) => r.userId === alice.id);
    expect(mine.length).toBe(1);
    expect(mine[0]?.readAt).not.toBeNull();
    expect(mine[0]?.email).toBe("pending");
    // Back to the defaults for the other tests.
    await save(alice, { "review.requested:email": "on", "review.requested:portal": "on" });
  });
});
