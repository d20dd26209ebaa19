/**
 * Analytics' figures kept for the database snapshot they were computed under (decision 026).
 *
 * PostgreSQL (and PGlite, the same engine) decides which rows a query sees from its snapshot
 * alone: `pg_current_snapshot()` names the transactions committed so far. The same snapshot text
 * twice means no transaction has committed in between, so figures computed then are still the
 * figures now; any write anywhere in the database changes it. Nothing needs invalidating, no
 * trigger or event is involved, and every instance of a scaled-out deployment sees the same
 * snapshot of the same database. The key also holds everything else a figure depends on
 * (scope, period, the South African date), so a cached page is exactly the page computed now.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";

/** Pages kept per database, the least recently used dropped first. */
export const SNAPSHOT_CACHE_ENTRIES = 64;

const byDatabase = new WeakMap<Database, Map<string, Promise<unknown>>>();

/** The database's current snapshot, as text ("xmin:xmax:xip,…"). */
export async function currentSnapshot(db: Database): Promise<string> {
  const result = await db.execute(sql`select pg_current_snapshot()::text as snapshot`);
  return (result.rows[0] as { snapshot: string }).snapshot;
}

/**
 * `compute()`'s result for `key` under the database's current snapshot: computed once per
 * snapshot and key (callers arriving while it runs share it), recomputed after any commit.
 * A computation that fails is not kept.
 */
export async function forSnapshot<T>(
  db: Database,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const snapshot = await currentSnapshot(db);
  let entries = byDatabase.get(db);
  if (!entries) {
    entries = new Map();
    byDatabase.set(db, entries);
  }
  const id = `${snapshot}\n${key}`;
  const kept = entries.get(id) as Promise<T> | undefined;
  if (kept) {
    entries.delete(id);
    entries.set(id, kept);
    return kept;
  }
  const pending = compute();
  entries.set(id, pending);
  pending.catch(() => entries.delete(id));
  for (const oldest of entries.keys()) {
    if (entries.size <= SNAPSHOT_CACHE_ENTRIES) break;
    entries.delete(oldest);
  }
  return pending;
}
