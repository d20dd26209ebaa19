import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { createTestDatabase } from "~/server/db/test-db.server";
import { DEMO_PASSWORD, seedDemo } from "./lib/demo-seed";
import { tableFingerprints } from "./lib/fingerprint";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("npm run seed", () => {
  it("makes a believable demo workspace, and a second run changes nothing", async () => {
    const first = await seedDemo(handle.db, new Date("2026-11-20T10:00:00Z"));
    expect(first).toMatchObject({
      clients: 3,
      user: 7,
      profiles: 7,
      user_roles: 2,
      client_assignments: 2,
    });
    const after = await tableFingerprints(handle.db);
    expect(after.projects?.rows).toBeGreaterThanOrEqual(5);
    expect(after.milestones?.rows).toBeGreaterThanOrEqual(10);
    expect(after.file_versions?.rows).toBeGreaterThanOrEqual(4);
    expect(after.review_answers?.rows).toBe(2);
    expect(after.messages?.rows).toBeGreaterThanOrEqual(10);
    // Billing: an accepted proposal, three invoices (paid, part-paid and overdue, open), two payments.
    expect(after.proposals?.rows).toBe(1);
    expect(after.invoices?.rows).toBe(3);
    expect(after.payments?.rows).toBe(2);
    const kinds = await handle.db.execute<{ kind: string; status: string }>(
      sql`select distinct kind, status from leads`,
    );
    expect(new Set(kinds.rows.map((r) => r.kind))).toEqual(new Set(["contact", "quote", "chat"]));
    expect(new Set(kinds.rows.map((r) => r.status))).toEqual(
      new Set(["new", "contacted", "won", "lost"]),
    );
    // Weeks of history: the oldest row is more than five weeks before the run.
    const span = await handle.db.execute<{ days: number }>(
      sql`select extract(day from max(created_at) - min(created_at))::int as days from leads`,
    );
    expect(Number(span.rows[0]?.days)).toBeGreaterThan(35);
    // Replies were recognised by the database's own trigger.
    const answered = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where reply_at is not null`,
    );
    expect(Number(answered.rows[0]?.n)).toBeGreaterThan(3);

    const second = await seedDemo(handle.db, new Date("2026-11-27T10:00:00Z"));
    expect(second).toEqual({});
    expect(await tableFingerprints(handle.db)).toEqual(after);
  });

  it("gives every demo person a password that signs in", async () => {
    const { verifyPassword } = await import("better-auth/crypto");
    const rows = await handle.db.execute<{ password: string }>(
      sql`select password from account where user_id = 'demo-owner'`,
    );
    const hash = rows.rows[0]?.password ?? "";
    expect(await verifyPassword({ hash, password: DEMO_PASSWORD })).toBe(true);
  });
});
