/**
 * The period Analytics and Reports show, as the pages use it: its choices, its shape and the
 * query string that asks for it again. Plain values without zod (period.ts holds the schema and
 * re-exports these), so the pages load no validation code (decision 025).
 */

export const PERIOD_PRESETS = ["30", "90", "365"] as const;
export const PERIOD_CHOICES = [...PERIOD_PRESETS, "custom"] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];
export const DEFAULT_PERIOD: PeriodChoice = "90";

/** A resolved period: calendar days (inclusive) and the instants that bound it. */
export interface Period {
  choice: PeriodChoice;
  /** First day, YYYY-MM-DD (South Africa). */
  from: string;
  /** Last day, YYYY-MM-DD, inclusive. */
  to: string;
  /** from's midnight in South Africa, as an ISO instant. */
  start: string;
  /** The midnight after `to` (exclusive), as an ISO instant. */
  end: string;
  days: number;
  label: string;
}

/** The query string that asks for `period` again (CSV and PDF links, report links). */
export function periodSearch(period: Pick<Period, "choice" | "from" | "to">): string {
  const params = new URLSearchParams({ range: period.choice });
  if (period.choice === "custom") {
    params.set("from", period.from);
    params.set("to", period.to);
  }
  return params.toString();
}
