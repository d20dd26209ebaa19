/**
 * Migration 0015_lead_week_counts with data in it, on PGlite and PostgreSQL: the day counts a
 * database holds at 0014 are summed into week counts (Monday to Sunday), and the trigger keeps
 * both from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.server";
import { emptyDatabase, migrateWith, migrationsUpTo, rows } from "./migration-test-kit.server";
import { testDatabaseKind } from "./test-db.server";

const WEEKS = "0015_lead_week_counts";

const lead = (kind: string, at: string, status: string) =>
  `('${kind}', 'Old lead', 'old@example.co.za', 'Hello', null, true, '${at}', 'notice', 'v1',
    '${status}', '/contact', '${at}')`;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await emptyDatabase();
  await migrateWith(handle, migrationsUpTo(WEEKS, { inclusive: false }));
  await rows(
    handle,
    `insert into leads (kind, name, email, message, package_name, consent, consent_at,
                        consent_notice, privacy_notice_version, status, source_path, created_at)
     values ${[
       // Sunday 15 March 23:59:59 in South Africa (21:59:59 UTC): the week of Monday 9 March.
       lead("contact", "2026-03-15T21:59:59Z", "new"),
       // Monday 16 March 00:00 in South Africa: the next week.
       lead("contact", "2026-03-15T22:00:00Z", "new"),
       lead("contact", "2026-03-09T08:00:00Z", "new"),
       lead("chat", "2026-03-20T08:00:00Z", "won"),
     ].join(", ")}`,
  );
  await migrateWith(handle, migrationsUpTo(WEEKS, { inclusive: true }));
});
afterAll(() => handle.close());

const weekCounts = () =>
  rows(
    handle,
    `select week::text as week, kind, status, leads from lead_week_counts
      where leads <> 0 order by week, kind, status`,
  );

describe(`migration 0015 with data on ${testDatabaseKind()}`, () => {
  it("sums the leads already counted per day into their South African weeks", async () => {
    expect(await weekCounts()).toEqual([
      { week: "2026-03-09", kind: "contact", status: "new", leads: 2 },
      { week: "2026-03-16", kind: "chat", status: "won", leads: 1 },
      { week: "2026-03-16", kind: "contact", status: "new", leads: 1 },
    ]);
  });

  it("keeps the week counts with the day counts after it", async () => {
    await rows(handle, `update leads set status = 'contacted' where created_at < '2026-03-10'`);
    await rows(handle, `delete from leads where kind = 'chat'`);
    expect(await weekCounts()).toEqual([
      { week: "2026-03-09", kind: "contact", status: "contacted", leads: 1 },
      { week: "2026-03-09", kind: "contact", status: "new", leads: 1 },
      { week: "2026-03-16", kind: "contact", status: "new", leads: 1 },
    ]);
  });
});
