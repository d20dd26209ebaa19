/**
 * Every keyset-paged list (app/lib/pagination.ts) reads a page through an index, newest first,
 * whatever the table's size: `order by created_at desc, id desc` after a cursor is a backward
 * index scan, never a sort of every row. Postgres ignores an index declared `.desc()` in
 * drizzle (`desc nulls last`) for that order; this test is what caught it.
 */
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "~/test/harness.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const SOME_ID = sql`'00000000-0000-0000-0000-000000000001'::uuid`;

/** A paged list: its table and the condition that narrows it (a scope, a filter). */
const lists: { name: string; table: string; where: SQL }[] = [
  { name: "every client", table: "clients", where: sql`true` },
  { name: "every project", table: "projects", where: sql`true` },
  { name: "a client's projects", table: "projects", where: sql`client_id = ${SOME_ID}` },
  { name: "every message", table: "messages", where: sql`true` },
  { name: "a client's messages", table: "messages", where: sql`client_id = ${SOME_ID}` },
  { name: "all activity", table: "activity", where: sql`true` },
  { name: "a client's activity", table: "activity", where: sql`client_id = ${SOME_ID}` },
  { name: "a project's activity", table: "activity", where: sql`project_id = ${SOME_ID}` },
  { name: "every lead", table: "leads", where: sql`true` },
  { name: "leads by status", table: "leads", where: sql`status = 'won'` },
  { name: "leads by kind", table: "leads", where: sql`kind = 'chat'` },
];

async function plan(query: SQL): Promise<string> {
  // A planner that believes the tables large, as they will be: no sort beats an index then.
  await h.handle.db.execute(sql`set enable_seqscan = off`);
  await h.handle.db.execute(sql`set enable_sort = off`);
  try {
    const result = await h.handle.db.execute(sql`explain ${query}`);
    const rows = ((result as { rows?: unknown[] }).rows ?? result) as Record<string, string>[];
    return rows.map((r) => Object.values(r)[0]).join("\n");
  } finally {
    await h.handle.db.execute(sql`reset enable_seqscan`);
    await h.handle.db.execute(sql`reset enable_sort`);
  }
}

describe("keyset pages read through an index", () => {
  for (const list of lists) {
    it(list.name, async () => {
      const cursor = sql`(now(), '00000000-0000-0000-0000-000000000000'::uuid)`;
      const text = await plan(
        sql`select id from ${sql.identifier(list.table)} where ${list.where}
            and (created_at, id) < ${cursor} order by created_at desc, id desc limit 51`,
      );
      expect(text, text).toMatch(/Index (Only )?Scan Backward using \w+_idx/);
      expect(text, text).not.toMatch(/\bSort\b/);
    });
  }
});
