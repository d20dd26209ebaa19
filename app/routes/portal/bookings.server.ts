/**
 * The portal's Bookings (issue 33, points 1 and 5): who may see them, and the forms of the
 * bookings and Availability pages. Those who take meetings are the agency's side (decision 050,
 * `sideOf`), so a team member of any role the workspace gives the agency's side has them.
 */
import { failed, succeeded } from "~/lib/action-result";
import {
  BOOKING_TEXT,
  busyFeedSchema,
  dayOffSchema,
  hoursRangeSchema,
  meetingTypeSchema,
  slotSchema,
} from "~/lib/validation/booking";
import { firstIssue } from "~/lib/validation/zod";
import type { MeetingType } from "~/server/bookings/availability.server";
import {
  cancelBooking,
  getBooking,
  markBooking,
  moveBooking,
} from "~/server/bookings/bookings.server";
import {
  addDayOff,
  addHours,
  createMeetingType,
  removeDayOff,
  removeHours,
  setBusyFeed,
  setTakesMeetings,
  updateMeetingType,
} from "~/server/bookings/hosts.server";
import { now } from "~/server/clock.server";
import { env } from "~/server/env.server";
import { sideOf } from "~/server/workspace/permissions.server";
import { type Form, readForm, UNKNOWN_ACTION } from "../form.server";
import { forbidden, notFound } from "../refuse.server";
import { assertCanWrite, type PortalContext, requireUser } from "./context.server";

/** The agency's side (not a client's contact, not viewing as a client), or a thrown 403. */
export async function requireHost(request: Request): Promise<PortalContext> {
  const ctx = await requireUser(request);
  if (sideOf(ctx.scope) !== "agency" || ctx.viewingAs) throw forbidden(BOOKING_TEXT.notHost);
  return ctx;
}

export async function requireBooking(ctx: PortalContext, id: unknown) {
  const booking = await getBooking(ctx.db, id);
  if (!booking) throw notFound(BOOKING_TEXT.bookingNotFound);
  return booking;
}

/** A booking's forms: cancel, move, mark held / no-show / booked. */
export async function bookingAction(request: Request, id: string | undefined) {
  const ctx = await requireHost(request);
  assertCanWrite(ctx);
  const booking = await requireBooking(ctx, id);
  const form = await readForm(request);
  const by = { kind: "host" as const, actorId: ctx.user.id };
  if (form.intent === "cancel") {
    const done = await cancelBooking(ctx.db, booking, now(), by, env().BASE_URL);
    if (!done.ok) return failed(done.status, done.message, { intent: "cancel" });
    return succeeded("Booking cancelled. The visitor has been e-mailed.", { intent: "cancel" });
  }
  if (form.intent === "move") {
    const slot = slotSchema.safeParse({ day: form.day, time: form.time });
    if (!slot.success) {
      const issue = firstIssue(slot.error);
      return failed(400, issue.message, {
        intent: "move",
        field: issue.field,
        values: { day: form.day ?? "", time: form.time ?? "" },
      });
    }
    const moved = await moveBooking(ctx.db, booking, slot.data, now(), by, env().BASE_URL);
    if (!moved.ok)
      return failed(moved.status, moved.message, { intent: "move", values: slot.data });
    return succeeded("Booking moved. The visitor has been e-mailed the new time.", {
      intent: "move",
    });
  }
  if (form.intent === "mark") {
    const status = form.status;
    if (status !== "held" && status !== "no-show" && status !== "confirmed") {
      return failed(400, "Choose held, no-show or booked", { intent: "mark" });
    }
    const marked = await markBooking(ctx.db, booking, status, now());
    if (!marked.ok) return failed(marked.status, marked.message, { intent: "mark" });
    return succeeded(
      status === "confirmed"
        ? "Marked as booked"
        : `Marked as ${status === "held" ? "held" : "no-show"}`,
      { intent: "mark" },
    );
  }
  return failed(400, UNKNOWN_ACTION);
}

