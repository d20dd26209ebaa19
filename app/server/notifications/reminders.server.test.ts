/**
 * Reminders (issue 31, step 3), on PGlite and PostgreSQL: a milestone due tomorrow and one
 * overdue remind the agency; a review unanswered for N days (the workspace's setting, default
 * 3) reminds its contacts, for 2N days the agency; each occasion once, however often the job
 * runs and with two instances at once.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { action as projectAction } from "~/routes/portal/project";
import { action as projectsAction } from "~/routes/portal/projects";
import { action as settingsAction } from "~/routes/portal/settings";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import {
  milestones,
  notificationOccasions,
  notifications,
  projects,
  reviews,
} from "../db/schema.server";
import { reviewReminderDays, sendReminders } from "./reminders.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let projectA: string;

const DAY = 24 * 60 * 60 * 1000;

const act = async (who: SignedUp, fields: Record<string, string>) => {
  const res = await run(
    projectAction,
    formRequest(`/portal/projects/${projectA}`, fields, { cookie: who.cookie }),
    { id: projectA },
  );
  return { status: res.status, body: await res.json() };
};

async function milestone(title: string, dueDate: string) {
  await act(admin, { intent: "create-milestone", title, dueDate, status: "planned" });
  const [m] = await h.handle.db
    .select({ id: milestones.id })
    .from(milestones)
    .where(eq(milestones.title, title));
  return m?.id as string;
}

const kindsOf = async (who: SignedUp) =>
  (
    await h.handle.db
      .select({ kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, who.id))
      .orderBy(notifications.createdAt, notifications.kind)
  ).map((r) => `${r.kind}: ${r.title}`);

async function reset() {
  await h.handle.db.delete(notifications);
  await h.handle.db.delete(notificationOccasions);
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@remind.test" });
  admin = await signUpAdmin("admin@remind.test", "Ayanda Admin");
  alice = await signUp("alice@remind.test", { fullName: "Alice Mokoena" });
  await run(
    projectsAction,
    formRequest("/portal/projects", { intent: "create", title: "Site" }, { cookie: alice.cookie }),
  );
  const [p] = await h.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, "Site"));
  projectA = p?.id as string;
});
afterAll(() => h.close());

describe("reminders", () => {
  it("a milestone due tomorrow and one overdue: the agency, once each", async () => {
    await reset();
    const now = new Date();
    const today = todayInSouthAfrica(now);
    await milestone("Due tomorrow", addDays(today, 1));
    await milestone("Late", addDays(today, -2));
    await milestone("Far", addDays(today, 10));
    const done = await milestone("Done late", addDays(today, -1));
    await h.handle.db.update(milestones).set({ status: "done" }).where(eq(milestones.id, done));
    await h.handle.db.delete(notifications);
    expect(await sendReminders(h.handle.db, now)).toEqual({ reminders: 2 });
    expect((await kindsOf(admin)).sort()).toEqual([
      "milestone.due: Due tomorrow — Site",
      "milestone.overdue: Late — Site",
    ]);
    expect(await kindsOf(alice)).toEqual([]);
    // Again, and with two instances at once: nothing more.
    const again = await Promise.all([
      sendReminders(h.handle.db, now),
      sendReminders(h.handle.db, now),
    ]);
    expect(again).toEqual([{ reminders: 0 }, { reminders: 0 }]);
    expect((await kindsOf(admin)).length).toBe(2);
    await h.handle.db.delete(milestones);
  });

  it("a review waiting N days: its contacts; 2N days: the agency; N from Settings", async () => {
    await reset();
    expect(await reviewReminderDays(h.handle.db)).toBe(3);
    const id = await milestone("Design", addDays(todayInSouthAfrica(), 30));
    await act(admin, { intent: "review-milestone", milestoneId: id });
    await h.handle.db.delete(notifications);
    const now = new Date();
    // Two days: nothing yet.
    await h.handle.db
      .update(reviews)
      .set({ createdAt: new Date(now.getTime() - 2 * DAY) })
      .where(eq(reviews.milestoneId, id));
    expect(await sendReminders(h.handle.db, now)).toEqual({ reminders: 0 });
    // Four days: the contacts, once.
    await h.handle.db
      .update(reviews)
      .set({ createdAt: new Date(now.getTime() - 4 * DAY) })
      .where(eq(reviews.milestoneId, id));
    const both = await Promise.all([
      sendReminders(h.handle.db, now),
      sendReminders(h.handle.db, now),
    ]);
    expect(both.map((r) => r.reminders).sort()).toEqual([0, 1]);
    expect(await kindsOf(alice)).toEqual(["review.waiting: the milestone 'Design'"]);
    expect(await kindsOf(admin)).toEqual([]);
    // An administrator sets N to 1: at two days the agency is told too.
    const bad = await run(
      settingsAction,
      formRequest(
        "/portal/settings",
        { intent: "review-reminder-days", reviewReminderDays: "0" },
        { cookie: admin.cookie },
      ),
    );
    expect(bad.status).toBe(400);
    const refused = await run(
      settingsAction,
      formRequest(
        "/portal/settings",
        { intent: "review-reminder-days", reviewReminderDays: "1" },
        { cookie: alice.cookie },
      ),
    );
    expect(refused.status).toBe(403);
    const saved = await run(
      settingsAction,
      formRequest(
        "/portal/settings",
        { intent: "review-reminder-days", reviewReminderDays: "1" },
        { cookie: admin.cookie },
      ),
    );
    expect(await saved.json()).toMatchObject({ ok: true, success: "Reminder saved" });
    expect(await sendReminders(h.handle.db, now)).toEqual({ reminders: 1 });
    expect(await kindsOf(admin)).toEqual(["review.waiting.agency: the milestone 'Design'"]);
    expect((await kindsOf(alice)).length).toBe(1);
    // Answered reviews are never reminded of.
    await reset();
    const [review] = await h.handle.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.milestoneId, id));
    await act(alice, { intent: "answer", reviewId: review?.id as string, decision: "approved" });
    await h.handle.db.delete(notifications);
    expect(await sendReminders(h.handle.db, now)).toEqual({ reminders: 0 });
    await h.handle.db.execute(sql`update portal_settings set review_reminder_days = 3`);
  });
});
