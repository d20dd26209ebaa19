/**
 * The booking pages as a visitor without JavaScript uses them (issue 33, points 2, 4 and 6), on
 * PGlite and PostgreSQL: days and times by GET, the booking by POST with a redirect to its own
 * page, a taken time refused with what was typed kept and the next free times offered, the
 * link moving the meeting once, and clear 4xx messages for bad input.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { BOOKING_TEXT } from "~/lib/validation/booking-values";
import { setTakesMeetings } from "~/server/bookings/hosts.server";
import { bookings, emailOutbox } from "~/server/db/schema.server";
import { testDatabaseKind } from "~/server/db/test-db.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { action as bookAction, loader as bookLoader } from "./book";
import { action as manageAction, loader as manageLoader } from "./booking";

let h: Harness;

/** A weekday at least two days ahead: its 10:00 is well past the notice. */
const day = (() => {
  let d = addDays(todayInSouthAfrica(), 2);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
})();

const details = (n: number) => ({
  name: `Visitor ${n}`,
  email: `page${n}@example.co.za`,
  phone: "+27 82 555 0101",
  company: "",
  topic: "Voice agents for our clinic",
});

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "host@example.co.za" });
  const host = await signUpAdmin("host@example.co.za", "Thandi Host");
  await setTakesMeetings(h.handle.db, host.id, true);
});
afterAll(() => h.close());

const get = async (path: string) => {
  const res = await run(bookLoader, getRequest(path), {
    type: path.split("/")[2]?.split("?")[0] ?? "",
  });
  return { status: res.status, body: await res.json() };
};

describe(`the booking pages on ${testDatabaseKind()}`, () => {
  it("lists days, then the day's times, as links", async () => {
    const page = await get("/book/consultation");
    expect(page.status).toBe(200);
    expect(page.body.type.name).toBe("30-minute consultation");
    expect(page.body.picker.days.map((d: { day: string }) => d.day)).toContain(day);
    const times = await get(`/book/consultation?day=${day}`);
    expect(times.body.picker.slots).toContain("10:00");
    const chosen = await get(`/book/consultation?day=${day}&time=10:00`);
    expect(chosen.body.picker.time).toBe("10:00");
  });

  it("answers bad addresses with a clear 4xx", async () => {
    const unknown = await run(bookLoader, getRequest("/book/nope"), { type: "nope" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: BOOKING_TEXT.notFound });
    const badDay = await get("/book/consultation?day=2026-02-31");
    expect(badDay).toMatchObject({
      status: 400,
      body: { picker: { problem: BOOKING_TEXT.badDay } },
    });
    const badTime = await get(`/book/consultation?day=${day}&time=10:07`);
    expect(badTime).toMatchObject({
      status: 400,
      body: { picker: { problem: BOOKING_TEXT.outsideHours } },
    });
    const late = await get(`/book/consultation?day=${day}&time=21:00`);
    expect(late.body.picker.problem).toBe(BOOKING_TEXT.outsideHours);
    const past = await get("/book/consultation?day=2020-01-07&time=10:00");
    expect(past).toMatchObject({ status: 400, body: { picker: { problem: BOOKING_TEXT.past } } });
  });

  it("books with a plain post, refuses the same time to the next visitor and keeps their input", async () => {
    const invalid = await run(
      bookAction,
      formRequest("/book/consultation", { ...details(1), email: "nope", day, time: "10:00" }),
      { type: "consultation" },
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      ok: false,
      error: "Invalid email address",
      field: "email",
      values: { name: "Visitor 1" },
    });

    const booked = await run(
      bookAction,
      formRequest("/book/consultation", { ...details(1), day, time: "10:00" }),
      { type: "consultation" },
    );
    expect(booked.status).toBe(302);
    const location = booked.headers.get("location") ?? "";
    expect(location).toMatch(/^\/booking\/[0-9a-f-]{36}\.1\.[\w-]+\?booked=1$/);

    const second = await run(
      bookAction,
      formRequest("/book/consultation", { ...details(2), day, time: "10:00" }),
      { type: "consultation" },
    );
    expect(second.status).toBe(409);
    const refusal = await second.json();
    expect(refusal).toMatchObject({
      ok: false,
      error: BOOKING_TEXT.taken,
      values: { name: "Visitor 2", topic: "Voice agents for our clinic" },
    });
    expect(refusal.next.length).toBeGreaterThan(0);
    expect(refusal.next[0]).not.toEqual({ day, time: "10:00" });
    // Choosing one of the offered times books it, with the same details.
    const retry = await run(
      bookAction,
      formRequest("/book/consultation", {
        ...details(2),
        day,
        time: "10:00",
        slot: `${refusal.next[0].day}T${refusal.next[0].time}`,
      }),
      { type: "consultation" },
    );
    expect(retry.status).toBe(302);

    const token = location.split("/")[2]?.split("?")[0] as string;
    const page = await run(manageLoader, getRequest(location), { token });
    expect(await page.json()).toMatchObject({
      notice: "booked",
      meeting: { typeName: "30-minute consultation", status: "confirmed", open: true },
    });
  });

  it("moves the meeting with the mailed link once; the link used twice says so", async () => {
    const booked = await run(
      bookAction,
      formRequest("/book/voice-demo", { ...details(3), day, time: "14:00" }),
      { type: "voice-demo" },
    );
    const location = booked.headers.get("location") ?? "";
    const token = location.split("/")[2]?.split("?")[0] as string;
    const [mail] = await h.handle.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "page3@example.co.za"));
    expect(mail?.text).toContain(`http://localhost:3000/booking/${token}?action=move`);

    const picker = await run(
      manageLoader,
      getRequest(`/booking/${token}?action=move&day=${day}&time=15:00`),
      { token },
    );
    expect(await picker.json()).toMatchObject({ view: "move", picker: { day, time: "15:00" } });
    // Its own time is offered again while moving it.
    const own = await run(manageLoader, getRequest(`/booking/${token}?action=move&day=${day}`), {
      token,
    });
    expect((await own.json()).picker.slots).toContain("14:00");

    const moved = await run(
      manageAction,
      formRequest(`/booking/${token}`, { intent: "move", day, time: "15:00" }),
      { token },
    );
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toMatch(/\.2\.[\w-]+\?moved=1$/);

    const twice = await run(
      manageAction,
      formRequest(`/booking/${token}`, { intent: "move", day, time: "15:30" }),
      { token },
    );
    expect(twice.status).toBe(410);
    expect(await twice.json()).toMatchObject({ error: BOOKING_TEXT.linkUsed });
    const opened = await run(manageLoader, getRequest(`/booking/${token}`), { token });
    expect(opened.status).toBe(410);
    expect(await opened.json()).toMatchObject({ problem: BOOKING_TEXT.linkUsed });

    const newToken = (moved.headers.get("location") ?? "").split("/")[2]?.split("?")[0] as string;
    const badSlot = await run(
      manageAction,
      formRequest(`/booking/${newToken}`, { intent: "move", day: "2026-99-01", time: "10:00" }),
      { token: newToken },
    );
    expect(badSlot.status).toBe(400);
    expect(await badSlot.json()).toMatchObject({ error: BOOKING_TEXT.badDay });

    const cancelled = await run(
      manageAction,
      formRequest(`/booking/${newToken}`, { intent: "cancel" }),
      { token: newToken },
    );
    expect(cancelled.status).toBe(302);
    const rows = await h.handle.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.email, "page3@example.co.za"));
    expect(rows).toEqual([{ status: "cancelled" }]);
    const forged = await run(manageLoader, getRequest("/booking/abc"), { token: "abc" });
    expect(forged.status).toBe(404);
  });
});
