/**
 * Bad input against the site assistant's form (POST /demo): questions, conversations, names and
 * e-mails that are empty, huge, broken or hostile, in every encoding. Every answer is a success
 * or a 4xx with a message, markup stays text, and every stored chat lead is whole.
 */
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoChat } from "~/content/demo";
import type { ChatResult } from "~/lib/assistant/conversation";
import { action } from "~/routes/marketing/demo";
import {
  checkAnswer,
  type Encoding,
  type Entries,
  encoding,
  formEntries,
  formPost,
  hugeString,
  nastyString,
  plainEmail,
  runs,
  tainted,
} from "~/test/fuzz.server";
import { createHarness, type Harness, nextIp, run } from "~/test/harness.server";
import { emailOutbox, leads } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    LEADS_TO: "leads@agency.test",
    LEAD_RATE_LIMIT_IP: "100000",
    LEAD_RATE_LIMIT_EMAIL: "100000",
    CHAT_RATE_LIMIT: "100000",
  });
});
afterAll(async () => {
  await h.close();
});

const greeting = { role: "assistant", text: demoChat.greeting };
const question = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom("How much is Growth?", "office hours", "Do you do SEO?"),
  },
  { weight: 2, arbitrary: tainted(fc.constant("What do you offer?")) },
  { weight: 1, arbitrary: fc.constantFrom("", "   ", "\u0000", "<b>hi</b>", "a".repeat(10_000)) },
);
const turn = fc.record({
  role: fc.oneof(fc.constantFrom("user", "assistant"), nastyString),
  text: fc.oneof(fc.string({ maxLength: 40 }), nastyString),
  url: fc.option(
    fc.oneof(fc.constantFrom("/pricing", "//evil.example", "javascript:alert(1)"), nastyString),
    { nil: undefined },
  ),
});
const conversation = fc.oneof(
  { weight: 3, arbitrary: fc.constant(JSON.stringify([greeting])) },
  { weight: 2, arbitrary: fc.array(turn, { maxLength: 35 }).map((t) => JSON.stringify(t)) },
  { weight: 1, arbitrary: fc.constantFrom("", "[", "null", "{}", "[1]", '"x"') },
  { weight: 1, arbitrary: nastyString },
  { weight: 1, arbitrary: hugeString },
);
const fields = {
  intent: fc.constantFrom("ask", "handover", "", "other"),
  question,
  conversation,
  name: fc.oneof(fc.constantFrom("Ayanda", ""), tainted(fc.constant("Lee"))),
  email: fc.oneof(plainEmail, tainted(plainEmail)),
};

async function wholeLeads() {
  const rows = await h.handle.db
    .select({ id: leads.id, n: count(emailOutbox.id) })
    .from(leads)
    .leftJoin(emailOutbox, eq(emailOutbox.leadId, leads.id))
    .groupBy(leads.id);
  for (const r of rows) expect(r.n, `lead ${r.id}`).toBe(2);
}

describe(`bad input on the site assistant (${testDatabaseKind()})`, { timeout: 120_000 }, () => {
  it("answers with the conversation or a 4xx with a message, never a 500", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(formEntries(fields), encoding, async (entries, how) => {
        const res = await run(action, formPost("/demo", entries, how, { ip: nextIp() }));
        const { status, body } = await checkAnswer(res);
        const result = body as ChatResult;
        expect(Array.isArray(result.conversation)).toBe(true);
        for (const t of result.conversation) {
          if (t.url) expect(t.url).toMatch(/^\/(?!\/)/);
        }
        if (status === 200) answered++;
        await wholeLeads();
      }),
      // Six valid forms always run (four questions, two handovers): random ones are answered
      // only now and then, so the count below would depend on the seed.
      {
        ...runs(80),
        examples: [
          ...["How much is Growth?", "office hours", "Do you do SEO?", "What do you offer?"].map(
            (q, i): [Entries, Encoding] => [
              [
                ["intent", "ask"],
                ["question", q],
                ["conversation", JSON.stringify([greeting])],
              ],
              i % 2 ? "multipart" : "urlencoded",
            ],
          ),
          ...["ayanda@example.co.za", "lee@example.com"].map((email): [Entries, Encoding] => [
            [
              ["intent", "handover"],
              [
                "conversation",
                JSON.stringify([greeting, { role: "user", text: "Can you call me?" }]),
              ],
              ["name", "Ayanda"],
              ["email", email],
            ],
            "urlencoded",
          ]),
        ],
      },
    );
    expect(answered, "runs answered").toBeGreaterThan(5);
  });

  it("answers many requests a second with 429s, not errors, once over the limit", async () => {
    const limited = await createHarness({ CHAT_RATE_LIMIT: "3" });
    try {
      const ip = nextIp();
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () =>
          run(action, formPost("/demo", [["question", "prices?"]], "urlencoded", { ip })).then(
            (r) => r.status,
          ),
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    } finally {
      await limited.close();
    }
  });
});
