// Dates and times are written here by hand, not with Intl: the first Intl formatter a browser
// tab creates loads the locale data, one task of 25–60 ms (100–250 ms on Lighthouse's mobile
// CPU) on every page that shows a date (issue 17, decision 025). The server and every browser
// also write exactly the same text, whatever their locale data: one style for every date and
// time ("4 Sept 2026", "4 Sept 2026 at 00:03", decision 055) and en relative times ("yesterday").
// South Africa keeps UTC+2 all year (no daylight saving), so its wall clock is UTC + 2 hours.

const SOUTH_AFRICA_OFFSET_MS = 2 * 3600 * 1000;
const SHORT_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sept",
  "Oct",
  "Nov",
  "Dec",
];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const twoDigits = (n: number) => String(n).padStart(2, "0");

/** The moment's wall-clock time in South Africa, to be read with the `getUTC…` methods. */
function southAfricanClock(value: Date | string): Date {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  return new Date(time + SOUTH_AFRICA_OFFSET_MS);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The one way a date or a time is written for people, on every page, in mail and in PDFs
 * (decision 055): "4 Sept 2026", or with the time "4 Sept 2026 at 00:03", as South Africa's
 * clock shows the moment. A calendar day ("2026-09-04": a due date, a week) is that day as it
 * is. Lists of messages say how long ago instead (`formatRelative`), as the spec asks.
 */
export function formatForPeople(value: Date | string, options: { time?: boolean } = {}): string {
  const d =
    typeof value === "string" && CALENDAR_DAY.test(value)
      ? new Date(`${value}T00:00:00Z`)
      : southAfricanClock(value);
  if (Number.isNaN(d.getTime())) throw new RangeError("Invalid time value");
  const day = `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  if (!options.time) return day;
  return `${day} at ${twoDigits(d.getUTCHours())}:${twoDigits(d.getUTCMinutes())}`;
}

/** "4 Sept 2026": the day (in South Africa), `formatForPeople` without the time. */
export function formatDate(value: Date | string): string {
  return formatForPeople(value);
}

/** "9 Sept" from "2026-09-09": a calendar day, short (chart axes). */
export function formatShortDay(isoDay: string): string {
  const [, m, d] = isoDay.split("-").map(Number);
  return `${d} ${SHORT_MONTHS[(m ?? 1) - 1]}`;
}

/** "4 Sept 2026 at 00:03": the day and time in South Africa, `formatForPeople` with the time. */
export function formatDateTime(value: Date | string): string {
  return formatForPeople(value, { time: true });
}

type RelativeUnit = "year" | "month" | "week" | "day" | "hour" | "minute";
const UNITS: [RelativeUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
/** One unit back and forward, in words ("numeric: auto"); hours and minutes have none. */
const ADJACENT: Partial<Record<RelativeUnit, [string, string]>> = {
  year: ["last year", "next year"],
  month: ["last month", "next month"],
  week: ["last week", "next week"],
  day: ["yesterday", "tomorrow"],
};

/** "2 days ago", "in 1 hour", "yesterday": `amount` (a whole number, not 0) of `unit`. */
function relativeText(amount: number, unit: RelativeUnit): string {
  const adjacent = ADJACENT[unit];
  if (adjacent && Math.abs(amount) === 1) return amount < 0 ? adjacent[0] : adjacent[1];
  const n = Math.abs(amount);
  const words = `${n.toString().replace(/\B(?=(\d{3})+$)/g, ",")} ${unit}${n === 1 ? "" : "s"}`;
  return amount < 0 ? `${words} ago` : `in ${words}`;
}

/** "5 minutes ago", "yesterday", "just now". */
export function formatRelative(value: Date | string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (abs >= size || unit === "minute") {
      return relativeText(Math.round(seconds / size), unit);
    }
  }
  return "just now";
}

// Calendar days as YYYY-MM-DD strings: the quote form and its server check use these, so the
// browser and the server agree on what "today" is (South Africa's day, not the visitor's).

/**
 * A real calendar day as YYYY-MM-DD (2027-02-30 and 2027-04-31 are not, nor is any day of year
 * 0000: the calendar goes from 1 BC to AD 1, and PostgreSQL's `date` refuses it).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith("0000")) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Today's date in South Africa (Africa/Johannesburg), as YYYY-MM-DD. */
export function todayInSouthAfrica(now: Date = new Date()): string {
  return southAfricanClock(now).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day moved by whole days (calendar arithmetic, no time-zone or DST drift). */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The quote form's earliest start and finish days: from today in South Africa. */
export function quoteDateBounds(startDate: string, now: Date = new Date()) {
  const startMin = todayInSouthAfrica(now);
  return { startMin, finishMin: addDays(startDate || startMin, 1) };
}

/**
 * "1 November 2025" (or "Saturday, 1 November 2025") from "2025-11-01": only for the quote
 * request's text, where the spec asks for the long date format; everything else is written by
 * `formatForPeople`.
 */
export function formatLongDate(isoDay: string, options: { weekday?: boolean } = {}): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return options.weekday ? `${WEEKDAYS[date.getUTCDay()]}, ${day}` : day;
}

/** A month of the books, "2026-12" → "December 2026". */
export function periodName(period: string): string {
  return `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}
