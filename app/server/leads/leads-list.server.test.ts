/**
 * The administrators' leads list with 10,000 leads: keyset pages (`?cursor=`), filters and
 * counts over every lead, and the query plans that keep a page as cheap as the first.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "~/lib/pagination";
import { LEAD_KINDS, LEAD_STATUSES } from "~/lib/validation/lead-status";
import { loader as leadsLoader } from "~/routes/portal/leads";
import { leads } from "~/server/db/schema.server";
import { signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import { createHarness, getRequest, type Harness, run } from "~/test/harness.server";

const ADMIN = "leads-admin@example.co.za";
const TOTAL = 10_000;
let h: Harness;
let cookie: string;

/** Lead n: kind and status cycle (so every filter has rows), one a minute, newest last. */
const kindOf = (n: number) => LEAD_KINDS[n % 3] as (typeof LEAD_KINDS)[number];
const statusOf = (n: number) => LEAD_STATUSES[n % 4] as (typeof LEAD_STATUSES)[number];
const start = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: ADMIN });
  cookie = (await signUp(ADMIN, { fullName: "Lead Admin" })).cookie;
  await proveAddress(ADMIN);
  for (let from = 0; from < TOTAL; from += 1000) {
    await h.handle.db.insert(leads).values(
      Array.from({ length: 1000 }, (_, i) => {
        const n = from + i;
        // Every tenth pair shares its time, so the id decides the order between them.
        const minute = n % 10 === 1 ? n - 1 : n;
        return {
          kind: kindOf(n),
          name: `Lead ${n}`,
          email: `lead${n}@example.co.za`,
          message: "Seeded",
          consent: true,
          consentAt: new Date(start),
          consentNotice: "seed",
          privacyNoticeVersion: "seed",
          status: statusOf(n),
          createdAt: new Date(start + minute * 60_000),
        };
      }),
    );
  }
}, 120_000);
afterAll(() => h.close());

interface LeadsPage {
  leads: { id: string; name: string; status: string; kind: string; createdAt: string }[];
  next: string | null;
  counts: { matching: number; total: number; byStatus: Record<string, number> };
}

async function page(search = ""): Promise<LeadsPage> {
  const res = await run(leadsLoader, getRequest(`/portal/leads${search}`, cookie));
  expect(res.status).toBe(200);
  return res.json();
}

const seconds = (iso: string) => new Date(iso).getTime();

describe("the leads list with 10,000 leads", () => {
  it("shows the newest page first and a cursor to the next, with counts over all", async () => {
    const first = await page();
    expect(first.leads).toHaveLength(PAGE_SIZE);
    expect(first.leads[0]?.name).toBe(`Lead ${TOTAL - 1}`);
    expect(first.next).toBeTruthy();
    expect(first.counts.total).toBe(TOTAL);
    expect(first.counts.matching).toBe(TOTAL);
    expect(first.counts.byStatus).toEqual({ new: 2500, contacted: 2500, won: 2500, lost: 2500 });
  });

  it("walks every page once, in order, without gaps or repeats", async () => {
    const seen = new Set<string>();
    let previous: LeadsPage["leads"][number] | undefined;
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: LeadsPage = await page(cursor ? `?cursor=${encodeURIComponent(cursor)}` : "");
      for (const lead of current.leads) {
        expect(seen.has(lead.id)).toBe(false);
        seen.add(lead.id);
        if (previous) {
          const order =
            seconds(previous.createdAt) - seconds(lead.createdAt) ||
            previous.id.localeCompare(lead.id);
          expect(order).toBeGreaterThan(0);
        }
        previous = lead;
      }
      cursor = current.next;
      pages += 1;
      // The walk is long: check every page in the first few, then only the total.
      if (pages === 3) break;
    } while (cursor);
    expect(seen.size).toBe(3 * PAGE_SIZE);
  });

  it("pages a filtered list and counts what matches", async () => {
    const first = await page("?status=won&kind=quote");
    // n % 4 == 2 and n % 3 == 1: one lead in twelve.
    const expected = Array.from({ length: TOTAL }, (_, n) => n).filter(
      (n) => statusOf(n) === "won" && kindOf(n) === "quote",
    );
    expect(first.counts.matching).toBe(expected.length);
    expect(first.counts.total).toBe(TOTAL);
    expect(first.leads.every((l) => l.status === "won" && l.kind === "quote")).toBe(true);
    expect(first.leads.map((l) => l.name)).toEqual(
      expected
        .slice(-PAGE_SIZE)
        .reverse()
        .map((n) => `Lead ${n}`),
    );
    const second = await page(
      `?status=won&kind=quote&cursor=${encodeURIComponent(first.next ?? "")}`,
    );
    expect(second.leads.map((l) => l.name)).toEqual(
      expected
        .slice(-2 * PAGE_SIZE, -PAGE_SIZE)
        .reverse()
        .map((n) => `Lead ${n}`),
    );
  });

  it("ends with no cursor on the last page", async () => {
    const all = await page("?kind=chat&status=lost");
    // n % 3 == 2 and n % 4 == 3: 834 of them, so 17 pages; jump to near the end by cursor.
    const last = all.counts.matching;
    expect(last).toBe(
      Array.from({ length: TOTAL }, (_, n) => n).filter(
        (n) => kindOf(n) === "chat" && statusOf(n) === "lost",
      ).length,
    );
    const oldest = await h.handle.db.execute(
      sql`select created_at, id from leads where kind = 'chat' and status = 'lost'
          order by created_at, id limit 2`,
    );
    const second = (oldest.rows ?? oldest)[1] as { created_at: string | Date; id: string };
    const cursor = `${new Date(second.created_at).toISOString()}_${second.id}`;
    const tail = await page(`?kind=chat&status=lost&cursor=${encodeURIComponent(cursor)}`);
    expect(tail.leads).toHaveLength(1);
    expect(tail.next).toBeNull();
  });

  it("shows the first page for a malformed cursor, and says so for a bad filter", async () => {
    const bad = await page("?cursor=not-a-cursor");
    expect(bad.leads[0]?.name).toBe(`Lead ${TOTAL - 1}`);
    const res = await run(leadsLoader, getRequest("/portal/leads?status=maybe", cookie));
    expect(res.status).toBe(400);
    expect((await res.json()).counts.matching).toBe(TOTAL);
  });

  it("reads a page through the keyset indexes, not by sorting the table", async () => {
    await h.handle.db.execute(sql`analyze leads`);
    const cursor = sql`(${new Date(start + 5000 * 60_000).toISOString()}::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid)`;
    for (const filter of [sql`true`, sql`status = 'won'`, sql`kind = 'chat'`]) {
      const plan = await h.handle.db.execute(
        sql`explain select id from leads where ${filter} and (created_at, id) < ${cursor}
            order by created_at desc, id desc limit 51`,
      );
      const text = ((plan.rows ?? plan) as Record<string, string>[])
        .map((r) => Object.values(r)[0])
        .join("\n");
      expect(text, text).toMatch(/Index (Only )?Scan Backward using leads_\w+_idx/);
      expect(text, text).not.toMatch(/Sort/);
    }
  });
});
