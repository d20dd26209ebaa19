import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Figure } from "~/lib/analytics";
import { resolvePeriod } from "~/lib/validation/period";
import { loader as analyticsLoader } from "~/routes/portal/analytics";
import { loader as csvLoader } from "~/routes/portal/analytics-csv";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import { createHarness, getRequest, type Harness, run } from "~/test/harness.server";
import { activity, clients, messages, projects } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import type { Scope } from "../workspace/scope.server";
import { buildFigures } from "./figures.server";
import {
  activeClients,
  projectCountsByClient,
  projectsByClient,
  projectsByStatus,
  replyTimes,
} from "./work-figures.server";

let h: Harness;
let alice: SignedUp; // contact of client A
let bob: SignedUp; // contact of client B
let admin: SignedUp;
let dormantClient: string;

const sa = (local: string) => new Date(`${local}+02:00`);
const HOUR = 3600;
// Noon on Wednesday 18 March 2026: the last 30 days are 17 February – 18 March.
const NOW = sa("2026-03-18T12:00:00");
const period = resolvePeriod({ range: "30" }, NOW);
const SAME_PERIOD = "range=custom&from=2026-02-17&to=2026-03-18";

async function project(
  clientId: string,
  title: string,
  status: "active" | "on-hold" | "completed" | "cancelled",
  createdAt: string,
  updatedAt = createdAt,
) {
  await h.handle.db.insert(projects).values({
    clientId,
    title,
    status,
    createdAt: sa(createdAt),
    updatedAt: sa(updatedAt),
  });
}

async function message(clientId: string, fromAgency: boolean, at: string, subject = "Hello") {
  await h.handle.db.insert(messages).values({
    clientId,
    fromAgency,
    subject,
    content: "Seeded for analytics",
    createdAt: sa(at),
  });
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "boss@agency.test" });
  alice = await signUp("alice@client-a.test", { fullName: "Alice Achieng" });
  bob = await signUp("bob@client-b.test", { fullName: "Bob Botha" });
  admin = await signUp("boss@agency.test", { fullName: "Boss Admin" });
  await proveAddress("boss@agency.test");
  const db = h.handle.db;
  await db.update(clients).set({ name: "Alpha Foods" }).where(eq(clients.id, alice.clientId));
  await db.update(clients).set({ name: "Beta Mining" }).where(eq(clients.id, bob.clientId));
  const [dormant] = await db
    .insert(clients)
    .values({ name: "Dormant Ltd" })
    .returning({ id: clients.id });
  dormantClient = dormant?.id as string;

  const A = alice.clientId;
  const B = bob.clientId;
  await project(A, "A open since January", "active", "2026-01-05T09:00:00", "2026-01-10T09:00:00");
  await project(
    A,
    "A finished in the period",
    "completed",
    "2026-01-05T09:00:00",
    "2026-03-01T09:00:00",
  );
  await project(A, "A finished before", "completed", "2025-12-01T09:00:00", "2026-01-02T09:00:00");
  await project(A, "A paused", "on-hold", "2026-03-10T09:00:00");
  await project(A, "A after the period", "active", "2026-03-19T10:00:00");
  await project(B, "B cancelled", "cancelled", "2026-01-20T09:00:00", "2026-03-05T09:00:00");
  await project(B, "B open", "active", "2026-02-01T09:00:00");
  await project(dormantClient, "Dormant done", "completed", "2025-06-01T09:00:00");

  // Client A's conversation.
  await message(A, false, "2026-02-10T09:00:00"); // before the period
  await message(A, true, "2026-02-16T23:00:00"); // before the period
  await message(A, false, "2026-03-02T09:00:00"); // answered after 3 h
  await message(A, false, "2026-03-02T10:00:00"); // answered after 2 h
  await message(A, true, "2026-03-02T12:00:00"); // answered after 68 h
  await message(A, false, "2026-03-05T08:00:00"); // answered after 24 h
  await message(A, true, "2026-03-06T08:00:00"); // answered after 265 h
  await message(A, false, "2026-03-17T09:00:00"); // not answered
  // Client B's.
  await message(B, false, "2026-03-03T10:00:00"); // answered after 30 min
  await message(B, true, "2026-03-03T10:30:00"); // not answered

  await db.insert(activity).values([
    { clientId: A, kind: "project.updated", data: {}, createdAt: sa("2026-03-01T09:00:00") },
    { clientId: A, kind: "message.sent", data: {}, createdAt: sa("2026-03-02T09:00:00") },
    { clientId: B, kind: "project.updated", data: {}, createdAt: sa("2026-03-05T09:00:00") },
    {
      clientId: dormantClient,
      kind: "project.created",
      data: {},
      createdAt: sa("2025-06-01T09:00:00"),
    },
  ]);
});
afterAll(() => h.close());

