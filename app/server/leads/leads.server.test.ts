import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { action as sendContactEmail } from "~/routes/api/send-contact-email";
import { action as pricingAction } from "~/routes/marketing/pricing";
import { createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import { emailOutbox, leads } from "../db/schema.server";
import { createTestDatabase, testDatabaseKind } from "../db/test-db.server";
import { createMailer } from "../email/mailer.server";
import { processOutbox } from "../email/outbox.server";
import { RATE_LIMITED_MESSAGE } from "./leads.server";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port that records what it receives. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    received,
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function post(body: unknown, init: { ip?: string; raw?: string; type?: string } = {}) {
  return new Request("http://localhost:3000/functions/v1/send-contact-email", {
    method: "POST",
    headers: {
      "content-type": init.type ?? "application/json",
      "x-client-ip": init.ip ?? "198.51.100.7",
      origin: "http://localhost:3000",
    },
    body: init.raw ?? JSON.stringify(body),
  });
}

async function call(request: Request) {
  const res = (await sendContactEmail({ request, params: {}, context: {} } as never)) as Response;
  return { status: res.status, body: (await res.json()) as { success: boolean; error?: string } };
}

const contact = {
  name: "Naledi Dlamini",
  email: "naledi@example.co.za",
  phone: "082 555 0101",
  company: "Dlamini Foods",
  message: "We'd like a chatbot for our online shop.",
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    LEADS_TO: "leads@agency.test",
    MAIL_FROM: "Agency <no-reply@agency.test>",
    LEAD_RATE_LIMIT_IP: "1000",
    LEAD_RATE_LIMIT_EMAIL: "1000",
  });
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.handle.db.delete(emailOutbox);
  await h.handle.db.delete(leads);
});

