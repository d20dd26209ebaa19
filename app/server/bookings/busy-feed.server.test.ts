/**
 * A host's busy-times feed (issue 33, point 1; decisions 076 and 085), read from feeds as Google
 * Calendar and Outlook publish them: repeating events block every occurrence up to the horizon
 * (DAILY, WEEKLY, MONTHLY and YEARLY with INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY; EXDATE;
 * an occurrence moved or cancelled by RECURRENCE-ID), all-day events are South African days,
 * and TZID times are read in their zone (IANA names, Windows names, a VTIMEZONE's offset).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBusyTimes } from "./busy-feed.server";

const feed = (name: string) => readFileSync(new URL(`./feeds/${name}`, import.meta.url), "utf8");
// Monday 30 November 2026, 06:00 in South Africa.
const now = new Date("2026-11-30T04:00:00Z");
const pair = (from: string, to: string) => [`${from}:00.000Z`, `${to}:00.000Z`];

describe("a Google Calendar feed", () => {
  const busy = parseBusyTimes(feed("google.ics"), now);
  const has = (from: string, to: string) => expect(busy).toContainEqual(pair(from, to));
  const lacks = (from: string) => expect(busy.map(([s]) => s)).not.toContain(`${from}:00.000Z`);

  it("a weekly stand-up (Mon, Wed, Fri 09:00 in Johannesburg) blocks each occurrence ahead", () => {
    has("2026-11-30T07:00", "2026-11-30T07:15");
    has("2026-12-07T07:00", "2026-12-07T07:15");
    has("2026-12-11T07:00", "2026-12-11T07:15");
    has("2027-06-30T07:00", "2027-06-30T07:15");
    // Occurrences before now are not kept.
    lacks("2026-11-27T07:00");
  });

  it("an EXDATE, an occurrence moved and one cancelled by RECURRENCE-ID", () => {
    lacks("2026-12-02T07:00"); // EXDATE
    lacks("2026-12-04T07:00"); // moved to 11:30
    has("2026-12-04T09:30", "2026-12-04T09:45");
    lacks("2026-12-09T07:00"); // cancelled
  });

  it("DAILY with INTERVAL and COUNT (UTC times)", () => {
    const gym = busy.filter(([s]) => s.endsWith("T15:00:00.000Z"));
    expect(gym).toEqual([
      pair("2026-12-01T15:00", "2026-12-01T16:00"),
      pair("2026-12-03T15:00", "2026-12-03T16:00"),
      pair("2026-12-05T15:00", "2026-12-05T16:00"),
    ]);
  });

  it("MONTHLY on the second Tuesday until 1 March", () => {
    const board = busy.filter(([s]) => s.endsWith("T12:00:00.000Z"));
    expect(board).toEqual([
      pair("2026-12-08T12:00", "2026-12-08T14:00"),
      pair("2027-01-12T12:00", "2027-01-12T14:00"),
      pair("2027-02-09T12:00", "2027-02-09T14:00"),
    ]);
  });

  it("all-day events, single and weekly, are whole South African days", () => {
    has("2026-12-13T22:00", "2026-12-15T22:00");
    has("2026-12-03T22:00", "2026-12-04T22:00");
    has("2026-12-10T22:00", "2026-12-11T22:00");
    lacks("2026-12-17T22:00"); // COUNT=2
  });

  it("a transparent (free) repeating event blocks nothing", () => {
    expect(busy.filter(([s]) => s.endsWith("T10:00:00.000Z"))).toEqual([]);
  });
});

describe("an Outlook (Exchange) feed", () => {
  it("Windows zone names, a custom zone's offset, fortnightly until, monthly count, yearly", () => {
    expect(parseBusyTimes(feed("outlook.ics"), now)).toEqual([
      // Customized Time Zone (+03:00): 15:00–16:00.
      pair("2026-12-10T12:00", "2026-12-10T13:00"),
      // Payroll: the 15th, three times, 12:00 UTC.
      pair("2026-12-15T12:00", "2026-12-15T13:00"),
      // W. Europe Standard Time (Berlin, winter): 09:00–10:00.
      pair("2026-12-16T08:00", "2026-12-16T09:00"),
      // Fortnightly Thursday 10:00 South Africa Standard Time: 3 Dec excluded, 31 Dec after UNTIL.
      pair("2026-12-17T08:00", "2026-12-17T09:00"),
      // Office closed every 25 December (all day).
      pair("2026-12-24T22:00", "2026-12-25T22:00"),
      pair("2027-01-15T12:00", "2027-01-15T13:00"),
      pair("2027-02-15T12:00", "2027-02-15T13:00"),
      pair("2027-12-24T22:00", "2027-12-25T22:00"),
    ]);
  });
});

describe("the horizon", () => {
  it("an endless daily event blocks every day up to 400 days ahead, and no further", () => {
    const busy = parseBusyTimes(
      [
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        "UID:daily@test",
        "DTSTART:20200101T080000Z",
        "DTEND:20200101T083000Z",
        "RRULE:FREQ=DAILY",
        "END:VEVENT",
        "END:VCALENDAR",
      ].join("\r\n"),
      now,
    );
    expect(busy[0]).toEqual(pair("2026-11-30T08:00", "2026-11-30T08:30"));
    expect(busy).toContainEqual(pair("2027-11-30T08:00", "2027-11-30T08:30"));
    expect(busy).toHaveLength(400);
  });

  it("a rule that never matches ends (no endless loop), keeping its first occurrence", () => {
    const busy = parseBusyTimes(
      [
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        "DTSTART:20261201T080000Z",
        "DURATION:PT1H",
        "RRULE:FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2",
        "END:VEVENT",
        "END:VCALENDAR",
      ].join("\n"),
      now,
    );
    expect(busy).toEqual([pair("2026-12-01T08:00", "2026-12-01T09:00")]);
  });
});
