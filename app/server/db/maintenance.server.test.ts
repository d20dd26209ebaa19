/**
 * The embedded database's vacuum job: autovacuum's rules, applied to PGlite, which has no
 * autovacuum. Run on PGlite only: a PostgreSQL server's own autovacuum would race the counts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database, migrateDatabase, openPglite } from "./client.server";
import {
  maintainTables,
  maintenanceDue,
  type TableActivity,
  tableActivity,
} from "./maintenance.server";
import { testDatabaseKind } from "./test-db.server";

const quiet: TableActivity = {
  table: "t",
  live: 1000,
  dead: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
  pages: 10,
  allVisiblePages: 10,
  analyzed: true,
};

describe("maintenanceDue", () => {
  it("follows autovacuum's default thresholds", () => {
    expect(maintenanceDue(quiet)).toBeNull();
    // Dead rows: 50 + 20% of the live ones.
    expect(maintenanceDue({ ...quiet, dead: 250 })).toBeNull();
    expect(maintenanceDue({ ...quiet, dead: 251 })).toBe("vacuum");
    // Inserts: 1000 + 20%.
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 1200 })).toBeNull();
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 1201 })).toBe("vacuum");
    // Changes since the last analyze: 50 + 10%.
    expect(maintenanceDue({ ...quiet, modifiedSinceAnalyze: 150 })).toBeNull();
    expect(maintenanceDue({ ...quiet, modifiedSinceAnalyze: 151 })).toBe("analyze");
  });

  it("uses the catalog when the statistics were lost with a restart", () => {
    const restarted = { ...quiet, live: 0 };
    // Pages written since the last vacuum are not all-visible: 8 + 20% of the table.
    expect(maintenanceDue({ ...restarted, pages: 100, allVisiblePages: 72 })).toBeNull();
    expect(maintenanceDue({ ...restarted, pages: 100, allVisiblePages: 71 })).toBe("vacuum");
    expect(maintenanceDue({ ...restarted, pages: 3, allVisiblePages: 0 })).toBeNull();
    // Never analyzed, with data: analyze; an empty table: nothing.
    expect(maintenanceDue({ ...restarted, analyzed: false, pages: 1, allVisiblePages: 1 })).toBe(
      "analyze",
    );
    expect(maintenanceDue({ ...restarted, analyzed: false, pages: 0, allVisiblePages: 0 })).toBe(
      null,
    );
  });
});

async function fill(db: Database, rows: number) {
  await db.execute(sql`
    insert into job_runs (name, next_run_at)
    select 'maintenance-' || g, now() from generate_series(1, ${rows}::int) g`);
}

async function jobRunsActivity(db: Database) {
  const found = (await tableActivity(db)).find((t) => t.table === "job_runs");
  if (!found) throw new Error("job_runs has no statistics");
  return found;
}

/** Whether reading job_runs by its index alone still has to visit the table. */
async function heapFetches(db: Database) {
  await db.execute(sql`set enable_seqscan = off`);
  await db.execute(sql`set enable_bitmapscan = off`);
  try {
    const plan = await db.execute(
      sql`explain (analyze, costs off, timing off, summary off)
          select name from job_runs where name >= 'maintenance-'`,
    );
    const text = plan.rows.map((r) => Object.values(r)[0]).join("\n");
    const match = /Heap Fetches: (\d+)/.exec(text);
    if (!match) throw new Error(`not an index-only scan:\n${text}`);
    return Number(match[1]);
  } finally {
    await db.execute(sql`reset enable_seqscan`);
    await db.execute(sql`reset enable_bitmapscan`);
  }
}

// Each test opens its own PGlite (two or three times) and migrates it: seconds on a quiet machine,
// over 30 s on a loaded one (the fresh-clone CI timed out here with a load of 12 on 2 cores).
describe.skipIf(testDatabaseKind() === "postgres")(
  "maintainTables on PGlite",
  { timeout: 180_000 },
  () => {
    it("vacuums a table after many inserts, so its index is read alone, then rests", async () => {
      const handle = await openPglite();
      try {
        await migrateDatabase(handle);
        await fill(handle.db, 3000);
        expect((await jobRunsActivity(handle.db)).insertedSinceVacuum).toBe(3000);
        expect(await heapFetches(handle.db)).toBeGreaterThan(0);

        const first = await maintainTables(handle.db);
        expect(first.vacuumed).toBeGreaterThanOrEqual(1);
        const after = await jobRunsActivity(handle.db);
        expect(after.insertedSinceVacuum).toBe(0);
        expect(after.allVisiblePages).toBe(after.pages);
        expect(await heapFetches(handle.db)).toBe(0);

        // Nothing changed since: nothing to do.
        expect(await maintainTables(handle.db)).toEqual({ vacuumed: 0, analyzed: 0 });

        // Deleting a third leaves dead rows past the threshold.
        await handle.db.execute(sql`delete from job_runs where name like 'maintenance-1%'`);
        expect((await maintainTables(handle.db)).vacuumed).toBe(1);
        expect((await jobRunsActivity(handle.db)).dead).toBe(0);
      } finally {
        await handle.close();
      }
    });

    it("after a restart, which loses the statistics, finds the table from its pages", async () => {
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "maintenance-")), "pgdata");
      const before = await openPglite({ dataDir });
      await migrateDatabase(before);
      await fill(before.db, 3000);
      await before.close();

      const handle = await openPglite({ dataDir });
      try {
        const restarted = await jobRunsActivity(handle.db);
        expect(restarted.insertedSinceVacuum).toBe(0);
        expect(restarted.pages).toBeGreaterThan(8);
        expect(maintenanceDue(restarted)).toBe("vacuum");
        await maintainTables(handle.db);
        expect(await heapFetches(handle.db)).toBe(0);
        expect(await maintainTables(handle.db)).toEqual({ vacuumed: 0, analyzed: 0 });
      } finally {
        await handle.close();
      }

      // Restarted again: a hundred dead rows in a table of 3000 are not enough. Its size is the
      // catalog's, not the statistics' (which count 0 live rows after a restart).
      const again = await openPglite({ dataDir });
      try {
        await again.db.execute(
          sql`update job_runs set locked_by = 'x' where name like 'maintenance-1__'`,
        );
        const fewDead = await jobRunsActivity(again.db);
        expect(fewDead.dead).toBe(100);
        expect(fewDead.live).toBe(3000);
        expect(maintenanceDue(fewDead)).toBeNull();
        expect(await maintainTables(again.db)).toEqual({ vacuumed: 0, analyzed: 0 });
      } finally {
        await again.close();
      }
    });
  },
);
