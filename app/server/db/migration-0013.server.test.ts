/**
 * Migration 0013_analytics_rollups with data in it, on PGlite and PostgreSQL: the leads and
 * messages a database holds at 0012 get their day counts and reply times, exactly what the
 * triggers keep from then on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.server";
import { emptyDatabase, migrateWith, migrationsUpTo, rows } from "./migration-test-kit.server";
import { testDatabaseKind } from "./test-db.server";

const ROLLUPS = "0013_analytics_rollups";
const A = "30000000-0000-4000-8000-00000000000a";
const B = "30000000-0000-4000-8000-00000000000b";

const lead = (kind: string, at: string, status: string, pkg: string | null, src: string | null) =>
  `('${kind}', 'Old lead', 'old@example.co.za', 'Hello', ${pkg ? `'${pkg}'` : "null"}, true,
    '${at}', 'notice', 'v1', '${status}', ${src ? `'${src}'` : "null"}, '${at}')`;

const OLD_DATA = [
  `insert into clients (id, name) values ('${A}', 'Alpha'), ('${B}', 'Beta')`,
  `insert into leads (kind, name, email, message, package_name, consent, consent_at,
                      consent_notice, privacy_notice_version, status, source_path, created_at)
   values ${[
     // 21:59:59 UTC is 23:59:59 in South Africa: still 9 March there; 22:00 UTC is 10 March.
     lead("contact", "2026-03-09T21:59:59Z", "new", null, "/contact"),
     lead("contact", "2026-03-09T22:00:00Z", "won", null, "/contact"),
     lead("quote", "2026-03-10T08:00:00Z", "contacted", "Growth", "/pricing"),
     lead("quote", "2026-03-10T09:00:00Z", "contacted", "Growth", "/pricing"),
     lead("chat", "2026-03-11T08:00:00Z", "lost", null, null),
   ].join(", ")}`,
  `insert into messages (client_id, from_agency, subject, content, created_at) values
     ('${A}', false, 'Q', 'q', '2026-03-01T08:00:00Z'),
     ('${A}', false, 'Q2', 'q', '2026-03-01T09:00:00Z'),
     ('${A}', true, 'A', 'a', '2026-03-01T10:00:00Z'),
     ('${A}', false, 'Thanks', 't', '2026-03-02T10:00:00Z'),
     ('${B}', true, 'News', 'n', '2026-03-03T10:00:00Z')`,
];

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await emptyDatabase();
  await migrateWith(handle, migrationsUpTo(ROLLUPS, { inclusive: false }));
  for (const statement of OLD_DATA) await rows(handle, statement);
  await migrateWith(handle, migrationsUpTo(ROLLUPS, { inclusive: true }));
});
afterAll(() => handle.close());

describe(`migration 0013 with data on ${testDatabaseKind()}`, () => {
  it("counts the leads already there per South African day", async () => {
    expect(
      await rows(
        handle,
        `select day::text as day, kind, package_name, status, source_path, leads
           from lead_day_counts order by day, kind, status`,
      ),
    ).toEqual([
      {
        day: "2026-03-09",
        kind: "contact",
        package_name: "",
        status: "new",
        source_path: "/contact",
        leads: 1,
      },
      {
        day: "2026-03-10",
        kind: "contact",
        package_name: "",
        status: "won",
        source_path: "/contact",
        leads: 1,
      },
      {
        day: "2026-03-10",
        kind: "quote",
        package_name: "Growth",
        status: "contacted",
        source_path: "/pricing",
        leads: 2,
      },
      {
        day: "2026-03-11",
        kind: "chat",
        package_name: "",
        status: "lost",
        source_path: "",
        leads: 1,
      },
    ]);
  });

  it("gives the messages already there the time of their answer", async () => {
    const replies = await rows<{ subject: string; reply_at: unknown }>(
      handle,
      `select subject, reply_at from messages order by created_at`,
    );
    expect(
      replies.map((r) => [
        r.subject,
        r.reply_at === null ? null : new Date(r.reply_at as string).toISOString(),
      ]),
    ).toEqual([
      ["Q", "2026-03-01T10:00:00.000Z"],
      ["Q2", "2026-03-01T10:00:00.000Z"],
      ["A", "2026-03-02T10:00:00.000Z"],
      ["Thanks", null],
      ["News", null],
    ]);
  });

  it("keeps both up to date from then on", async () => {
    await rows(handle, `update leads set status = 'won' where kind = 'chat'`);
    await rows(
      handle,
      `insert into messages (client_id, from_agency, subject, content, created_at)
       values ('${A}', true, 'Welcome', 'w', '2026-03-04T10:00:00Z')`,
    );
    expect(
      await rows(
        handle,
        `select status, leads from lead_day_counts where kind = 'chat' order by 1`,
      ),
    ).toEqual([
      { status: "lost", leads: 0 },
      { status: "won", leads: 1 },
    ]);
    const [thanks] = await rows<{ reply_at: unknown }>(
      handle,
      `select reply_at from messages where subject = 'Thanks'`,
    );
    expect(new Date(thanks?.reply_at as string).toISOString()).toBe("2026-03-04T10:00:00.000Z");
  });
});
