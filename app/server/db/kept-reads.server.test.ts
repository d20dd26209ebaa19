/**
 * Reads kept on PGlite (decision 030): a statement named as kept is answered from memory while
 * nothing has been written, and never past a write, whichever way the write came (a statement,
 * a transaction, `exec`), even one that started or ended while the read was under way.
 */
import { eq, sql } from "drizzle-orm";
import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { watchStatements } from "~/test/statements.server";
import { type DatabaseHandle, forgetKeptReads, onlyReads, openPglite } from "./client.server";
import { prepared } from "./prepared.server";

const notes = pgTable("kept_notes", {
  id: text("id").primaryKey(),
  body: text("body").notNull(),
  extra: jsonb("extra"),
});

let handle: DatabaseHandle;
/** The statements that reached PGlite since the last `reset`. */
let sent: string[] = [];

beforeAll(async () => {
  handle = await openPglite();
  await handle.db.execute(
    sql`create table kept_notes (id text primary key, body text not null, extra jsonb)`,
  );
  watchStatements(handle, ({ raw }) => sent.push(raw));
});
afterAll(() => handle.close());

beforeEach(async () => {
  await handle.db.delete(notes);
  await handle.db.insert(notes).values({ id: "a", body: "first" });
  forgetKeptReads(handle.pglite as object);
  sent = [];
});

const keptBody = (id: string) =>
  prepared(
    handle.db,
    "test_kept_body",
    (name) =>
      handle.db
        .select({ body: notes.body })
        .from(notes)
        .where(eq(notes.id, sql.placeholder("id")))
        .prepare(name),
    { kept: true },
  ).execute({ id });

const keptExtra = () =>
  prepared(
    handle.db,
    "test_kept_extra",
    (name) => handle.db.select({ extra: notes.extra }).from(notes).prepare(name),
    { kept: true },
  ).execute();

/** The statements sent that ran the kept read (an `execute` of it once it is prepared). */
const reads = () => sent.filter((s) => /test_kept_body|from "kept_notes" where/.test(s));

describe("a kept read on PGlite", () => {
  it("is asked once, then answered from memory with the same result, for each set of values", async () => {
    expect(await keptBody("a")).toEqual([{ body: "first" }]);
    const first = reads().length;
    expect(first).toBeGreaterThan(0);
    expect(await keptBody("a")).toEqual([{ body: "first" }]);
    expect(await keptBody("a")).toEqual([{ body: "first" }]);
    expect(reads()).toHaveLength(first);
    // Other values are another read.
    expect(await keptBody("b")).toEqual([]);
    expect(reads()).toHaveLength(first + 1);
  });

  it("is read again after a write by statement, by transaction, by exec, and shows it", async () => {
    await keptBody("a");
    await handle.db.update(notes).set({ body: "second" }).where(eq(notes.id, "a"));
    expect(await keptBody("a")).toEqual([{ body: "second" }]);

    await keptBody("a");
    await handle.db.transaction(async (tx) => {
      await tx.update(notes).set({ body: "third" }).where(eq(notes.id, "a"));
    });
    expect(await keptBody("a")).toEqual([{ body: "third" }]);

    await keptBody("a");
    await (handle.pglite as { exec: (q: string) => Promise<unknown> }).exec(
      "update kept_notes set body = 'fourth' where id = 'a'",
    );
    expect(await keptBody("a")).toEqual([{ body: "fourth" }]);

    await keptBody("a");
    await handle.db.execute(sql`delete from kept_notes where id = 'a'`);
    expect(await keptBody("a")).toEqual([]);
  });

  it("is not kept when a write starts while it is under way", async () => {
    await keptBody("a");
    await handle.db.update(notes).set({ body: "old" }).where(eq(notes.id, "a"));
    // The read is sent first and answers "old"; the write is asked for before it answers.
    const read = keptBody("a");
    const write = handle.db.update(notes).set({ body: "new" }).where(eq(notes.id, "a"));
    expect(await read).toEqual([{ body: "old" }]);
    await write;
    expect(await keptBody("a")).toEqual([{ body: "new" }]);
  });

  it("is not kept when it waited for a transaction that wrote", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = handle.db.transaction(async (tx) => {
      await tx.update(notes).set({ body: "during" }).where(eq(notes.id, "a"));
      await held;
    });
    const read = keptBody("a");
    release();
    await transaction;
    expect(await read).toEqual([{ body: "during" }]);
    const before = reads().length;
    await keptBody("a");
    expect(reads().length).toBe(before + 1);
  });

  it("is never kept inside a transaction", async () => {
    await handle.db.transaction(async (tx) => {
      const inside = () => tx.select({ body: notes.body }).from(notes).where(eq(notes.id, "a"));
      await inside();
      await tx.update(notes).set({ body: "inside" }).where(eq(notes.id, "a"));
      expect(await inside()).toEqual([{ body: "inside" }]);
    });
    expect(await keptBody("a")).toEqual([{ body: "inside" }]);
  });

  it("is not kept when its result holds objects a caller could change", async () => {
    await handle.db.update(notes).set({ extra: { n: 1 } });
    expect(await keptExtra()).toEqual([{ extra: { n: 1 } }]);
    const before = sent.length;
    await keptExtra();
    expect(sent.length).toBe(before + 1);
  });
});

describe("onlyReads", () => {
  it("takes a plain select as a read and anything that may write as a write", () => {
    expect(onlyReads('select "id" from "session" where "token" = $1')).toBe(true);
    expect(onlyReads("  WITH t AS (select 1) select * from t")).toBe(true);
    expect(onlyReads('select "updated_at" from "user"')).toBe(true);
    for (const write of [
      "insert into t values (1)",
      "update t set a = 1",
      "delete from t",
      "with d as (delete from t returning *) select * from d",
      "select * from t for update",
      "select nextval('s')",
      "select set_config('a', 'b', false)",
      "select pg_advisory_lock(1)",
      "select 1 into t2",
      "select 1; delete from t",
      "vacuum t",
      "begin",
    ]) {
      expect(onlyReads(write), write).toBe(false);
    }
  });
});
