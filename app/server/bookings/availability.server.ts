/**
 * Availability (issue 33, point 1; decision 075): which slots of a meeting type are free. A slot
 * is a South African day and a time on the hosts' grid; it is free when at least one host who
 * takes meetings has weekly hours around the whole meeting that day, has not taken the day off,
 * and holds neither a booking (its buffers included) nor a busy time of their calendar feed
 * across the meeting and its buffers; and when it is at least the type's minimum notice ahead
 * and at most its days ahead. The slot maths is plain functions over the hosts' plans, read in
 * a few statements per page.
 */
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import {
  DAYS_SHOWN,
  minutesToClock,
  SLOT_STEP_MINUTES,
  UNIT_MINUTES,
} from "~/lib/validation/booking-values";
import type { Database } from "../db/client.server";
import {
  bookingDaysOff,
  bookingHosts,
  bookingHours,
  bookingUnits,
  meetingTypes,
} from "../db/schema.server";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** South Africa keeps UTC+2 all year. */
const SA_OFFSET_MS = 2 * 60 * MINUTE_MS;

export type MeetingType = typeof meetingTypes.$inferSelect;

/** The moment a South African day's minute is. */
export function slotStart(day: string, minute: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + minute * MINUTE_MS - SA_OFFSET_MS);
}

/** The South African day and minute of a moment. */
export function dayAndMinute(at: Date): { day: string; minute: number } {
  const local = at.getTime() + SA_OFFSET_MS;
  return {
    day: new Date(local).toISOString().slice(0, 10),
    minute: Math.floor((local % DAY_MS) / MINUTE_MS),
  };
}

/** Day of the week (0 Sunday) of a calendar day. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The time a meeting of this type starting at `start` holds: the meeting and its buffers. */
export function heldSpan(
  type: Pick<MeetingType, "minutes" | "bufferBefore" | "bufferAfter">,
  start: Date,
) {
  return {
    from: start.getTime() - type.bufferBefore * MINUTE_MS,
    to: start.getTime() + (type.minutes + type.bufferAfter) * MINUTE_MS,
  };
}

/** The 5-minute units of a span (decision 075: each a row whose key is host and unit). */
export function unitsOf(span: { from: number; to: number }): Date[] {
  const units: Date[] = [];
  const step = UNIT_MINUTES * MINUTE_MS;
  for (let t = Math.floor(span.from / step) * step; t < span.to; t += step) units.push(new Date(t));
  return units;
}

export interface HostPlan {
  userId: string;
  hours: { weekday: number; startMinute: number; endMinute: number }[];
  daysOff: Set<string>;
  /** Units held by bookings (ms), but those of the booking being moved. */
  held: Set<number>;
  /** The calendar feed's busy times (ms). */
  busy: [number, number][];
}

/** Meeting types offered on the site, in the order hosts made them. */
export async function listMeetingTypes(db: Database, { all = false } = {}) {
  return db
    .select()
    .from(meetingTypes)
    .where(all ? undefined : eq(meetingTypes.active, true))
    .orderBy(asc(meetingTypes.createdAt), asc(meetingTypes.slug));
}

/** An active meeting type by its slug, or null. */
export async function findMeetingType(db: Database, slug: unknown): Promise<MeetingType | null> {
  if (typeof slug !== "string" || !/^[a-z0-9-]{1,40}$/.test(slug)) return null;
  const [row] = await db
    .select()
    .from(meetingTypes)
    .where(and(eq(meetingTypes.slug, slug), eq(meetingTypes.active, true)));
  return row ?? null;
}

/**
 * Every host's plan for the days `from`..`to` (South African days, inclusive): their hours,
 * days off, the units their bookings hold and their feed's busy times.
 */
