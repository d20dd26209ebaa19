/**
 * Analytics → Leads (administrators only): one aggregate query per figure, over the leads that
 * arrived in the period (index leads_created_idx; lead_events_lead_created_idx for the first
 * change). Nothing here loads leads themselves into JavaScript: only counts and medians.
 */
import { sql } from "drizzle-orm";
import { packageNames } from "~/content/packages";
import { LEAD_KINDS, type LeadKind } from "~/lib/validation/lead-status";
import { type Period, weeksOf } from "~/lib/validation/period";
import type { Database } from "../db/client.server";

type Range = Pick<Period, "start" | "end" | "from" | "to">;

/** A calendar week (Monday, South Africa) of a timestamp column, as YYYY-MM-DD. */
const weekOf = (column: string) =>
  sql.raw(
    `to_char(date_trunc('week', ${column} at time zone 'Africa/Johannesburg'), 'YYYY-MM-DD')`,
  );

const inPeriod = (column: string, range: Range) =>
  sql`${sql.raw(column)} >= ${range.start}::timestamptz and ${sql.raw(column)} < ${range.end}::timestamptz`;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

export interface WeekCounts<K extends string> {
  week: string;
  counts: Record<K, number>;
}

function fillWeeks<K extends string>(
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
export async function leadsByWeek(db: Database, range: Range) {
  const found = await rows<{ week: string; key: string; n: number }>(
    db,
    sql`select ${weekOf("created_at")} as week, kind as key, count(*)::int as n
          from leads where ${inPeriod("created_at", range)}
         group by 1, 2`,
  );
  return fillWeeks<LeadKind>(range, LEAD_KINDS, found);
}

/** Quote requests per week, by package. */
export async function quotesByPackage(db: Database, range: Range) {
  const found = await rows<{ week: string; key: string | null; n: number }>(
    db,
    sql`select ${weekOf("created_at")} as week, package_name as key, count(*)::int as n
          from leads where ${inPeriod("created_at", range)} and kind = 'quote'
         group by 1, 2`,
  );
  return fillWeeks(range, packageNames, found);
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
export async function leadFunnel(db: Database, range: Range): Promise<Funnel> {
  const [row] = await rows<Funnel>(
    db,
    sql`select count(*)::int as arrived,
               count(*) filter (where status <> 'new')::int as contacted,
               count(*) filter (where status = 'won')::int as won,
               count(*) filter (where status = 'lost')::int as lost
          from leads where ${inPeriod("created_at", range)}`,
  );
  return row ?? { arrived: 0, contacted: 0, won: 0, lost: 0 };
}

export interface FirstChange {
  kind: LeadKind | "all";
  /** Leads of the period whose status has changed at least once (history kept from now on). */
  changed: number;
  /** Median seconds from arrival to the first change; null without any. */
  medianSeconds: number | null;
}

/** Median time from a lead arriving to its first status change, per kind and overall. */
export async function timeToFirstChange(db: Database, range: Range): Promise<FirstChange[]> {
  const found = await rows<{ kind: LeadKind | null; changed: number; median: number | null }>(
    db,
    sql`select l.kind, count(*)::int as changed,
               percentile_cont(0.5) within group (
                 order by extract(epoch from (f.first_at - l.created_at)))::float8 as median
          from leads l
          join lateral (
                 select e.created_at as first_at from lead_events e
                  where e.lead_id = l.id order by e.created_at limit 1) f on true
         where ${inPeriod("l.created_at", range)}
         group by rollup (l.kind)`,
  );
  const of = (kind: LeadKind | null) => found.find((r) => r.kind === kind);
  return [...LEAD_KINDS, "all" as const].map((kind) => {
    const row = of(kind === "all" ? null : kind);
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
export async function leadSources(db: Database, range: Range): Promise<LeadSource[]> {
  const found = await rows<{ path: string | null; leads: number; won: number }>(
    db,
    sql`select source_path as path, count(*)::int as leads,
               count(*) filter (where status = 'won')::int as won
          from leads where ${inPeriod("created_at", range)}
         group by source_path
         order by leads desc, path nulls last
         limit 100`,
  );
  return found;
}
