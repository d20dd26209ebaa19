/**
 * Bookings (issue 33, points 2–5; decisions 075–077): a visitor books a free slot, moves or
 * cancels it with the signed link of their latest mail; the host sees, moves, cancels and marks
 * it. A booking holds its host's time as 5-minute units whose primary key is (host, unit), so two
 * overlapping bookings of one host cannot both commit: the loser's insert fails on the
 * constraint, whichever instance wrote it (no check-then-insert decides it). Every change writes
 * the visitor's mail to the outbox and the host's notification in its own transaction.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { privacyNotice } from "~/content/legal";
import { type Cursor, encodeCursor, PAGE_SIZE, type Page } from "~/lib/pagination";
import { BOOKING_TEXT, type BookingStatus, clockToMinutes } from "~/lib/validation/booking-values";
import { recordMarketingConsent } from "../accounts/consents.server";
import type { Database } from "../db/client.server";
import {
  bookings,
  bookingUnits,
  emailOutbox,
  leads,
  meetingTypes,
  profiles,
  user,
} from "../db/schema.server";
import { wakeOutbox } from "../email/outbox.server";
import { CONSENT_NOTICE, overLeadLimit, RATE_LIMITED_MESSAGE } from "../leads/leads.server";
import { announceNotifications, notify } from "../notifications/notifications.server";
import { type Outcome, refused } from "../outcome.server";
import {
  checkSlot,
  heldSpan,
  loadHostPlans,
  type MeetingType,
  type SlotCheck,
  unitsOf,
} from "./availability.server";
import {
  type BookingMail,
  cancellationMail,
  confirmationMail,
  hostIcs,
  type MailBooking,
  type MailHost,
  type MailVisitor,
  meetingTime,
  readBookingToken,
} from "./booking-mail.server";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const MINUTE_MS = 60_000;

/** The text for a slot that cannot be booked. */
export const SLOT_REFUSAL: Record<Exclude<SlotCheck, { ok: true }>["reason"], string> = {
  past: BOOKING_TEXT.past,
  "too-soon": "That time is too soon to book. Choose one of the times below.",
  "too-far": "That time is too far ahead to book yet. Choose one of the times below.",
  "outside-hours": BOOKING_TEXT.outsideHours,
  taken: BOOKING_TEXT.taken,
};

/** A unique key broke: another booking took the time first. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === "23505") return true;
  }
  return false;
}

export interface NewBooking {
  name: string;
  email: string;
  phone: string;
  company?: string | null;
  topic: string;
  day: string;
  time: string;
}

export interface BookOptions {
  ip: string | null;
  baseUrl: string;
  limits: { perIp: number; perEmail: number };
  marketingOptIn?: boolean;
  sourcePath?: string | null;
}

/** Why a slot is refused: the status and text, with `slot` set when the slot itself is the problem. */
export type BookRefusal = { ok: false; status: number; message: string; slot: boolean };

function slotRefused(status: number, message: string): BookRefusal {
  return { ok: false, status, message, slot: true };
}

/** Check a day and time of a type at `now`; the hosts free for it, or the refusal. */
async function freeHostsFor(
  db: Database,
  type: MeetingType,
  day: string,
  time: string,
  now: Date,
  options: { ignoreBookingId?: string } = {},
): Promise<{ ok: true; startsAt: Date; hostIds: string[] } | BookRefusal> {
  const minute = clockToMinutes(time);
  if (minute === null || minute >= 24 * 60) return slotRefused(400, BOOKING_TEXT.badTime);
  const hosts = await loadHostPlans(db, day, day, options);
  const check = checkSlot(type, hosts, day, minute, now);
  if (!check.ok)
    return slotRefused(check.reason === "taken" ? 409 : 400, SLOT_REFUSAL[check.reason]);
  // The hosts with the fewest meetings ahead first: bookings spread over the team.
  const load = await db
    .select({ hostId: bookings.hostId, n: count() })
    .from(bookings)
    .where(
      and(
        inArray(bookings.hostId, check.hostIds),
        eq(bookings.status, "confirmed"),
        gte(bookings.startsAt, now),
      ),
    )
    .groupBy(bookings.hostId);
  const ahead = (id: string) => load.find((r) => r.hostId === id)?.n ?? 0;
  return {
    ok: true,
    startsAt: check.startsAt,
    hostIds: [...check.hostIds].sort((a, b) => ahead(a) - ahead(b) || a.localeCompare(b)),
  };
}

