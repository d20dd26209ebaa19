import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePeriod } from "~/lib/validation/period";
import type { PortalContext } from "~/routes/portal/context.server";
import { tablesInPlan } from "~/test/plan.server";
import type { Database, DatabaseHandle } from "../db/client.server";
import { clients, emailOutbox, leads, messages, projects } from "../db/schema.server";
import { createTestDatabase, testDatabaseKind } from "../db/test-db.server";
import { CHANGE_DOMAINS, foldFigureChanges } from "../workspace/changes.server";
import { loadAnalytics } from "./analytics.server";
import {
  type ChangeCounts,
  changeCounts,
  FIGURE_CACHE_ENTRIES,
  FIGURE_DOMAINS,
  type FigureDomain,
  forChanges,
} from "./figure-cache.server";
import { buildFigures, PAGE_ROWS } from "./figures.server";

let handle: DatabaseHandle;
let db: Database;
let clientId: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const [client] = await db.insert(clients).values({ name: "Alpha Foods" }).returning();
  clientId = client?.id as string;
});
afterAll(() => handle.close());

const NOW = new Date();
/** Analytics' default period. */
const period = resolvePeriod({ range: "90" }, NOW);

function lead(email: string) {
  return db.insert(leads).values({
    kind: "contact",
    name: "Thandi",
    email,
    message: "A lead for the figure cache",
    consent: true,
    consentAt: NOW,
    consentNotice: "test",
    privacyNoticeVersion: "test",
  });
}

function message(fromAgency: boolean) {
  return db
    .insert(messages)
    .values({ clientId, fromAgency, subject: "Hello", content: "Seeded for the figure cache" });
}

async function rowsOfFigureChanges() {
  const result = await db.execute(sql`select count(*)::int as n from figure_changes`);
  return (result.rows[0] as { n: number }).n;
}

/** How many domains have rows (folded: one row each). */
async function domainsOfFigureChanges() {
  const result = await db.execute(sql`select count(distinct domain)::int as n from figure_changes`);
  return (result.rows[0] as { n: number }).n;
}

