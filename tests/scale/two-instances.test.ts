/**
 * Scale-out: two app instances (the production build) on one PostgreSQL database. A project
 * written through one instance reaches the owner's event stream on the other; the outbox sends
 * each mail once although both instances run a worker; a client's changes reach its contacts and
 * the administrators on the other instance, and no other client's (decisions 012, 018). Needs
 * TEST_DATABASE_URL and a build.
 */
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Running, signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const baseUrl = process.env.TEST_DATABASE_URL;
const describeIf = baseUrl ? describe : describe.skip;

/** The assistant's questions per minute per client IP, on each instance and on both together. */
const CHAT_LIMIT = 4;
let dbName = "";
let dbUrl = "";
let smtp: SMTPServer;
let smtpPort = 0;
const received: string[] = [];
const instances: Running[] = [];

/** One instance of the build; both share the database, the secret and the mail server. */
const startInstance = (port: number) =>
  startBuiltServer(port, {
    DATABASE_URL: dbUrl,
    AUTH_SECRET: "scale-test-secret-scale-test-secret-0001",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LEAD_RATE_LIMIT_IP: "10000",
    LEAD_RATE_LIMIT_EMAIL: "10000",
    CHAT_RATE_LIMIT: String(CHAT_LIMIT),
  });

beforeAll(async () => {
  if (!baseUrl) return;
  ({ name: dbName, url: dbUrl } = await createScratchDatabase(baseUrl, "scale"));

  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => {
        raw += c.toString();
      });
      stream.on("end", () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  // Start one after the other: both migrate the same database (under an advisory lock).
  instances.push(await startInstance(3541));
  instances.push(await startInstance(3542));
}, 180_000);

afterAll(async () => {
  for (const i of instances) await i.stop();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  if (dbName && baseUrl) {
    await dropScratchDatabase(baseUrl, dbName);
  }
});