/**
 * Hold the time for a booking with the first host whose units are still free, each try in its
 * own savepoint: the constraint decides, so a host taken a moment ago is skipped. Returns the
 * host, or null when every one was taken.
 */
async function holdTime(
  tx: Transaction,
  bookingId: string,
  type: MeetingType,
  startsAt: Date,
  hostIds: string[],
): Promise<string | null> {
  const units = unitsOf(heldSpan(type, startsAt));
  for (const hostId of hostIds) {
    try {
      await tx.transaction(async (sp) => {
        await sp
          .insert(bookingUnits)
          .values(units.map((unitStart) => ({ hostId, unitStart, bookingId })));
      });
      return hostId;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return null;
}

/** A host's name and address, for their invitation. */
async function hostOf(tx: Transaction, hostId: string): Promise<MailHost> {
  const [row] = await tx
    .select({ name: profiles.fullName, email: user.email })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, hostId));
  return { name: row?.name ?? null, email: row?.email ?? "" };
}

/** The host's invitation (or its cancellation) for their notification's e-mail (decision 086). */
async function hostInvitation(
  tx: Transaction,
  hostId: string,
  booking: MailBooking & MailVisitor,
  baseUrl: string,
  now: Date,
  cancelled = false,
) {
  return [hostIcs(booking, await hostOf(tx, hostId), baseUrl, { cancelled, now })];
}

function queueMail(tx: Transaction, mail: BookingMail, leadId: string | null) {
  return tx.insert(emailOutbox).values({ leadId, ...mail });
}

/** The visitor's lead: the open 'Booking' lead of their address updated, or a new one. */
async function upsertLead(
  tx: Transaction,
  input: NewBooking,
  message: string,
  options: BookOptions,
  now: Date,
): Promise<string> {
  const [open] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.kind, "booking"),
        eq(sql`lower(${leads.email})`, input.email.toLowerCase()),
        isNull(leads.clientId),
        inArray(leads.status, ["new", "contacted"]),
      ),
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1)
    .for("update");
  const details = {
    name: input.name,
    phone: input.phone,
    company: input.company ?? null,
    consent: true,
    consentAt: now,
    consentNotice: CONSENT_NOTICE,
    privacyNoticeVersion: privacyNotice.version,
  };
  if (open) {
    await tx
      .update(leads)
      .set({ ...details, message: sql`left(${message} || E'\n\n' || ${leads.message}, 5000)` })
      .where(eq(leads.id, open.id));
    return open.id;
  }
  const [row] = await tx
    .insert(leads)
    .values({
      kind: "booking",
      email: input.email,
      message,
      ...details,
      ipAddress: options.ip,
      sourcePath: options.sourcePath ?? null,
    })
    .returning({ id: leads.id });
  return row?.id as string;
}

function mailBooking(
  b: { id: string; name: string; email: string; startsAt: Date; endsAt: Date; linkVersion: number },
  type: Pick<MeetingType, "name" | "minutes" | "location">,
): MailBooking {
  return { ...b, typeName: type.name, minutes: type.minutes, location: type.location };
}

/**
 * Book a slot: the lead (created or updated), the booking and the time it holds, the visitor's
 * confirmation and the host's notification, in one transaction. A slot taken in the meantime
 * (by another instance, a moment ago) is refused with 409 and nothing is kept.
 */