describe(`figures kept per domain until its data changes, on ${testDatabaseKind()}`, () => {
  const counts = (leads: number, work: number): ChangeCounts => ({ leads, work, bookings: leads });

  it("computes once per count and key (callers arriving meanwhile share it)", async () => {
    let runs = 0;
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([
      forChanges(db, counts(1, 1), "leads", "page", compute),
      forChanges(db, counts(1, 1), "leads", "page", compute),
    ]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    // The other domain's count does not matter; this domain's does.
    expect(await forChanges(db, counts(1, 9), "leads", "page", compute)).toBe(1);
    expect(await forChanges(db, counts(2, 9), "leads", "page", compute)).toBe(2);
    expect(await forChanges(db, counts(2, 9), "work", "page", compute)).toBe(3);
    expect(await forChanges(db, counts(2, 9), "work", "other page", compute)).toBe(4);
  });

  it("does not keep a computation that failed", async () => {
    await expect(
      forChanges(db, counts(0, 0), "work", "failing", async () => {
        throw new Error("the database went away");
      }),
    ).rejects.toThrow("the database went away");
    expect(await forChanges(db, counts(0, 0), "work", "failing", async () => "again")).toBe(
      "again",
    );
  });

  it("holds at most FIGURE_CACHE_ENTRIES groups, dropping the least recently used", async () => {
    let runs = 0;
    const compute = async () => ++runs;
    const at = counts(7, 7);
    await forChanges(db, at, "work", "kept", compute);
    for (let i = 0; i < FIGURE_CACHE_ENTRIES; i++) {
      await forChanges(db, at, "work", `filler ${i}`, async () => i);
      // 'kept' is read between fillers, so it is never the least recently used.
      await forChanges(db, at, "work", "kept", compute);
    }
    await forChanges(db, at, "work", "filler 0", compute);
    expect(runs).toBe(2); // 'kept' once, 'filler 0' again (it was dropped)
  });
});

describe(`what moves a domain's count, on ${testDatabaseKind()}`, () => {
  it("a lead moves the leads count only; a message, the work count only", async () => {
    const start = await changeCounts(db);
    await lead("first@lead.test");
    expect(await changeCounts(db)).toMatchObject({ leads: start.leads + 1, work: start.work });
    await message(false);
    expect(await changeCounts(db)).toMatchObject({ leads: start.leads + 1, work: start.work + 1 });
  });

  it("the bookings figures' count moves with a lead too (they read which leads became clients)", async () => {
    const start = await changeCounts(db);
    await lead("booking-count@lead.test");
    expect((await changeCounts(db)).bookings).toBe(start.bookings + 1);
  });

  it("counts a transaction once, however many statements; a rollback not at all", async () => {
    const start = await changeCounts(db);
    await db.transaction(async (tx) => {
      await tx
        .insert(messages)
        .values({ clientId, fromAgency: true, subject: "One", content: "First" });
      await tx
        .insert(messages)
        .values({ clientId, fromAgency: true, subject: "Two", content: "Second" });
      await tx.insert(projects).values({ clientId, title: "Website" });
    });
    expect(await changeCounts(db)).toMatchObject({ leads: start.leads, work: start.work + 1 });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(projects).values({ clientId, title: "Never stored" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await changeCounts(db)).toMatchObject({ leads: start.leads, work: start.work + 1 });
  });

  it("writes the figures do not read move nothing (the outbox, sign-in state)", async () => {
    const start = await changeCounts(db);
    await db.insert(emailOutbox).values({
      toAddress: "boss@agency.test",
      subject: "New lead",
      textBody: "Someone wrote",
    });
    expect(await changeCounts(db)).toEqual(start);
  });

  it("a client deleted with its work (foreign keys' cascades) and a truncate move the count", async () => {
    const [gone] = await db.insert(clients).values({ name: "Going Ltd" }).returning();
    await db.insert(projects).values({ clientId: gone?.id as string, title: "Goes too" });
    const start = await changeCounts(db);
    await db.execute(sql`delete from clients where id = ${gone?.id}`);
    expect((await changeCounts(db)).work).toBe(start.work + 1);
    await db.execute(sql`truncate review_answers`);
    expect((await changeCounts(db)).work).toBe(start.work + 2);
  });

  it("folding the rows keeps every sum, and new changes count on top", async () => {
    await lead("before-fold@lead.test");
    const before = await changeCounts(db);
    expect(await rowsOfFigureChanges()).toBeGreaterThan(await domainsOfFigureChanges());
    const { folded } = await foldFigureChanges(db);
    expect(folded).toBeGreaterThan(0);
    expect(await rowsOfFigureChanges()).toBe(await domainsOfFigureChanges());
    expect(await changeCounts(db)).toEqual(before);
    await message(true);
    await foldFigureChanges(db);
    expect(await changeCounts(db)).toMatchObject({ leads: before.leads, work: before.work + 1 });
    expect(await rowsOfFigureChanges()).toBe(await domainsOfFigureChanges());
  });
});

/** Every table a query reads, from PostgreSQL's own plan of it. */
async function tablesRead(query: SQL): Promise<string[]> {
  const result = await db.execute(sql`explain (format json) ${query}`);
  return tablesInPlan(result.rows[0] as Record<string, unknown>);
}

describe(`each section's figures read only their domain's tables, on ${testDatabaseKind()}`, () => {
  it("every table has its trigger, counting for its domain", async () => {
    const result = await db.execute(sql`
      select c.relname as "table", pg_get_triggerdef(t.oid) as def
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where t.tgname like 'figure_changes_%' and not t.tgisinternal`);
    const triggers = result.rows as { table: string; def: string }[];
    const expected = Object.entries(CHANGE_DOMAINS).flatMap(([domain, tables]) =>
      tables.map((table) => ({ table, domain })),
    );
    expect(triggers.map((t) => t.table).sort()).toEqual(expected.map((e) => e.table).sort());
    for (const { table, domain } of expected) {
      const def = triggers.find((t) => t.table === table)?.def ?? "";
      expect(def).toMatch(/AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE/);
      expect(def).toMatch(/FOR EACH STATEMENT/);
      expect(def).toContain(`figure_changes_count('${domain}')`);
    }
  });

  for (const section of ["leads", "work"] as const) {
    it(`the ${section} figures' queries read ${FIGURE_DOMAINS[section].join(", ")} only`, async () => {
      const queries: SQL[] = [];
      const recording = new Proxy(db, {
        get(target, prop, receiver) {
          if (prop !== "execute") return Reflect.get(target, prop, receiver);
          return (query: SQL) => {
            queries.push(query);
            return target.execute(query);
          };
        },
      });
      for (const scope of [{ kind: "all" } as const, { kind: "client", clientId } as const]) {
        await buildFigures({ db: recording, scope, isAdmin: true, period, now: NOW }, { section });
      }
      const read = new Set<string>();
      for (const query of queries) for (const table of await tablesRead(query)) read.add(table);
      const allowed: readonly string[] = FIGURE_DOMAINS[section as FigureDomain];
      expect([...read].filter((t) => !allowed.includes(t))).toEqual([]);
      expect(read.size).toBeGreaterThan(0);
    });
  }
});

describe(`the Analytics page after a change, on ${testDatabaseKind()}`, () => {
  const admin = {
    db: undefined as unknown as Database,
    isAdmin: true,
    scope: { kind: "all" },
    clientId: null,
    viewingAs: null,
  };
  const page = () =>
    loadAnalytics({ ...admin, db } as unknown as PortalContext, new URLSearchParams(), NOW);
  const fresh = () =>
    buildFigures(
      { db, scope: { kind: "all" }, isAdmin: true, period, now: NOW },
      { pageRows: PAGE_ROWS },
    );

  it("a new lead recomputes the leads figures only; a message, the work figures", async () => {
    const first = await page();
    expect(first.period).toEqual(resolvePeriod({ range: "90" }, NOW));
    const again = await page();
    for (const id of Object.keys(first.figures))
      expect(again.figures[id], id).toBe(first.figures[id]);

    await lead("arrives@lead.test");
    const afterLead = await page();
    expect(afterLead.figures["leads-by-week"]).not.toBe(first.figures["leads-by-week"]);
    expect(afterLead.figures["reply-times"]).toBe(first.figures["reply-times"]);
    expect(afterLead.figures["projects-by-status"]).toBe(first.figures["projects-by-status"]);

    await message(true);
    const afterMessage = await page();
    expect(afterMessage.figures["leads-by-week"]).toBe(afterLead.figures["leads-by-week"]);
    expect(afterMessage.figures["reply-times"]).not.toBe(afterLead.figures["reply-times"]);

    // Whatever was kept, the page is the page computed now.
    expect(afterMessage.figures).toEqual(await fresh());
  });
});
