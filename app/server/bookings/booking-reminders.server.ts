/**
 * Booking reminders (issue 33, point 4): the day before and an hour before a meeting, its host is
 * told through the notifications path (the portal, e-mail, and WhatsApp where they opted in) and
 * the visitor by e-mail. A job runs every five minutes; each reminder's key goes into
 * `notification_occasions` in the transaction of its notification and mail, so it is sent once
 * whichever instance runs the job and however often. A meeting booked less than a day (an hour)
 * ahead gets no day (hour) reminder: its confirmation has just said when it is.
 */
import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { bookings, emailOutbox, meetingTypes, notificationOccasions } from "../db/schema.server";
import { wakeOutbox } from "../email/outbox.server";
import { env } from "../env.server";
import type { Job } from "../jobs.server";
import { announceNotifications, notify } from "../notifications/notifications.server";
import { meetingTime, reminderMail } from "./booking-mail.server";

const HOUR_MS = 60 * 60 * 1000;
const LEADS: Record<"day" | "hour", number> = { day: 24 * HOUR_MS, hour: HOUR_MS };

/** Every reminder due at `now`. Returns how many were sent. */
export async function sendBookingReminders(db: Database, now: Date, baseUrl = env().BASE_URL) {
  let reminders = 0;
  const told: string[] = [];
  for (const when of ["day", "hour"] as const) {
    const due = await db
      .select({
        id: bookings.id,
        hostId: bookings.hostId,
        name: bookings.name,
        email: bookings.email,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        linkVersion: bookings.linkVersion,
        leadId: bookings.leadId,
        createdAt: bookings.createdAt,
        updatedAt: bookings.updatedAt,
        typeName: meetingTypes.name,
        minutes: meetingTypes.minutes,
        location: meetingTypes.location,
      })
      .from(bookings)
      .innerJoin(meetingTypes, eq(meetingTypes.id, bookings.meetingTypeId))
      .where(
        and(
          eq(bookings.status, "confirmed"),
          gt(bookings.startsAt, now),
          lte(bookings.startsAt, new Date(now.getTime() + LEADS[when])),
        ),
      );
    for (const b of due) {
      // Booked (or last moved) closer than the reminder's lead: the confirmation said it all.
      if (b.startsAt.getTime() - b.updatedAt.getTime() < LEADS[when]) continue;
      const people = await db.transaction(async (tx) => {
        const fresh = await tx
          .insert(notificationOccasions)
          .values({ key: `booking-${when}:${b.id}:${b.startsAt.toISOString()}` })
          .onConflictDoNothing()
          .returning({ key: notificationOccasions.key });
        if (fresh.length === 0) return null;
        await tx
          .insert(emailOutbox)
          .values({ leadId: b.leadId, ...reminderMail(b, baseUrl, when) });
        return notify(tx, {
          kind: "booking.reminder",
          clientId: null,
          actorId: null,
          title: `${when === "day" ? "Tomorrow" : "In an hour"}: ${b.typeName} with ${b.name}, ${meetingTime(b.startsAt)}`,
          link: `/portal/bookings/${b.id}`,
          groupKey: `booking:${b.id}`,
          userIds: b.hostId ? [b.hostId] : [],
        });
      });
      if (people === null) continue;
      reminders += 1;
      told.push(...people);
    }
  }
  if (reminders > 0) wakeOutbox();
  announceNotifications([...new Set(told)], null);
  return { reminders };
}

export const bookingJobs: Job[] = [
  {
    name: "booking-reminders",
    everyMs: 5 * 60 * 1000,
    run: (db, now) => sendBookingReminders(db, now),
  },
];
