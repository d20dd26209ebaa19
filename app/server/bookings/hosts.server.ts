/**
 * A host's availability (issue 33, point 1): whether they take meetings, their weekly hours in
 * South African time, their days off and their busy-times feed; and the meeting types. Who may
 * be a host is the agency's side (the route asks `sideOf(scope)`, decision 050), so every kind
 * of team member the workspace knows takes meetings the same way.
 */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { todayInSouthAfrica } from "~/lib/dates";
import type { MeetingTypeInput } from "~/lib/validation/booking";
import { clockToMinutes } from "~/lib/validation/booking-values";
import type { Database } from "../db/client.server";
import { bookingDaysOff, bookingHosts, bookingHours, meetingTypes } from "../db/schema.server";
import type { Job } from "../jobs.server";
import { type Outcome, refused } from "../outcome.server";
import { fetchBusyTimes } from "./busy-feed.server";

export interface Availability {
  takesMeetings: boolean;
  hours: { id: string; weekday: number; startMinute: number; endMinute: number }[];
  daysOff: string[];
  busyFeedUrl: string | null;
  busyCount: number;
  busyFetchedAt: Date | null;
  busyFeedError: string | null;
}

export async function availabilityOf(
  db: Database,
  userId: string,
  now: Date,
): Promise<Availability> {
  const [host] = await db.select().from(bookingHosts).where(eq(bookingHosts.userId, userId));
  const hours = await db
    .select({
      id: bookingHours.id,
      weekday: bookingHours.weekday,
      startMinute: bookingHours.startMinute,
      endMinute: bookingHours.endMinute,
    })
    .from(bookingHours)
    .where(eq(bookingHours.userId, userId))
    .orderBy(asc(bookingHours.weekday), asc(bookingHours.startMinute));
  const daysOff = await db
    .select({ day: sql<string>`${bookingDaysOff.day}::text` })
    .from(bookingDaysOff)
    .where(and(eq(bookingDaysOff.userId, userId), gte(bookingDaysOff.day, todayInSouthAfrica(now))))
    .orderBy(asc(bookingDaysOff.day));
  return {
    takesMeetings: host?.takesMeetings ?? false,
    hours,
    daysOff: daysOff.map((d) => d.day),
    busyFeedUrl: host?.busyFeedUrl ?? null,
    busyCount: host?.busyTimes.length ?? 0,
    busyFetchedAt: host?.busyFetchedAt ?? null,
    busyFeedError: host?.busyFeedError ?? null,
  };
}

/** Weekdays Monday to Friday, 09:00–17:00: what a new host starts with. */
const DEFAULT_HOURS = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  startMinute: 9 * 60,
  endMinute: 17 * 60,
}));

/** Take meetings (or stop). The first time, the host starts with weekday office hours. */
export async function setTakesMeetings(db: Database, userId: string, takes: boolean) {
  await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(bookingHosts)
      .values({ userId, takesMeetings: takes })
      .onConflictDoUpdate({ target: bookingHosts.userId, set: { takesMeetings: takes } })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    if (takes && fresh?.inserted) {
      await tx.insert(bookingHours).values(DEFAULT_HOURS.map((h) => ({ ...h, userId })));
    }
  });
}

export async function addHours(
  db: Database,
  userId: string,
  range: { weekday: number; start: string; end: string },
): Promise<Outcome> {
  const startMinute = clockToMinutes(range.start) ?? 0;
  const endMinute = clockToMinutes(range.end) ?? 0;
  const existing = await db
    .select()
    .from(bookingHours)
    .where(and(eq(bookingHours.userId, userId), eq(bookingHours.weekday, range.weekday)));
  if (existing.some((r) => r.startMinute < endMinute && startMinute < r.endMinute)) {
    return refused(409, "These hours overlap hours you already have that day.");
  }
  await db.insert(bookingHours).values({ userId, weekday: range.weekday, startMinute, endMinute });
  return { ok: true };
}

export async function removeHours(db: Database, userId: string, id: string): Promise<Outcome> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return refused(404, "Hours not found");
  const rows = await db
    .delete(bookingHours)
    .where(and(eq(bookingHours.id, id), eq(bookingHours.userId, userId)))
    .returning({ id: bookingHours.id });
  return rows.length > 0 ? { ok: true } : refused(404, "Hours not found");
}

