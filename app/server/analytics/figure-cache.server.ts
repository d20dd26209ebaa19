/**
 * Analytics' figures kept for as long as the data they read has not changed (decision 028).
 *
 * The figures come in two groups, each reading its own tables (`FIGURE_DOMAINS`): the leads
 * figures and the work figures. A statement trigger on each of those tables (migration 0016)
 * adds a row to `figure_changes` for every transaction that changes the table, in that
 * transaction, whichever code writes. The sum of a domain's rows therefore moves with every
 * commit that touched its data and with nothing else: figures computed when the sum was N are
 * still the figures while it is N. A new lead recomputes the leads figures only; a message, the
 * work figures only; the outbox, the job runs and sign-ins neither. Every instance of a
 * scaled-out deployment reads the same sums. The key also holds everything else a figure
 * depends on (scope, period, the South African date).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { figureChanges } from "../db/schema.server";
import type { Job } from "../jobs.server";

/** The tables each group of figures reads; each has the trigger figure_changes_<table>. */
export const FIGURE_DOMAINS = {
  leads: ["leads", "lead_day_counts", "lead_week_counts"],
  work: ["clients", "projects", "messages", "activity", "milestones", "reviews", "review_answers"],
} as const;

export type FigureDomain = keyof typeof FIGURE_DOMAINS;

/**
 * Every counted domain: the figures' and 'portal', the tables the portal's kept pages read
 * beyond the work figures' (migration 0017, decision 029). Each table has one trigger, counting
 * for its one domain.
 */
export const CHANGE_DOMAINS = {
  ...FIGURE_DOMAINS,
  portal: ["message_reads", "user", "profiles"],
} as const;

export type ChangeDomain = keyof typeof CHANGE_DOMAINS;

/** Where each figure domain's data stands: the sum of its changes (0 when never changed). */
export type ChangeCounts = Record<FigureDomain, number>;

/** Groups kept per database, the least recently used dropped first. */
export const FIGURE_CACHE_ENTRIES = 64;

/**
 * Results kept per database under an id that names what they were computed from, the least
 * recently used dropped past `max`. Callers arriving while a result is computed share it; a
 * computation that fails is not kept.
 */
export class KeptResults {
  readonly #byDatabase = new WeakMap<Database, Map<string, Promise<unknown>>>();
  constructor(readonly max: number) {}

  get<T>(db: Database, id: string, compute: () => Promise<T>): Promise<T> {
    let entries = this.#byDatabase.get(db);
    if (!entries) {
      entries = new Map();
      this.#byDatabase.set(db, entries);
    }
    const kept = entries.get(id) as Promise<T> | undefined;
    if (kept) {
      entries.delete(id);
      entries.set(id, kept);
      return kept;
    }
    const pending = compute();
    entries.set(id, pending);
    pending.catch(() => {
      if (entries.get(id) === pending) entries.delete(id);
    });
    for (const oldest of entries.keys()) {
      if (entries.size <= this.max) break;
      entries.delete(oldest);
    }
    return pending;
  }
}

const figures = new KeptResults(FIGURE_CACHE_ENTRIES);

/** Each domain's changes so far, in one statement (one snapshot). */
export async function changeCounts(db: Database): Promise<ChangeCounts> {
  const result = await db.execute(sql`
    select domain, sum(changes)::float8 as changes from figure_changes group by domain`);
  const counts: ChangeCounts = { leads: 0, work: 0 };
  for (const row of result.rows as { domain: string; changes: number }[]) {
    if (row.domain in counts) counts[row.domain as FigureDomain] = Number(row.changes);
  }
  return counts;
}

/**
 * The sum of the changes of `domains`, as a column of a larger read (the portal reads it with
 * the session, decision 029): it moves with every commit that touched one of their tables.
 */
export function changesOf(domains: readonly ChangeDomain[]): SQL<number> {
  const list = sql.join(
    domains.map((d) => sql`${d}`),
    sql`, `,
  );
  return sql<number>`(select coalesce(sum(${figureChanges.changes}), 0)::float8 from ${figureChanges} where ${figureChanges.domain} in (${list}))`.mapWith(
    Number,
  );
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

/**
 * Folds every transaction's row into one row per domain (`xact` 0), in one statement: each
 * domain's sum is the same before and after, for every reader. Returns the rows folded.
 */
export async function foldFigureChanges(db: Database) {
  const result = await db.execute(sql`
    with folded as (
      delete from figure_changes where xact <> 0 returning domain, changes
    ), sums as (
      insert into figure_changes (domain, xact, changes)
      select domain, 0, sum(changes) from folded group by domain
      on conflict (domain, xact) do update set changes = figure_changes.changes + excluded.changes
    )
    select count(*)::int as folded from folded`);
  return { folded: (result.rows[0] as { folded: number }).folded };
}

/** Keeps figure_changes to a few rows (every instance and database). */
export const figureChangesJobs: Job[] = [
  { name: "fold-figure-changes", everyMs: 60 * 1000, run: (db) => foldFigureChanges(db) },
];
