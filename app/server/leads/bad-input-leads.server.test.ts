/**
 * Bad input against the lead forms (/contact, /pricing) and the JSON endpoint
 * (POST /functions/v1/send-contact-email). Every answer is a success or a 4xx with a message,
 * and every stored lead has exactly its two outbox e-mails.
 */
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseStudies } from "~/content/case-studies";
import { legalSlugs } from "~/content/legal";
import { packageNames } from "~/content/packages";
import { services } from "~/content/services";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { action as sendContactEmail } from "~/routes/api/send-contact-email";
import { loader as caseStudyLoader } from "~/routes/marketing/case-study";
import { action as contactAction } from "~/routes/marketing/contact";
import { loader as legalLoader } from "~/routes/marketing/legal";
import { action as pricingAction } from "~/routes/marketing/pricing";
import { loader as serviceLoader } from "~/routes/marketing/service-detail";
import {
  checkAnswer,
  type Encoding,
  type Entries,
  encoding,
  formEntries,
  formPost,
  formValue,
  getWithQuery,
  hugeString,
  nastyString,
  plainEmail,
  runs,
  tainted,
} from "~/test/fuzz.server";
import { BASE_URL, createHarness, type Harness, run } from "~/test/harness.server";
import { emailOutbox, leads } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    LEADS_TO: "leads@agency.test",
    LEAD_RATE_LIMIT_IP: "100000",
    LEAD_RATE_LIMIT_EMAIL: "100000",
  });
});
afterAll(async () => {
  await h.close();
});

async function leadCount() {
  const [row] = await h.handle.db.select({ n: count() }).from(leads);
  return row?.n ?? 0;
}

/** Nothing half-written: every lead has exactly its two outbox rows, and no row is orphaned. */
async function expectWhole() {
  const rows = await h.handle.db
    .select({ id: leads.id, n: count(emailOutbox.id) })
    .from(leads)
    .leftJoin(emailOutbox, eq(emailOutbox.leadId, leads.id))
    .groupBy(leads.id);
  for (const r of rows) expect(r.n, `lead ${r.id}`).toBe(2);
  const [outbox] = await h.handle.db.select({ n: count() }).from(emailOutbox);
  expect(outbox?.n).toBe(rows.length * 2);
}

const today = todayInSouthAfrica();
const daysAhead = (n: number) => addDays(today, n);
const year = Number(today.slice(0, 4)) + 1;
const soon = fc.integer({ min: 1, max: 30 }).map(daysAhead);
const later = fc.integer({ min: 31, max: 400 }).map(daysAhead);
const badDate = fc.constantFrom(
  `${year}-02-30`,
  `${year}-02-29`, // no leap year follows 2026 directly
  `${year}-04-31`,
  `${year}-13-01`,
  `${year}-00-10`,
  `${year}-01-00`,
  `${year}-1-1`,
  "99999-01-01",
  "0000-01-01",
  "",
  " ",
  `${year}-03-01T00:00:00Z`,
  `+00${year}-03-01`,
  `${year}-03-01\u0000`,
  "9999-12-31",
);
/** Well-formed but impossible days in the coming years (2027-02-30, 2028-04-31, ...). */
const impossibleDate = fc
  .tuple(
    fc.integer({ min: year, max: year + 3 }),
    fc.constantFrom("02-29", "02-30", "02-31", "04-31", "06-31", "09-31", "11-31"),
  )
  .filter(([y, d]) => !(d === "02-29" && y % 4 === 0))
  .map(([y, d]) => `${y}-${d}`);
/** Start dates come before finish dates unless a bad one is drawn. */
const dateArb = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 1, arbitrary: impossibleDate },
    { weight: 1, arbitrary: badDate },
  );

const text = (min: number, max: number) =>
  fc.string({ minLength: min, maxLength: max }).filter((s) => s.trim().length >= min);