describe(`leads on ${testDatabaseKind()}`, () => {
  it("stores the lead first and both mails arrive with the right content", async () => {
    const smtp = await startSmtp();
    try {
      expect(await call(post(contact))).toEqual({ status: 200, body: { success: true } });
      const [lead] = await h.handle.db.select().from(leads);
      expect(lead).toMatchObject({
        kind: "contact",
        name: "Naledi Dlamini",
        status: "new",
        consent: true,
      });
      expect(lead?.consentAt).toBeInstanceOf(Date);
      expect(await h.handle.db.select().from(emailOutbox)).toHaveLength(2);

      const mailer = createMailer({ smtpUrl: smtp.url, dataDir: h.env.DATA_DIR });
      expect(await processOutbox(h.handle.db, mailer, { from: h.env.MAIL_FROM })).toEqual({
        sent: 2,
        failed: 0,
      });
      mailer.close();

      const toAgency = smtp.received.find((m) => m.to.includes("leads@agency.test"));
      const toSender = smtp.received.find((m) => m.to.includes("naledi@example.co.za"));
      expect(toAgency?.raw).toContain("Subject: New contact message from Naledi Dlamini");
      expect(toAgency?.raw).toContain("Reply-To: naledi@example.co.za");
      expect(toAgency?.raw).toContain("We'd like a chatbot for our online shop.");
      expect(toSender?.raw).toMatch(/Subject: .*We.received.your.message/);
      expect(toSender?.raw).toContain("within 24 hours");
      const statuses = await h.handle.db.select({ s: emailOutbox.status }).from(emailOutbox);
      expect(statuses.every((r) => r.s === "sent")).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("keeps a composed quote as a quote lead", async () => {
    const message = [
      "QUOTATION REQUEST - Enterprise Package",
      "",
      "Address: 1 Main Road, Durban",
      "Project Start Date: Monday, 1 March 2027",
      "Project Finish Date: Friday, 30 April 2027",
      "",
      "Message:",
      "Voice agents for 4 branches.",
    ].join("\n");
    expect((await call(post({ ...contact, company: "Enterprise", message }))).status).toBe(200);
    const [lead] = await h.handle.db.select().from(leads);
    expect(lead).toMatchObject({ kind: "quote", packageName: "Enterprise" });
    const outbox = await h.handle.db.select().from(emailOutbox);
    expect(outbox.map((o) => o.subject)).toContain(
      "New quote request: Enterprise Package — Naledi Dlamini",
    );
  });

  it("stores a quote from the form in its typed columns, with the person's own message", async () => {
    const start = addDays(todayInSouthAfrica(), 7);
    const finish = addDays(start, 30);
    const res = await run(
      pricingAction,
      formRequest("/pricing", {
        selectedPackage: "Growth",
        name: "Thabo Molefe",
        email: "thabo@example.co.za",
        phone: "082 555 0199",
        address: "12 Long Street, Cape Town",
        startDate: start,
        finishDate: finish,
        message: "We need a WhatsApp chatbot for our three stores.",
      }),
    );
    expect(res.status).toBe(200);
    const [lead] = await h.handle.db.select().from(leads);
    expect(lead).toMatchObject({
      kind: "quote",
      packageName: "Growth",
      company: null,
      address: "12 Long Street, Cape Town",
      startDate: start,
      finishDate: finish,
      message: "We need a WhatsApp chatbot for our three stores.",
    });
    const outbox = await h.handle.db.select().from(emailOutbox);
    const notification = outbox.find((o) => o.toAddress === "leads@agency.test");
    expect(notification?.subject).toBe("New quote request: Growth Package — Thabo Molefe");
    expect(notification?.textBody).toContain("Address: 12 Long Street, Cape Town");
    expect(notification?.textBody).toContain("Project Start Date: ");
    expect(notification?.textBody).toContain("We need a WhatsApp chatbot for our three stores.");
  });

  it("with SMTP down the submission succeeds and the mail goes out once SMTP is back", async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now
    const url = `smtp://127.0.0.1:${port}`;

    expect(await call(post(contact))).toEqual({ status: 200, body: { success: true } });
    expect(await h.handle.db.select().from(leads)).toHaveLength(1);

    const down = createMailer({ smtpUrl: url, dataDir: h.env.DATA_DIR });
    expect(await processOutbox(h.handle.db, down, { from: h.env.MAIL_FROM })).toEqual({
      sent: 0,
      failed: 2,
    });
    down.close();
    const pending = await h.handle.db.select().from(emailOutbox);
    expect(pending.every((r) => r.status === "pending" && r.attempts === 1 && r.lastError)).toBe(
      true,
    );
    expect(pending.every((r) => r.nextAttemptAt.getTime() > Date.now())).toBe(true);

    // Time passes: the retry is due.
    await h.handle.db.update(emailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    const smtp = await startSmtp(port);
    try {
      const up = createMailer({ smtpUrl: url, dataDir: h.env.DATA_DIR });
      expect(await processOutbox(h.handle.db, up, { from: h.env.MAIL_FROM })).toEqual({
        sent: 2,
        failed: 0,
      });
      // Nothing is sent twice.
      expect(await processOutbox(h.handle.db, up, { from: h.env.MAIL_FROM })).toEqual({
        sent: 0,
        failed: 0,
      });
      up.close();
      expect(smtp.received).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it("writes .eml files when no SMTP_URL is set", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const path = await import("node:path");
    await call(post(contact));
    const mailer = createMailer({ dataDir: h.env.DATA_DIR });
    expect(mailer.describe).toContain(path.join(h.env.DATA_DIR, "mail"));
    await processOutbox(h.handle.db, mailer, { from: h.env.MAIL_FROM });
    const files = await readdir(path.join(h.env.DATA_DIR, "mail"));
    const emls = files.filter((f) => f.endsWith(".eml"));
    expect(emls.length).toBeGreaterThanOrEqual(2);
    const text = await readFile(path.join(h.env.DATA_DIR, "mail", emls[0] ?? ""), "utf8");
    expect(text).toContain("Naledi Dlamini");
  });

  it("answers bad input with a 4xx and a clear message, storing nothing", async () => {
    const cases: [Request, number, string][] = [
      [post({ ...contact, name: "" }), 400, "Name is required"],
      [post({ ...contact, email: "nope" }), 400, "Invalid email address"],
      [post({ ...contact, message: " " }), 400, "Message is required"],
      [
        post({ ...contact, company: "c".repeat(101) }),
        400,
        "Company name must be less than 100 characters",
      ],
      [post({ ...contact, name: 42 }), 400, "Name is required"],
      [post(null, { raw: "{not json" }), 400, "The request body is not valid JSON"],
      [post(null, { raw: "[1,2]" }), 400, "The request body must be a JSON object"],
      [post(contact, { type: "text/plain" }), 415, "Send the request as application/json"],
      [
        post(null, { raw: JSON.stringify({ ...contact, message: "x".repeat(40_000) }) }),
        413,
        "The request is too large",
      ],
    ];
    for (const [request, status, error] of cases) {
      expect(await call(request)).toEqual({ status, body: { success: false, error } });
    }
    expect(await h.handle.db.select().from(leads)).toHaveLength(0);
    expect(await h.handle.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("quietly refuses a bot that fills the honeypot", async () => {
    expect(await call(post({ ...contact, website: "http://spam.example" }))).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await h.handle.db.select().from(leads)).toHaveLength(0);
  });

  it("limits submissions per e-mail and per IP with a clear message", async () => {
    const { setEnv } = await import("../env.server");
    setEnv({ ...h.env, LEAD_RATE_LIMIT_EMAIL: 2, LEAD_RATE_LIMIT_IP: 3 });
    try {
      expect((await call(post(contact, { ip: "203.0.113.50" }))).status).toBe(200);
      expect((await call(post(contact, { ip: "203.0.113.51" }))).status).toBe(200);
      expect(await call(post(contact, { ip: "203.0.113.52" }))).toEqual({
        status: 429,
        body: { success: false, error: RATE_LIMITED_MESSAGE },
      });
      // Per IP: a third different e-mail from one address is the limit.
      for (const n of [1, 2]) {
        expect(
          (await call(post({ ...contact, email: `p${n}@example.co.za` }, { ip: "203.0.113.60" })))
            .status,
        ).toBe(200);
      }
      expect(
        (await call(post({ ...contact, email: "p3@example.co.za" }, { ip: "203.0.113.60" })))
          .status,
      ).toBe(200);
      expect(
        (await call(post({ ...contact, email: "p4@example.co.za" }, { ip: "203.0.113.60" })))
          .status,
      ).toBe(429);
      const stored = await h.handle.db.select().from(leads);
      expect(stored).toHaveLength(5);
    } finally {
      setEnv(h.env);
    }
  });

  it("never sends a mail twice when two workers run at once", async () => {
    for (let i = 0; i < 10; i++) {
      await call(post({ ...contact, email: `w${i}@example.co.za` }));
    }
    expect(await h.handle.db.select().from(emailOutbox)).toHaveLength(20);
    const smtp = await startSmtp();
    // On PostgreSQL the second worker has its own connection pool, as a second instance would.
    const second = testDatabaseKind() === "postgres" ? await openSecondPool() : null;
    try {
      const m1 = createMailer({ smtpUrl: smtp.url, dataDir: h.env.DATA_DIR });
      const m2 = createMailer({ smtpUrl: smtp.url, dataDir: h.env.DATA_DIR });
      const runs = await Promise.all([
        drain(h.handle.db, m1),
        drain(second?.db ?? h.handle.db, m2),
      ]);
      m1.close();
      m2.close();
      expect(runs[0] + runs[1]).toBe(20);
      expect(smtp.received).toHaveLength(20);
      const ids = smtp.received.map((m) => m.raw.match(/Message-ID: <([^@]+)@outbox>/i)?.[1]);
      expect(new Set(ids).size).toBe(20);
      const [row] = await h.handle.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, "sent"));
      expect(row?.n).toBe(20);
    } finally {
      await smtp.close();
      await second?.pool?.end();
    }
  });
});

async function drain(db: Harness["handle"]["db"], mailer: ReturnType<typeof createMailer>) {
  let total = 0;
  for (;;) {
    const { sent } = await processOutbox(db, mailer, { from: "x@agency.test", batch: 3 });
    if (sent === 0) return total;
    total += sent;
  }
}

async function openSecondPool() {
  const { openPostgres } = await import("../db/client.server");
  const result = await h.handle.db.execute<{ db: string }>(sql`select current_database() as db`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${result.rows[0]?.db}`;
  return openPostgres(url.toString(), 3);
}

void createTestDatabase;
