/**
 * The security review's findings that only the built server shows (issue 18): request bodies
 * capped whatever their framing, malformed URLs and cookies answered without a 500 or a stack
 * trace, the own origin from BASE_URL only, and the status text of `.data` answers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const PORT = 3641;
const url = `http://localhost:${PORT}`;
let child: ChildProcess;
let output = "";

beforeAll(async () => {
  child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "production",
      PORT: String(PORT),
      BASE_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "trust-")),
      LEAD_RATE_LIMIT_IP: "10000",
      LEAD_RATE_LIMIT_EMAIL: "10000",
      AUTH_RATE_LIMIT: "10000",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
});

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
});

interface RawAnswer {
  status: number;
  statusText: string;
  body: string;
}

/** A request through node:http, so nothing (fetch) rewrites the headers or the framing. */
function raw(
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: { chunks: number; chunk: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "localhost", port: PORT, method, path: pathname, headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", body: text }),
        );
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server may answer 413 and close before the whole body is sent.
      if (error.code === "EPIPE" || error.code === "ECONNRESET") return;
      reject(error);
    });
    if (!body) {
      req.end();
      return;
    }
    let sent = 0;
    const write = () => {
      while (sent < body.chunks) {
        sent += 1;
        if (!req.write(body.chunk)) {
          req.once("drain", write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

async function signUp(email: string) {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password: "secret-1", name: "Trust Test" }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** 3 MB in 64 KB chunks, with no Content-Length (Transfer-Encoding: chunked). */
const THREE_MB = { chunks: 48, chunk: `message=${"a".repeat(64 * 1024 - 8)}` };

describe("the built server", () => {
  it("refuses a 3 MB chunked body with 413 on every route", async () => {
    const cookie = await signUp(`chunked-${Date.now()}@example.co.za`);
    for (const [pathname, type] of [
      ["/contact.data", "application/x-www-form-urlencoded"],
      ["/portal/projects.data", "application/x-www-form-urlencoded"],
      ["/api/auth/sign-up/email", "application/json"],
    ] as const) {
      const answer = await raw(
        "POST",
        pathname,
        { "content-type": type, origin: url, cookie, "transfer-encoding": "chunked" },
        THREE_MB,
      );
      expect(answer.status, pathname).toBe(413);
      expect(answer.body.length).toBeLessThan(1000);
    }
    // A small chunked form still goes through.
    const small = await raw(
      "POST",
      "/contact.data",
      {
        "content-type": "application/x-www-form-urlencoded",
        origin: url,
        "transfer-encoding": "chunked",
      },
      { chunks: 1, chunk: "name=&email=&message=" },
    );
    expect(small.status).toBe(400);
    // And the Content-Length check stays.
    const declared = await raw("POST", "/contact.data", {
      "content-type": "application/x-www-form-urlencoded",
      origin: url,
      "content-length": String(3 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
  });

  it("answers a malformed path or flash cookie with a 4xx page, and logs no stack trace", async () => {
    const cookie = await signUp(`malformed-${Date.now()}@example.co.za`);
    const before = output.length;
    for (const pathname of ["/%", "/portal/%E0%A4%A", "/about%", "/%.data"]) {
      const answer = await raw("GET", pathname, {});
      expect(answer.status, pathname).toBe(400);
    }
    const page = await raw("GET", "/portal/settings.data", {
      cookie: `${cookie}; two_factor_flash=on.%E0%A4%A`,
    });
    expect(page.status).toBeLessThan(500);
    expect(output.slice(before)).not.toMatch(/URIError|at decodeURIComponent|\n\s+at /);
  });

  it("takes its own origin from BASE_URL, not from the Host header", async () => {
    const evil = "http://evil.example";
    const answer = await raw(
      "POST",
      "/api/auth/request-password-reset",
      {
        host: "evil.example",
        origin: evil,
        "content-type": "application/json",
      },
      { chunks: 1, chunk: JSON.stringify({ email: "x@example.co.za", redirectTo: evil }) },
    );
    expect(answer.status).toBe(403);
  });

  it("gives 4xx .data answers their own status text", async () => {
    const bad = await raw(
      "POST",
      "/contact.data",
      { "content-type": "application/x-www-form-urlencoded", origin: url },
      { chunks: 1, chunk: "name=&email=&message=" },
    );
    expect(bad.status).toBe(400);
    expect(bad.statusText).toBe("Bad Request");
    const cookie = await signUp(`status-${Date.now()}@example.co.za`);
    const forbidden = await raw("GET", "/portal/leads.data", { cookie });
    expect(forbidden.status).toBe(403);
    expect(forbidden.statusText).toBe("Forbidden");
  });
});