const plausible = (min: number, max: number) =>
  fc.oneof(
    { weight: 3, arbitrary: text(min, max) },
    { weight: 1, arbitrary: tainted(text(min, 20)) },
  );
const email = fc.oneof(
  { weight: 4, arbitrary: plainEmail },
  { weight: 1, arbitrary: tainted(plainEmail) },
);
const phone = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^0[6-8]\d \d{3} \d{4}$/) },
  { weight: 1, arbitrary: tainted(fc.constant("082 555 0101")) },
);

const contactFields = {
  name: plausible(1, 60),
  email,
  phone,
  company: plausible(0, 60),
  message: plausible(1, 300),
};
const quoteFields = {
  selectedPackage: fc.constantFrom(...packageNames),
  name: plausible(1, 60),
  email,
  phone,
  address: plausible(5, 100),
  startDate: dateArb(soon),
  finishDate: dateArb(later),
  message: plausible(10, 300),
};

/** Valid forms that always run (fast-check examples), three each, with different senders. */
const validForms: Record<"contact" | "quote", [Entries, Encoding][]> = {
  contact: [
    [
      [
        ["name", "Naledi Dlamini"],
        ["email", "naledi@example.co.za"],
        ["phone", "082 555 0101"],
        ["company", "Dlamini Bakery"],
        ["message", "Please call me about a new website."],
      ],
      "urlencoded",
    ],
    [
      [
        ["name", "Pieter van Wyk"],
        ["email", "pieter@example.com"],
        ["phone", "071 555 0102"],
        ["company", ""],
        ["message", "Do you build online shops?"],
      ],
      "multipart",
    ],
    [
      [
        ["name", "Zanele"],
        ["email", "zanele@example.co.za"],
        ["phone", "083 555 0103"],
        ["message", "Hello, what does SEO cost?"],
      ],
      "urlencoded",
    ],
  ],
  quote: [
    [
      [
        ["selectedPackage", "Starter"],
        ["name", "Thabo Molefe"],
        ["email", "thabo@example.co.za"],
        ["phone", "082 555 0199"],
        ["address", "12 Long Street, Cape Town"],
        ["startDate", daysAhead(7)],
        ["finishDate", daysAhead(60)],
        ["message", "We need a WhatsApp chatbot for our three stores."],
      ],
      "urlencoded",
    ],
    [
      [
        ["selectedPackage", "Growth"],
        ["name", "Lerato Khumalo"],
        ["email", "lerato@example.com"],
        ["phone", "071 555 0188"],
        ["address", "5 Main Road, Durban"],
        ["startDate", daysAhead(14)],
        ["finishDate", daysAhead(90)],
        ["message", "A new website for our guest house, with bookings."],
      ],
      "multipart",
    ],
    [
      [
        ["selectedPackage", "Enterprise"],
        ["name", "Sipho Ndlovu"],
        ["email", "sipho@example.co.za"],
        ["phone", "083 555 0177"],
        ["address", "40 Church Street, Pretoria"],
        ["startDate", daysAhead(30)],
        ["finishDate", daysAhead(200)],
        ["message", "An online shop for our hardware store, please."],
      ],
      "urlencoded",
    ],
  ],
};

