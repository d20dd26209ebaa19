/**
 * Prepared statements (decision 025): built once per database and name, and a statement with
 * the client as a placeholder answers for whichever client it is given, call after call (on
 * PostgreSQL past the fifth execution too, when the server may switch to a generic plan).
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "~/test/accounts.server";
import { createHarness, type Harness } from "~/test/harness.server";
import { watchStatements } from "~/test/statements.server";
import { listProjects, projectCounts } from "../projects/projects.server";
import { ALL_CLIENTS, type Scope, scopeParams, scopePlaceholder } from "../workspace/scope.server";
import { type Database, sqlLiteral, statementText } from "./client.server";
import { prepared } from "./prepared.server";
import { projects } from "./schema.server";
import { testDatabaseKind } from "./test-db.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe("prepared", () => {
  it("builds a statement once per database and name", () => {
    const db = h.handle.db;
    const other = {} as typeof db;
    let builds = 0;
    const build = (name: string) => {
      builds++;
      return { name };
    };
    const first = prepared(db, "test_once", build);
    expect(prepared(db, "test_once", build)).toBe(first);
    expect(first).toEqual({ name: "test_once" });
    expect(prepared(db, "test_other", build)).not.toBe(first);
    expect(prepared(other, "test_once", build)).not.toBe(first);
    expect(builds).toBe(3);
  });

  it("puts a client's scope in as the clientId placeholder, and every client's as nothing", () => {
    expect(scopePlaceholder(ALL_CLIENTS, projects.clientId)).toBeUndefined();
    expect(scopeParams(ALL_CLIENTS)).toEqual({});
    const scope: Scope = { kind: "client", clientId: "3f0c6a4e-0000-4000-8000-000000000001" };
    expect(scopePlaceholder(scope, projects.clientId)).toBeDefined();
    expect(scopeParams(scope)).toEqual({ clientId: scope.clientId });
  });
});

describe("the portal's prepared reads", () => {
  it("answer for the client they are given, call after call", async () => {
    const a = await signUp("prepared-a@example.co.za");
    const b = await signUp("prepared-b@example.co.za");
    await h.handle.db.insert(projects).values([
      { clientId: a.clientId, title: "A one", status: "active" },
      { clientId: a.clientId, title: "A two", status: "completed" },
      { clientId: b.clientId, title: "B one", status: "active" },
    ]);
    const scopeA: Scope = { kind: "client", clientId: a.clientId };
    const scopeB: Scope = { kind: "client", clientId: b.clientId };
    const titles = async (scope: Scope) =>
      (await listProjects(h.handle.db, scope, { limit: 5 })).rows.map((p) => p.title).sort();
    for (let i = 0; i < 8; i++) {
      expect(await titles(scopeA)).toEqual(["A one", "A two"]);
      expect(await titles(scopeB)).toEqual(["B one"]);
      expect(await projectCounts(h.handle.db, scopeA)).toEqual({
        total: 2,
        active: 1,
        completed: 1,
      });
      expect(await projectCounts(h.handle.db, scopeB)).toEqual({
        total: 1,
        active: 1,
        completed: 0,
      });
    }
    const all = await titles(ALL_CLIENTS);
    expect(all).toEqual(expect.arrayContaining(["A one", "A two", "B one"]));
    // The limit is a placeholder too: one row, and a cursor to the next.
    const page = await listProjects(h.handle.db, scopeA, { limit: 1 });
    expect(page.rows).toHaveLength(1);
    expect(page.next).not.toBeNull();
  });

  it("give what the same query built on each call gives", async () => {
    const c = await signUp("prepared-c@example.co.za");
    await h.handle.db.insert(projects).values(
      Array.from({ length: 3 }, (_, i) => ({
        clientId: c.clientId,
        title: `C ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    const scope: Scope = { kind: "client", clientId: c.clientId };
    const firstPage = await listProjects(h.handle.db, scope, { limit: 5 });
    // A client filter inside the scope takes the query built per call: the same rows.
    const built = await listProjects(h.handle.db, scope, { limit: 5, clientId: c.clientId });
    expect(firstPage).toEqual(built);
    expect(firstPage.rows.map((p) => p.title)).toEqual(["C 2", "C 1", "C 0"]);
    expect(firstPage.rows[0]?.createdAt).toEqual(new Date(Date.UTC(2026, 0, 3)));
    const [{ n }] = (
      await h.handle.db.execute(
        sql`select count(*)::int as n from ${projects} where ${projects.clientId} = ${c.clientId}`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(3);
  });
});

describe("a named statement's values as SQL literals (PGlite, decision 029)", () => {
  it("quotes strings (the quote doubled) and takes only values it can write exactly", () => {
    expect(sqlLiteral("it's", "text")).toBe("'it''s'");
    expect(sqlLiteral("x'); drop table projects; --", "text")).toBe(
      "'x''); drop table projects; --'",
    );
    expect(sqlLiteral("back\\slash", "text")).toBe("'back\\slash'");
    expect(sqlLiteral("nul\0", "text")).toBeNull();
    expect(sqlLiteral(5, "integer")).toBe("'5'");
    expect(sqlLiteral(5, "text")).toBeNull();
    expect(sqlLiteral(Number.NaN, "integer")).toBeNull();
    expect(sqlLiteral(true, "boolean")).toBe("true");
    expect(sqlLiteral(true, "text")).toBeNull();
    expect(sqlLiteral(null, "jsonb")).toBe("NULL");
    expect(sqlLiteral("{}", "jsonb")).toBeNull();
    expect(sqlLiteral(new Date(), "timestamp with time zone")).toBeNull();
  });
});

describe.skipIf(testDatabaseKind() !== "pglite")("named statements on PGlite", () => {
  const sent: string[] = [];
  const watch = () => watchStatements(h.handle, ({ raw }) => sent.push(raw));
  const byTitle = (db: Database) =>
    prepared(db, "test_by_title", (name) =>
      db
        .select({ title: projects.title, status: projects.status })
        .from(projects)
        .where(eq(projects.title, sql.placeholder("title")))
        .limit(sql.placeholder("limit"))
        .prepare(name),
    );

  it("are prepared once, then run with EXECUTE, with the same answers", async () => {
    const a = await signUp("named-a@example.co.za");
    await h.handle.db
      .insert(projects)
      .values({ clientId: a.clientId, title: "It's named", status: "active" });
    const stop = watch();
    try {
      const db = h.handle.db;
      const first = await byTitle(db).execute({ title: "It's named", limit: 1 });
      const second = await byTitle(db).execute({ title: "It's named", limit: 1 });
      expect(first).toEqual([{ title: "It's named", status: "active" }]);
      expect(second).toEqual(first);
      expect(sent.filter((s) => s.startsWith('prepare "app_test_by_title"'))).toHaveLength(1);
      expect(sent.at(-1)).toBe(`execute "app_test_by_title"('It''s named', '1')`);
      expect(statementText(sent.at(-1) as string)).toMatch(/^select "title", "status"/);
    } finally {
      stop();
    }
  });

  it("take a value with quotes as a value, never as SQL", async () => {
    const db = h.handle.db;
    const evil = "x'); delete from projects; --";
    expect(await byTitle(db).execute({ title: evil, limit: 5 })).toEqual([]);
    const [row] = await db.select({ n: count() }).from(projects);
    expect(row?.n).toBeGreaterThan(0);
  });

  it("never wait inside a transaction for a PREPARE queued behind it", async () => {
    const db = h.handle.db;
    const byTitleAgain = (on: Database) =>
      prepared(on, "test_queued_prepare", (name) =>
        on
          .select({ title: projects.title })
          .from(projects)
          .where(eq(projects.title, sql.placeholder("title")))
          .prepare(name),
      );
    const inside = await db.transaction(async (tx) => {
      // The statement's first use outside: its PREPARE waits for this transaction to end.
      const outside = byTitleAgain(db).execute({ title: "It's named" });
      await new Promise((resolve) => setImmediate(resolve));
      const rows = await byTitleAgain(tx as unknown as Database).execute({ title: "It's named" });
      return { rows, outside };
    });
    expect(inside.rows).toEqual([{ title: "It's named" }]);
    expect(await inside.outside).toEqual([{ title: "It's named" }]);
  });

  it("run as before inside a transaction until prepared, and after DEALLOCATE", async () => {
    const db = h.handle.db;
    const inTransaction = (name: string) =>
      db.transaction((tx) =>
        prepared(tx as unknown as Database, name, (n) =>
          tx
            .select({ title: projects.title })
            .from(projects)
            .where(eq(projects.title, sql.placeholder("title")))
            .prepare(n),
        ).execute({ title: "It's named" }),
      );
    expect(await inTransaction("test_in_transaction")).toEqual([{ title: "It's named" }]);
    await h.handle.pglite?.exec("deallocate all");
    expect(await byTitle(db).execute({ title: "It's named", limit: 1 })).toHaveLength(1);
    expect(await byTitle(db).execute({ title: "It's named", limit: 1 })).toHaveLength(1);
  });
});
