import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commonSecurityHeaders } from "../app/server/security.server.ts";
import { prerenderedPages, staticFiles } from "./static-files.ts";

const html = `<!DOCTYPE html><html><head><script>document.title="x"</script></head><body><h1>About</h1></body></html>`;
let dir: string;
let fast: http.Server;
let slow: http.Server;
let fastUrl: string;
let slowUrl: string;

function listen(handler: http.RequestListener): Promise<[http.Server, string]> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve([server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`]),
    ),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
  mkdirSync(path.join(dir, "about"));
  mkdirSync(path.join(dir, "assets"));
  const page = path.join(dir, "about/index.html");
  writeFileSync(page, html);
  writeFileSync(`${page}.br`, brotliCompressSync(html));
  writeFileSync(`${page}.gz`, gzipSync(html));
  // The build compresses a page after writing it: its .br and .gz can be seconds younger.
  const later = new Date(Date.now() + 7_000);
  utimesSync(`${page}.br`, later, later);
  writeFileSync(path.join(dir, "about.data"), "[1]");
  writeFileSync(path.join(dir, "assets/app-abc.js"), "console.log(1)");
  const security = commonSecurityHeaders(true);
  const servePage = prerenderedPages(dir, security);
  [fast, fastUrl] = await listen((req, res) => {
    if (!servePage(req, res)) {
      res.writeHead(418);
      res.end("not a page");
    }
  });
  const app = express();
  app.disable("x-powered-by");
  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    next();
  });
  app.use(staticFiles(dir));
  [slow, slowUrl] = await listen(app);
});

afterAll(() => {
  fast.close();
  slow.close();
});

/** The headers that describe the answer (not the connection or the moment). */
function described(res: Response) {
  const out: Record<string, string> = {};
  for (const [name, value] of res.headers) {
    if (["date", "connection", "keep-alive", "etag", "accept-ranges"].includes(name)) continue;
    out[name] = value;
  }
  return out;
}

describe("prerendered pages from memory", () => {
  it("answers a page with the same body and headers as the static middleware", async () => {
    for (const encoding of ["br", "gzip", ""]) {
      for (const pathname of ["/about", "/about?utm=x", "/about.data"]) {
        const init = { headers: { "accept-encoding": encoding } };
        const [a, b] = await Promise.all([
          fetch(`${fastUrl}${pathname}`, init),
          fetch(`${slowUrl}${pathname}`, init),
        ]);
        expect(a.status, pathname).toBe(200);
        expect(described(a), `${pathname} ${encoding}`).toEqual(described(b));
        expect(await a.text()).toBe(await b.text());
      }
    }
    const page = await fetch(`${fastUrl}/about`, { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(page.headers.get("strict-transport-security")).toBeTruthy();
    expect(page.headers.get("content-encoding")).toBe("br");
  });

  it("answers 304 to a matching If-None-Match, and HEAD without a body", async () => {
    const first = await fetch(`${fastUrl}/about`);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${fastUrl}/about`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toBeTruthy();
    const head = await fetch(`${fastUrl}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("leaves everything else to Express: assets, other methods, unknown and encoded paths", async () => {
    for (const [method, pathname] of [
      ["GET", "/assets/app-abc.js"],
      ["GET", "/about/"],
      ["GET", "/%61bout"],
      ["GET", "/nowhere"],
      ["POST", "/about"],
    ]) {
      const res = await fetch(`${fastUrl}${pathname}`, { method, redirect: "manual" });
      expect(res.status, `${method} ${pathname}`).toBe(418);
    }
  });
});

describe("assets of another build (a rolling deploy, decision 064)", () => {
  const archived = new Map([
    [
      "/assets/old-123.js",
      {
        body: Buffer.from("console.log('old')"),
        br: brotliCompressSync("console.log('old')"),
        gz: null,
      },
    ],
  ]);
  let url = "";
  let server: http.Server;
  beforeAll(async () => {
    const app = express();
    app.use(staticFiles(dir, { archived: async (p) => archived.get(p) ?? null }));
    [server, url] = await listen(app);
  });
  afterAll(() => server.close());

  it("answers an asset this build lacks from the archive, compressed when accepted", async () => {
    const br = await fetch(`${url}/assets/old-123.js`, { headers: { "accept-encoding": "br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/javascript/);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await br.text()).toBe("console.log('old')"); // fetch decodes it
    const plain = await fetch(`${url}/assets/old-123.js`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe("console.log('old')");
  });

  it("still serves its own assets from disk and says 404 for what nobody has", async () => {
    expect(await (await fetch(`${url}/assets/app-abc.js`)).text()).toBe("console.log(1)");
    const missing = await fetch(`${url}/assets/nowhere-999.js`);
    expect(missing.status).toBe(404);
  });
});
