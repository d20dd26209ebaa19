/**
 * Issue 29, point 11: limits that hold across instances. The lead limits (per address, per
 * client IP; contact, quote and chat hand-over together) are checked and counted in one step
 * with the lead, so however many requests arrive at once no more pass — nor confirmation mails
 * go out — than the limit; the assistant's question limit is kept in the database, so a second
 * instance counts the questions the first answered.
 */
import { eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatResult } from "~/lib/assistant/conversation";
import { action as contactAction } from "~/routes/marketing/contact";
import { action as demoAction } from "~/routes/marketing/demo";
import { createHarness, formRequest, type Harness, nextIp, run } from "~/test/harness.server";
import { emailOutbox, leads } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { setEnv } from "../env.server";

const LEADS_TO = "leads@agency.test";
let h: Harness;

beforeAll(async () => {
  h = await createHarness({
    LEADS_TO,
    LEAD_RATE_LIMIT_IP: "1000",
    LEAD_RATE_LIMIT_EMAIL: "1000",
    CHAT_RATE_LIMIT: "3",
  });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  setEnv(h.env);
  await h.handle.db.delete(emailOutbox);
  await h.handle.db.delete(leads);
});

async function post(action: typeof demoAction, fields: Record<string, string>, ip = nextIp()) {
  const res = await run(action, formRequest("/demo", fields, { ip }));
  return { status: res.status, body: (await res.json()) as ChatResult };
}

describe(`the lead limits, in one step (${testDatabaseKind()})`, () => {
  const contact = (email: string, ip: string) =>
    run(
      contactAction,
      formRequest("/contact", { name: "Sipho Ndlovu", email, message: "Hello there" }, { ip }),
    );

  it("per address: requests at once get no more confirmations than the limit", async () => {
    setEnv({ ...h.env, LEAD_RATE_LIMIT_EMAIL: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => contact("flooded@victim.test", nextIp())),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    const sent = await h.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "flooded@victim.test"));
    expect(sent[0]?.n).toBe(3);
  });

  it("per client IP, across the contact form and the chat hand-over", async () => {
    setEnv({ ...h.env, LEAD_RATE_LIMIT_IP: 4 });
    const ip = nextIp();
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => contact(`many-${i}@victim.test`, ip)),
      ...Array.from({ length: 5 }, (_, i) =>
        run(
          demoAction,
          formRequest(
            "/demo",
            { intent: "handover", name: "Sipho", email: `chat-${i}@victim.test` },
            { ip },
          ),
        ),
      ),
    ]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(4);
    const confirmations = await h.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(ne(emailOutbox.toAddress, LEADS_TO));
    expect(confirmations[0]?.n).toBe(4);
  });
});

describe(`the assistant's question limit across instances (${testDatabaseKind()})`, () => {
  it("counts the questions every instance answered", async () => {
    const ip = nextIp();
    const ask = (action: typeof demoAction, n: number) =>
      post(action, { question: `What are your prices? ${n}` }, ip);
    expect((await ask(demoAction, 1)).status).toBe(200);
    expect((await ask(demoAction, 2)).status).toBe(200);
    // A second instance of the app: its own copy of every module, the same database.
    vi.resetModules();
    const { action: otherInstance } = await import("~/routes/marketing/demo");
    (await import("~/server/env.server")).setEnv(h.env);
    (await import("~/server/db/client.server")).setDatabase(h.handle);
    expect((await ask(otherInstance, 3)).status).toBe(200);
    const fourth = await ask(otherInstance, 4);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatch(/faster than I can answer/);
    expect((await ask(demoAction, 5)).status).toBe(429);
  });
});