describe(`bad input on the lead forms and the JSON endpoint (${testDatabaseKind()})`, {
  timeout: 120_000,
}, () => {
  for (const [kind, act, fields] of [
    ["contact", contactAction, contactFields],
    ["quote", pricingAction, quoteFields],
  ] as const) {
    it(`${kind} form: a success or a 4xx with the spec's message, and whole leads only`, async () => {
      let stored = 0;
      await fc.assert(
        fc.asyncProperty(formEntries(fields), encoding, async (entries, how) => {
          const before = await leadCount();
          const res = await run(act, formPost(`/${kind}`, entries, how));
          const { status, body } = await checkAnswer(res);
          const after = await leadCount();
          const result = body as { ok: boolean; error?: string };
          if (status === 200) {
            expect(result.ok).toBe(true);
            // A filled honeypot is answered as a success and keeps nothing.
            const website = formValue(entries, "website", how);
            const bot = typeof website === "string" && website.trim() !== "";
            expect(after).toBe(bot ? before : before + 1);
            if (!bot) stored++;
          } else {
            expect(result.ok).toBe(false);
            expect(after).toBe(before);
          }
          await expectWhole();
        }),
        // Three valid forms always run: random ones get past validation only now and then.
        { ...runs(60), examples: validForms[kind] },
      );
      expect(stored, "runs that reached the database").toBeGreaterThan(2);
    });
  }

  const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  );
  const jsonBody = fc
    .tuple(
      fc.record({
        name: plausible(1, 60),
        email,
        phone,
        company: plausible(0, 60),
        message: plausible(1, 300),
      }),
      fc.subarray(["name", "email", "phone", "company", "message", "website"], { maxLength: 2 }),
      fc.array(jsonValue, { minLength: 6, maxLength: 6 }),
      fc.dictionary(fc.string(), jsonValue, { maxKeys: 2 }),
    )
    .map(([valid, broken, junk, extra]) => {
      const body: Record<string, unknown> = { ...extra, ...valid };
      broken.forEach((k, i) => {
        if (i % 3 === 2) delete body[k];
        else body[k] = junk[i];
      });
      return body;
    });
  const rawBody = fc.oneof(
    { weight: 6, arbitrary: jsonBody.map((b) => JSON.stringify(b)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "{",
        "null",
        "[]",
        "[{}]",
        '"text"',
        "42",
        "true",
        '{"name": "a", "name": 1}',
        '{"__proto__": {"success": true}, "name": "x"}',
        "\uFEFF{}",
        '{"name":"\\ud800"}',
      ),
    },
    { weight: 1, arbitrary: nastyString },
    {
      weight: 1,
      arbitrary: hugeString.map((s) => JSON.stringify({ name: "N", email: "a@b.co", message: s })),
    },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant("application/json") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/jsonp",
        "",
      ),
    },
  );

  it("JSON endpoint: wrong types, missing and extra fields, bad JSON, wrong content types", async () => {
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(rawBody, contentType, async (body, type) => {
        const before = await leadCount();
        const headers = new Headers({ origin: BASE_URL, "x-client-ip": "198.51.100.9" });
        if (type) headers.set("content-type", type);
        const request = new Request(`${BASE_URL}/functions/v1/send-contact-email`, {
          method: "POST",
          headers,
          body,
        });
        const res = await run(sendContactEmail, request);
        const checked = await checkAnswer(res);
        const result = checked.body as { success: boolean; error?: string };
        const after = await leadCount();
        if (checked.status === 200) {
          expect(result).toEqual({ success: true });
          expect(after - before).toBeLessThanOrEqual(1); // a filled honeypot keeps nothing
          stored += after - before;
        } else {
          expect(result.success).toBe(false);
          expect(after).toBe(before);
        }
        if (!type.toLowerCase().startsWith("application/json")) expect(checked.status).toBe(415);
        if (new TextEncoder().encode(body).length > 32 * 1024 && checked.status !== 415) {
          expect(checked.status).toBe(413);
          expect(result.error).toBe("The request is too large");
        }
        await expectWhole();
      }),
      // Three valid bodies always run: random ones get past validation only now and then.
      {
        ...runs(80),
        examples: [
          [
            JSON.stringify({ name: "Naledi", email: "naledi@example.co.za", message: "Hello" }),
            "application/json",
          ],
          [
            JSON.stringify({
              name: "Pieter van Wyk",
              email: "pieter@example.com",
              phone: "071 555 0102",
              company: "Van Wyk Motors",
              message: "Please quote for a website.",
            }),
            "application/json; charset=utf-8",
          ],
          [
            JSON.stringify({ name: "Zanele", email: "zanele@example.co.za", message: "SEO?" }),
            "APPLICATION/JSON",
          ],
        ],
      },
    );
    expect(stored, "runs that reached the database").toBeGreaterThan(2);
  });

  it("public page loaders: any slug is the page or a 404", async () => {
    const pages = [
      [caseStudyLoader, "slug", caseStudies.map((c) => c.slug)],
      [serviceLoader, "service", services.map((x) => x.slug)],
      [legalLoader, "doc", [...legalSlugs]],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pages.keys()),
        fc.oneof(nastyString, fc.constantFrom("__proto__", "constructor", "toString")),
        fc.boolean(),
        async (i, junk, real) => {
          const [loader, param, slugs] = pages[i] as (typeof pages)[number];
          const slug = real ? (slugs[0] as string) : junk;
          const res = await run(loader, getWithQuery(`/x/${param}`, ""), { [param]: slug });
          await checkAnswer(res, { requireMessage: false });
          expect(res.status).toBe((slugs as readonly string[]).includes(slug) ? 200 : 404);
        },
      ),
      runs(100),
    );
  });

  it("JSON endpoint: a GET and other methods are refused with a message", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const request = new Request(`${BASE_URL}/functions/v1/send-contact-email`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      const res = await run(sendContactEmail, request);
      const { body } = await checkAnswer(res, { allowed: [405] });
      expect(res.status).toBe(405);
      expect(body).toEqual({ success: false, error: "Use POST" });
    }
  });
});