export async function addDayOff(
  db: Database,
  userId: string,
  day: string,
  now: Date,
): Promise<Outcome> {
  if (day < todayInSouthAfrica(now)) return refused(400, "A day off cannot be in the past");
  await db.insert(bookingDaysOff).values({ userId, day }).onConflictDoNothing();
  return { ok: true };
}

export async function removeDayOff(db: Database, userId: string, day: string) {
  await db
    .delete(bookingDaysOff)
    .where(and(eq(bookingDaysOff.userId, userId), eq(bookingDaysOff.day, day)));
}

/**
 * Keep the host's busy-times feed (or forget it when `url` is empty) and read it at once; the
 * outcome says how many busy times it gave, or why it could not be read.
 */
export async function setBusyFeed(
  db: Database,
  userId: string,
  url: string,
  now: Date,
): Promise<Outcome<{ busy: number | null; error: string | null }>> {
  const feed = url.trim().replace(/^webcal:/i, "https:") || null;
  await db
    .insert(bookingHosts)
    .values({ userId, takesMeetings: false, busyFeedUrl: feed })
    .onConflictDoUpdate({
      target: bookingHosts.userId,
      set: { busyFeedUrl: feed, busyTimes: [], busyFetchedAt: null, busyFeedError: null },
    });
  if (!feed) return { ok: true, busy: null, error: null };
  const read = await refreshBusyFeed(db, userId, feed, now);
  return { ok: true, busy: read.ok ? read.busy : null, error: read.ok ? null : read.error };
}

/** Read a host's feed now and keep its busy times (or the error, keeping the last good ones). */
export async function refreshBusyFeed(db: Database, userId: string, url: string, now: Date) {
  const read = await fetchBusyTimes(url, now);
  await db
    .update(bookingHosts)
    .set(
      read.ok
        ? { busyTimes: read.busy, busyFetchedAt: now, busyFeedError: null }
        : { busyFeedError: read.error },
    )
    .where(and(eq(bookingHosts.userId, userId), eq(bookingHosts.busyFeedUrl, url)));
  return read.ok ? { ok: true as const, busy: read.busy.length } : read;
}

/** The feed job: every host's feed read again. */
export async function refreshAllBusyFeeds(db: Database, now: Date) {
  const hosts = await db
    .select({ userId: bookingHosts.userId, url: bookingHosts.busyFeedUrl })
    .from(bookingHosts)
    .where(sql`${bookingHosts.busyFeedUrl} is not null`);
  let read = 0;
  let failed = 0;
  for (const h of hosts) {
    const r = await refreshBusyFeed(db, h.userId, h.url as string, now);
    if (r.ok) read += 1;
    else failed += 1;
  }
  return { read, failed };
}

function typeValues(input: MeetingTypeInput) {
  return {
    name: input.name,
    minutes: input.minutes,
    bufferBefore: input.bufferBefore,
    bufferAfter: input.bufferAfter,
    minNoticeMinutes: input.minNoticeHours * 60,
    maxDaysAhead: input.maxDaysAhead,
    location: input.location,
  };
}

export async function updateMeetingType(
  db: Database,
  id: string,
  input: MeetingTypeInput & { active: boolean },
): Promise<Outcome> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return refused(404, "Meeting type not found");
  const rows = await db
    .update(meetingTypes)
    .set({ ...typeValues(input), active: input.active })
    .where(eq(meetingTypes.id, id))
    .returning({ id: meetingTypes.id });
  return rows.length > 0 ? { ok: true } : refused(404, "Meeting type not found");
}

/** A new meeting type; its address (/book/<slug>) is made from its name. */
export async function createMeetingType(
  db: Database,
  input: MeetingTypeInput,
): Promise<Outcome<{ slug: string }>> {
  const base =
    input.name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 30) || "meeting";
  for (let n = 1; n < 50; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const rows = await db
      .insert(meetingTypes)
      .values({ slug, ...typeValues(input) })
      .onConflictDoNothing()
      .returning({ slug: meetingTypes.slug });
    if (rows[0]) return { ok: true, slug: rows[0].slug };
  }
  return refused(409, "A meeting type with this name exists already");
}

export const busyFeedJobs: Job[] = [
  { name: "booking-busy-feeds", everyMs: 15 * 60 * 1000, run: refreshAllBusyFeeds },
];
