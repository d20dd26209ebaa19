/**
 * Invoice reminders (issue 32, point 5) through the notifications path: an open invoice due in
 * `DUE_REMINDER_DAYS` days reminds its client's contacts; the day after its due date it
 * reminds them and the administrators that it is overdue. Each occasion has its key in
 * `notification_occasions` (`remindOnce`), so two instances, or a job run again, tell it once.
 */
import { sql } from "drizzle-orm";
import { addDays, formatDate, todayInSouthAfrica } from "~/lib/dates";
import { formatRand } from "~/lib/money";
import type { Database } from "../db/client.server";
import type { Job } from "../jobs.server";
import { remindOnce } from "../notifications/reminders.server";
import { invoiceLink } from "./invoices.server";
import { administrators } from "./proposals.server";

/** An open invoice is reminded of this many days before its due date. */
export const DUE_REMINDER_DAYS = 3;
/** An overdue invoice found up to this many days late is still reminded of (a missed run). */
const OVERDUE_WINDOW_DAYS = 7;

interface DueRow {
  id: string;
  client_id: string;
  number: string;
  due_on: string;
  issued_on: string;
  owed: string | number;
}

export async function sendInvoiceReminders(db: Database, now: Date) {
  const today = todayInSouthAfrica(now);
  const soon = addDays(today, DUE_REMINDER_DAYS);
  const earliest = addDays(today, -OVERDUE_WINDOW_DAYS);
  const result = await db.execute(sql`
    select i.id, i.client_id, i.number, i.due_on::text as due_on, i.issued_on::text as issued_on,
           (i.total_cents - i.paid_cents) as owed
      from invoices i
     where i.status in ('issued', 'part-paid')
       and i.due_on between ${earliest}::date and ${soon}::date
     order by i.due_on, i.serial`);
  let reminders = 0;
  const admins = await administrators(db);
  for (const i of result.rows as unknown as DueRow[]) {
    const owed = formatRand(Number(i.owed));
    const base = {
      clientId: i.client_id,
      actorId: null,
      link: invoiceLink(i.id),
      groupKey: `invoice:${i.id}`,
    };
    if (i.due_on >= today) {
      // Due soon, once (an invoice is never edited); not on the day it was issued and told of.
      if (
        i.issued_on < today &&
        (await remindOnce(db, `invoice-due:${i.id}:${i.due_on}`, {
          ...base,
          kind: "invoice.due",
          title: `${i.number}: ${owed} due ${formatDate(i.due_on)}`,
        }))
      ) {
        reminders += 1;
      }
      continue;
    }
    const title = `${i.number}: ${owed} was due ${formatDate(i.due_on)}`;
    if (
      await remindOnce(db, `invoice-overdue:${i.id}`, { ...base, kind: "invoice.overdue", title })
    ) {
      reminders += 1;
    }
    if (
      await remindOnce(db, `invoice-overdue-agency:${i.id}`, {
        ...base,
        kind: "invoice.overdue.agency",
        title,
        userIds: admins,
      })
    ) {
      reminders += 1;
    }
  }
  return { reminders };
}

export const invoiceReminderJobs: Job[] = [
  { name: "invoice-reminders", everyMs: 60 * 60 * 1000, run: sendInvoiceReminders },
];
