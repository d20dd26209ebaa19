import { describe, expect, it } from "vitest";
import { periodFromSearch, periodSearch, resolvePeriod, weeksOf } from "./period";

// 23:30 on 31 March 2026 in South Africa is still the 31st there (UTC: 21:30).
const NOW = new Date("2026-03-31T21:30:00Z");

describe("the period", () => {
  it("ends today in South Africa and bounds it by South African midnights", () => {
    const p = resolvePeriod({ range: "30" }, NOW);
    expect(p).toMatchObject({
      choice: "30",
      from: "2026-03-02",
      to: "2026-03-31",
      days: 30,
      start: "2026-03-01T22:00:00.000Z",
      end: "2026-03-31T22:00:00.000Z",
    });
    expect(resolvePeriod({ range: "365" }, NOW).days).toBe(365);
  });

  it("takes custom dates, and refuses impossible ones with a reason", () => {
    const ok = periodFromSearch(
      new URLSearchParams("range=custom&from=2026-01-01&to=2026-01-31"),
      NOW,
    );
    expect(ok.error).toBeNull();
    expect(ok.period).toMatchObject({ from: "2026-01-01", to: "2026-01-31", days: 31 });
    const cases: [string, RegExp][] = [
      ["range=custom&from=2026-02-30&to=2026-03-01", /valid start date/],
      ["range=custom&from=2026-02-01", /valid end date/],
      ["range=custom&from=2026-03-01&to=2026-02-01", /on or after the start date/],
      ["range=custom&from=2019-01-01&to=2019-02-01", /start date from 1 Jan 2020/],
      ["range=custom&from=2020-01-01&to=2026-01-01", /at most three years/],
      ["range=7", /Choose a period/],
      ["range=custom&from=<script>&to=x", /YYYY-MM-DD/],
    ];
    for (const [search, message] of cases) {
      const { period, error } = periodFromSearch(new URLSearchParams(search), NOW);
      expect(error, search).toMatch(message);
      expect(period.choice, search).toBe("90");
    }
  });

  it("round-trips through its query string", () => {
    const custom = resolvePeriod({ range: "custom", from: "2026-01-05", to: "2026-02-01" }, NOW);
    expect(periodSearch(custom)).toBe("range=custom&from=2026-01-05&to=2026-02-01");
    expect(periodSearch(resolvePeriod({ range: "30" }, NOW))).toBe("range=30");
  });

  it("lists the Mondays of the weeks it touches", () => {
    expect(weeksOf({ from: "2026-03-04", to: "2026-03-16" })).toEqual([
      "2026-03-02",
      "2026-03-09",
      "2026-03-16",
    ]);
    expect(weeksOf({ from: "2026-03-02", to: "2026-03-02" })).toEqual(["2026-03-02"]);
  });
});
