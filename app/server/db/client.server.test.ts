/**
 * PGlite as drizzle sees it (`pgliteForDrizzle`): drizzle's per-query type parsers are installed
 * on the instance once and left out of each query, with the same results, in transactions too.
 */
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, pgliteForDrizzle } from "./client.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite();
});
afterAll(() => handle.close());

const TIMES = sql`select '2026-11-23 10:00:00+00'::timestamptz as at, '2026-11-23'::date as day,
  '1 day'::interval as span, 42 as n, true as yes`;

describe("PGlite for drizzle", () => {
  it("reads dates, times and intervals as text and everything else parsed, as drizzle asks", async () => {
    const expected = {
      at: "2026-11-23 10:00:00+00",
      day: "2026-11-23",
      span: "1 day",
      n: 42,
      yes: true,
    };
    expect((await handle.db.execute(TIMES)).rows).toEqual([expected]);
    const inTransaction = await handle.db.transaction(async (tx) => (await tx.execute(TIMES)).rows);
    expect(inTransaction).toEqual([expected]);
  });

  it("leaves the installed parsers out of a query and passes any others on", async () => {
    const seen: unknown[] = [];
    const fake = {
      query: (_sql: string, _params: unknown[], options: unknown) => {
        seen.push(options);
        return Promise.resolve({ rows: [] });
      },
      transaction: (run: (tx: unknown) => unknown) => run(fake),
    };
    const wrapped = pgliteForDrizzle(fake);
    const identity = (value: string) => value;
    await wrapped.query("select 1", [], { rowMode: "array", parsers: { 1184: identity } });
    await wrapped.transaction((tx) =>
      (tx as typeof fake).query("select 1", [], { rowMode: "object", parsers: { 1184: identity } }),
    );
    const other = { rowMode: "array", parsers: { 25: identity } };
    await wrapped.query("select 1", [], other);
    await wrapped.query("select 1", [], undefined);
    expect(seen).toEqual([{ rowMode: "array" }, { rowMode: "object" }, other, undefined]);
  });

  it("keeps the instance's own methods working through the wrapper", async () => {
    const client = await PGlite.create();
    try {
      const wrapped = pgliteForDrizzle(client);
      expect((await wrapped.query<{ n: number }>("select 1 as n")).rows).toEqual([{ n: 1 }]);
      expect(wrapped.closed).toBe(false);
    } finally {
      await client.close();
    }
  });
});
