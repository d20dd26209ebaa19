/**
 * Analytics → Leads (administrators only): aggregate queries over the leads that arrived in the
 * period (index leads_created_idx). Nothing here loads leads themselves into JavaScript: only
 * counts per group and medians, which each figure then reads.
 */
import { sql } from "drizzle-orm";
import { packageNames } from "~/content/packages";
import { addDays } from "~/lib/dates";
import { LEAD_KINDS, type LeadKind, type LeadStatus } from "~/lib/validation/lead-status";
import { type Period, weeksOf } from "~/lib/validation/period";
import type { Database } from "../db/client.server";

type Range = Pick<Period, "start" | "end" | "from" | "to">;

/** The Monday of a week numbered as whole weeks since Monday 5 January 1970. */
export function weekStart(index: number): string {
  return addDays("1970-01-05", index * 7);
}

/**
 * The whole weeks (Monday to Sunday) inside the days from–to, by their Mondays; null when there
 * is none.
 */
export function wholeWeeks(from: string, to: string) {
  const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const firstMonday = addDays(from, (7 - weekday(from)) % 7);
  const lastMonday = addDays(to, -((weekday(to) + 1) % 7) - 6);
  return firstMonday <= lastMonday ? { firstMonday, lastMonday } : null;
}

const inPeriod = (column: string, range: Range) =>
  sql`${sql.raw(column)} >= ${range.start}::timestamptz and ${sql.raw(column)} < ${range.end}::timestamptz`;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/** Which grouping a row of the counts query belongs to (GROUPING() bits: wk kind pkg status src). */
const SET = {
  weekKind: 0b00111,
  weekPackage: 0b01011,
  status: 0b11101,
  sourceStatus: 0b11100,
} as const;

interface CountRow {
  g: number;
  wk: number | null;
  kind: LeadKind | null;
  pkg: string | null;
  status: LeadStatus | null;
  src: string | null;
  n: number;
}

export interface LeadSummary {
  weeks: { week: string; kind: LeadKind; n: number }[];
  packageWeeks: { week: string; pkg: string; n: number }[];
  statuses: Partial<Record<LeadStatus, number>>;
  sources: { path: string | null; status: LeadStatus; n: number }[];
  firstChange: { kind: LeadKind | null; changed: number; median: number | null }[];
}

/**
 * Every lead figure of a period in two aggregate queries: counts by week and kind, week and
 * package, status, source and status (GROUPING SETS over the rollups lead_week_counts and
 * lead_day_counts); and
 * the median time to a first status change, per kind and overall (from the index
 * leads_first_change_idx alone).
 */
export async function leadSummary(db: Database, range: Range): Promise<LeadSummary> {
  // The rollups (kept by a trigger) summed per week and group, then per grouping set: the
  // period's whole weeks from lead_week_counts, its first and last days from lead_day_counts.
  const span = wholeWeeks(range.from, range.to);
  const dayRows = (from: string, to: string) =>
    sql`select (day - date '1970-01-05') / 7 as wk, kind, package_name, status, source_path, leads
          from lead_day_counts where day >= ${from}::date and day <= ${to}::date`;
  const source = span
    ? sql`select (week - date '1970-01-05') / 7 as wk, kind, package_name, status, source_path,
                 leads
            from lead_week_counts
           where week >= ${span.firstMonday}::date and week <= ${span.lastMonday}::date
          union all ${dayRows(range.from, addDays(span.firstMonday, -1))}
          union all ${dayRows(addDays(span.lastMonday, 7), range.to)}`
    : dayRows(range.from, range.to);
  const countsQuery = rows<CountRow>(
    db,
    sql`select grouping(wk, kind, pkg, status, src)::int as g, wk, kind, pkg, status, src,
               sum(n)::int as n
          from (select wk, kind, nullif(package_name, '') as pkg, status,
                       nullif(source_path, '') as src, sum(leads) as n
                  from (${source}) r
                 group by 1, 2, 3, 4, 5
                having sum(leads) > 0) l
         group by grouping sets ((wk, kind), (wk, pkg), (status), (src, status))`,
  );
  // One pass with an aggregate per kind (FILTER) and one overall: each median sorts its own
  // leads once (GROUP BY ROLLUP sorted them all by kind first, then each group, then all again).
  const kinds = [null, ...LEAD_KINDS] as const;
  const medians = kinds.map((kind, i) => {
    const only = kind === null ? sql`` : sql` filter (where kind = ${kind})`;
    return sql`count(*)${only}::int as ${sql.raw(`n${i}`)},
               percentile_cont(0.5) within group (order by secs)${only}::float8
                 as ${sql.raw(`m${i}`)}`;
  });
  const medianQuery = rows<Record<string, number | null>>(
    db,
    sql`select ${sql.join(medians, sql`, `)}
          from (select kind,
                       date_part('epoch', first_status_change_at) - date_part('epoch', created_at)
                         as secs
                  from leads
                 where ${inPeriod("created_at", range)} and first_status_change_at is not null) l`,
  );
  const [counts, [row = {}]] = await Promise.all([countsQuery, medianQuery]);
  const firstChange = kinds.map((kind, i) => ({
    kind,
    changed: Number(row[`n${i}`] ?? 0),
    median: row[`m${i}`] ?? null,
  }));
  const of = (g: number) => counts.filter((r) => r.g === g);
  return {
    weeks: of(SET.weekKind).map((r) => ({
      week: weekStart(r.wk ?? 0),
      kind: r.kind as LeadKind,
      n: r.n,
    })),
    packageWeeks: of(SET.weekPackage)
      .filter((r) => r.pkg !== null)
      .map((r) => ({ week: weekStart(r.wk ?? 0), pkg: r.pkg as string, n: r.n })),
    statuses: Object.fromEntries(of(SET.status).map((r) => [r.status, r.n])),
    sources: of(SET.sourceStatus).map((r) => ({
      path: r.src,
      status: r.status as LeadStatus,
      n: r.n,
    })),
    firstChange,
  };
}

