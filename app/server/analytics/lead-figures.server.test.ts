import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resolvePeriod } from "~/lib/validation/period";
import { action as sendContactEmail } from "~/routes/api/send-contact-email";
import { action as contactAction } from "~/routes/marketing/contact";
import { action as leadAction } from "~/routes/portal/lead";
import { signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import { BASE_URL, createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import { emailOutbox, leadEvents, leads } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { setLeadStatus } from "../leads/leads.server";
import {
  leadFunnel,
  leadSources,
  leadSummary,
  leadsByWeek,
  quotesByPackage,
  timeToFirstChange,
  weekStart,
  wholeWeeks,
} from "./lead-figures.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    ADMIN_EMAILS: "analyst@agency.test",
    LEAD_RATE_LIMIT_IP: "1000",
    LEAD_RATE_LIMIT_EMAIL: "1000",
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.handle.db.delete(emailOutbox);
  await h.handle.db.delete(leads);
});

const HOUR = 3600 * 1000;
/** A South African wall-clock time as an instant. */
const sa = (local: string) => new Date(`${local}+02:00`);

async function seedLead(input: {
  kind: "contact" | "quote" | "chat";
  at: Date;
  status?: "new" | "contacted" | "won" | "lost";
  packageName?: string;
  sourcePath?: string | null;
  /** Status changes, hours after arrival. */
  changes?: { after: number; to: "new" | "contacted" | "won" | "lost" }[];
}) {
  const [row] = await h.handle.db
    .insert(leads)
    .values({
      kind: input.kind,
      name: "Seeded Lead",
      email: "seeded@example.co.za",
      message: "Seeded for analytics",
      packageName: input.packageName ?? null,
      consent: true,
      consentAt: input.at,
      consentNotice: "test",
      privacyNoticeVersion: "test",
      status: input.status ?? "new",
      sourcePath: input.sourcePath ?? null,
      firstStatusChangeAt: input.changes?.[0]
        ? new Date(input.at.getTime() + input.changes[0].after * HOUR)
        : null,
      createdAt: input.at,
    })
    .returning({ id: leads.id });
  const id = row?.id as string;
  let from: "new" | "contacted" | "won" | "lost" = "new";
  for (const change of input.changes ?? []) {
    await h.handle.db.insert(leadEvents).values({
      leadId: id,
      fromStatus: from,
      toStatus: change.to,
      createdAt: new Date(input.at.getTime() + change.after * HOUR),
    });
    from = change.to;
  }
  return id;
}

// Wednesday 18 March 2026, noon in South Africa: the last 30 days are 17 February – 18 March.
const NOW = sa("2026-03-18T12:00:00");
const period = resolvePeriod({ range: "30" }, NOW);

async function seedKnownLeads() {
  // Before the period: never counted.
  await seedLead({ kind: "contact", at: sa("2026-01-01T09:00:00"), status: "won" });
  await seedLead({ kind: "contact", at: sa("2026-02-16T23:59:00"), status: "lost" });
  // In it.
  await seedLead({
    kind: "contact",
    at: sa("2026-02-17T00:00:00"),
    status: "contacted",
    sourcePath: "/contact",
    changes: [{ after: 24, to: "contacted" }],
  });
  await seedLead({ kind: "chat", at: sa("2026-03-02T10:00:00"), sourcePath: "/demo" });
  await seedLead({
    kind: "quote",
    packageName: "Growth",
    at: sa("2026-03-10T12:00:00"),
    status: "won",
    sourcePath: "/pricing",
    changes: [
      { after: 4, to: "contacted" },
      { after: 72, to: "won" },
    ],
  });
  await seedLead({
    kind: "quote",
    packageName: "Starter",
    at: sa("2026-03-11T08:00:00"),
    status: "lost",
    sourcePath: "/pricing",
    changes: [{ after: 6, to: "lost" }],
  });
  await seedLead({
    kind: "contact",
    at: sa("2026-03-16T08:00:00"),
    status: "contacted",
    sourcePath: "/contact",
    changes: [{ after: 2, to: "contacted" }],
  });
  await seedLead({ kind: "contact", at: sa("2026-03-18T23:30:00"), sourcePath: null });
}