export async function bookSlot(
  db: Database,
  type: MeetingType,
  input: NewBooking,
  now: Date,
  options: BookOptions,
): Promise<Outcome<{ bookingId: string; linkVersion: number }> | BookRefusal> {
  const free = await freeHostsFor(db, type, input.day, input.time, now);
  if (!free.ok) return free;
  const startsAt = free.startsAt;
  const endsAt = new Date(startsAt.getTime() + type.minutes * MINUTE_MS);
  const message = `${type.name} booked for ${meetingTime(startsAt)}: ${input.topic}`;
  class Taken extends Error {}
  try {
    const done = await db.transaction(async (tx) => {
      if (await overLeadLimit(tx, options.ip, input.email, options.limits)) return null;
      const leadId = await upsertLead(tx, input, message, options, now);
      if (options.marketingOptIn) {
        await recordMarketingConsent(tx, { leadId, email: input.email, source: "booking", now });
      }
      const [row] = await tx
        .insert(bookings)
        .values({
          meetingTypeId: type.id,
          startsAt,
          endsAt,
          name: input.name,
          email: input.email,
          phone: input.phone,
          company: input.company ?? null,
          topic: input.topic,
          leadId,
        })
        .returning({ id: bookings.id, linkVersion: bookings.linkVersion });
      const booking = row as { id: string; linkVersion: number };
      const hostId = await holdTime(tx, booking.id, type, startsAt, free.hostIds);
      if (!hostId) throw new Taken();
      await tx.update(bookings).set({ hostId }).where(eq(bookings.id, booking.id));
      const mailed = mailBooking(
        { ...booking, name: input.name, email: input.email, startsAt, endsAt },
        type,
      );
      await queueMail(tx, confirmationMail(mailed, options.baseUrl), leadId);
      const visitor = {
        phone: input.phone,
        company: input.company ?? null,
        topic: input.topic,
      };
      const told = await notify(tx, {
        kind: "booking.new",
        clientId: null,
        actorId: null,
        title: `${type.name} with ${input.name}, ${meetingTime(startsAt)}`,
        link: `/portal/bookings/${booking.id}`,
        groupKey: `booking:${booking.id}`,
        userIds: [hostId],
        attachments: await hostInvitation(
          tx,
          hostId,
          { ...mailed, ...visitor },
          options.baseUrl,
          now,
        ),
      });
      return { ...booking, told };
    });
    if (!done) return refused(429, RATE_LIMITED_MESSAGE) as never;
    wakeOutbox();
    announceNotifications(done.told, null);
    return { ok: true, bookingId: done.id, linkVersion: done.linkVersion };
  } catch (error) {
    if (error instanceof Taken || isUniqueViolation(error)) {
      return slotRefused(409, BOOKING_TEXT.taken);
    }
    throw error;
  }
}

export interface BookingView {
  id: string;
  status: BookingStatus;
  startsAt: Date;
  endsAt: Date;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  topic: string;
  linkVersion: number;
  leadId: string | null;
  leadStatus: string | null;
  leadClientId: string | null;
  hostId: string | null;
  hostName: string | null;
  hostEmail: string | null;
  createdAt: Date;
  type: Pick<
    MeetingType,
    | "id"
    | "slug"
    | "name"
    | "minutes"
    | "bufferBefore"
    | "bufferAfter"
    | "minNoticeMinutes"
    | "maxDaysAhead"
    | "location"
  >;
}

function viewQuery(db: Database) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      name: bookings.name,
      email: bookings.email,
      phone: bookings.phone,
      company: bookings.company,
      topic: bookings.topic,
      linkVersion: bookings.linkVersion,
      leadId: bookings.leadId,
      leadStatus: leads.status,
      leadClientId: leads.clientId,
      hostId: bookings.hostId,
      hostName: profiles.fullName,
      hostEmail: user.email,
      createdAt: bookings.createdAt,
      type: {
        id: meetingTypes.id,
        slug: meetingTypes.slug,
        name: meetingTypes.name,
        minutes: meetingTypes.minutes,
        bufferBefore: meetingTypes.bufferBefore,
        bufferAfter: meetingTypes.bufferAfter,
        minNoticeMinutes: meetingTypes.minNoticeMinutes,
        maxDaysAhead: meetingTypes.maxDaysAhead,
        location: meetingTypes.location,
      },
    })
    .from(bookings)
    .innerJoin(meetingTypes, eq(meetingTypes.id, bookings.meetingTypeId))
    .leftJoin(leads, eq(leads.id, bookings.leadId))
    .leftJoin(user, eq(user.id, bookings.hostId))
    .leftJoin(profiles, eq(profiles.id, bookings.hostId));
}

export async function getBooking(db: Database, id: unknown): Promise<BookingView | null> {
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await viewQuery(db).where(eq(bookings.id, id));
  return (row as BookingView | undefined) ?? null;
}

/** What a visitor's link opens: the booking, or why the link does not work. */
export type LinkedBooking =
  | { ok: true; booking: BookingView }
  | { ok: false; status: number; message: string };

export async function bookingByToken(db: Database, token: unknown): Promise<LinkedBooking> {
  const read = readBookingToken(token);
  const booking = read ? await getBooking(db, read.bookingId) : null;
  if (!read || !booking) return { ok: false, status: 404, message: BOOKING_TEXT.linkInvalid };
  if (booking.linkVersion !== read.version) {
    return { ok: false, status: 410, message: BOOKING_TEXT.linkUsed };
  }
  return { ok: true, booking };
}

/** May this booking still be moved or cancelled at `now`? */
function stillOpen(booking: BookingView, now: Date): { status: number; message: string } | null {
  if (booking.status === "cancelled") return { status: 409, message: BOOKING_TEXT.cancelled };
  if (booking.status !== "confirmed" || booking.startsAt.getTime() <= now.getTime()) {
    return { status: 409, message: BOOKING_TEXT.over };
  }
  return null;
}