describeIf("two instances on one PostgreSQL", () => {
  it("a project written through one instance reaches the owner's stream on the other", async () => {
    const [a, b] = instances as [Running, Running];
    const cookie = await signUpOver(a.url, {
      email: `scale-${Date.now()}@example.co.za`,
      password: "secret-1",
      name: "Scale",
    });

    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    /** Reads the stream until `marker` has arrived (or the stream ends). */
    const readUntil = async (marker: string) => {
      while (!text.includes(marker)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text;
    };
    // The stream is subscribed once it says "ready": only then write.
    expect(await readUntil("event: ready")).toContain("event: ready");
    const sawChange = readUntil("event: change");

    const create = await fetch(`${a.url}/portal/projects`, {
      method: "POST",
      headers: { cookie, origin: a.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", title: "Cross-instance project" }),
    });
    expect(create.status).toBe(200);
    const result = await Promise.race([
      sawChange,
      new Promise<string>((r) => setTimeout(() => r("timeout"), 8000)),
    ]);
    controller.abort();
    // The event names what changed and who changed it (decision 012); this post named no tab.
    expect(result).toMatch(
      /event: change\ndata: \{"kind":"projects","by":\{"userId":"[^"]+","clientId":null\}\}/,
    );
  });

  it("sends each queued mail exactly once with two workers", async () => {
    const [a, b] = instances as [Running, Running];
    const posts: Promise<Response>[] = [];
    for (let i = 0; i < 12; i++) {
      const target = i % 2 === 0 ? a : b;
      posts.push(
        fetch(`${target.url}/functions/v1/send-contact-email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: target.url },
          body: JSON.stringify({
            name: `Lead ${i}`,
            email: `lead${i}@example.co.za`,
            message: `Hello ${i}`,
          }),
        }),
      );
    }
    const statuses = (await Promise.all(posts)).map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Every queued mail (a notification and a confirmation per lead) is marked sent: no worker
    // will send anything more, so what the mail server holds is final.
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      await vi.waitUntil(
        async () => {
          const { rows } = await db.query<{ sent: number; other: number }>(
            "select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other from email_outbox",
          );
          return rows[0]?.sent === 24 && rows[0]?.other === 0;
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await db.end();
    }
    expect(received).toHaveLength(24);
    const ids = received.map((raw) => raw.match(/Message-ID: <([^@]+)@outbox>/i)?.[1]);
    expect(new Set(ids).size).toBe(24);
  });

  it("a client's change made on one instance reaches its contacts and the administrators on the other, and no other client", async () => {
    const [a, b] = instances as [Running, Running];
    const stamp = Date.now();
    const signUp = (who: string) =>
      signUpOver(a.url, {
        email: `${who}-${stamp}@example.co.za`,
        password: "secret-1",
        name: who,
      });
    const thandi = await signUp("thandi");
    const other = await signUp("other");
    const staff = await signUp("staff");
    // An administrator, as the roles command makes one (it leaves the client sign-up made).
    await promisify(execFile)(
      "node_modules/.bin/tsx",
      [
        "--tsconfig",
        "tsconfig.json",
        "scripts/user-role.ts",
        "--email",
        `staff-${stamp}@example.co.za`,
        "--role",
        "admin",
      ],
      {
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          BASE_URL: a.url,
          AUTH_SECRET: "scale-test-secret-scale-test-secret-0001",
          NODE_ENV: "production",
          LOG_LEVEL: "silent",
        },
      },
    );

    const streams = {
      thandi: await openStream(b.url, thandi),
      other: await openStream(b.url, other),
      staff: await openStream(b.url, staff),
    };
    try {
      const post = (cookie: string, path: string, fields: Record<string, string>) =>
        fetch(`${a.url}${path}`, {
          method: "POST",
          headers: { cookie, origin: a.url, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        });
      // Thandi's client: a project and a message, through instance A.
      expect(
        (await post(thandi, "/portal/projects", { intent: "create", title: "Shared" })).status,
      ).toBe(200);
      expect(
        (
          await post(thandi, "/portal/messages", {
            intent: "send",
            subject: "Hi",
            content: "Team?",
          })
        ).status,
      ).toBe(200);
      await streams.thandi.until((text) => changes(text).length === 2);
      expect(changes(streams.thandi.text()).map((c) => c.kind)).toEqual(["projects", "messages"]);
      // The staff member is also notified of the message (issue 31): for them alone.
      await streams.staff.until((text) => changes(text).length === 3);
      // (Published together after one commit; across instances their order is not promised.)
      expect(
        changes(streams.staff.text())
          .map((c) => c.kind)
          .sort(),
      ).toEqual(["messages", "notifications", "projects"]);
      // Everything instance B heard of those is already in every stream there. Now the other
      // client's own change: it is the first and only change its contact hears.
      expect(
        (await post(other, "/portal/projects", { intent: "create", title: "Theirs" })).status,
      ).toBe(200);
      await streams.other.until((text) => changes(text).length >= 1);
      await streams.staff.until((text) => changes(text).length === 4);
      expect(changes(streams.other.text())).toHaveLength(1);
      expect(changes(streams.other.text())[0]?.kind).toBe("projects");
      expect(changes(streams.thandi.text())).toHaveLength(2);
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });
});

describeIf("two instances on one PostgreSQL: limits and access (issue 29)", () => {
  it("counts the assistant's questions across both instances", async () => {
    const [a, b] = instances as [Running, Running];
    const ask = (target: Running, n: number) =>
      fetch(`${target.url}/demo`, {
        method: "POST",
        headers: { origin: target.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ question: `What are your prices? ${n}` }),
      });
    const statuses: number[] = [];
    for (let n = 0; n < CHAT_LIMIT; n++) statuses.push((await ask(n % 2 === 0 ? a : b, n)).status);
    expect(statuses).toEqual(Array(CHAT_LIMIT).fill(200));
    expect((await ask(a, 98)).status).toBe(429);
    expect((await ask(b, 99)).status).toBe(429);
  });

  it("ends a former administrator's stream on the other instance at once", async () => {
    const [a, b] = instances as [Running, Running];
    const stamp = Date.now();
    const emails = [`keeper-${stamp}@example.co.za`, `leaver-${stamp}@example.co.za`];
    const [keeper, leaver] = await Promise.all(
      emails.map((email) => signUpOver(a.url, { email, password: "secret-1", name: email })),
    );
    for (const email of emails) {
      await promisify(execFile)(
        "node_modules/.bin/tsx",
        [
          "--tsconfig",
          "tsconfig.json",
          "scripts/user-role.ts",
          "--email",
          email,
          "--role",
          "admin",
        ],
        {
          env: {
            ...process.env,
            DATABASE_URL: dbUrl,
            BASE_URL: a.url,
            AUTH_SECRET: "scale-test-secret-scale-test-secret-0001",
            NODE_ENV: "production",
            LOG_LEVEL: "silent",
          },
        },
      );
    }
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(`select id from "user" where email = $1`, [
      emails[1],
    ]);
    await db.end();
    const stream = await openStream(b.url, leaver as string);
    try {
      const started = Date.now();
      const removed = await fetch(`${a.url}/portal/team`, {
        method: "POST",
        headers: {
          cookie: keeper as string,
          origin: a.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "remove-admin", userId: rows[0]?.id ?? "" }),
      });
      expect(removed.status).toBe(200);
      // Well before the 30-second session check.
      await stream.ended(10_000);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      stream.close();
    }
  });
});

/** The "change" events a stream's text holds so far. */
function changes(text: string): { kind: string }[] {
  return [...text.matchAll(/event: change\ndata: (\{[^\n]*\})/g)].map((m) =>
    JSON.parse(m[1] ?? "{}"),
  );
}

/** A signed-in person's event stream on an instance, subscribed ("ready") when this resolves. */
async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/events`, { headers: { cookie }, signal: controller.signal });
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const until = async (done: (text: string) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done(text)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the stream never got there; it holds:\n${text}`);
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), left)),
      ]);
      if (!next || next.done) continue;
      text += decoder.decode(next.value);
    }
  };
  /** Resolves once the server has ended the stream. */
  const ended = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the stream did not end; it holds:\n${text}`);
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), left)),
      ]);
      if (next?.done) return;
      if (next) text += decoder.decode(next.value);
    }
  };
  await until((t) => t.includes("event: ready"));
  return { until, ended, text: () => text, close: () => controller.abort() };
}