describe("regressions found by the properties", () => {
  const quote = {
    selectedPackage: "Growth",
    name: "Thabo Molefe",
    email: "thabo@example.co.za",
    phone: "082 555 0199",
    address: "12 Long Street, Cape Town",
    startDate: daysAhead(7),
    finishDate: daysAhead(60),
    message: "We need a WhatsApp chatbot for our three stores.",
  };
  const contact = { name: "Naledi", email: "naledi@example.co.za", message: "Hello there" };

  it("refuses impossible dates on the quote form with the spec's message, not a 503", async () => {
    const before = await leadCount();
    for (const [field, value, message] of [
      ["startDate", `${year}-02-30`, "Please select a project start date"],
      ["startDate", `${year}-02-29`, "Please select a project start date"],
      ["finishDate", `${year + 1}-04-31`, "Please select a project finish date"],
    ] as const) {
      const res = await run(
        pricingAction,
        formPost("/pricing", Object.entries({ ...quote, [field]: value }), "urlencoded"),
      );
      expect(res.status, value).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
    expect(await leadCount()).toBe(before);
  });

  it("refuses NUL characters and lone surrogates with 400, not a 503 or a crash", async () => {
    const before = await leadCount();
    const form = await run(
      contactAction,
      formPost("/contact", Object.entries({ ...contact, message: "a\u0000b" }), "urlencoded"),
    );
    expect(form.status).toBe(400);
    expect((await form.json()).error).toBe("Message contains a character that is not allowed");
    const quoteForm = await run(
      pricingAction,
      formPost("/pricing", Object.entries({ ...quote, address: "1 Main\u0000 Rd" }), "urlencoded"),
    );
    expect(quoteForm.status).toBe(400);
    expect((await quoteForm.json()).error).toBe("Address contains a character that is not allowed");
    for (const [field, value, label] of [
      ["name", "N\u0000", "Name"],
      ["phone", "\udc00\udc00", "Phone"],
      ["company", "\u0000", "Company name"],
      ["message", "hi \ud800", "Message"],
    ]) {
      const res = await run(
        sendContactEmail,
        new Request(`${BASE_URL}/functions/v1/send-contact-email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: BASE_URL },
          body: JSON.stringify({ ...contact, [field as string]: value }),
        }),
      );
      expect(res.status, label).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        error: `${label} contains a character that is not allowed`,
      });
    }
    expect(await leadCount()).toBe(before);
    await expectWhole();
  });
});
