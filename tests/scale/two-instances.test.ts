/**
 * Scale-out: two app instances (the production build) on one PostgreSQL database. A project
 * written through one instance reaches the owner's event stream on the other; the outbox sends
 * each mail once although both instances run a worker. Needs TEST_DATABASE_URL and a build.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const baseUrl = process.env.TEST_DATABASE_URL;
const describeIf = baseUrl ? describe : describe.skip;

interface Instance {
  url: string;
  child: ChildProcess;
}

let dbName = "";
let dbUrl = "";
let smtp: SMTPServer;
let smtpPort = 0;
const received: string[] = [];
const instances: Instance[] = [];

async function startInstance(port: number): Promise<Instance> {
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      DATABASE_URL: dbUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "scale-")),
      AUTH_SECRET: "scale-test-secret-scale-test-secret-0001",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LEAD_RATE_LIMIT_IP: "10000",
      LEAD_RATE_LIMIT_EMAIL: "10000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`instance on ${port} did not start`);
}

beforeAll(async () => {
  if (!baseUrl) return;
  dbName = `scale_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();

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
  instances.push(await startInstance(3521));
  instances.push(await startInstance(3522));
}, 180_000);

afterAll(async () => {
  for (const i of instances) {
    await new Promise<void>((resolve) => {
      i.child.once("exit", () => resolve());
      i.child.kill("SIGTERM");
    });
  }
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  if (dbName && baseUrl) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

describeIf("two instances on one PostgreSQL", () => {
  it("a project written through one instance reaches the owner's stream on the other", async () => {
    const [a, b] = instances as [Instance, Instance];
    const signUp = await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.url },
      body: JSON.stringify({
        email: `scale-${Date.now()}@example.co.za`,
        password: "secret-1",
        name: "Scale",
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    const sawChange = (async () => {
      while (!text.includes("event: change")) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text;
    })();
    // Wait for the stream to be ready before writing.
    for (let i = 0; i < 50 && !text.includes("event: ready"); i++)
      await new Promise((r) => setTimeout(r, 100));

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
    expect(result).toContain('event: change\ndata: {"kind":"projects"}');
  });

  it("sends each queued mail exactly once with two workers", async () => {
    const [a, b] = instances as [Instance, Instance];
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
    for (let i = 0; i < 100 && received.length < 24; i++)
      await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1500));
    expect(received).toHaveLength(24);
    const ids = received.map((raw) => raw.match(/Message-ID: <([^@]+)@outbox>/i)?.[1]);
    expect(new Set(ids).size).toBe(24);
  });
});