describe(`lead figures on ${testDatabaseKind()}`, () => {
  it("counts new leads per week by kind, weeks without leads included", async () => {
    await seedKnownLeads();
    expect(period).toMatchObject({ from: "2026-02-17", to: "2026-03-18", days: 30 });
    const weeks = leadsByWeek(await leadSummary(h.handle.db, period), period);
    expect(weeks).toEqual([
      { week: "2026-02-16", counts: { contact: 1, quote: 0, chat: 0, booking: 0 } },
      { week: "2026-02-23", counts: { contact: 0, quote: 0, chat: 0, booking: 0 } },
      { week: "2026-03-02", counts: { contact: 0, quote: 0, chat: 1, booking: 0 } },
      { week: "2026-03-09", counts: { contact: 0, quote: 2, chat: 0, booking: 0 } },
      { week: "2026-03-16", counts: { contact: 2, quote: 0, chat: 0, booking: 0 } },
    ]);
  });

  it("counts quote requests per week by package", async () => {
    await seedKnownLeads();
    const weeks = quotesByPackage(await leadSummary(h.handle.db, period), period);
    expect(weeks.find((w) => w.week === "2026-03-09")?.counts).toEqual({
      Starter: 1,
      Growth: 1,
      Enterprise: 0,
    });
    const total = weeks.reduce((n, w) => n + w.counts.Starter + w.counts.Growth, 0);
    expect(total).toBe(2);
  });

  it("gives the funnel of the period's leads", async () => {
    await seedKnownLeads();
    expect(leadFunnel(await leadSummary(h.handle.db, period))).toEqual({
      arrived: 6,
      contacted: 4,
      won: 1,
      lost: 1,
    });
  });

  it("gives the median time to a first status change, per kind and overall", async () => {
    await seedKnownLeads();
    const figures = timeToFirstChange(await leadSummary(h.handle.db, period));
    expect(figures).toEqual([
      // 2 h and 24 h
      { kind: "contact", changed: 2, medianSeconds: 13 * 3600 },
      // 4 h and 6 h (the later change to 'won' is not the first)
      { kind: "quote", changed: 2, medianSeconds: 5 * 3600 },
      { kind: "chat", changed: 0, medianSeconds: null },
      { kind: "booking", changed: 0, medianSeconds: null },
      // 2, 4, 6, 24 h
      { kind: "all", changed: 4, medianSeconds: 5 * 3600 },
    ]);
  });

  it("says where the period's leads came from, busiest page first", async () => {
    await seedKnownLeads();
    expect(leadSources(await leadSummary(h.handle.db, period))).toEqual([
      { path: "/contact", leads: 2, won: 0 },
      { path: "/pricing", leads: 2, won: 1 },
      { path: "/demo", leads: 1, won: 0 },
      { path: null, leads: 1, won: 0 },
    ]);
  });

  it("shows nothing it does not have: an empty period is zeros and no medians", async () => {
    const empty = resolvePeriod({ range: "custom", from: "2025-01-01", to: "2025-01-07" }, NOW);
    const summary = await leadSummary(h.handle.db, empty);
    expect(leadFunnel(summary)).toEqual({ arrived: 0, contacted: 0, won: 0, lost: 0 });
    expect(timeToFirstChange(summary).every((f) => f.medianSeconds === null)).toBe(true);
    expect(leadSources(summary)).toEqual([]);
    expect(leadsByWeek(summary, empty).every((w) => w.counts.contact === 0)).toBe(true);
  });
});