const ALL: Scope = { kind: "all" };
const scopeOf = (who: SignedUp): Scope => ({ kind: "client", clientId: who.clientId });

describe(`work figures on ${testDatabaseKind()}`, () => {
  it("counts the period's projects by status, for every client and per client", async () => {
    expect(projectsByStatus(await projectCountsByClient(h.handle.db, ALL, period))).toEqual({
      active: 2,
      "on-hold": 1,
      completed: 1,
      cancelled: 1,
    });
    expect(
      projectsByStatus(await projectCountsByClient(h.handle.db, scopeOf(alice), period)),
    ).toEqual({
      active: 1,
      "on-hold": 1,
      completed: 1,
      cancelled: 0,
    });
    expect(
      projectsByStatus(await projectCountsByClient(h.handle.db, scopeOf(bob), period)),
    ).toEqual({
      active: 1,
      "on-hold": 0,
      completed: 0,
      cancelled: 1,
    });
  });

  it("lists projects by client, busiest first, and only the scope's client", async () => {
    const all = projectsByClient(await projectCountsByClient(h.handle.db, ALL, period));
    expect(all.map((c) => [c.name, c.total, c.counts])).toEqual([
      ["Alpha Foods", 3, { active: 1, "on-hold": 1, completed: 1, cancelled: 0 }],
      ["Beta Mining", 2, { active: 1, "on-hold": 0, completed: 0, cancelled: 1 }],
    ]);
    const own = projectsByClient(await projectCountsByClient(h.handle.db, scopeOf(bob), period));
    expect(own.map((c) => c.name)).toEqual(["Beta Mining"]);
  });

  it("gives the median reply time each way, per scope", async () => {
    expect(await replyTimes(h.handle.db, ALL, period)).toEqual({
      agency: { sent: 5, answered: 4, medianSeconds: 2.5 * HOUR },
      client: { sent: 3, answered: 2, medianSeconds: 166.5 * HOUR },
    });
    expect(await replyTimes(h.handle.db, scopeOf(alice), period)).toEqual({
      agency: { sent: 4, answered: 3, medianSeconds: 3 * HOUR },
      client: { sent: 2, answered: 2, medianSeconds: 166.5 * HOUR },
    });
    expect(await replyTimes(h.handle.db, scopeOf(bob), period)).toEqual({
      agency: { sent: 1, answered: 1, medianSeconds: 0.5 * HOUR },
      client: { sent: 1, answered: 0, medianSeconds: null },
    });
  });

  it("keeps each message's reply time exact, even for messages stored out of order", async () => {
    // The dormant client's conversation, long before the period: stored in time order, then two
    // messages imported between the others.
    const D = dormantClient;
    await message(D, true, "2025-05-01T10:00:00");
    await message(D, false, "2025-05-01T12:00:00");
    await message(D, true, "2025-05-01T13:00:00");
    await message(D, false, "2025-05-01T11:00:00"); // answers the 10:00 one sooner
    await message(D, true, "2025-05-01T11:30:00"); // answers the 11:00 one
    const stored = await h.handle.db.execute(sql`
      select m.created_at, m.reply_at,
             (select min(o.created_at) from messages o
               where o.client_id = m.client_id and o.from_agency <> m.from_agency
                 and o.created_at > m.created_at) as expected
        from messages m order by m.created_at`);
    const rows = stored.rows as { reply_at: unknown; expected: unknown }[];
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.reply_at === null ? null : new Date(row.reply_at as string).getTime()).toBe(
        row.expected === null ? null : new Date(row.expected as string).getTime(),
      );
    }
    const may = resolvePeriod({ range: "custom", from: "2025-05-01", to: "2025-05-01" }, NOW);
    expect(await replyTimes(h.handle.db, ALL, may)).toEqual({
      // The client's 11:00 → 11:30 and 12:00 → 13:00; the agency's 10:00 → 11:00 and
      // 11:30 → 12:00, its 13:00 not answered.
      agency: { sent: 2, answered: 2, medianSeconds: 0.75 * HOUR },
      client: { sent: 3, answered: 2, medianSeconds: 0.75 * HOUR },
    });
  });

  it("counts active clients: messages and changes in the period", async () => {
    const all = await activeClients(h.handle.db, ALL, period);
    expect(all.total).toBe(2);
    expect(all.clients.map((c) => [c.name, c.messages, c.changes, c.lastAt])).toEqual([
      ["Alpha Foods", 6, 1, "2026-03-17T07:00:00Z"],
      ["Beta Mining", 2, 1, "2026-03-05T07:00:00Z"],
    ]);
    const own = await activeClients(h.handle.db, scopeOf(alice), period);
    expect(own.clients.map((c) => c.name)).toEqual(["Alpha Foods"]);
  });
});