export async function loadHostPlans(
  db: Database,
  from: string,
  to: string,
  options: { ignoreBookingId?: string; hostIds?: string[] } = {},
): Promise<HostPlan[]> {
  const hosts = await db
    .select({ userId: bookingHosts.userId, busy: bookingHosts.busyTimes })
    .from(bookingHosts)
    .where(
      and(
        eq(bookingHosts.takesMeetings, true),
        options.hostIds ? inArray(bookingHosts.userId, options.hostIds) : undefined,
      ),
    )
    .orderBy(asc(bookingHosts.userId));
  if (hosts.length === 0) return [];
  const ids = hosts.map((h) => h.userId);
  const windowFrom = new Date(slotStart(from, 0).getTime() - DAY_MS);
  const windowTo = new Date(slotStart(addDays(to, 1), 0).getTime() + DAY_MS);
  const [hours, daysOff, held] = await Promise.all([
    db
      .select({
        userId: bookingHours.userId,
        weekday: bookingHours.weekday,
        startMinute: bookingHours.startMinute,
        endMinute: bookingHours.endMinute,
      })
      .from(bookingHours)
      .where(inArray(bookingHours.userId, ids)),
    db
      .select({ userId: bookingDaysOff.userId, day: sql<string>`${bookingDaysOff.day}::text` })
      .from(bookingDaysOff)
      .where(
        and(
          inArray(bookingDaysOff.userId, ids),
          gte(bookingDaysOff.day, from),
          sql`${bookingDaysOff.day} <= ${to}::date`,
        ),
      ),
    db
      .select({
        hostId: bookingUnits.hostId,
        unit: bookingUnits.unitStart,
        bookingId: bookingUnits.bookingId,
      })
      .from(bookingUnits)
      .where(
        and(
          inArray(bookingUnits.hostId, ids),
          gte(bookingUnits.unitStart, windowFrom),
          lt(bookingUnits.unitStart, windowTo),
        ),
      ),
  ]);
  return hosts.map((h) => ({
    userId: h.userId,
    hours: hours.filter((r) => r.userId === h.userId),
    daysOff: new Set(daysOff.filter((r) => r.userId === h.userId).map((r) => r.day)),
    held: new Set(
      held
        .filter((r) => r.hostId === h.userId && r.bookingId !== options.ignoreBookingId)
        .map((r) => new Date(r.unit).getTime()),
    ),
    busy: (h.busy ?? []).map(([s, e]) => [Date.parse(s), Date.parse(e)] as [number, number]),
  }));
}

type Bounds = Pick<
  MeetingType,
  "minutes" | "bufferBefore" | "bufferAfter" | "minNoticeMinutes" | "maxDaysAhead"
>;

/** Is the host's time free for a meeting of this type at `minute` of `day` (hours, day off, bookings, feed)? */
export function hostFree(type: Bounds, host: HostPlan, day: string, minute: number): boolean {
  if (host.daysOff.has(day)) return false;
  const weekday = weekdayOf(day);
  const within = host.hours.some(
    (r) => r.weekday === weekday && r.startMinute <= minute && minute + type.minutes <= r.endMinute,
  );
  if (!within) return false;
  const span = heldSpan(type, slotStart(day, minute));
  if (unitsOf(span).some((u) => host.held.has(u.getTime()))) return false;
  return !host.busy.some(([s, e]) => s < span.to && e > span.from);
}

/** Does any host's weekly hours hold this start on their grid (whatever is booked)? */
function withinHours(type: Bounds, hosts: HostPlan[], day: string, minute: number) {
  const weekday = weekdayOf(day);
  return hosts.some(
    (h) =>
      !h.daysOff.has(day) &&
      h.hours.some(
        (r) =>
          r.weekday === weekday &&
          r.startMinute <= minute &&
          minute + type.minutes <= r.endMinute &&
          (minute - r.startMinute) % SLOT_STEP_MINUTES === 0,
      ),
  );
}

/** The starts (minutes) hosts' hours offer on a day, on each range's grid, earliest first. */
function candidateMinutes(type: Bounds, hosts: HostPlan[], day: string): number[] {
  const weekday = weekdayOf(day);
  const minutes = new Set<number>();
  for (const h of hosts) {
    if (h.daysOff.has(day)) continue;
    for (const r of h.hours) {
      if (r.weekday !== weekday) continue;
      for (let m = r.startMinute; m + type.minutes <= r.endMinute; m += SLOT_STEP_MINUTES) {
        minutes.add(m);
      }
    }
  }
  return [...minutes].sort((a, b) => a - b);
}

