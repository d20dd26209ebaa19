/**
 * Issue 29, points 4 and 10: the confirmation mail to whoever a form names is no relay — it
 * says what was received without repeating the free text, shows the sender's name without
 * links, and links to BASE_URL (read at run time, not the build's default). The limits that
 * cover it: lead-limits.server.test.ts.
 */
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { demoChat } from "~/content/demo";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { action as sendContactEmail } from "~/routes/api/send-contact-email";
import { action as contactAction } from "~/routes/marketing/contact";
import { action as demoAction } from "~/routes/marketing/demo";
import { action as pricingAction } from "~/routes/marketing/pricing";
import { createHarness, formRequest, type Harness, nextIp, run } from "~/test/harness.server";
import { emailOutbox, leads } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { setEnv } from "../env.server";
import { nameForMail } from "./leads.server";

const LEADS_TO = "leads@agency.test";
const PUBLIC_URL = "https://kopano.example.test";
let h: Harness;

beforeAll(async () => {
  h = await createHarness({
    BASE_URL: PUBLIC_URL,
    LEADS_TO,
    LEAD_RATE_LIMIT_IP: "1000",
    LEAD_RATE_LIMIT_EMAIL: "1000",
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

const PHISHING_NAME = "Your account is locked – verify at http://evil.example/login";
const PHISHING_TEXT = "URGENT: confirm your bank details at https://evil.example/bank now";

/** The mail to the address the form named (not the agency's notification). */
async function confirmationTo(email: string) {
  const mails = await h.handle.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), ne(emailOutbox.toAddress, LEADS_TO)));
  expect(mails, `one confirmation to ${email}`).toHaveLength(1);
  return `${mails[0]?.subject}\n${mails[0]?.textBody}`;
}

async function notification() {
  const [mail] = await h.handle.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, LEADS_TO));
  return mail?.textBody ?? "";
}

function expectNoRelay(text: string) {
  expect(text).not.toMatch(/https?:\/\/evil|evil\.example/);
  expect(text).not.toContain("bank details");
}

describe(`the confirmation mail (${testDatabaseKind()})`, () => {
  it("contact form: a summary without the message, the name without its link", async () => {
    const res = await run(
      contactAction,
      formRequest(
        "/contact",
        { name: PHISHING_NAME, email: "target@victim.test", message: PHISHING_TEXT },
        { ip: nextIp() },
      ),
    );
    expect(res.status).toBe(200);
    const text = await confirmationTo("target@victim.test");
    expectNoRelay(text);
    expect(text).toMatch(/^Hi Your account is locked/m);
    expect(text).toContain(`${PHISHING_TEXT.length} characters`);
    // The agency's own notification keeps everything.
    expect(await notification()).toContain(PHISHING_TEXT);
    // The privacy policy link is BASE_URL's.
    expect(text).toContain(`${PUBLIC_URL}/legal/privacy`);
    expect(text).not.toContain("http://localhost:3000");
  });

  it("quote form: the package and dates, not the address or the message", async () => {
    const start = addDays(todayInSouthAfrica(), 10);
    const res = await run(
      pricingAction,
      formRequest(
        "/pricing",
        {
          selectedPackage: "Growth",
          name: PHISHING_NAME,
          email: "quote-target@victim.test",
          phone: "082 555 0101",
          address: "Go to www.evil.example/claim to claim your prize",
          startDate: start,
          finishDate: addDays(start, 30),
          message: PHISHING_TEXT,
        },
        { ip: nextIp() },
      ),
    );
    expect(res.status).toBe(200);
    const text = await confirmationTo("quote-target@victim.test");
    expectNoRelay(text);
    expect(text).not.toContain("claim your prize");
    expect(text).toContain("Growth Package");
    expect(text).toContain(`${PUBLIC_URL}/legal/privacy`);
  });

  it("the JSON endpoint: the same summary", async () => {
    const res = (await sendContactEmail({
      request: new Request(`${PUBLIC_URL}/functions/v1/send-contact-email`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-ip": nextIp() },
        body: JSON.stringify({
          name: "Visit evil.example today",
          email: "json-target@victim.test",
          message: PHISHING_TEXT,
        }),
      }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(res.status).toBe(200);
    const text = await confirmationTo("json-target@victim.test");
    expectNoRelay(text);
  });

  it("chat hand-over: the question is not repeated", async () => {
    const res = await run(
      demoAction,
      formRequest(
        "/demo",
        {
          intent: "handover",
          name: PHISHING_NAME,
          email: "chat-target@victim.test",
          conversation: JSON.stringify([
            { role: "assistant", text: demoChat.greeting },
            { role: "user", text: PHISHING_TEXT },
            { role: "assistant", text: "I'm not sure.", unsure: true },
          ]),
        },
        { ip: nextIp() },
      ),
    );
    expect(res.status).toBe(200);
    const text = await confirmationTo("chat-target@victim.test");
    expectNoRelay(text);
    expect(text).toContain(`${PUBLIC_URL}/legal/privacy`);
  });
});

describe("a name in a confirmation mail", () => {
  it("keeps people's names and drops whatever a mail program would link", () => {
    const cases: [string, string][] = [
      ["Naledi Dlamini", "Naledi Dlamini"],
      ["Ngũgĩ wa Thiong'o", "Ngũgĩ wa Thiong'o"],
      ["J.R.R. Tolkien", "J.R.R. Tolkien"],
      ["Zoë (Acme Ltd.)", "Zoë (Acme Ltd.)"],
      [PHISHING_NAME, "Your account is locked – verify at"],
      ["Visit evil.example today", "Visit today"],
      ["mail me@evil.example now", "mail now"],
      ["www.evil.example", "there"],
    ];
    for (const [name, shown] of cases) expect(nameForMail(name), name).toBe(shown);
  });
});
