import { describe, expect, it } from "vitest";
import { addDays, formatLongDate, quoteDateBounds, todayInSouthAfrica } from "./dates";

describe("calendar days", () => {
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