export interface WeekCounts<K extends string> {
  week: string;
  counts: Record<K, number>;
}

export function fillWeeks<K extends string>(
  range: Range,
  keys: readonly K[],
  found: { week: string; key: string | null; n: number }[],
): WeekCounts<K>[] {
  const byWeek = new Map<string, Record<K, number>>();
  for (const week of weeksOf(range)) {
    byWeek.set(week, Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>);
  }
  for (const row of found) {
    const counts = byWeek.get(row.week);
    if (counts && row.key !== null && row.key in counts) counts[row.key as K] += row.n;
  }
  return [...byWeek].map(([week, counts]) => ({ week, counts }));
}

/** New leads per week, by kind (contact, quote, chat). */
export function leadsByWeek(summary: LeadSummary, range: Range) {
  return fillWeeks<LeadKind>(
    range,
    LEAD_KINDS,
    summary.weeks.map((w) => ({ week: w.week, key: w.kind, n: w.n })),
  );
}

/** Quote requests per week, by package. */
export function quotesByPackage(summary: LeadSummary, range: Range) {
  return fillWeeks(
    range,
    packageNames,
    summary.packageWeeks.map((w) => ({ week: w.week, key: w.pkg, n: w.n })),
  );
}

export interface Funnel {
  /** Leads that arrived in the period. */
  arrived: number;
  /** Of them, those someone has worked: contacted, won or lost. */
  contacted: number;
  won: number;
  lost: number;
}

/** The funnel new → contacted → won / lost of the leads that arrived in the period. */
export function leadFunnel(summary: LeadSummary): Funnel {
  const n = (s: LeadStatus) => summary.statuses[s] ?? 0;
  return {
    arrived: n("new") + n("contacted") + n("won") + n("lost"),
    contacted: n("contacted") + n("won") + n("lost"),
    won: n("won"),
    lost: n("lost"),
  };
}

export interface FirstChange {
  kind: LeadKind | "all";
  /** Leads of the period whose status has changed at least once (history kept from now on). */
  changed: number;
  /** Median seconds from arrival to the first change; null without any. */
  medianSeconds: number | null;
}

/** Median time from a lead arriving to its first status change, per kind and overall. */
export function timeToFirstChange(summary: LeadSummary): FirstChange[] {
  return [...LEAD_KINDS, "all" as const].map((kind) => {
    const row = summary.firstChange.find((r) => r.kind === (kind === "all" ? null : kind));
    return {
      kind,
      changed: row?.changed ?? 0,
      medianSeconds: row && row.median !== null ? Number(row.median) : null,
    };
  });
}

export interface LeadSource {
  /** The page the form was on; null when it is not known. */
  path: string | null;
  leads: number;
  won: number;
}

/** Where the period's leads came from: the page the form was on, busiest first. */
export function leadSources(summary: LeadSummary): LeadSource[] {
  const byPath = new Map<string | null, LeadSource>();
  for (const row of summary.sources) {
    const source = byPath.get(row.path) ?? { path: row.path, leads: 0, won: 0 };
    source.leads += row.n;
    if (row.status === "won") source.won += row.n;
    byPath.set(row.path, source);
  }
  return [...byPath.values()].sort(
    (a, b) =>
      b.leads - a.leads ||
      (a.path === null ? 1 : b.path === null ? -1 : a.path.localeCompare(b.path)),
  );
}