function parseType(form: Form) {
  return meetingTypeSchema.safeParse({
    name: form.name,
    minutes: form.minutes,
    bufferBefore: form.bufferBefore,
    bufferAfter: form.bufferAfter,
    minNoticeHours: form.minNoticeHours,
    maxDaysAhead: form.maxDaysAhead,
    location: form.location,
  });
}

/** Availability's forms, each with its intent. */
export async function availabilityAction(request: Request) {
  const ctx = await requireHost(request);
  assertCanWrite(ctx);
  const form = await readForm(request);
  const me = ctx.user.id;
  const intent = form.intent ?? "";
  const no = (status: number, message: string, field?: string) =>
    failed(status, message, { intent, field, values: form as Record<string, string> });
  switch (intent) {
    case "takes-meetings": {
      const takes = form.takesMeetings === "yes";
      await setTakesMeetings(ctx.db, me, takes);
      return succeeded(takes ? "You now take meetings" : "You no longer take meetings", { intent });
    }
    case "add-hours": {
      const parsed = hoursRangeSchema.safeParse({
        weekday: form.weekday,
        start: form.start,
        end: form.end,
      });
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        return no(400, issue.message, issue.field);
      }
      const added = await addHours(ctx.db, me, parsed.data);
      if (!added.ok) return no(added.status, added.message);
      return succeeded("Hours added", { intent });
    }
    case "remove-hours": {
      const removed = await removeHours(ctx.db, me, form.id ?? "");
      if (!removed.ok) return no(removed.status, removed.message);
      return succeeded("Hours removed", { intent });
    }
    case "add-day-off": {
      const parsed = dayOffSchema.safeParse({ day: form.day });
      if (!parsed.success) return no(400, firstIssue(parsed.error).message, "day");
      const added = await addDayOff(ctx.db, me, parsed.data.day, now());
      if (!added.ok) return no(added.status, added.message, "day");
      return succeeded("Day off added", { intent });
    }
    case "remove-day-off": {
      const parsed = dayOffSchema.safeParse({ day: form.day });
      if (!parsed.success) return no(400, firstIssue(parsed.error).message);
      await removeDayOff(ctx.db, me, parsed.data.day);
      return succeeded("Day off removed", { intent });
    }
    case "busy-feed": {
      const parsed = busyFeedSchema.safeParse({ busyFeedUrl: form.busyFeedUrl ?? "" });
      if (!parsed.success) return no(400, firstIssue(parsed.error).message, "busyFeedUrl");
      const saved = await setBusyFeed(ctx.db, me, parsed.data.busyFeedUrl, now());
      if (!saved.ok) return no(saved.status, saved.message);
      if (saved.error) return no(422, `Saved, but the calendar could not be read: ${saved.error}`);
      return succeeded(
        saved.busy === null
          ? "Busy-times calendar removed"
          : `Calendar read: ${saved.busy} busy ${saved.busy === 1 ? "time" : "times"} ahead`,
        { intent },
      );
    }
    case "meeting-type": {
      const parsed = parseType(form);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        return failed(400, issue.message, { intent, instance: form.id, field: issue.field });
      }
      const updated = await updateMeetingType(ctx.db, form.id ?? "", {
        ...parsed.data,
        active: form.active === "yes",
      });
      if (!updated.ok)
        return failed(updated.status, updated.message, { intent, instance: form.id });
      return succeeded("Meeting type saved", { intent, instance: form.id });
    }
    case "new-meeting-type": {
      const parsed = parseType(form);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        return no(400, issue.message, issue.field);
      }
      const made = await createMeetingType(ctx.db, parsed.data);
      if (!made.ok) return no(made.status, made.message);
      return succeeded(`Meeting type added: its booking page is /book/${made.slug}`, { intent });
    }
    default:
      return failed(400, UNKNOWN_ACTION);
  }
}

export type { MeetingType };