/**
 * Move a booking to another free slot (the visitor with their link, or the host): its old time
 * is let go and the new one held in one transaction, its link version raised (the old links stop
 * working), the visitor mailed the new time and the host told.
 */
export async function moveBooking(
  db: Database,
  booking: BookingView,
  slot: { day: string; time: string },
  now: Date,
  by: { kind: "visitor"; version: number } | { kind: "host"; actorId: string },
  baseUrl: string,
): Promise<Outcome<{ linkVersion: number }> | BookRefusal> {
  const closed = stillOpen(booking, now);
  if (closed) return { ok: false, ...closed, slot: false };
  const type = booking.type as MeetingType;
  const free = await freeHostsFor(db, type, slot.day, slot.time, now, {
    ignoreBookingId: booking.id,
  });
  if (!free.ok) return free;
  // The same host when they are free then; else whoever is.
  const hostIds =
    booking.hostId && free.hostIds.includes(booking.hostId)
      ? [booking.hostId, ...free.hostIds.filter((id) => id !== booking.hostId)]
      : free.hostIds;
  const startsAt = free.startsAt;
  const endsAt = new Date(startsAt.getTime() + type.minutes * MINUTE_MS);
  class Gone extends Error {}
  try {
    const done = await db.transaction(async (tx) => {
      // The link's version is checked in the update itself: a link used twice at once moves once.
      const [moved] = await tx
        .update(bookings)
        .set({ startsAt, endsAt, linkVersion: sql`${bookings.linkVersion} + 1` })
        .where(
          and(
            eq(bookings.id, booking.id),
            eq(bookings.status, "confirmed"),
            by.kind === "visitor" ? eq(bookings.linkVersion, by.version) : undefined,
          ),
        )
        .returning({ linkVersion: bookings.linkVersion });
      if (!moved) throw new Gone();
      await tx.delete(bookingUnits).where(eq(bookingUnits.bookingId, booking.id));
      const hostId = await holdTime(tx, booking.id, type, startsAt, hostIds);
      if (!hostId) throw new Error("taken");
      await tx.update(bookings).set({ hostId }).where(eq(bookings.id, booking.id));
      const mailed = mailBooking(
        { ...booking, startsAt, endsAt, linkVersion: moved.linkVersion },
        type,
      );
      await queueMail(tx, confirmationMail(mailed, baseUrl, by.kind), booking.leadId);
      const actorId = by.kind === "host" ? by.actorId : null;
      const event = {
        kind: "booking.changed" as const,
        clientId: null,
        actorId,
        title: `Moved: ${type.name} with ${booking.name}, now ${meetingTime(startsAt)}`,
        link: `/portal/bookings/${booking.id}`,
        groupKey: `booking:${booking.id}`,
      };
      const told = await notify(tx, {
        ...event,
        userIds: [hostId],
        attachments: await hostInvitation(tx, hostId, { ...booking, ...mailed }, baseUrl, now),
      });
      // Another host took it over: the one it leaves gets the cancellation for their calendar.
      if (booking.hostId && booking.hostId !== hostId) {
        const left = booking.hostId;
        told.push(
          ...(await notify(tx, {
            ...event,
            userIds: [left],
            attachments: await hostInvitation(
              tx,
              left,
              { ...booking, ...mailed },
              baseUrl,
              now,
              true,
            ),
          })),
        );
      }
      return { linkVersion: moved.linkVersion, told };
    });
    wakeOutbox();
    announceNotifications(done.told, by.kind === "host" ? by.actorId : null);
    return { ok: true, linkVersion: done.linkVersion };
  } catch (error) {
    if (error instanceof Gone) {
      return { ok: false, status: 410, message: BOOKING_TEXT.linkUsed, slot: false };
    }
    if (isUniqueViolation(error) || (error instanceof Error && error.message === "taken")) {
      return slotRefused(409, BOOKING_TEXT.taken);
    }
    throw error;
  }
}

