import { describe, expect, it } from "vitest";
import {
  addDays,
  formatDate,
  formatDateTime,
  formatForPeople,
  formatLongDate,
  formatRelative,
  formatShortDay,
  isCalendarDay,
  quoteDateBounds,
  todayInSouthAfrica,
} from "./dates";

describe("calendar days", () => {
  it("knows a real day from one the calendar has not got", () => {
    for (const day of ["2027-02-28", "2028-02-29", "0001-01-01", "9999-12-31"]) {
      expect(isCalendarDay(day), day).toBe(true);
    }
    for (const day of [
      "2027-02-29",
      "2027-04-31",
      "0000-01-01",
      "2027-1-1",
      "2027-01-01T00:00",
      "",
    ]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it("adds calendar days across month and year ends", () => {
    expect(addDays("2025-01-31", 1)).toBe("2025-02-01");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("names today as Johannesburg sees it, whatever the machine's zone", () => {
    // 23:30 UTC is already 01:30 the next morning in South Africa (UTC+2).
    expect(todayInSouthAfrica(new Date("2025-01-05T23:30:00Z"))).toBe("2025-01-06");
    expect(todayInSouthAfrica(new Date("2025-01-05T21:59:00Z"))).toBe("2025-01-05");
  });

  it("formats a long date with or without the weekday, independent of locale data", () => {
    expect(formatLongDate("2025-11-01")).toBe("1 November 2025");
    expect(formatLongDate("2026-12-01", { weekday: true })).toBe("Tuesday, 1 December 2026");
  });

  it("writes a short day for chart axes with the same months as every other date", () => {
    expect(formatShortDay("2026-09-07")).toBe("7 Sept");
    expect(formatShortDay("2026-03-16")).toBe("16 Mar");
  });
});

describe("quoteDateBounds", () => {
  const lateEvening = new Date("2025-01-05T23:30:00Z");

  it("starts the quote form's calendar on South Africa's today, as the server checks it", () => {
    expect(quoteDateBounds("", lateEvening)).toEqual({
      startMin: "2025-01-06",
      finishMin: "2025-01-07",
    });
  });

  it("lets the finish date start the day after the chosen start", () => {
    expect(quoteDateBounds("2025-03-10", lateEvening).finishMin).toBe("2025-03-11");
  });
});

describe("one style for dates and times, without Intl (decision 055; issue 17: no locale data)", () => {
  it("writes the day and time as South Africa's clock shows them", () => {
    // 22:03 UTC is 00:03 the next day in Johannesburg.
    expect(formatDate(new Date("2026-09-03T22:03:00Z"))).toBe("4 Sept 2026");
    expect(formatDateTime("2026-09-03T22:03:00Z")).toBe("4 Sept 2026 at 00:03");
    expect(formatDateTime(new Date("2026-01-01T11:59:00Z"))).toBe("1 Jan 2026 at 13:59");
    expect(formatDate("2025-12-31T21:59:59Z")).toBe("31 Dec 2025");
    expect(formatDate("2025-12-31T22:00:00Z")).toBe("1 Jan 2026");
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDate("2026-13-45")).toThrow(RangeError);
  });

  it("writes a calendar day as that day, whatever the clock", () => {
    expect(formatDate("2026-12-03")).toBe("3 Dec 2026");
    expect(formatForPeople("2025-11-01")).toBe("1 Nov 2025");
  });

  it("has one function behind every date and time, with the same day text", () => {
    const at = new Date("2026-12-03T21:30:00Z"); // 23:30 on 3 December in South Africa
    expect(formatDate(at)).toBe(formatForPeople(at));
    expect(formatDateTime(at)).toBe(formatForPeople(at, { time: true }));
    expect(formatDateTime(at).startsWith(`${formatDate(at)} at `)).toBe(true);
    for (let month = 0; month < 12; month++) {
      for (const hour of [0, 1, 9, 12, 21, 22, 23]) {
        const moment = new Date(Date.UTC(2026, month, month + 1, hour, month * 5));
        expect(formatDateTime(moment)).toMatch(
          /^([1-9]|[12]\d|3[01]) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec) 2026 at ([01]\d|2[0-3]):[0-5]\d$/,
        );
        expect(formatDate(moment)).toBe(formatDate(todayInSouthAfrica(moment)));
      }
    }
  });

  it("writes relative times as Intl's English does ('yesterday', 'in 2 hours')", () => {
    const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    const now = new Date("2026-06-15T12:00:00Z");
    const units = [
      ["minute", 60],
      ["hour", 3600],
      ["day", 86_400],
      ["week", 604_800],
      ["month", 2_592_000],
      ["year", 31_536_000],
    ] as const;
    for (const [, size] of units) {
      for (const amount of [-1200, -11, -2, -1, 1, 2, 11]) {
        const at = new Date(now.getTime() + amount * size * 1000);
        const text = formatRelative(at, now);
        // The largest unit that fits is used, so 11 weeks read as months: compare like with like.
        const [expectedUnit, expectedSize] = units
          .slice()
          .reverse()
          .find(([, s]) => Math.abs(amount * size) >= s) ?? ["minute", 60];
        expect(text).toBe(rtf.format(Math.round((amount * size) / expectedSize), expectedUnit));
      }
    }
    expect(formatRelative(new Date(now.getTime() - 30_000), now)).toBe("just now");
  });
});
