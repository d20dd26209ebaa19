/**
 * Reminders (issue 31, decision 057): a milestone due tomorrow and one overdue (the agency), a
 * review unanswered for N days (its client's contacts) and for 2N days (the agency), N being the
 * workspace's setting (Settings → Notifications, default 3). A job runs them every hour; each
 * occasion has a unique key in `notification_occasions`, written in the transaction of its
 * notifications, so it is told once whichever instance runs the job and however often.
 */
import { eq, sql } from "drizzle-orm";
import { reviewSubjectText } from "~/lib/activity-text";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { REVIEW_REMINDER_DAYS_DEFAULT } from "~/lib/notification-kinds";
import type { Database } from "../db/client.server";
import { notificationOccasions, portalSettings } from "../db/schema.server";
import type { Job } from "../jobs.server";
import { announceNotifications, type NotificationEvent, notify } from "./notifications.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** An overdue milestone is reminded of when it is at most this many days late (not years). */
const OVERDUE_WINDOW_DAYS = 7;

/** The workspace's N: days an unanswered review waits before its contacts are reminded. */
export async function reviewReminderDays(db: Database): Promise<number> {
  const [row] = await db
    .select({ days: portalSettings.reviewReminderDays })
    .from(portalSettings)
    .where(eq(portalSettings.id, 1));
  return row?.days ?? REVIEW_REMINDER_DAYS_DEFAULT;
}

export async function setReviewReminderDays(db: Database, days: number, actorId: string) {
  await db
    .insert(portalSettings)
    .values({ id: 1, reviewReminderDays: days, updatedBy: actorId })
    .onConflictDoUpdate({
      target: portalSettings.id,
      set: { reviewReminderDays: days, updatedBy: actorId, updatedAt: new Date() },
    });
}

/** Tell of this occasion unless it was told already; returns whether it was told now. */
export async function remindOnce(db: Database, key: string, event: NotificationEvent) {
  const told = await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(notificationOccasions)
      .values({ key })
      .onConflictDoNothing()
      .returning({ key: notificationOccasions.key });
    if (fresh.length === 0) return null;
    return notify(tx, event);
  });
  if (told) announceNotifications(told, null);
  return told !== null;
}

interface MilestoneRow {
  id: string;
  title: string;
  due_date: string;
  client_id: string;
  project_id: string;
  project_title: string;
}

interface ReviewRow {
  id: string;
  subject: unknown;
  client_id: string;
  project_id: string;
  created_at: Date | string;
}

/** Every reminder due at `now`. Returns how many occasions were told. */
export async function sendReminders(db: Database, now: Date) {
  const today = todayInSouthAfrica(now);
  const tomorrow = addDays(today, 1);
  const earliestOverdue = addDays(today, -OVERDUE_WINDOW_DAYS);
  const days = await reviewReminderDays(db);
  let reminders = 0;

  const milestones = await db.execute<MilestoneRow & Record<string, unknown>>(sql`
    select m.id, m.title, m.due_date::text as due_date, m.client_id, m.project_id,
           p.title as project_title
      from milestones m join projects p on p.id = m.project_id
     where m.status <> 'done' and m.due_date between ${earliestOverdue}::date and ${tomorrow}::date`);
  for (const m of milestones.rows as MilestoneRow[]) {
    const due = m.due_date === tomorrow;
    if (!due && m.due_date >= today) continue;
    const told = await remindOnce(
      db,
      `${due ? "milestone-due" : "milestone-overdue"}:${m.id}:${m.due_date}`,
      {
        kind: due ? "milestone.due" : "milestone.overdue",
        clientId: m.client_id,
        actorId: null,
        title: `${m.title} — ${m.project_title}`,
        link: `/portal/projects/${m.project_id}#milestones`,
        groupKey: `project:${m.project_id}`,
      },
    );
    if (told) reminders += 1;
  }

  const waitingSince = new Date(now.getTime() - days * DAY_MS);
  const reviews = await db.execute<ReviewRow & Record<string, unknown>>(sql`
    select r.id, r.subject, r.client_id, r.project_id, r.created_at
      from reviews r left join review_answers a on a.review_id = r.id
     where a.review_id is null
       and (r.file_version_id is not null or r.milestone_id is not null)
       and r.created_at <= ${waitingSince.toISOString()}::timestamptz`);
  for (const r of reviews.rows as ReviewRow[]) {
    const subject = typeof r.subject === "string" ? JSON.parse(r.subject) : r.subject;
    const anchor =
      (subject as { kind?: string; fileId?: string }).kind === "file"
        ? `file-${(subject as { fileId: string }).fileId}`
        : "milestones";
    const event = {
      clientId: r.client_id,
      actorId: null,
      title: reviewSubjectText(subject),
      link: `/portal/projects/${r.project_id}#${anchor}`,
      groupKey: `project:${r.project_id}`,
    };
    // The contacts' reminder can be answered from WhatsApp, like the request (decision 078).
    const reminder = { ...event, kind: "review.waiting" as const, refs: { reviewId: r.id } };
    if (await remindOnce(db, `review-waiting:${r.id}`, reminder)) {
      reminders += 1;
    }
    const late = new Date(r.created_at).getTime() <= now.getTime() - 2 * days * DAY_MS;
    if (
      late &&
      (await remindOnce(db, `review-waiting-agency:${r.id}`, {
        ...event,
        kind: "review.waiting.agency",
      }))
    ) {
      reminders += 1;
    }
  }
  return { reminders };
}

export const reminderJobs: Job[] = [
  { name: "notification-reminders", everyMs: 60 * 60 * 1000, run: sendReminders },
];