/** Cancel a booking (the visitor with their link, or the host): its time is free again. */
export async function cancelBooking(
  db: Database,
  booking: BookingView,
  now: Date,
  by: { kind: "visitor"; version: number } | { kind: "host"; actorId: string },
  baseUrl: string,
): Promise<Outcome> {
  const closed = stillOpen(booking, now);
  if (closed) return refused(closed.status, closed.message);
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: now, linkVersion: sql`${bookings.linkVersion} + 1` })
      .where(
        and(
          eq(bookings.id, booking.id),
          eq(bookings.status, "confirmed"),
          by.kind === "visitor" ? eq(bookings.linkVersion, by.version) : undefined,
        ),
      )
      .returning({ id: bookings.id, linkVersion: bookings.linkVersion });
    if (!row) return null;
    await tx.delete(bookingUnits).where(eq(bookingUnits.bookingId, booking.id));
    // The cancellation's SEQUENCE is the raised version: calendars take it over the invitation.
    const cancelled = { ...mailBooking(booking, booking.type), linkVersion: row.linkVersion };
    await queueMail(tx, cancellationMail(cancelled, baseUrl, by.kind), booking.leadId);
    if (!booking.hostId) return [];
    return notify(tx, {
      kind: "booking.changed",
      clientId: null,
      actorId: by.kind === "host" ? by.actorId : null,
      title: `Cancelled: ${booking.type.name} with ${booking.name}, ${meetingTime(booking.startsAt)}`,
      link: `/portal/bookings/${booking.id}`,
      groupKey: `booking:${booking.id}`,
      userIds: [booking.hostId],
      attachments: await hostInvitation(
        tx,
        booking.hostId,
        { ...booking, ...cancelled },
        baseUrl,
        now,
        true,
      ),
    });
  });
  if (done === null) return refused(410, BOOKING_TEXT.linkUsed);
  wakeOutbox();
  announceNotifications(done, by.kind === "host" ? by.actorId : null);
  return { ok: true };
}

/** After the meeting's start: held or a no-show (or back to booked). */
export async function markBooking(
  db: Database,
  booking: BookingView,
  status: "held" | "no-show" | "confirmed",
  now: Date,
): Promise<Outcome> {
  if (booking.status === "cancelled") return refused(409, BOOKING_TEXT.cancelled);
  if (booking.startsAt.getTime() > now.getTime()) {
    return refused(409, "A meeting can be marked held or no-show once it has started.");
  }
  await db.update(bookings).set({ status }).where(eq(bookings.id, booking.id));
  return { ok: true };
}

export interface BookingFilters {
  when: "upcoming" | "past";
  hostId?: string | null;
}

/**
 * A page of bookings for the portal's list: upcoming soonest first, past latest first. The
 * cursor (`?cursor=`, app/lib/pagination.ts) names the last row shown by its start and id, so
 * 'Load more' goes on from there without JavaScript.
 */
export async function listBookings(
  db: Database,
  filters: BookingFilters,
  now: Date,
  page: { cursor?: Cursor | null; limit?: number } = {},
): Promise<Page<BookingView>> {
  const upcoming = filters.when === "upcoming";
  const limit = page.limit ?? PAGE_SIZE;
  const cursor = page.cursor ?? null;
  const after = cursor
    ? upcoming
      ? sql`(${bookings.startsAt}, ${bookings.id}) > (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${bookings.startsAt}, ${bookings.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  const rows = (await viewQuery(db)
    .where(
      and(
        upcoming
          ? and(gte(bookings.endsAt, now), eq(bookings.status, "confirmed"))
          : or(lt(bookings.endsAt, now), inArray(bookings.status, ["cancelled"])),
        filters.hostId ? eq(bookings.hostId, filters.hostId) : undefined,
        after,
      ),
    )
    .orderBy(
      ...(upcoming
        ? [asc(bookings.startsAt), asc(bookings.id)]
        : [desc(bookings.startsAt), desc(bookings.id)]),
    )
    .limit(limit + 1)) as BookingView[];
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown,
    next:
      rows.length > limit && last ? encodeCursor({ createdAt: last.startsAt, id: last.id }) : null,
  };
}

/** The people who take meetings (for the list's 'by host' filter and Availability). */
export async function listHosts(db: Database) {
  const rows = await db.execute<{ id: string; name: string | null; email: string }>(sql`
    select u.id, p.full_name as name, u.email
      from booking_hosts h join "user" u on u.id = h.user_id
      left join profiles p on p.id = u.id
     where h.takes_meetings
     order by coalesce(p.full_name, u.email), u.id`);
  return rows.rows as { id: string; name: string | null; email: string }[];
}

/** Why this day and time of a type cannot be booked now (status and text), or null when it can. */
export async function slotProblem(
  db: Database,
  type: MeetingType,
  day: string,
  time: string,
  now: Date,
  options: { ignoreBookingId?: string } = {},
): Promise<{ status: number; message: string } | null> {
  const free = await freeHostsFor(db, type, day, time, now, options);
  return free.ok ? null : { status: free.status, message: free.message };
}
