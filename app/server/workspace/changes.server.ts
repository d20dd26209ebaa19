/**
 * Where the data stands: a count of the commits that changed each group of tables (decisions 028
 * and 029). A statement trigger on each counted table (migrations 0016 and 0017) adds a row to
 * `figure_changes` for every transaction that changes the table, in that transaction, whichever
 * code writes. The sum of a domain's rows therefore moves with every commit that touched its
 * tables and with nothing else: a result computed when the sum was N is still the result while
 * it is N. Every instance of a scaled-out deployment reads the same sums. Analytics keeps its
 * figures by these counts (analytics/figure-cache.server.ts), the portal its kept pages
 * (kept-pages.server.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { figureChanges } from "../db/schema.server";
import type { Job } from "../jobs.server";

/**
 * Every counted domain and its tables: the leads figures', the work figures' and 'portal', the
 * tables the portal's kept pages read beyond the work figures'. Each table has one trigger,
 * `figure_changes_<table>`, counting for its one domain.
 */
export const CHANGE_DOMAINS = {
  leads: ["leads", "lead_day_counts", "lead_week_counts"],
  work: [
    "clients",
    "projects",
    "messages",
    "message_threads",
    "activity",
    "milestones",
    "reviews",
    "review_answers",
  ],
  portal: ["message_reads", "user", "profiles"],
  bookings: ["bookings"],
} as const;

export type ChangeDomain = keyof typeof CHANGE_DOMAINS;

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