describe(`the day rollup behind the counts on ${testDatabaseKind()}`, () => {
  /** What lead_day_counts must hold: the same counts taken from the leads themselves. */
  async function countedFromLeads() {
    const result = await h.handle.db.execute(sql`
      select ((created_at at time zone 'UTC') + interval '2 hours')::date::text as day, kind,
             coalesce(package_name, '') as pkg, status, coalesce(source_path, '') as src,
             count(*)::int as n
        from leads group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
    return result.rows;
  }
  async function dayRollup() {
    const result = await h.handle.db.execute(sql`
      select day::text as day, kind, package_name as pkg, status, source_path as src, leads as n
        from lead_day_counts where leads <> 0 order by 1, 2, 3, 4, 5`);
    return result.rows;
  }
  /** lead_week_counts must hold the day counts summed per week (Monday to Sunday). */
  async function weekRollupMatches() {
    const fromDays = await h.handle.db.execute(sql`
      select (day - ((day - date '1970-01-05') % 7))::text as week, kind, package_name as pkg,
             status, source_path as src, sum(leads)::int as n
        from lead_day_counts group by 1, 2, 3, 4, 5 having sum(leads) <> 0
       order by 1, 2, 3, 4, 5`);
    const weeks = await h.handle.db.execute(sql`
      select week::text as week, kind, package_name as pkg, status, source_path as src, leads as n
        from lead_week_counts where leads <> 0 order by 1, 2, 3, 4, 5`);
    expect(weeks.rows).toEqual(fromDays.rows);
  }
  async function rollup() {
    await weekRollupMatches();
    return dayRollup();
  }

  it("follows every arrival, status change, edit and erasure of a lead", async () => {
    await seedKnownLeads();
    expect(await rollup()).toEqual(await countedFromLeads());
    const [quote] = await h.handle.db
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.packageName, "Starter"));
    await setLeadStatus(h.handle.db, quote?.id as string, "won", { now: NOW });
    expect(leadFunnel(await leadSummary(h.handle.db, period))).toEqual({
      arrived: 6,
      contacted: 4,
      won: 2,
      lost: 0,
    });
    // An edit of what the counts group by, a no-change and an erasure.
    await h.handle.db
      .update(leads)
      .set({ sourcePath: "/services/chatbots", createdAt: sa("2026-03-17T23:59:59") })
      .where(eq(leads.kind, "chat"));
    await h.handle.db.update(leads).set({ status: "new" }).where(eq(leads.status, "new"));
    await h.handle.db.delete(leads).where(eq(leads.sourcePath, "/contact"));
    expect(await rollup()).toEqual(await countedFromLeads());
    expect(leadFunnel(await leadSummary(h.handle.db, period))).toEqual({
      arrived: 4,
      contacted: 2,
      won: 2,
      lost: 0,
    });
    expect(leadSources(await leadSummary(h.handle.db, period))).toEqual([
      { path: "/pricing", leads: 2, won: 2 },
      { path: "/services/chatbots", leads: 1, won: 0 },
      { path: null, leads: 1, won: 0 },
    ]);
  });

  it("counts a lead on its South African day, at either edge of midnight", async () => {
    await seedLead({ kind: "chat", at: sa("2026-03-10T00:00:00") });
    await seedLead({ kind: "chat", at: sa("2026-03-09T23:59:59.999") });
    const oneDay = resolvePeriod({ range: "custom", from: "2026-03-10", to: "2026-03-10" }, NOW);
    expect(leadFunnel(await leadSummary(h.handle.db, oneDay)).arrived).toBe(1);
    expect(await rollup()).toEqual(await countedFromLeads());
  });
});

describe(`a period's counts, whole weeks and edge days on ${testDatabaseKind()}`, () => {
  it("finds the whole weeks inside a period", () => {
    // 2026-03-09 is a Monday, 2026-03-15 a Sunday.
    expect(wholeWeeks("2026-03-09", "2026-03-15")).toEqual({
      firstMonday: "2026-03-09",
      lastMonday: "2026-03-09",
    });
    expect(wholeWeeks("2026-03-10", "2026-03-22")).toEqual({
      firstMonday: "2026-03-16",
      lastMonday: "2026-03-16",
    });
    expect(wholeWeeks("2026-03-08", "2026-03-29")).toEqual({
      firstMonday: "2026-03-09",
      lastMonday: "2026-03-23",
    });
    expect(wholeWeeks("2026-03-10", "2026-03-21")).toBeNull();
    expect(wholeWeeks("2026-03-15", "2026-03-15")).toBeNull();
  });

  it("counts every period the same as the leads themselves, however it splits", async () => {
    // A lead every 13 hours from Sunday 1 March to 4 April, on both sides of midnight.
    for (let i = 0; i < 64; i++) {
      await seedLead({
        kind: i % 3 === 0 ? "contact" : i % 3 === 1 ? "quote" : "chat",
        at: new Date(sa("2026-03-01T00:30:00").getTime() + i * 13 * HOUR),
        status: (["new", "contacted", "won", "lost"] as const)[i % 4] ?? "new",
        packageName: i % 3 === 1 ? "Growth" : undefined,
        sourcePath: i % 2 ? "/pricing" : null,
      });
    }
    const direct = async (from: string, to: string) => {
      const result = await h.handle.db.execute(sql`
        select ((d - date '1970-01-05') / 7)::int as wk, kind, status,
               coalesce(source_path, '') as src, count(*)::int as n
          from (select ((created_at at time zone 'UTC') + interval '2 hours')::date as d, *
                  from leads) l
         where d >= ${from}::date and d <= ${to}::date
         group by 1, 2, 3, 4`);
      return result.rows as { wk: number; kind: string; status: string; src: string; n: number }[];
    };
    const sum = (list: { n: number }[]) => list.reduce((n, r) => n + r.n, 0);
    for (const [from, to] of [
      ["2026-03-01", "2026-04-04"],
      ["2026-03-02", "2026-03-29"],
      ["2026-03-04", "2026-03-27"],
      ["2026-03-10", "2026-03-12"],
      ["2026-03-08", "2026-03-09"],
      ["2026-03-16", "2026-03-22"],
    ]) {
      const summary = await leadSummary(
        h.handle.db,
        resolvePeriod({ range: "custom", from, to }, NOW),
      );
      const rows = await direct(from as string, to as string);
      const perWeek = new Map<string, number>();
      for (const r of rows) {
        const key = `${weekStart(r.wk)} ${r.kind}`;
        perWeek.set(key, (perWeek.get(key) ?? 0) + r.n);
      }
      expect(
        Object.fromEntries(summary.weeks.map((w) => [`${w.week} ${w.kind}`, w.n])),
        `${from} to ${to}`,
      ).toEqual(Object.fromEntries(perWeek));
      for (const status of ["new", "contacted", "won", "lost"] as const) {
        expect(summary.statuses[status] ?? 0).toBe(sum(rows.filter((r) => r.status === status)));
      }
      expect(sum(summary.sources)).toBe(sum(rows));
    }
  });
});

describe("lead status history", () => {
  it("keeps each change of status with who made it, and none for a non-change", async () => {
    const id = await seedLead({ kind: "contact", at: new Date() });
    expect(await setLeadStatus(h.handle.db, id, "new")).toEqual({ ok: true });
    expect(await setLeadStatus(h.handle.db, id, "contacted")).toEqual({ ok: true });
    expect(await setLeadStatus(h.handle.db, id, "contacted")).toEqual({ ok: true });
    // A minute later by its own clock: two changes made in the same millisecond (a fast machine)
    // could not tell the first from the later one below.
    const later = new Date(Date.now() + 60_000);
    expect(await setLeadStatus(h.handle.db, id, "won", { now: later })).toEqual({ ok: true });
    const events = await h.handle.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, id))
      .orderBy(asc(leadEvents.createdAt), asc(leadEvents.fromStatus));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      ["new", "contacted"],
      ["contacted", "won"],
    ]);
    // The lead remembers its first change: the time of the first event, not of the later one.
    const [lead] = await h.handle.db.select().from(leads).where(eq(leads.id, id));
    // (The event's time is kept in milliseconds, the lead's column in microseconds: within 1 ms.)
    const first = lead?.firstStatusChangeAt?.getTime() ?? 0;
    expect(Math.abs(first - (events[0]?.createdAt.getTime() ?? 0))).toBeLessThanOrEqual(1);
    expect(first).toBeLessThan(events[1]?.createdAt.getTime() ?? 0);
    expect(await setLeadStatus(h.handle.db, crypto.randomUUID(), "won")).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("records the administrator who moved a lead on its page", async () => {
    const admin = await signUp("analyst@agency.test", { fullName: "Ayanda Analyst" });
    await proveAddress("analyst@agency.test");
    const id = await seedLead({ kind: "quote", packageName: "Growth", at: new Date() });
    const res = await run(
      leadAction,
      formRequest(`/portal/leads/${id}`, { status: "won" }, { cookie: admin.cookie }),
      { id },
    );
    expect(res.status).toBe(200);
    const [event] = await h.handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(event).toMatchObject({ fromStatus: "new", toStatus: "won", actorId: admin.id });
  });

  it("goes with its lead when the lead is erased", async () => {
    const id = await seedLead({
      kind: "contact",
      at: new Date(),
      status: "contacted",
      changes: [{ after: 1, to: "contacted" }],
    });
    await h.handle.db.delete(leads).where(eq(leads.id, id));
    expect(await h.handle.db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual(
      [],
    );
  });
});

describe("where a lead came from", () => {
  function contactPost(referer: string | null, path = "/contact") {
    const request = formRequest(path, {
      name: "Lerato Khumalo",
      email: "lerato@example.co.za",
      message: "Please call me about a chatbot for our clinic.",
    });
    if (referer) request.headers.set("referer", referer);
    return request;
  }

  async function lastSource() {
    const [row] = await h.handle.db.select({ path: leads.sourcePath }).from(leads);
    return row?.path;
  }

  it("keeps the page a form was on, path only", async () => {
    const res = await run(contactAction, contactPost(`${BASE_URL}/contact/?utm_source=mail#form`));
    expect(res.status).toBe(200);
    expect(await lastSource()).toBe("/contact");
  });

  it("falls back to the page the form posted to, never another site's page", async () => {
    await run(contactAction, contactPost("https://elsewhere.example/contact-us"));
    expect(await lastSource()).toBe("/contact");
    await h.handle.db.delete(leads);
    await run(contactAction, contactPost(null, "/contact.data"));
    expect(await lastSource()).toBe("/contact");
  });

  it("keeps the JSON endpoint's page only when this site's page called it", async () => {
    const body = JSON.stringify({
      name: "Sipho Ndlovu",
      email: "sipho@example.co.za",
      message: "Quote for a voice agent, please.",
    });
    const post = (referer: string | null) => {
      const headers = new Headers({
        "content-type": "application/json",
        origin: BASE_URL,
        "x-client-ip": "198.51.100.9",
      });
      if (referer) headers.set("referer", referer);
      return new Request(`${BASE_URL}/functions/v1/send-contact-email`, {
        method: "POST",
        headers,
        body,
      });
    };
    expect((await run(sendContactEmail, post(null))).status).toBe(200);
    expect(await lastSource()).toBeNull();
    await h.handle.db.delete(leads);
    expect((await run(sendContactEmail, post(`${BASE_URL}/services/voice-agents`))).status).toBe(
      200,
    );
    expect(await lastSource()).toBe("/services/voice-agents");
  });
});
