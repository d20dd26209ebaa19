/**
 * Vacuum and analyze for the embedded database. PostgreSQL's autovacuum daemon does this on a
 * server; PGlite is one backend with no daemons, so without this nothing ever vacuums it: dead
 * rows stay, the tables grow, index-only scans keep visiting the heap (Analytics' covering
 * indexes, decision 026) and the planner's row estimates age. A scheduled job applies
 * autovacuum's own rules (its default thresholds) table by table.
 *
 * PGlite keeps table statistics only while it runs: after a restart they start from zero. The
 * catalog survives: a table's size is its pg_class.reltuples, as autovacuum itself reads it (the
 * live count of the statistics would be 0 after a restart, and 51 dead rows would then have a
 * table of 100,000 rows vacuumed). A table is also due when more of its current pages than autovacuum's
 * scale factor are not marked all-visible (pg_class.relallvisible, set by the last vacuum), or
 * when it has never been analyzed. VACUUM holds the one connection while it runs: on a table of
 * 100,000 rows about a second, and only after a fifth of it has changed.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./client.server";

/** autovacuum's defaults (PostgreSQL 17). */
const VACUUM = { threshold: 50, scale: 0.2 };
const INSERT_VACUUM = { threshold: 1000, scale: 0.2 };
const ANALYZE = { threshold: 50, scale: 0.1 };
/** Pages not marked all-visible, beyond which a table is vacuumed. */
const UNVISIBLE_PAGES = { threshold: 8, scale: 0.2 };

export interface TableActivity {
  table: string;
  /** Rows in the table: pg_class.reltuples (as of the last vacuum or analyze). */
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
  pages: number;
  allVisiblePages: number;
  analyzed: boolean;
}

export type Maintenance = "vacuum" | "analyze" | null;

/** What autovacuum would do to a table now; pure, for the job and its tests. */
export function maintenanceDue(t: TableActivity): Maintenance {
  const vacuum =
    t.dead > VACUUM.threshold + VACUUM.scale * t.live ||
    t.insertedSinceVacuum > INSERT_VACUUM.threshold + INSERT_VACUUM.scale * t.live ||
    t.pages - t.allVisiblePages > UNVISIBLE_PAGES.threshold + UNVISIBLE_PAGES.scale * t.pages;
  if (vacuum) return "vacuum";
  const analyze =
    t.modifiedSinceAnalyze > ANALYZE.threshold + ANALYZE.scale * t.live ||
    (!t.analyzed && t.pages > 0);
  return analyze ? "analyze" : null;
}

/** The application's tables (schema public) with their statistics and page counts. */
export async function tableActivity(db: Database): Promise<TableActivity[]> {
  // Statistics reach the views when the backend reports them (at most once a second): report
  // this backend's now, so rows written in the last second count.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await db.execute(sql`
    select s.relname as "table",
           (case when c.reltuples >= 0 then c.reltuples else s.n_live_tup end)::float8 as live,
           s.n_dead_tup::float8 as dead,
           s.n_ins_since_vacuum::float8 as "insertedSinceVacuum",
           s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze",
           (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 as pages,
           c.relallvisible::float8 as "allVisiblePages",
           (c.reltuples >= 0 or s.last_analyze is not null or s.last_autoanalyze is not null)
             as analyzed
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
     where s.schemaname = 'public'
     order by s.relname`);
  return result.rows as unknown as TableActivity[];
}

/** Vacuum or analyze each table that is due, one at a time; counts what was done. */
export async function maintainTables(db: Database) {
  let vacuumed = 0;
  let analyzed = 0;
  for (const table of await tableActivity(db)) {
    const due = maintenanceDue(table);
    if (!due) continue;
    const name = sql.identifier(table.table);
    if (due === "vacuum") {
      await db.execute(sql`vacuum (analyze) ${name}`);
      vacuumed++;
    } else {
      await db.execute(sql`analyze ${name}`);
      analyzed++;
    }
  }
  return { vacuumed, analyzed };
}

/**
 * For the embedded database only: a PostgreSQL server has its own autovacuum. A `Job` of
 * jobs.server.ts, which keeps its leases in the database: db/ imports nothing outside itself.
 */
export const pgliteMaintenanceJobs = [
  { name: "pglite-vacuum", everyMs: 60 * 1000, run: (db: Database) => maintainTables(db) },
];