/** The first and last moments a slot may start at `now`. */
function window(type: Bounds, now: Date) {
  return {
    earliest: now.getTime() + type.minNoticeMinutes * MINUTE_MS,
    lastDay: addDays(todayInSouthAfrica(now), type.maxDaysAhead),
  };
}

export interface Slot {
  /** "09:30", South African time. */
  time: string;
  startsAt: Date;
  /** The hosts free for it. */
  hostIds: string[];
}

/** A day's free slots. */
export function slotsOn(type: Bounds, hosts: HostPlan[], day: string, now: Date): Slot[] {
  const { earliest, lastDay } = window(type, now);
  if (day > lastDay) return [];
  return candidateMinutes(type, hosts, day).flatMap((minute) => {
    const startsAt = slotStart(day, minute);
    if (startsAt.getTime() < earliest) return [];
    const hostIds = hosts.filter((h) => hostFree(type, h, day, minute)).map((h) => h.userId);
    return hostIds.length > 0 ? [{ time: minutesToClock(minute), startsAt, hostIds }] : [];
  });
}

/** Why a slot cannot be booked, or the hosts free for it. */
export type SlotCheck =
  | { ok: true; startsAt: Date; hostIds: string[] }
  | { ok: false; reason: "past" | "too-soon" | "too-far" | "outside-hours" | "taken" };

export function checkSlot(
  type: Bounds,
  hosts: HostPlan[],
  day: string,
  minute: number,
  now: Date,
): SlotCheck {
  const startsAt = slotStart(day, minute);
  const { earliest, lastDay } = window(type, now);
  if (startsAt.getTime() <= now.getTime()) return { ok: false, reason: "past" };
  if (startsAt.getTime() < earliest) return { ok: false, reason: "too-soon" };
  if (day > lastDay) return { ok: false, reason: "too-far" };
  if (!withinHours(type, hosts, day, minute)) return { ok: false, reason: "outside-hours" };
  const hostIds = hosts.filter((h) => hostFree(type, h, day, minute)).map((h) => h.userId);
  if (hostIds.length === 0) return { ok: false, reason: "taken" };
  return { ok: true, startsAt, hostIds };
}

export interface DayOffer {
  day: string;
  slots: number;
}

/**
 * The next days with free slots, from `from` (default today), at most `DAYS_SHOWN`, and the day
 * after the last one shown when later days may have more.
 */
export async function nextFreeDays(
  db: Database,
  type: MeetingType,
  now: Date,
  from?: string,
): Promise<{ days: DayOffer[]; later: string | null }> {
  const today = todayInSouthAfrica(now);
  const start = from && from > today ? from : today;
  const lastDay = addDays(today, type.maxDaysAhead);
  if (start > lastDay) return { days: [], later: null };
  const hosts = await loadHostPlans(db, start, lastDay);
  const days: DayOffer[] = [];
  for (let day = start; day <= lastDay; day = addDays(day, 1)) {
    const slots = slotsOn(type, hosts, day, now).length;
    if (slots > 0) days.push({ day, slots });
    if (days.length === DAYS_SHOWN) {
      const next = addDays(day, 1);
      return { days, later: next <= lastDay ? next : null };
    }
  }
  return { days, later: null };
}

/** A day's free slots, read from the database. */
export async function freeSlotsOn(
  db: Database,
  type: MeetingType,
  day: string,
  now: Date,
  options: { ignoreBookingId?: string } = {},
): Promise<Slot[]> {
  const hosts = await loadHostPlans(db, day, day, options);
  return slotsOn(type, hosts, day, now);
}

/** The next few free slots from a moment on (shown with 'that time was just taken'). */
export async function nextFreeSlots(
  db: Database,
  type: MeetingType,
  now: Date,
  fromDay: string,
  count = 6,
): Promise<{ day: string; slot: Slot }[]> {
  const { days } = await nextFreeDays(db, type, now, fromDay);
  const found: { day: string; slot: Slot }[] = [];
  for (const d of days) {
    for (const slot of await freeSlotsOn(db, type, d.day, now)) {
      found.push({ day: d.day, slot });
      if (found.length === count) return found;
    }
  }
  return found;
}
