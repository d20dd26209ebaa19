/**
 * Analytics' figures kept for as long as the data they read has not changed (decision 028).
 *
 * The figures come in two groups, each reading its own tables (`FIGURE_DOMAINS`): the leads
 * figures and the work figures, two of the domains whose commits are counted
 * (workspace/changes.server.ts). A new lead recomputes the leads figures only; a message, the
 * work figures only; the outbox, the job runs and sign-ins neither. The key also holds
 * everything else a figure depends on (scope, period, the South African date).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { CHANGE_DOMAINS, KeptResults } from "../workspace/changes.server";

/** The tables each group of figures reads: the counted domains 'leads' and 'work'. */
export const FIGURE_DOMAINS = {
  leads: CHANGE_DOMAINS.leads,
  work: CHANGE_DOMAINS.work,
  // Bookings by week read the bookings and their leads (a lead that became a client).
  bookings: [...CHANGE_DOMAINS.bookings, ...CHANGE_DOMAINS.leads],
} as const;

export type FigureDomain = keyof typeof FIGURE_DOMAINS;

/** Where each figure domain's data stands: the sum of its changes (0 when never changed). */
export type ChangeCounts = Record<FigureDomain, number>;

/** Groups kept per database, the least recently used dropped first. */
export const FIGURE_CACHE_ENTRIES = 64;

const figures = new KeptResults(FIGURE_CACHE_ENTRIES);

/** Each domain's changes so far, in one statement (one snapshot). */
export async function changeCounts(db: Database): Promise<ChangeCounts> {
  const result = await db.execute(sql`
    select domain, sum(changes)::float8 as changes from figure_changes group by domain`);
  const counts: ChangeCounts = { leads: 0, work: 0, bookings: 0 };
  for (const row of result.rows as { domain: string; changes: number }[]) {
    if (row.domain in counts) counts[row.domain as FigureDomain] = Number(row.changes);
  }
  // The bookings figures also read leads: they stand where both stand (both only grow).
  counts.bookings += counts.leads;
  return counts;
}

/**
 * `compute()`'s result for `key` while `domain`'s data stands at `counts` (read before the
 * computation starts, so what it reads is at least as new): computed once per count and key
 * (callers arriving while it runs share it), again after any commit that changes the domain's
 * data. A computation that fails is not kept.
 */
export function forChanges<T>(
  db: Database,
  counts: ChangeCounts,
  domain: FigureDomain,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  return figures.get(db, `${domain}:${counts[domain]}\n${key}`, compute);
}