interface AnalyticsData {
  isAdmin: boolean;
  figures: Record<string, Figure>;
  periodError: string | null;
}

async function analyticsAs(who: SignedUp, search = SAME_PERIOD) {
  const res = await run(analyticsLoader, getRequest(`/portal/analytics?${search}`, who.cookie));
  return { status: res.status, body: (await res.json()) as AnalyticsData };
}

describe("the Analytics page", () => {
  it("shows an administrator leads and every client's work", async () => {
    const { status, body } = await analyticsAs(admin);
    expect(status).toBe(200);
    expect(body.isAdmin).toBe(true);
    expect(Object.keys(body.figures)).toEqual([
      "leads-by-week",
      "quotes-by-package",
      "lead-funnel",
      "first-response",
      "lead-sources",
      "bookings-by-week",
      "projects-by-status",
      "projects-by-client",
      "overdue-milestones",
      "open-approvals",
      "reply-times",
      "active-clients",
      // The agency's money (issue 32, decision 096): administrators see it.
      "revenue",
      "overdue-by-age",
    ]);
    expect(body.figures["projects-by-client"]?.table.rows).toEqual([
      ["Alpha Foods", 1, 1, 1, 0, 3],
      ["Beta Mining", 1, 0, 0, 1, 2],
    ]);
    expect(body.figures["reply-times"]?.table.rows[0]).toEqual([
      "Our replies to client messages",
      5,
      4,
      "2 h 30 min",
    ]);
    expect(body.figures["active-clients"]?.headline).toEqual({
      label: "Active clients",
      value: "2",
    });
  });

  it("shows a contact their own client's work only: no leads, no other client", async () => {
    const { status, body } = await analyticsAs(bob);
    expect(status).toBe(200);
    expect(body.isAdmin).toBe(false);
    expect(Object.keys(body.figures)).toEqual([
      "projects-by-status",
      "overdue-milestones",
      "open-approvals",
      "reply-times",
    ]);
    expect(body.figures["projects-by-status"]?.table.rows).toEqual([
      ["Active", 1],
      ["On hold", 0],
      ["Completed", 0],
      ["Cancelled", 1],
    ]);
    expect(body.figures["reply-times"]?.table.rows).toEqual([
      ["Our replies to your messages", 1, 1, "30 min"],
      ["Your replies to our messages", 1, 0, "—"],
    ]);
    const text = JSON.stringify(body);
    for (const other of ["Alpha Foods", "Dormant Ltd", "A open since January"]) {
      expect(text).not.toContain(other);
    }
  });

  it("says when nothing is overdue or waiting instead of inventing numbers", async () => {
    const { body } = await analyticsAs(alice);
    expect(body.figures["overdue-milestones"]?.empty).toMatch(/^No milestone is overdue today\./);
    expect(body.figures["overdue-milestones"]?.table.rows).toEqual([]);
    expect(body.figures["open-approvals"]?.empty).toMatch(/^Nothing is waiting for an answer\./);
    expect(body.figures["open-approvals"]?.table.rows).toEqual([]);
  });

  it("shows the first rows of a long table, says how many there are, and the CSV has them all", async () => {
    const figures = await buildFigures(
      { db: h.handle.db, scope: ALL, isAdmin: true, period, now: NOW },
      { pageRows: 1 },
    );
    expect(figures["active-clients"]?.table.rows.map((r) => r[0])).toEqual(["Alpha Foods"]);
    expect(figures["active-clients"]?.more).toBe(
      "Showing the first 1 of 2 clients. The CSV has them all.",
    );
    expect(figures["projects-by-client"]?.more).toBe(
      "Showing the first 1 of 2 clients. The CSV has them all.",
    );
    // Short tables and tables of weeks are whole.
    expect(figures["reply-times"]?.more).toBeUndefined();
    expect(figures["leads-by-week"]?.table.rows.length).toBeGreaterThan(1);
    const csv = await run(
      csvLoader,
      getRequest(`/portal/analytics/csv/active-clients?${SAME_PERIOD}`, admin.cookie),
      { figure: "active-clients" },
    );
    expect((await csv.text()).trim().split("\r\n")).toHaveLength(3);
  });

  it("answers a bad period with 400, the reason and the default period", async () => {
    const { status, body } = await analyticsAs(alice, "range=custom&from=2026-03-10&to=2026-03-01");
    expect(status).toBe(400);
    expect(body.periodError).toMatch(/end date must be on or after the start date/);
    expect(body.figures["projects-by-status"]).toBeDefined();
  });
});

