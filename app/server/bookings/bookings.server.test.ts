/**
 * Booking (issue 33), on PGlite and PostgreSQL: hosts' hours, days off, bookings and a busy feed
 * decide the free slots; a booking holds its host's time through a constraint, so two bookings
 * racing for one slot leave exactly one; links move once; the visitor's mail carries an .ics.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { decodeCursor } from "~/lib/pagination";
import { BOOKING_TEXT } from "~/lib/validation/booking-values";
import type { SignedUp } from "~/test/accounts.server";
import { createHarness, type Harness } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import {
  bookingDaysOff,
  bookingHosts,
  bookingHours,
  bookings,
  bookingUnits,
  emailOutbox,
  leads,
  notificationOccasions,
  notifications,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { MAIL_GROUP_MS, queueNotificationMail } from "../notifications/notification-mail.server";
import { eraseLeadsOf } from "../privacy/privacy.server";
import {
  findMeetingType,
  freeSlotsOn,
  type MeetingType,
  nextFreeDays,
  slotStart,
} from "./availability.server";
import { bookingToken, readBookingToken } from "./booking-mail.server";
import { sendBookingReminders } from "./booking-reminders.server";
import {
  bookingByToken,
  bookSlot,
  cancelBooking,
  getBooking,
  listBookings,
  markBooking,
  moveBooking,
} from "./bookings.server";
import { parseBusyTimes } from "./busy-feed.server";
import { addDayOff, setBusyFeed, setTakesMeetings } from "./hosts.server";

let h: Harness;
let host: SignedUp;
let consultation: MeetingType;
let feed: Server;
let feedUrl: string;
let feedBody = "";

// A Monday at 06:00 in South Africa: the day's slots run 09:00–16:30 (weekday hours).
const monday = (() => {
  let day = addDays(todayInSouthAfrica(), 7);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
  return day;
})();
const now = slotStart(monday, 6 * 60);
const tuesday = addDays(monday, 1);

const options = {
  ip: null,
  baseUrl: "http://localhost:3000",
  limits: { perIp: 100, perEmail: 100 },
};

const visitor = (n: number, time: string, day = tuesday) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.co.za`,
  phone: "+27 82 555 0100",
  company: "Acme",
  topic: "Automating our quotes",
  day,
  time,
});

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "host@example.co.za,second@example.co.za" });
  host = await signUpAdmin("host@example.co.za", "Thandi Host");
  await setTakesMeetings(h.handle.db, host.id, true);
  consultation = (await findMeetingType(h.handle.db, "consultation")) as MeetingType;
  feed = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(feedBody);
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/busy.ics`;
});
afterAll(async () => {
  await new Promise((resolve) => feed.close(resolve));
  await h.close();
});
beforeEach(async () => {
  await h.handle.db.delete(bookings);
  await h.handle.db.delete(bookingDaysOff);
  await h.handle.db.update(bookingHosts).set({ busyFeedUrl: null, busyTimes: [] });
});

describe(`booking on ${testDatabaseKind()}`, () => {
  it("offers the seeded meeting types and a new host's weekday hours, every half hour", async () => {
    expect(consultation).toMatchObject({ name: "30-minute consultation", minutes: 30 });
    expect(await findMeetingType(h.handle.db, "voice-demo")).toMatchObject({
      name: "Voice demo call",
    });
    const slots = await freeSlotsOn(h.handle.db, consultation, tuesday, now);
    expect(slots.map((s) => s.time)).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
    ]);
    // 09:00 South African time is 07:00 UTC.
    expect(slots[0]?.startsAt.toISOString()).toBe(`${tuesday}T07:00:00.000Z`);
    // Saturday and Sunday have no hours; the list shows only days with slots.
    const { days } = await nextFreeDays(h.handle.db, consultation, now);
    expect(days.every((d) => ![0, 6].includes(new Date(`${d.day}T00:00:00Z`).getUTCDay()))).toBe(
      true,
    );
    // Today (a Monday from 06:00) starts after the 4 hours' notice: 10:00.
    expect((await freeSlotsOn(h.handle.db, consultation, monday, now))[0]?.time).toBe("10:00");
  });

  it("books a slot: the lead, the confirmation with an .ics and the host's notification", async () => {
    const booked = await bookSlot(h.handle.db, consultation, visitor(1, "10:00"), now, options);
    expect(booked.ok).toBe(true);
    if (!booked.ok) return;
    const booking = await getBooking(h.handle.db, booked.bookingId);
    expect(booking).toMatchObject({ hostId: host.id, status: "confirmed", name: "Visitor 1" });
    const [lead] = await h.handle.db
      .select()
      .from(leads)
      .where(eq(leads.id, booking?.leadId as string));
    expect(lead).toMatchObject({ kind: "booking", email: "visitor1@example.co.za", status: "new" });
    const [mail] = await h.handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "visitor1@example.co.za"));
    expect(mail?.subject).toMatch(/^Booked: 30-minute consultation on Tuesday, /);
    expect(mail?.textBody).toContain("(South African time), 30 minutes");
    expect(mail?.textBody).toContain(`/booking/${bookingToken(booked.bookingId, 1)}?action=move`);
    const ics = mail?.attachments?.[0];
    expect(ics?.filename).toBe("meeting.ics");
    expect(ics?.content).toContain(`DTSTART:${tuesday.replace(/-/g, "")}T080000Z`);
    expect(ics?.content).toContain("LOCATION:Video call: your host e-mails the meeting link");
    const told = await h.handle.db
      .select({ kind: notifications.kind, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, host.id))
      .orderBy(notifications.createdAt, notifications.id);
    expect(told.at(-1)).toMatchObject({ kind: "booking.new" });
    expect(told.at(-1)?.title).toContain("30-minute consultation with Visitor 1");
    // The slot and the one after it (the 15-minute buffer after) are gone.
    const times = (await freeSlotsOn(h.handle.db, consultation, tuesday, now)).map((s) => s.time);
    expect(times).not.toContain("10:00");
    expect(times).not.toContain("10:30");
    expect(times).toContain("09:00");
    expect(times).toContain("11:00");
  });

  it("a second booking of the same address updates its open lead", async () => {
    await bookSlot(h.handle.db, consultation, visitor(2, "09:00"), now, options);
    await bookSlot(
      h.handle.db,
      consultation,
      { ...visitor(2, "14:00"), topic: "A second talk" },
      now,
      options,
    );
    const rows = await h.handle.db
      .select()
      .from(leads)
      .where(eq(leads.email, "visitor2@example.co.za"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toContain("A second talk");
  });

  it("two visitors racing for one slot: exactly one booking, the other told it was taken", async () => {
    const results = await Promise.all(
      [3, 4, 5].map((n) => bookSlot(h.handle.db, consultation, visitor(n, "11:00"), now, options)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) {
      expect(r).toMatchObject({ ok: false, status: 409, message: BOOKING_TEXT.taken });
    }
    expect(await h.handle.db.select().from(bookings)).toHaveLength(1);
    // The losers kept nothing: no lead, no mail.
    const lost = await h.handle.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "x"));
    expect(lost).toHaveLength(0);
  });

  it("the constraint itself refuses an overlapping hold (no check decides it)", async () => {
    const booked = await bookSlot(h.handle.db, consultation, visitor(6, "12:00"), now, options);
    if (!booked.ok) throw new Error("not booked");
    const [unit] = await h.handle.db.select().from(bookingUnits).limit(1);
    if (!unit) throw new Error("no units held");
    await expect(
      h.handle.db.insert(bookingUnits).values({ ...unit, bookingId: booked.bookingId }),
    ).rejects.toThrow();
  });

  it("refuses a slot in the past, too soon, outside the hours, on a day off, and malformed", async () => {
    const past = await bookSlot(
      h.handle.db,
      consultation,
      visitor(7, "10:00", addDays(monday, -1)),
      now,
      options,
    );
    expect(past).toMatchObject({ status: 400, message: BOOKING_TEXT.past });
    const soon = await bookSlot(
      h.handle.db,
      consultation,
      visitor(7, "05:00", monday),
      now,
      options,
    );
    expect(soon).toMatchObject({ status: 400, message: BOOKING_TEXT.past });
    const notice = await bookSlot(
      h.handle.db,
      consultation,
      visitor(7, "09:30", monday),
      now,
      options,
    );
    expect(notice).toMatchObject({
      status: 400,
      message: "That time is too soon to book. Choose one of the times below.",
    });
    const evening = await bookSlot(h.handle.db, consultation, visitor(7, "18:00"), now, options);
    expect(evening).toMatchObject({ status: 400, message: BOOKING_TEXT.outsideHours });
    const offGrid = await bookSlot(h.handle.db, consultation, visitor(7, "10:10"), now, options);
    expect(offGrid).toMatchObject({ status: 400, message: BOOKING_TEXT.outsideHours });
    const bad = await bookSlot(h.handle.db, consultation, visitor(7, "25:00"), now, options);
    expect(bad).toMatchObject({ status: 400, message: BOOKING_TEXT.badTime });
    await addDayOff(h.handle.db, host.id, tuesday, now);
    const off = await bookSlot(h.handle.db, consultation, visitor(7, "10:00"), now, options);
    expect(off).toMatchObject({ status: 400, message: BOOKING_TEXT.outsideHours });
    expect(await freeSlotsOn(h.handle.db, consultation, tuesday, now)).toEqual([]);
    expect(await h.handle.db.select().from(bookings)).toHaveLength(0);
  });

  it("a busy feed's times block slots (fetched from the address the host pasted)", async () => {
    const t = tuesday.replace(/-/g, "");
    feedBody = [
      "BEGIN:VCALENDAR",
      "BEGIN:VEVENT",
      `DTSTART:${t}T080000Z`,
      `DTEND:${t}T090000Z`,
      "END:VEVENT",
      "BEGIN:VEVENT",
      `DTSTART;TZID=Africa/Johannesburg:${t}T140000`,
      "DURATION:PT30M",
      "END:VEVENT",
      "BEGIN:VEVENT",
      `DTSTART:${t}T120000Z`,
      `DTEND:${t}T130000Z`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
      // A weekly meeting that began three weeks ago: this Tuesday's occurrence is busy too.
      "BEGIN:VEVENT",
      "UID:weekly@test",
      `DTSTART;TZID=Africa/Johannesburg:${addDays(tuesday, -21).replace(/-/g, "")}T160000`,
      `DTEND;TZID=Africa/Johannesburg:${addDays(tuesday, -21).replace(/-/g, "")}T163000`,
      "RRULE:FREQ=WEEKLY;COUNT=5",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    const saved = await setBusyFeed(h.handle.db, host.id, feedUrl, now);
    // The two single events, and the weekly one's occurrences still ahead (this Tuesday's and next).
    expect(saved).toMatchObject({ ok: true, busy: 4, error: null });
    const times = (await freeSlotsOn(h.handle.db, consultation, tuesday, now)).map((s) => s.time);
    // 10:00–11:00 busy: 10:00 and 10:30 go, and 09:30 (its 15-minute buffer after reaches 10:15).
    expect(times).not.toContain("09:30");
    expect(times).not.toContain("10:00");
    expect(times).not.toContain("10:30");
    expect(times).toContain("11:00");
    // 14:00–14:30 South African time; 13:30 goes too (its buffer); 14:00 transparent is free.
    expect(times).not.toContain("14:00");
    expect(times).toContain("14:30");
    // 16:00–16:30 weekly: 16:00 goes, and 15:30 (its buffer).
    expect(times).not.toContain("16:00");
    expect(times).not.toContain("15:30");
    const nextWeek = await freeSlotsOn(h.handle.db, consultation, addDays(tuesday, 7), now);
    expect(nextWeek.map((s) => s.time)).not.toContain("16:00");
    expect(nextWeek.map((s) => s.time)).toContain("15:00");
    const broken = await setBusyFeed(h.handle.db, host.id, "http://127.0.0.1:1/none.ics", now);
    expect(broken).toMatchObject({
      ok: true,
      busy: null,
      error: "The calendar could not be reached.",
    });
  });

  it("reads all-day and floating events as South African days and times", () => {
    const d = (day: string) => day.replace(/-/g, "");
    const busy = parseBusyTimes(
      [
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        `DTSTART;VALUE=DATE:${d(tuesday)}`,
        "END:VEVENT",
        "BEGIN:VEVENT",
        `DTSTART:${d(addDays(tuesday, 1))}T100000`,
        `DTEND:${d(addDays(tuesday, 1))}T110000`,
        "END:VEVENT",
        "END:VCALENDAR",
      ].join("\r\n"),
      now,
    );
    expect(busy).toEqual([
      [`${monday}T22:00:00.000Z`, `${tuesday}T22:00:00.000Z`],
      [`${addDays(tuesday, 1)}T08:00:00.000Z`, `${addDays(tuesday, 1)}T09:00:00.000Z`],
    ]);
  });

  it("moves with the link once; the link used twice says so; cancel frees the time", async () => {
    const booked = await bookSlot(h.handle.db, consultation, visitor(8, "10:00"), now, options);
    if (!booked.ok) throw new Error("not booked");
    const token = bookingToken(booked.bookingId, booked.linkVersion);
    const opened = await bookingByToken(h.handle.db, token);
    if (!opened.ok) throw new Error("link refused");
    const moved = await moveBooking(
      h.handle.db,
      opened.booking,
      { day: tuesday, time: "15:00" },
      now,
      { kind: "visitor", version: 1 },
      options.baseUrl,
    );
    expect(moved).toMatchObject({ ok: true, linkVersion: 2 });
    expect(await bookingByToken(h.handle.db, token)).toEqual({
      ok: false,
      status: 410,
      message: BOOKING_TEXT.linkUsed,
    });
    // The same (old) booking view used again, as a second tab would: refused, not moved twice.
    const again = await moveBooking(
      h.handle.db,
      opened.booking,
      { day: tuesday, time: "16:00" },
      now,
      { kind: "visitor", version: 1 },
      options.baseUrl,
    );
    expect(again).toMatchObject({ ok: false, status: 410, message: BOOKING_TEXT.linkUsed });
    const times = (await freeSlotsOn(h.handle.db, consultation, tuesday, now)).map((s) => s.time);
    expect(times).toContain("10:00");
    expect(times).not.toContain("15:00");
    const mails = await h.handle.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "visitor8@example.co.za"))
      .orderBy(emailOutbox.createdAt, emailOutbox.id);
    expect(mails.map((m) => m.subject.split(" on ")[0])).toEqual([
      "Booked: 30-minute consultation",
      "Moved: 30-minute consultation",
    ]);
    expect(mails[1]?.text).toContain(bookingToken(booked.bookingId, 2));

    const current = await bookingByToken(h.handle.db, bookingToken(booked.bookingId, 2));
    if (!current.ok) throw new Error("new link refused");
    const cancelled = await cancelBooking(
      h.handle.db,
      current.booking,
      now,
      { kind: "visitor", version: 2 },
      options.baseUrl,
    );
    expect(cancelled).toEqual({ ok: true });
    expect(await freeSlotsOn(h.handle.db, consultation, tuesday, now)).toHaveLength(16);
    const after = await getBooking(h.handle.db, booked.bookingId);
    expect(after?.status).toBe("cancelled");
    const [last] = await h.handle.db
      .select({ subject: emailOutbox.subject, attachments: emailOutbox.attachments })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "visitor8@example.co.za"))
      .orderBy(emailOutbox.createdAt, emailOutbox.id)
      .offset(2);
    expect(last?.subject).toMatch(/^Cancelled: /);
    expect(last?.attachments?.[0]?.content).toContain("METHOD:CANCEL");
  });

  it("the host's notification mail carries the .ics: one UID, REQUEST, then CANCEL, SEQUENCE rising", async () => {
    const hostMails = async () => {
      await queueNotificationMail(
        h.handle.db,
        new Date(Date.now() + MAIL_GROUP_MS + 1000),
        options.baseUrl,
      );
      const rows = await h.handle.db
        .select({
          subject: emailOutbox.subject,
          text: emailOutbox.textBody,
          attachments: emailOutbox.attachments,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, "host@example.co.za"))
        .orderBy(emailOutbox.createdAt, emailOutbox.id);
      return rows.filter((r) => r.subject.includes("Visitor 9"));
    };
    const booked = await bookSlot(h.handle.db, consultation, visitor(9, "11:00"), now, options);
    if (!booked.ok) throw new Error("not booked");
    const uid = `UID:booking-${booked.bookingId}@localhost`;
    const [first] = await hostMails();
    expect(first?.text).toContain("Attached: meeting.ics");
    const invite = first?.attachments?.[0];
    expect(invite).toMatchObject({
      filename: "meeting.ics",
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
    });
    const unfolded = (text = "") => text.replace(/\r\n /g, "");
    expect(invite?.content).toContain("METHOD:REQUEST");
    expect(invite?.content).toContain(uid);
    expect(invite?.content).toContain("SEQUENCE:1");
    expect(invite?.content).toContain(`DTSTART:${tuesday.replace(/-/g, "")}T090000Z`);
    expect(unfolded(invite?.content)).toContain("SUMMARY:30-minute consultation with Visitor 9");
    expect(unfolded(invite?.content)).toContain(
      'ATTENDEE;CN="Thandi Host";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:host@example.co.za',
    );
    expect(unfolded(invite?.content)).toContain("To discuss: Automating our quotes");
    // The visitor's invitation names the same event.
    const [visitorMail] = await h.handle.db
      .select({ attachments: emailOutbox.attachments })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "visitor9@example.co.za"));
    expect(visitorMail?.attachments?.[0]?.content).toContain(uid);

    const opened = await getBooking(h.handle.db, booked.bookingId);
    if (!opened) throw new Error("no booking");
    await moveBooking(
      h.handle.db,
      opened,
      { day: tuesday, time: "15:00" },
      now,
      { kind: "visitor", version: 1 },
      options.baseUrl,
    );
    const moved = (await hostMails()).at(-1)?.attachments?.[0]?.content;
    expect(moved).toContain("METHOD:REQUEST");
    expect(moved).toContain(uid);
    expect(moved).toContain("SEQUENCE:2");
    expect(moved).toContain(`DTSTART:${tuesday.replace(/-/g, "")}T130000Z`);

    const current = await getBooking(h.handle.db, booked.bookingId);
    if (!current) throw new Error("no booking");
    await cancelBooking(
      h.handle.db,
      current,
      now,
      { kind: "visitor", version: 2 },
      options.baseUrl,
    );
    const all = await hostMails();
    expect(all).toHaveLength(3);
    const cancelled = all.at(-1)?.attachments?.[0];
    expect(cancelled?.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    expect(cancelled?.content).toContain("METHOD:CANCEL");
    expect(cancelled?.content).toContain("STATUS:CANCELLED");
    expect(cancelled?.content).toContain(uid);
    expect(cancelled?.content).toContain("SEQUENCE:3");
    // The visitor's cancellation outranks their last invitation too.
    const [visitorCancel] = await h.handle.db
      .select({ attachments: emailOutbox.attachments })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "visitor9@example.co.za"))
      .orderBy(emailOutbox.createdAt, emailOutbox.id)
      .offset(2);
    expect(visitorCancel?.attachments?.[0]?.content).toContain("SEQUENCE:3");
    // Mailed notifications keep no copy of the file.
    const kept = await h.handle.db
      .select({ attachments: notifications.attachments })
      .from(notifications)
      .where(eq(notifications.userId, host.id));
    expect(kept.every((n) => n.attachments === null)).toBe(true);
  });

  it("rejects forged and malformed links", async () => {
    expect(readBookingToken("nonsense")).toBeNull();
    const token = bookingToken("00000000-0000-4000-8000-000000000000", 1);
    expect(readBookingToken(`${token}x`)).toBeNull();
    expect(readBookingToken(token.replace(".1.", ".2."))).toBeNull();
    expect(await bookingByToken(h.handle.db, token)).toMatchObject({
      status: 404,
      message: BOOKING_TEXT.linkInvalid,
    });
  });

  it("held and no-show only once the meeting has started", async () => {
    const booked = await bookSlot(h.handle.db, consultation, visitor(9, "10:00"), now, options);
    if (!booked.ok) throw new Error("not booked");
    const booking = await getBooking(h.handle.db, booked.bookingId);
    if (!booking) throw new Error("not found");
    expect(await markBooking(h.handle.db, booking, "held", now)).toMatchObject({
      ok: false,
      status: 409,
    });
    const later = new Date(booking.startsAt.getTime() + 60_000);
    expect(await markBooking(h.handle.db, booking, "no-show", later)).toEqual({ ok: true });
    expect((await getBooking(h.handle.db, booked.bookingId))?.status).toBe("no-show");
  });

  it("lists bookings a page at a time: upcoming soonest first, past latest first", async () => {
    for (const [n, time] of [
      [21, "09:00"],
      [22, "11:00"],
      [23, "13:00"],
      [24, "15:00"],
      [25, "15:00"],
    ] as const) {
      const day = n === 25 ? addDays(tuesday, 1) : tuesday;
      const booked = await bookSlot(h.handle.db, consultation, visitor(n, time, day), now, options);
      expect(booked.ok).toBe(true);
    }
    const names = (page: { rows: { name: string }[] }) => page.rows.map((b) => b.name);
    const first = await listBookings(h.handle.db, { when: "upcoming" }, now, { limit: 2 });
    expect(names(first)).toEqual(["Visitor 21", "Visitor 22"]);
    const second = await listBookings(h.handle.db, { when: "upcoming" }, now, {
      limit: 2,
      cursor: decodeCursor(first.next),
    });
    expect(names(second)).toEqual(["Visitor 23", "Visitor 24"]);
    const third = await listBookings(h.handle.db, { when: "upcoming" }, now, {
      limit: 2,
      cursor: decodeCursor(second.next),
    });
    expect(names(third)).toEqual(["Visitor 25"]);
    expect(third.next).toBeNull();
    // Seen from the day after: latest first, a page at a time.
    const later = new Date(slotStart(addDays(tuesday, 2), 9 * 60));
    const past = await listBookings(h.handle.db, { when: "past" }, later, { limit: 3 });
    expect(names(past)).toEqual(["Visitor 25", "Visitor 24", "Visitor 23"]);
    const rest = await listBookings(h.handle.db, { when: "past" }, later, {
      limit: 3,
      cursor: decodeCursor(past.next),
    });
    expect(names(rest)).toEqual(["Visitor 22", "Visitor 21"]);
    expect(rest.next).toBeNull();
  });

  it("with two hosts, the same slot is booked twice, once with each", async () => {
    const second = await signUpAdmin("second@example.co.za", "Sipho Second");
    await setTakesMeetings(h.handle.db, second.id, true);
    const a = await bookSlot(h.handle.db, consultation, visitor(10, "13:00"), now, options);
    const b = await bookSlot(h.handle.db, consultation, visitor(11, "13:00"), now, options);
    const c = await bookSlot(h.handle.db, consultation, visitor(12, "13:00"), now, options);
    expect([a.ok, b.ok, c.ok]).toEqual([true, true, false]);
    const hosts = (await h.handle.db.select({ hostId: bookings.hostId }).from(bookings)).map(
      (r) => r.hostId,
    );
    expect(new Set(hosts)).toEqual(new Set([host.id, second.id]));
    await setTakesMeetings(h.handle.db, second.id, false);
    await h.handle.db.delete(bookingHours).where(eq(bookingHours.userId, second.id));
  });

  it("reminds the host (notifications) and the visitor (mail) a day and an hour before, once each", async () => {
    await h.handle.db.delete(notificationOccasions);
    const booked = await bookSlot(h.handle.db, consultation, visitor(13, "16:00"), now, options);
    if (!booked.ok) throw new Error("not booked");
    const starts = slotStart(tuesday, 16 * 60).getTime();
    const remindersOf = async () =>
      (
        await h.handle.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(eq(notifications.kind, "booking.reminder"))
          .orderBy(notifications.createdAt, notifications.id)
      ).map((r) => r.title.split(":")[0]);
    const mails = async () =>
      (
        await h.handle.db
          .select({ subject: emailOutbox.subject })
          .from(emailOutbox)
          .where(eq(emailOutbox.toAddress, "visitor13@example.co.za"))
          .orderBy(emailOutbox.createdAt, emailOutbox.id)
      ).map((m) => m.subject);
    // Two days ahead: nothing yet.
    expect(await sendBookingReminders(h.handle.db, new Date(starts - 48 * 3600_000))).toEqual({
      reminders: 0,
    });
    const dayBefore = new Date(starts - 23 * 3600_000);
    // Two instances running the job at once tell once.
    const runs = await Promise.all([
      sendBookingReminders(h.handle.db, dayBefore),
      sendBookingReminders(h.handle.db, dayBefore),
    ]);
    expect(runs.map((r) => r.reminders).sort()).toEqual([0, 1]);
    expect(await remindersOf()).toEqual(["Tomorrow"]);
    const hourBefore = new Date(starts - 50 * 60_000);
    expect(await sendBookingReminders(h.handle.db, hourBefore)).toEqual({ reminders: 1 });
    expect(await sendBookingReminders(h.handle.db, hourBefore)).toEqual({ reminders: 0 });
    expect(await remindersOf()).toEqual(["Tomorrow", "In an hour"]);
    expect((await mails()).filter((m) => m.startsWith("Reminder:"))).toEqual([
      "Reminder: 30-minute consultation tomorrow — Kopano AI",
      "Reminder: 30-minute consultation in an hour — Kopano AI",
    ]);
    await h.handle.db.delete(notifications);
  });

  it("'Delete my details' erases the visitor's bookings with their lead, and frees the time", async () => {
    await bookSlot(h.handle.db, consultation, visitor(14, "09:00"), now, options);
    expect(await eraseLeadsOf(h.handle.db, "visitor14@example.co.za")).toBe(1);
    expect(
      await h.handle.db
        .select()
        .from(bookings)
        .where(eq(bookings.email, "visitor14@example.co.za")),
    ).toEqual([]);
    expect((await freeSlotsOn(h.handle.db, consultation, tuesday, now))[0]?.time).toBe("09:00");
  });
});
