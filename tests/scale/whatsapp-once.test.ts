/**
 * WhatsApp with two app instances (the production build) on one PostgreSQL database (issue 31,
 * points 4 and 5; decision 078): both run the WhatsApp worker, and reviews marked ready through
 * either one reach each contact's phone exactly once; while the Cloud API answers 503 (and mail
 * has no server at all) marking 'Ready for review' still succeeds at once, and the messages go
 * out once the API is back. A local fake of the Cloud API stands in for WhatsApp. Ports 3691–3693
 * (whatsapp's range). Needs TEST_DATABASE_URL and a build.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeCloudApi, startFakeCloudApi } from "../../app/test/fake-whatsapp.server.ts";
import { type Running, startBuiltServer } from "../../scripts/serve-build.ts";
import { setUpReviewAgency } from "./review-agency";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const baseUrl = process.env.TEST_DATABASE_URL;
const describeIf = baseUrl ? describe : describe.skip;

let dbName = "";
let dbUrl = "";
let fake: FakeCloudApi;
let db: pg.Client;
const instances: Running[] = [];

const startInstance = (port: number) =>
  startBuiltServer(port, {
    DATABASE_URL: dbUrl,
    AUTH_SECRET: "whatsapp-scale-secret-whatsapp-scale-0001",
    // Nothing listens there: mail is down for the whole test.
    SMTP_URL: "smtp://127.0.0.1:3694",
    WHATSAPP_TOKEN: "scale-token",
    WHATSAPP_PHONE_NUMBER_ID: "scale-phone",
    WHATSAPP_APP_SECRET: "scale-secret",
    WHATSAPP_VERIFY_TOKEN: "scale-verify",
    WHATSAPP_API_URL: fake.url,
  });

beforeAll(async () => {
  if (!baseUrl) return;
  ({ name: dbName, url: dbUrl } = await createScratchDatabase(baseUrl, "wa_scale"));
  fake = await startFakeCloudApi(3693);
  instances.push(await startInstance(3691));
  instances.push(await startInstance(3692));
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
}, 180_000);

afterAll(async () => {
  for (const i of instances) await i.stop();
  await db?.end();
  await fake?.close();
  if (dbName && baseUrl) {
    await dropScratchDatabase(baseUrl, dbName);
  }
});

describeIf("WhatsApp with two instances", () => {
  let agency: Awaited<ReturnType<typeof setUpReviewAgency>>;
  const contacts = ["27830000001", "27830000002"];

  it("sets up an agency and a client with two contacts on WhatsApp", async () => {
    const [a] = instances as [Running, Running];
    agency = await setUpReviewAgency(a, db, "Scale shop");
    // Both contacts of the project's client, each with a confirmed number.
    for (const [i, who] of (["c1", "c2"] as const).entries()) {
      await db.query(
        `insert into whatsapp_numbers (user_id, wa_id, confirmed_at)
         select id, $1, now() from "user" where email = $2`,
        [contacts[i], agency.email(who)],
      );
    }
  });

  it("sends each review to each contact's phone exactly once, whichever instance marked it", async () => {
    const [a, b] = instances as [Running, Running];
    const marked = await Promise.all([a, b, a, b, a, b].map((at) => agency.markReady(at)));
    expect(marked.every((m) => m.status === 200)).toBe(true);
    await vi.waitUntil(
      async () => {
        const { rows } = await db.query<{ sent: number; other: number }>(
          "select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other from whatsapp_outbox",
        );
        return rows[0]?.sent === 12 && rows[0]?.other === 0;
      },
      { timeout: 30_000, interval: 200 },
    );
    const delivered = fake.requests.filter((r) => r.id !== null);
    expect(delivered).toHaveLength(12);
    const keys = delivered.map(
      (r) => `${r.body.to} ${r.body.template?.components[1]?.parameters[0]?.payload}`,
    );
    expect(new Set(keys).size).toBe(12);
    for (const to of contacts) expect(delivered.filter((r) => r.body.to === to)).toHaveLength(6);
  });

  it("a Cloud API that answers 503 never holds up 'Ready for review'; the message goes once it is back", async () => {
    const [a] = instances as [Running, Running];
    fake.clear();
    fake.failNext(1_000, 503);
    const marked = await agency.markReady(a);
    expect(marked.status).toBe(200);
    // The action does not wait for WhatsApp (the Cloud API's own timeout is 15 s).
    expect(marked.ms).toBeLessThan(5_000);
    await vi.waitUntil(() => fake.requests.length >= 2, { timeout: 20_000, interval: 100 });
    const { rows } = await db.query<{ status: string; last_error: string | null }>(
      "select status, last_error from whatsapp_outbox where status <> 'sent'",
    );
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.status === "pending" && r.last_error?.startsWith("503"))).toBe(true);
    fake.failNext(0);
    await vi.waitUntil(
      async () => {
        const { rows } = await db.query<{ n: number }>(
          "select count(*)::int as n from whatsapp_outbox where status <> 'sent'",
        );
        return rows[0]?.n === 0;
      },
      { timeout: 40_000, interval: 250 },
    );
    expect(fake.requests.filter((r) => r.id !== null)).toHaveLength(2);
  });
});
