import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "../db/client.server";
import { createTestDatabase, testDatabaseKind } from "../db/test-db.server";
import { currentSnapshot, forSnapshot, SNAPSHOT_CACHE_ENTRIES } from "./snapshot-cache.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.execute(sql`create table tally (n int not null)`);
  await handle.db.execute(sql`insert into tally values (1)`);
});
afterAll(() => handle.close());

async function total(db: Database = handle.db) {
  const result = await db.execute(sql`select sum(n)::int as total from tally`);
  return (result.rows[0] as { total: number }).total;
}

/**
 * Runs `attempt` in one read-only REPEATABLE READ transaction: its snapshot is the
 * transaction's, the same for every statement in it. Other test files commit on the same
 * PostgreSQL server at any moment (transaction ids are the server's, not one database's), which
 * would otherwise change the snapshot between two calls.
 */
async function inOneSnapshot(attempt: (db: Database) => Promise<void>) {
  await handle.db.transaction((tx) => attempt(tx as unknown as Database), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}

describe(`figures kept per database snapshot on ${testDatabaseKind()}`, () => {
  it("computes once while nothing is written, and again after any commit", async () => {
    let runs = 0;
    await inOneSnapshot(async (db) => {
      const compute = async () => {
        runs++;
        return total(db);
      };
      const [a, b] = await Promise.all([
        forSnapshot(db, "page", compute),
        forSnapshot(db, "page", compute),
      ]);
      expect(await forSnapshot(db, "page", compute)).toBe(1);
      expect([a, b]).toEqual([1, 1]);
      expect(runs).toBe(1);
    });
    const compute = async () => total();
    expect(await forSnapshot(handle.db, "page", compute)).toBe(1);
    await handle.db.execute(sql`insert into tally values (41)`);
    expect(await forSnapshot(handle.db, "page", compute)).toBe(42);
  });

  it("keeps each key apart", async () => {
    const a = await forSnapshot(handle.db, "client A", async () => "A");
    const b = await forSnapshot(handle.db, "client B", async () => "B");
    expect([a, b]).toEqual(["A", "B"]);
  });

  it("does not keep a computation that failed", async () => {
    await inOneSnapshot(async (db) => {
      await expect(
        forSnapshot(db, "failing", async () => {
          throw new Error("the database went away");
        }),
      ).rejects.toThrow("the database went away");
      expect(await forSnapshot(db, "failing", async () => "recomputed")).toBe("recomputed");
    });
  });

  it("holds at most SNAPSHOT_CACHE_ENTRIES pages, dropping the least recently used", async () => {
    await inOneSnapshot(async (db) => {
      let runs = 0;
      const compute = async () => ++runs;
      await forSnapshot(db, "kept", compute);
      for (let i = 0; i < SNAPSHOT_CACHE_ENTRIES; i++) {
        await forSnapshot(db, `filler ${i}`, async () => i);
        // 'kept' is read between fillers, so it is never the least recently used.
        await forSnapshot(db, "kept", compute);
      }
      await forSnapshot(db, "filler 0", compute);
      expect(runs).toBe(2); // 'kept' once, 'filler 0' again (it was dropped)
    });
  });
});
