/**
 * The period Analytics and Reports show: the last 30, 90 or 365 days, or custom dates, as
 * South Africa's calendar days. One schema for the period form (browser) and the loaders.
 */
import { addDays, formatDate, todayInSouthAfrica } from "../dates";
import { DEFAULT_PERIOD, PERIOD_CHOICES, type Period } from "./period-values";
import { z } from "./zod";

export {
  DEFAULT_PERIOD,
  PERIOD_CHOICES,
  PERIOD_PRESETS,
  type Period,
  type PeriodChoice,
  periodSearch,
} from "./period-values";

/** The longest custom period: three years of weeks still read as a chart. */
export const MAX_PERIOD_DAYS = 1096;
export const EARLIEST_DAY = "2020-01-01";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter dates as YYYY-MM-DD");

function realDay(value: string) {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const periodSchema = z
  .object({
    range: z.enum(PERIOD_CHOICES, { error: "Choose a period" }).default(DEFAULT_PERIOD),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.range !== "custom") return;
    if (!v.from || !realDay(v.from)) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "Enter a valid start date" });
      return;
    }
    if (!v.to || !realDay(v.to)) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "Enter a valid end date" });
      return;
    }
    if (v.from > v.to) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "The end date must be on or after the start date",
      });
      return;
    }
    if (v.from < EARLIEST_DAY) {
      ctx.addIssue({
        code: "custom",
        path: ["from"],
        message: `Choose a start date from ${formatDate(EARLIEST_DAY)}`,
      });
      return;
    }
    if (daysBetween(v.from, v.to) + 1 > MAX_PERIOD_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "Choose a period of at most three years",
      });
    }
  });

export type PeriodInput = z.infer<typeof periodSchema>;

export function daysBetween(from: string, to: string) {
  return Math.round(
    (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * 3600 * 1000),
  );
}

/** Midnight of a South African day (UTC+2 all year: no daylight saving). */
export function southAfricaMidnight(isoDay: string): Date {
  return new Date(`${isoDay}T00:00:00+02:00`);
}

/** The period of valid input; `now` decides what "today" is. */
export function resolvePeriod(input: PeriodInput, now: Date): Period {
  const today = todayInSouthAfrica(now);
  let from: string;
  let to: string;
  if (input.range === "custom" && input.from && input.to) {
    from = input.from;
    to = input.to;
  } else {
    const n = Number(input.range === "custom" ? DEFAULT_PERIOD : input.range);
    from = addDays(today, -(n - 1));
    to = today;
  }
  const choice = input.range;
  const label =
    choice === "custom"
      ? `${formatDate(from)} to ${formatDate(to)}`
      : `Last ${choice} days (${formatDate(from)} to ${formatDate(to)})`;
  return {
    choice,
    from,
    to,
    start: southAfricaMidnight(from).toISOString(),
    end: southAfricaMidnight(addDays(to, 1)).toISOString(),
    days: daysBetween(from, to) + 1,
    label,
  };
}

/**
 * The period a URL asks for (`?range=30|90|365|custom&from=…&to=…`), or the default with the
 * first problem when the input is not valid.
 */
export function periodFromSearch(
  params: URLSearchParams,
  now: Date,
): { period: Period; error: string | null } {
  const parsed = periodSchema.safeParse({
    range: params.get("range") || undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
  });
  if (parsed.success) return { period: resolvePeriod(parsed.data, now), error: null };
  const issue = parsed.error.issues[0];
  return {
    period: resolvePeriod({ range: DEFAULT_PERIOD }, now),
    error: `${issue?.message ?? "That period is not valid"}, so the last ${DEFAULT_PERIOD} days are shown.`,
  };
}

/** Mondays (YYYY-MM-DD) of the weeks that touch the period, in order. */
export function weeksOf(period: Pick<Period, "from" | "to">): string[] {
  const first = new Date(`${period.from}T00:00:00Z`);
  const back = (first.getUTCDay() + 6) % 7; // days since Monday
  const weeks: string[] = [];
  for (let w = addDays(period.from, -back); w <= period.to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}
