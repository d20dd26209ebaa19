/**
 * Notification mail with two app instances (the production build) on one PostgreSQL database
 * (issue 31, point 5; decisions 057, 089): both run the grouping job and the outbox worker, and
 * reviews marked ready through either one reach each contact as one grouped mail, once; a
 * contact's message reaches the administrator once. With the mail server down, marking 'Ready
 * for review' still succeeds at once, and the mail goes out once the server is back. A local SMTP
 * server (smtp-server) stands in for the mail provider. Ports 3685–3687 (notify's range). Needs
 * TEST_DATABASE_URL and a build.
 */
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Running, startBuiltServer } from "../../scripts/serve-build.ts";
import { postForm, setUpReviewAgency } from "./review-agency";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const baseUrl = process.env.TEST_DATABASE_URL;
const describeIf = baseUrl ? describe : describe.skip;
const SMTP_PORT = 3687;
/** Notifications within this many seconds of the first are one mail (shortened from 300). */
const GROUP_SECONDS = 8;

let dbName = "";
let dbUrl = "";
let db: pg.Client;
let smtp: SMTPServer | null = null;
const received: { to: string; raw: string }[] = [];
const instances: Running[] = [];

/** The mail server; `received` holds every mail it accepted. */
async function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => {
        raw += c.toString();
      });
      stream.on("end", () => {
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(SMTP_PORT, "127.0.0.1", r));
  smtp = server;
}

async function stopSmtp() {
  const server = smtp;
  smtp = null;
  if (server) await new Promise<void>((r) => server.close(() => r()));
}

const startInstance = (port: number) =>
  startBuiltServer(port, {
    DATABASE_URL: dbUrl,
    AUTH_SECRET: "notify-scale-secret-notify-scale-secret-01",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    NOTIFICATION_MAIL_GROUP_SECONDS: String(GROUP_SECONDS),
    LOG_LEVEL: "fatal",
  });

beforeAll(async () => {
  if (!baseUrl) return;
  ({ name: dbName, url: dbUrl } = await createScratchDatabase(baseUrl, "notify_scale"));
  await startSmtp();
  // One after the other: both migrate the same database (under an advisory lock).
  instances.push(await startInstance(3685));
  instances.push(await startInstance(3686));
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
}, 180_000);

afterAll(async () => {
  for (const i of instances) await i.stop();
  await db?.end();
  await stopSmtp();
  if (dbName && baseUrl) {
    await dropScratchDatabase(baseUrl, dbName);
  }
});

/** Nothing is left to mail: no notification waits for the job, no outbox row is unsent. */
async function allMailed() {
  const { rows } = await db.query<{ waiting: number; unsent: number }>(
    `select (select count(*)::int from notifications where email_state = 'pending') as waiting,
            (select count(*)::int from email_outbox where status <> 'sent') as unsent`,
  );
  return rows[0]?.waiting === 0 && rows[0]?.unsent === 0;
}

/** A mail's subject, unfolded, its RFC 2047 encoded words decoded. */
function subjectOf(raw: string) {
  const header = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? "";
  const unfolded = header.replace(/\r?\n[ \t]+/g, " ").replace(/\?=\s+=\?/g, "?==?");
  return unfolded.replace(/(?:=\?UTF-8\?[QB]\?[^?]*\?=)+/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi)].map(([, kind, text = ""]) =>
        kind?.toUpperCase() === "B"
          ? Buffer.from(text, "base64")
          : Buffer.from(
              text
                .replace(/_/g, " ")
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              "latin1",
            ),
      ),
    ).toString("utf8"),
  );
}

describeIf("notification mail with two instances", () => {
  let agency: Awaited<ReturnType<typeof setUpReviewAgency>>;

  it("sets up an administrator and a client with two contacts", async () => {
    const [a] = instances as [Running, Running];
    agency = await setUpReviewAgency(a, db, "Mail shop");
    // Nothing mailed so far that the next tests would count.
    await vi.waitUntil(allMailed, { timeout: 30_000, interval: 250 });
    received.length = 0;
  });

  it("three reviews marked through both instances: one grouped mail per contact, sent once", async () => {
    const [a, b] = instances as [Running, Running];
    const marked = await Promise.all([a, b, a].map((at) => agency.markReady(at)));
    expect(marked.every((m) => m.status === 200)).toBe(true);
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from notifications where kind = 'review.requested'",
    );
    expect(rows[0]?.n).toBe(6);
    await vi.waitUntil(allMailed, { timeout: 40_000, interval: 250 });
    // Both instances ran the job and the worker; nothing more will be sent.
    expect(received.map((m) => m.to).sort()).toEqual([agency.email("c1"), agency.email("c2")]);
    for (const mail of received) {
      expect(subjectOf(mail.raw)).toMatch(/^Ready for review \(3\): the milestone 'Milestone \d'/);
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
    }
    const ids = received.map((m) => m.raw.match(/Message-ID: <([^@]+)@outbox>/i)?.[1]);
    expect(new Set(ids).size).toBe(2);
  });

  it("a contact's message reaches the administrator once, through the notification mail", async () => {
    const [, b] = instances as [Running, Running];
    received.length = 0;
    const sent = await postForm(b, "/portal/messages", agency.contacts[0], {
      intent: "send",
      subject: `Opening hours ${agency.stamp}`,
      content: "Sundays too?",
    });
    expect(sent.status).toBe(200);
    await vi.waitUntil(async () => (await allMailed()) && received.length > 0, {
      timeout: 40_000,
      interval: 250,
    });
    expect(received.map((m) => [m.to, subjectOf(m.raw)])).toEqual([
      [agency.email("staff"), `New message: Opening hours ${agency.stamp} — Kopano AI`],
    ]);
  });

  it("with the mail server down, 'Ready for review' succeeds at once; the mail goes out once it is back", async () => {
    const [, b] = instances as [Running, Running];
    received.length = 0;
    await stopSmtp();
    const marked = await agency.markReady(b);
    expect(marked.status).toBe(200);
    expect(marked.ms).toBeLessThan(5_000);
    // Grouped and queued, then tried and failed: kept for a retry.
    await vi.waitUntil(
      async () => {
        const { rows } = await db.query<{ n: number }>(
          "select count(*)::int as n from email_outbox where status = 'pending' and attempts >= 1 and last_error is not null",
        );
        return rows[0]?.n === 2;
      },
      { timeout: 40_000, interval: 250 },
    );
    expect(received).toHaveLength(0);
    await startSmtp();
    await vi.waitUntil(allMailed, { timeout: 60_000, interval: 250 });
    expect(received.map((m) => m.to).sort()).toEqual([agency.email("c1"), agency.email("c2")]);
    for (const mail of received) {
      expect(subjectOf(mail.raw)).toBe(
        `Ready for review: the milestone '${marked.title}' — Kopano AI`,
      );
    }
  });
});
