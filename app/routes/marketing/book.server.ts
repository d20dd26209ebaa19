/**
 * The booking pages' request handling (issue 33): /book/:type (choose a day, a time, then give
 * your details) and /booking/:token (the visitor's own meeting: see it, move it, cancel it).
 * The days and times are links (GET), so the pages work without JavaScript; a booking, a move
 * and a cancellation are POSTs answered with a redirect or the action's failure.
 */
import { data, redirect } from "react-router";
import { failed } from "~/lib/action-result";
import { isCalendarDay } from "~/lib/dates";
import { BOOKING_TEXT, bookingSchema, slotSchema } from "~/lib/validation/booking";
import { MARKETING_FIELD, marketingOptIn } from "~/lib/validation/privacy";
import { firstIssue } from "~/lib/validation/zod";
import {
  findMeetingType,
  freeSlotsOn,
  type MeetingType,
  nextFreeDays,
  nextFreeSlots,
} from "~/server/bookings/availability.server";
import { bookingToken, meetingTime } from "~/server/bookings/booking-mail.server";
import {
  bookingByToken,
  bookSlot,
  cancelBooking,
  moveBooking,
  slotProblem,
} from "~/server/bookings/bookings.server";
import { now } from "~/server/clock.server";
import type { Database } from "~/server/db/client.server";
import { getDb } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import { submitOptionsFor } from "~/server/leads/leads.server";
import { FORM_UNREADABLE, readFormData, UNKNOWN_ACTION } from "../form.server";
import { notFound } from "../refuse.server";
import { leadOrigin } from "./lead-form.server";

/** What the pages show of a meeting type. */
export function publicType(type: MeetingType) {
  return { slug: type.slug, name: type.name, minutes: type.minutes, location: type.location };
}

export interface PickerData {
  days: { day: string; slots: number }[];
  later: string | null;
  from: string | null;
  day: string | null;
  slots: string[] | null;
  time: string | null;
  problem: string | null;
  status: number;
}

/** The picker's steps from the address (`from`, `day`, `time`), with what is wrong with them. */
export async function pickerData(
  db: Database,
  type: MeetingType,
  url: URL,
  at: Date,
  ignoreBookingId?: string,
): Promise<PickerData> {
  const params = url.searchParams;
  const from = params.get("from");
  const day = params.get("day");
  const time = params.get("time");
  let problem: string | null = null;
  let status = 200;
  const validFrom = from && isCalendarDay(from) ? from : null;
  if (from && !validFrom) {
    problem = BOOKING_TEXT.badDay;
    status = 400;
  }
  const { days, later } = await nextFreeDays(db, type, at, validFrom ?? undefined);
  const data: PickerData = {
    days,
    later,
    from: validFrom,
    day: null,
    slots: null,
    time: null,
    problem,
    status,
  };
  if (day === null) return data;
  if (!isCalendarDay(day)) return { ...data, problem: BOOKING_TEXT.badDay, status: 400 };
  const slots = (await freeSlotsOn(db, type, day, at, { ignoreBookingId })).map((s) => s.time);
  if (time === null) return { ...data, day, slots };
  if (slots.includes(time)) return { ...data, day, slots, time };
  const why = await slotProblem(db, type, day, time, at, { ignoreBookingId });
  return {
    ...data,
    day,
    slots,
    problem: why?.message ?? BOOKING_TEXT.taken,
    status: why?.status ?? 409,
  };
}

export async function requireMeetingType(db: Database, slug: unknown) {
  const type = await findMeetingType(db, slug);
  if (!type) throw notFound(BOOKING_TEXT.notFound);
  return type;
}

const FIELDS = ["name", "email", "phone", "company", "topic", "day", "time"] as const;

/** The next free times after a refused one, for the page to offer. */
async function nextChoices(db: Database, type: MeetingType, at: Date, day: string) {
  const from = isCalendarDay(day) ? day : undefined;
  const found = await nextFreeSlots(db, type, at, from ?? "");
  return found.map((f) => ({ day: f.day, time: f.slot.time }));
}

