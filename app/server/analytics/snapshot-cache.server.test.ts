import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.server";
import { createTestDatabase, testDatabaseKind } from "../db/test-db.server";
import { currentSnapshot, forSnapshot, SNAPSHOT_CACHE_ENTRIES } from "./snapshot-cache.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.execute(sql`create table tally (n int not null)`);
  await handle.db.execute(sql`insert into tally values (1)`);
});
afterAll(() => handle.close());

async function total() {
  const result = await handle.db.execute(sql`select sum(n)::int as total from tally`);
  return (result.rows[0] as { total: number }).total;
}

/**
 * Runs `attempt` until the database's snapshot is the same before and after it. On PostgreSQL
 * other test files commit at any moment (transaction ids are the server's, not one database's),
 * and then a second computation is right; on PGlite the first attempt is the one.
 */
async function inOneSnapshot(attempt: () => Promise<void>) {
  for (let i = 0; i < 50; i++) {
    const before = await currentSnapshot(handle.db);
    await attempt();
    if ((await currentSnapshot(handle.db)) === before) return;
  }
  throw new Error("the snapshot never stayed still");
}

describe(`figures kept per database snapshot on ${testDatabaseKind()}`, () => {
  it("computes once while nothing is written, and again after any commit", async () => {
    let runs = 0;
    const compute = async () => {
      runs++;
      return total();
    };
    await inOneSnapshot(async () => {
      runs = 0;
      const [a, b] = await Promise.all([
        forSnapshot(handle.db, "page", compute),
        forSnapshot(handle.db, "page", compute),
      ]);
      expect(await forSnapshot(handle.db, "page", compute)).toBe(1);
      expect([a, b]).toEqual([1, 1]);
      expect(runs).toBe(1);
    });

    await handle.db.execute(sql`insert into tally values (41)`);
    expect(await forSnapshot(handle.db, "page", compute)).toBe(42);
  });

  it("keeps each key apart", async () => {
    const a = await forSnapshot(handle.db, "client A", async () => "A");
    const b = await forSnapshot(handle.db, "client B", async () => "B");
    expect([a, b]).toEqual(["A", "B"]);
  });

  it("does not keep a computation that failed", async () => {
    await inOneSnapshot(async () => {
      await expect(
        forSnapshot(handle.db, "failing", async () => {
          throw new Error("the database went away");
        }),
      ).rejects.toThrow("the database went away");
      expect(await forSnapshot(handle.db, "failing", async () => "recomputed")).toBe("recomputed");
    });
  });

  it("holds at most SNAPSHOT_CACHE_ENTRIES pages, dropping the least recently used", async () => {
    await inOneSnapshot(async () => {
      let runs = 0;
      const compute = async () => ++runs;
      await forSnapshot(handle.db, "kept", compute);
      for (let i = 0; i < SNAPSHOT_CACHE_ENTRIES; i++) {
        await forSnapshot(handle.db, `filler ${i}`, async () => i);
        // 'kept' is read between fillers, so it is never the least recently used.
        await forSnapshot(handle.db, "kept", compute);
      }
      await forSnapshot(handle.db, "filler 0", compute);
      expect(runs).toBe(2); // 'kept' once, 'filler 0' again (it was dropped)
    });
  });
});