describe("the CSV downloads", () => {
  async function csv(who: SignedUp, figure: string, search = SAME_PERIOD) {
    return run(csvLoader, getRequest(`/portal/analytics/csv/${figure}?${search}`, who.cookie), {
      figure,
    });
  }

  it("give a table as a CSV file named after it and the period", async () => {
    const res = await csv(admin, "projects-by-client");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="projects-by-client-2026-02-17-to-2026-03-18.csv"',
    );
    expect((await res.text()).replace(/^\uFEFF/, "")).toBe(
      "Client,Active,On hold,Completed,Cancelled,Total\r\nAlpha Foods,1,1,1,0,3\r\nBeta Mining,1,0,0,1,2\r\n",
    );
  });

  it("give a contact their own client's numbers only", async () => {
    const res = await csv(bob, "reply-times");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Our replies to your messages,1,1,30 min");
  });

  it("refuse a contact the agency's tables, an unknown table and a bad period", async () => {
    for (const figure of ["lead-funnel", "leads-by-week", "projects-by-client", "active-clients"]) {
      expect((await csv(alice, figure)).status, figure).toBe(403);
    }
    expect((await csv(admin, "no-such-table")).status).toBe(404);
    expect((await csv(admin, "lead-funnel", "range=custom&from=2026-02-30&to=x")).status).toBe(400);
    expect(
      (
        await run(csvLoader, getRequest("/portal/analytics/csv/lead-funnel"), {
          figure: "lead-funnel",
        })
      ).status,
    ).toBe(302);
  });
});