/** POST /book/:type: book the slot, or say why not (keeping what was typed). */
export async function handleBooking(request: Request, slug: string | undefined) {
  const db = await getDb();
  const type = await requireMeetingType(db, slug);
  const form = await readFormData(request);
  if (!form) return failed(400, FORM_UNREADABLE);
  const values: Record<string, string> = {};
  for (const name of FIELDS) {
    const v = form.get(name);
    values[name] = typeof v === "string" ? v : "";
  }
  // Another time chosen from the offer after a refusal ("2026-12-01T10:00").
  const other = form.get("slot");
  if (typeof other === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(other)) {
    [values.day, values.time] = other.split("T") as [string, string];
  }
  const marketing = marketingOptIn(form.get(MARKETING_FIELD));
  if (marketing) values[MARKETING_FIELD] = "yes";
  const honeypot = form.get("website");
  if (typeof honeypot === "string" && honeypot.trim()) return redirect("/");

  const slot = slotSchema.safeParse(values);
  const at = now();
  if (!slot.success) {
    return failed(400, firstIssue(slot.error).message, {
      values,
      next: await nextChoices(db, type, at, ""),
    });
  }
  const parsed = bookingSchema.safeParse(values);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return failed(400, issue.message, { field: issue.field, values });
  }
  const options = submitOptionsFor(leadOrigin(request), env(), null, marketing);
  const booked = await bookSlot(db, type, parsed.data, at, options);
  if (!booked.ok) {
    const slotIssue = "slot" in booked && booked.slot;
    return failed(booked.status, booked.message, {
      values,
      ...(slotIssue ? { next: await nextChoices(db, type, at, parsed.data.day) } : {}),
    });
  }
  return redirect(`/booking/${bookingToken(booked.bookingId, booked.linkVersion)}?booked=1`);
}

/** POST /booking/:token: move (`intent=move`, `day`, `time`) or cancel (`intent=cancel`). */
export async function handleManage(request: Request, token: string | undefined) {
  const db = await getDb();
  const form = await readFormData(request);
  if (!form) return failed(400, FORM_UNREADABLE);
  const linked = await bookingByToken(db, token);
  if (!linked.ok) return failed(linked.status, linked.message);
  const { booking } = linked;
  const at = now();
  const by = { kind: "visitor" as const, version: booking.linkVersion };
  const intent = form.get("intent");
  if (intent === "cancel") {
    const done = await cancelBooking(db, booking, at, by, env().BASE_URL);
    if (!done.ok) return failed(done.status, done.message);
    return redirect(`/booking/${bookingToken(booking.id, booking.linkVersion + 1)}?cancelled=1`);
  }
  if (intent === "move") {
    const slot = slotSchema.safeParse({ day: form.get("day"), time: form.get("time") });
    if (!slot.success) return failed(400, firstIssue(slot.error).message);
    const moved = await moveBooking(db, booking, slot.data, at, by, env().BASE_URL);
    if (!moved.ok) return failed(moved.status, moved.message);
    return redirect(`/booking/${bookingToken(booking.id, moved.linkVersion)}?moved=1`);
  }
  return failed(400, UNKNOWN_ACTION);
}

/** GET /book/:type: the meeting type and the picker's steps (400 for a malformed day or time). */
export async function loadBookPage(request: Request, slug: string | undefined) {
  const db = await getDb();
  const type = await requireMeetingType(db, slug);
  const picker = await pickerData(db, type, new URL(request.url), now());
  return data({ type: publicType(type), picker }, { status: picker.status });
}

/** GET /booking/:token: the visitor's meeting, the picker when moving it, or why the link fails. */
export async function loadManagePage(request: Request, token: string | undefined) {
  const db = await getDb();
  const linked = await bookingByToken(db, token);
  if (!linked.ok) {
    return data(
      { problem: linked.message, meeting: null, picker: null, view: null, notice: null },
      { status: linked.status },
    );
  }
  const { booking } = linked;
  const url = new URL(request.url);
  const meeting = {
    token: bookingToken(booking.id, booking.linkVersion),
    typeName: booking.type.name,
    minutes: booking.type.minutes,
    location: booking.type.location,
    when: meetingTime(booking.startsAt),
    status: booking.status,
    name: booking.name,
    open: booking.status === "confirmed" && booking.startsAt.getTime() > now().getTime(),
  };
  const asked = url.searchParams.get("action");
  const view = meeting.open && (asked === "move" || asked === "cancel") ? asked : null;
  const notice = (["booked", "moved", "cancelled"] as const).find(
    (n) => url.searchParams.get(n) === "1",
  );
  const picker =
    view === "move"
      ? await pickerData(db, booking.type as MeetingType, url, now(), booking.id)
      : null;
  return data(
    { problem: null, meeting, picker, view, notice: notice ?? null },
    { status: picker?.status ?? 200 },
  );
}
