/**
 * Process lifecycle of the production build on the embedded database: graceful shutdown on
 * SIGTERM, and SIGKILL during writes followed by a restart on the same data folder.
 */
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";

/** The embedded database (no DATABASE_URL) in `dataDir`. */
const start = (port: number, dataDir: string) =>
  startBuiltServer(port, {
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    LEAD_RATE_LIMIT_IP: "10000",
    LEAD_RATE_LIMIT_EMAIL: "10000",
  });

const signUp = (url: string, email: string) =>
  signUpOver(url, { email, password: "secret-1", name: "Life Cycle" });

async function signIn(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password: "secret-1" }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("lifecycle on the embedded database", () => {
  it("SIGTERM: the in-flight request finishes, streams close, the process exits cleanly", async () => {
    const app = await start(3531, mkdtempSync(path.join(tmpdir(), "life-")));
    const cookie = await signUp(app.url, `term-${Date.now()}@example.co.za`);

    const events = await fetch(`${app.url}/api/events`, { headers: { cookie } });
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    const streamEnded = (async () => {
      for (;;) {
        const { done } = await reader.read();
        if (done) return true;
      }
    })();

    // A request whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({
      name: "In flight",
      email: "flight@example.co.za",
      message: "Still sending",
    });
    const response = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${app.url}/functions/v1/send-contact-email`,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            origin: app.url,
            // The server's "100 Continue" says it has taken the request in.
            expect: "100-continue",
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.on("continue", () => {
        req.write(body.slice(0, 10));
        app.process.kill("SIGTERM");
        // The rest arrives once the server is shutting down (it has ended the event stream).
        void streamEnded.then(() => req.end(body.slice(10)));
      });
      req.flushHeaders();
    });

    expect(await response).toBe(200);
    expect(await streamEnded).toBe(true);
    expect(await app.exited).toBe(0);
  });

  it("SIGKILL during writes: restarts on the same folder with every acknowledged write", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kill-"));
    const email = `kill-${Date.now()}@example.co.za`;
    const first = await start(3532, dataDir);
    const cookie = await signUp(first.url, email);

    let acknowledged = 0;
    let killed = false;
    let someAcknowledged = () => {};
    const writing = new Promise<void>((resolve) => {
      someAcknowledged = resolve;
    });
    const writer = (async () => {
      while (!killed) {
        try {
          const res = await fetch(`${first.url}/portal/projects`, {
            method: "POST",
            headers: {
              cookie,
              origin: first.url,
              "content-type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({ intent: "create", title: `Write ${acknowledged}` }),
          });
          if (res.status === 200) acknowledged += 1;
          if (acknowledged >= 20) someAcknowledged();
        } catch {
          return;
        }
      }
    })();
    // Kill it in the middle of the writes, once a good number has been acknowledged.
    await Promise.race([writing, writer]);
    killed = true;
    first.process.kill("SIGKILL");
    await first.exited;
    await writer;
    expect(acknowledged).toBeGreaterThan(0);

    for (const port of [3533, 3534]) {
      // Twice: the second start proves the migrations are idempotent.
      const again = await start(port, dataDir);
      const session = await signIn(again.url, email);
      const page = await fetch(`${again.url}/portal/projects`, { headers: { cookie: session } });
      expect(page.status).toBe(200);
      const html = await page.text();
      const count = (html.match(/>Write \d+</g) ?? []).length;
      expect(count).toBeGreaterThanOrEqual(acknowledged);
      again.process.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    }
  });
});
