/**
 * The security reviews' findings that only the built server shows. Issue 18: request bodies
 * capped whatever their framing, malformed URLs and cookies answered without a 500 or a stack
 * trace, the own origin from BASE_URL only, and the status text of `.data` answers. Issue 29:
 * non-canonical portal paths, the upload route's caps, the level a refused POST is logged at,
 * and a download's headers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectOver, uploadOver, versionLinks } from "../../scripts/lib/upload-client.ts";

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

/** A GET through node:http: the status, the Location and every header line as sent. */
function rawGet(pathname: string, cookie = "") {
  return new Promise<{ status: number; location: string | null; rawHeaders: string[] }>(
    (resolve, reject) => {
      const req = http.request(
        { host: "localhost", port: PORT, method: "GET", path: pathname, headers: { cookie } },
        (res) => {
          res.resume();
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location ?? null,
              rawHeaders: res.rawHeaders,
            }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

const headerCount = (rawHeaders: string[], name: string) =>
  rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === name).length;

describe("the built server, second review (issue 29)", () => {
  it("answers non-canonical casing of portal paths: reads are redirected, writes are 404", async () => {
    const cookie = await signUp(`casing-${Date.now()}@example.co.za`);
    const read = await rawGet("/PORTAL/Messages?cursor=x", cookie);
    expect(read.status).toBe(308);
    expect(read.location).toBe("/portal/messages?cursor=x");
    const data = await rawGet("/Portal/projects.data", cookie);
    expect(data.status).toBe(308);
    expect(data.location).toBe("/portal/projects.data");
    expect((await rawGet("/portal/messages", cookie)).status).toBe(200);
    for (const pathname of ["/PORTAL/messages", "/Portal/projects/x/files", "/portal/Settings"]) {
      const write = await raw(
        "POST",
        pathname,
        { "content-type": "application/x-www-form-urlencoded", origin: url, cookie },
        { chunks: 1, chunk: "intent=send&subject=s&content=c" },
      );
      expect(write.status, pathname).toBe(404);
    }
  });

  it("refuses an upload whose text field is huge, sent chunked, with 413", async () => {
    const cookie = await signUp(`upload-caps-${Date.now()}@example.co.za`);
    const projectId = await createProjectOver(url, cookie, "Caps");
    const boundary = "----caps";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`;
    const answer = await raw(
      "POST",
      `/portal/projects/${projectId}/files`,
      {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        accept: "application/json",
        origin: url,
        cookie,
        "transfer-encoding": "chunked",
      },
      // 32 MB of one text field, never a file.
      { chunks: 512, chunk: `${head}${"a".repeat(64 * 1024 - head.length)}` },
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("A form field is too long.");
  });

  it("logs a POST to a page with no action as a 405 at info, not as an error", async () => {
    const before = output.length;
    const answer = await raw(
      "POST",
      "/about",
      { "content-type": "application/x-www-form-urlencoded", origin: url },
      { chunks: 1, chunk: "anything=I%20like" },
    );
    expect(answer.status).toBe(405);
    const lines = output.slice(before).split("\n").filter(Boolean);
    expect(lines.some((l) => l.includes('"level":30') && l.includes("405"))).toBe(true);
    expect(lines.some((l) => l.includes('"level":50'))).toBe(false);
    expect(output.slice(before)).not.toContain("did not provide an `action`");
  });

  it("sends X-Content-Type-Options once on downloads", async () => {
    const cookie = await signUp(`nosniff-${Date.now()}@example.co.za`);
    const projectId = await createProjectOver(url, cookie, "Downloads");
    const note = Buffer.from("A plain note.\n");
    const uploaded = await uploadOver(url, cookie, projectId, {
      name: "Note.txt",
      size: note.length,
      source: Readable.from([note]),
      type: "text/plain",
    }).done;
    expect(uploaded.status, uploaded.body).toBe(200);
    const [link] = await versionLinks(url, cookie, projectId);
    const download = await rawGet(link as string, cookie);
    expect(download.status).toBe(200);
    expect(headerCount(download.rawHeaders, "x-content-type-options")).toBe(1);
    const myData = await rawGet("/portal/settings/my-data", cookie);
    expect(myData.status).toBe(200);
    expect(headerCount(myData.rawHeaders, "x-content-type-options")).toBe(1);
  });
});
