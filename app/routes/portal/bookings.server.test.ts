/**
 * Bookings in the portal (issue 33, points 1 and 5), on PGlite and PostgreSQL: a host sets their
 * hours, days off and meeting types; sees, moves, cancels and marks bookings (the visitor is
 * e-mailed); a client's contact is refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { BOOKING_TEXT } from "~/lib/validation/booking-values";
import { periodFromSearch } from "~/lib/validation/period";
import { bookingsByWeek } from "~/server/analytics/booking-figures.server";
import {
  findMeetingType,
  freeSlotsOn,
  type MeetingType,
  slotStart,
} from "~/server/bookings/availability.server";
import { bookSlot } from "~/server/bookings/bookings.server";
import {
  bookingDaysOff,
  bookingHours,
  bookings,
  clients,
  emailOutbox,
  leads,
} from "~/server/db/schema.server";
import { testDatabaseKind } from "~/server/db/test-db.server";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { action as bookingAction, loader as bookingLoader } from "./booking";
import { loader as bookingsLoader } from "./bookings";
import {
  action as availabilityAction,
  loader as availabilityLoader,
} from "./bookings-availability";

let h: Harness;
let host: SignedUp;
let contact: SignedUp;

const day = (() => {
  let d = addDays(todayInSouthAfrica(), 3);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
})();

const post = (fields: Record<string, string>, who = host) =>
  run(
    availabilityAction,
    formRequest("/portal/bookings/availability", fields, { cookie: who.cookie }),
  );

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "host@example.co.za" });
  host = await signUpAdmin("host@example.co.za", "Thandi Host");
  contact = await signUp("contact@example.co.za", { fullName: "Cleo Contact" });
});
afterAll(() => h.close());

describe(`Bookings in the portal on ${testDatabaseKind()}`, () => {
  it("a client's contact cannot see bookings or availability", async () => {
    const list = await run(bookingsLoader, getRequest("/portal/bookings", contact.cookie));
    expect(list.status).toBe(403);
    expect(await list.json()).toEqual({ message: BOOKING_TEXT.notHost });
    expect((await post({ intent: "takes-meetings", takesMeetings: "yes" }, contact)).status).toBe(
      403,
    );
  });

  it("a host takes meetings, sets hours and a day off, and edits a meeting type", async () => {
    const on = await post({ intent: "takes-meetings", takesMeetings: "yes" });
    expect(await on.json()).toMatchObject({ ok: true, success: "You now take meetings" });
    const page = await (
      await run(availabilityLoader, getRequest("/portal/bookings/availability", host.cookie))
    ).json();
    expect(page.mine.hours).toHaveLength(5);
    expect(page.types.map((t: { name: string }) => t.name)).toEqual([
      "30-minute consultation",
      "Voice demo call",
    ]);

    const overlap = await post({ intent: "add-hours", weekday: "3", start: "16:00", end: "19:00" });
    expect(overlap.status).toBe(409);
    expect(await overlap.json()).toMatchObject({
      error: "These hours overlap hours you already have that day.",
    });
    const backwards = await post({
      intent: "add-hours",
      weekday: "6",
      start: "12:00",
      end: "09:00",
    });
    expect(await backwards.json()).toMatchObject({
      error: "The end must be after the start",
      field: "end",
    });
    expect(
      (await post({ intent: "add-hours", weekday: "6", start: "09:00", end: "12:00" })).status,
    ).toBe(200);
    const saturday = await h.handle.db
      .select()
      .from(bookingHours)
      .where(eq(bookingHours.weekday, 6));
    expect(saturday).toHaveLength(1);

    const badDay = await post({ intent: "add-day-off", day: "2026-02-30" });
    expect(await badDay.json()).toMatchObject({ error: "Choose a date" });
    expect((await post({ intent: "add-day-off", day })).status).toBe(200);
    const type = (await findMeetingType(h.handle.db, "consultation")) as MeetingType;
    expect(await freeSlotsOn(h.handle.db, type, day, slotStart(todayInSouthAfrica(), 0))).toEqual(
      [],
    );
    await post({ intent: "remove-day-off", day });
    expect(await h.handle.db.select().from(bookingDaysOff)).toHaveLength(0);

    const badType = await post({
      intent: "meeting-type",
      id: type.id,
      name: "30-minute consultation",
      minutes: "33",
      bufferBefore: "0",
      bufferAfter: "15",
      minNoticeHours: "4",
      maxDaysAhead: "30",
      location: "Online",
      active: "yes",
    });
    expect(await badType.json()).toMatchObject({
      error: "Length must be a multiple of 5 minutes",
      field: "minutes",
    });
    const made = await post({
      intent: "new-meeting-type",
      name: "Strategy workshop",
      minutes: "60",
      bufferBefore: "15",
      bufferAfter: "15",
      minNoticeHours: "24",
      maxDaysAhead: "60",
      location: "Our Cape Town office",
    });
    expect(await made.json()).toMatchObject({
      success: "Meeting type added: its booking page is /book/strategy-workshop",
    });
  });

  it("lists a booking, moves it, cancels it (the visitor is e-mailed) and marks one held", async () => {
    const type = (await findMeetingType(h.handle.db, "consultation")) as MeetingType;
    const booked = await bookSlot(
      h.handle.db,
      type,
      {
        name: "Vusi Visitor",
        email: "vusi@example.co.za",
        phone: "+27 82 555 0102",
        topic: "Chatbots",
        day,
        time: "10:00",
      },
      new Date(),
      { ip: null, baseUrl: "http://localhost:3000", limits: { perIp: 50, perEmail: 50 } },
    );
    if (!booked.ok) throw new Error("not booked");
    const list = await (
      await run(bookingsLoader, getRequest("/portal/bookings", host.cookie))
    ).json();
    expect(list.bookings).toMatchObject([
      {
        name: "Vusi Visitor",
        typeName: "30-minute consultation",
        hostName: "Thandi Host",
        status: "confirmed",
      },
    ]);
    const byHost = await run(
      bookingsLoader,
      getRequest(`/portal/bookings?host=nobody`, host.cookie),
    );
    expect(byHost.status).toBe(400);

    const path = `/portal/bookings/${booked.bookingId}`;
    const detail = await (
      await run(bookingLoader, getRequest(path, host.cookie), { id: booked.bookingId })
    ).json();
    expect(detail).toMatchObject({
      upcoming: true,
      booking: { email: "vusi@example.co.za", topic: "Chatbots" },
    });
    expect(
      (await run(bookingLoader, getRequest("/portal/bookings/nope", host.cookie), { id: "nope" }))
        .status,
    ).toBe(404);

    const act = (fields: Record<string, string>) =>
      run(bookingAction, formRequest(path, fields, { cookie: host.cookie }), {
        id: booked.bookingId,
      });
    const outside = await act({ intent: "move", day, time: "22:00" });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toMatchObject({ error: BOOKING_TEXT.outsideHours });
    const moved = await act({ intent: "move", day, time: "11:00" });
    expect(await moved.json()).toMatchObject({
      ok: true,
      success: "Booking moved. The visitor has been e-mailed the new time.",
    });
    const early = await act({ intent: "mark", status: "held" });
    expect(early.status).toBe(409);
    const cancelled = await act({ intent: "cancel" });
    expect(await cancelled.json()).toMatchObject({
      success: "Booking cancelled. The visitor has been e-mailed.",
    });
    // In the order they were written (an unordered read comes back in any order on PostgreSQL).
    const mailed = await h.handle.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "vusi@example.co.za"))
      .orderBy(emailOutbox.createdAt, emailOutbox.id);
    expect(mailed.map((m) => m.subject.split(":")[0])).toEqual(["Booked", "Moved", "Cancelled"]);
    expect(mailed[1]?.text).toContain("We had to move your 30-minute consultation.");
    expect(mailed[2]?.text).toContain("We are sorry: we had to cancel your 30-minute consultation");

    // A past meeting is marked held.
    await h.handle.db
      .update(bookings)
      .set({
        status: "confirmed",
        startsAt: new Date(Date.now() - 3600_000),
        endsAt: new Date(Date.now() - 1800_000),
      })
      .where(eq(bookings.id, booked.bookingId));
    expect(await (await act({ intent: "mark", status: "held" })).json()).toMatchObject({
      success: "Marked as held",
    });
    const past = await (
      await run(bookingsLoader, getRequest("/portal/bookings?when=past", host.cookie))
    ).json();
    expect(past.bookings).toMatchObject([{ status: "held" }]);

    // Analytics: the week's booked and held meetings; converting the lead counts a client.
    const today = todayInSouthAfrica();
    const { period } = periodFromSearch(
      new URLSearchParams({ range: "custom", from: addDays(today, -1), to: today }),
      new Date(),
    );
    const sums = async () =>
      (await bookingsByWeek(h.handle.db, period)).reduce(
        (sum, w) => ({
          booked: sum.booked + w.counts.booked,
          held: sum.held + w.counts.held,
          clients: sum.clients + w.counts.becameClients,
        }),
        { booked: 0, held: 0, clients: 0 },
      );
    expect(await sums()).toEqual({ booked: 1, held: 1, clients: 0 });
    const [row] = await h.handle.db
      .select({ leadId: bookings.leadId })
      .from(bookings)
      .where(eq(bookings.id, booked.bookingId));
    const [client] = await h.handle.db.insert(clients).values({ name: "Vusi Ltd" }).returning();
    await h.handle.db
      .update(leads)
      .set({ clientId: client?.id, status: "won" })
      .where(eq(leads.id, row?.leadId as string));
    expect(await sums()).toEqual({ booked: 1, held: 1, clients: 1 });
  });
});
