/**
 * Static files of build/client: hashed assets (immutable for a year), prerendered pages
 * (`/about` → about/index.html, no trailing-slash redirect) and other public files, each sent
 * precompressed (Brotli or gzip, written at build time) when the browser accepts it.
 * Prerendered pages (and their .data) are also answered from memory by `prerenderedPages`,
 * ahead of every middleware (server.ts).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { documentCsp, inlineScriptHashes } from "../app/server/security.server.ts";

interface Entry {
  file: string;
  br: boolean;
  gz: boolean;
  kind: "asset" | "page" | "file";
  /** Pages: the CSP allowing exactly their inline scripts (by hash). */
  csp?: string;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".data": "text/x-script",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

function walk(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** URL path → file, built once at start (the build does not change while we run). */
export function indexClientFiles(clientDir: string): Map<string, Entry> {
  const all = walk(clientDir);
  const present = new Set(all);
  const index = new Map<string, Entry>();
  for (const file of all) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const rel = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    const entry = {
      file,
      br: present.has(`${file}.br`),
      gz: present.has(`${file}.gz`),
    };
    if (rel.endsWith("/index.html")) {
      const page = rel.slice(0, -"/index.html".length) || "/";
      const csp = documentCsp(inlineScriptHashes(readFileSync(file, "utf8")));
      index.set(page, { ...entry, kind: "page", csp });
    } else {
      const kind = rel.startsWith("/assets/") ? "asset" : rel.endsWith(".data") ? "page" : "file";
      index.set(rel, { ...entry, kind });
    }
  }
  return index;
}

/** A hashed asset of another build (app/server/build-assets.server.ts). */
export interface ArchivedAsset {
  body: Uint8Array;
  br: Uint8Array | null;
  gz: Uint8Array | null;
}

function cacheControl(kind: Entry["kind"]) {
  if (kind === "asset") return "public, max-age=31536000, immutable";
  if (kind === "page") return "public, max-age=0, must-revalidate";
  return "public, max-age=3600";
}

function chooseEncoding(accept: string, br: boolean, gz: boolean) {
  if (br && /\bbr\b/.test(accept)) return "br" as const;
  if (gz && /\bgzip\b/.test(accept)) return "gzip" as const;
  return null;
}

/**
 * `archived`: where an asset this build lacks is looked up (another build's, during a rolling
 * deploy); without it, or when it finds nothing, such an asset is a 404.
 */
export function staticFiles(
  clientDir: string,
  options: { archived?: (urlPath: string) => Promise<ArchivedAsset | null> } = {},
) {
  const index = indexClientFiles(clientDir);
  async function serveArchived(urlPath: string, req: Request, res: Response, next: NextFunction) {
    let asset: ArchivedAsset | null = null;
    try {
      asset = (await options.archived?.(urlPath)) ?? null;
    } catch (error) {
      return next(error);
    }
    if (!asset) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const encoding = chooseEncoding(
      String(req.headers["accept-encoding"] ?? ""),
      asset.br !== null,
      asset.gz !== null,
    );
    const body = encoding === "br" ? asset.br : encoding === "gzip" ? asset.gz : asset.body;
    res.set({
      "Cache-Control": cacheControl("asset"),
      Vary: "Accept-Encoding",
      "Content-Type":
        res.type(path.extname(urlPath)).get("Content-Type") ?? "application/octet-stream",
    });
    if (encoding) res.set("Content-Encoding", encoding);
    res.status(200).end(Buffer.from(body ?? asset.body));
  }
  return function serveStatic(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (urlPath.length > 1 && urlPath.endsWith("/")) {
      const bare = urlPath.replace(/\/+$/, "");
      if (index.get(bare)?.kind === "page") {
        return res.redirect(301, bare + req.url.slice(req.path.length));
      }
    }
    const entry = index.get(urlPath);
    if (!entry) {
      if (urlPath.startsWith("/assets/")) {
        void serveArchived(urlPath, req, res, next);
        return;
      }
      return next();
    }
    const encoding = chooseEncoding(
      String(req.headers["accept-encoding"] ?? ""),
      entry.br,
      entry.gz,
    );
    const ext = path.extname(entry.file);
    const headers: Record<string, string> = {
      "Cache-Control": cacheControl(entry.kind),
      Vary: "Accept-Encoding",
    };
    if (entry.csp) headers["Content-Security-Policy"] = entry.csp;
    const type = TYPES[ext];
    if (type) headers["Content-Type"] = type;
    else if (encoding)
      headers["Content-Type"] = res.type(ext).get("Content-Type") ?? "application/octet-stream";
    if (encoding) headers["Content-Encoding"] = encoding;
    const file =
      encoding === "br"
        ? `${entry.file}.br`
        : encoding === "gzip"
          ? `${entry.file}.gz`
          : entry.file;
    res.sendFile(file, { headers, dotfiles: "deny" }, (error) => {
      // A client that went away mid-transfer is not an error worth reporting.
      if (!error || req.destroyed || (error as NodeJS.ErrnoException).code === "ECONNABORTED")
        return;
      if (!res.headersSent) next(error);
    });
  };
}

interface Variant {
  body: Buffer;
  headers: Record<string, string>;
  etag: string;
}

/**
 * The fast path for prerendered pages and their .data (issue 17): the files are read into
 * memory at start, with their headers (the same as `staticFiles` sends: the security headers,
 * the page's hash-based CSP, caching, ETag), and a GET or HEAD whose path names one exactly is
 * answered before Express and its middleware, none of which a prerendered page needs (no
 * body, no session, no database, already compressed). Returns false for anything else: the
 * request then goes through Express as before (trailing slashes, percent-encoding, 404s).
 */
export function prerenderedPages(clientDir: string, securityHeaders: Record<string, string>) {
  const pages = new Map<string, { identity: Variant; br?: Variant; gzip?: Variant }>();
  for (const [urlPath, entry] of indexClientFiles(clientDir)) {
    if (entry.kind !== "page") continue;
    const base: Record<string, string> = {
      ...securityHeaders,
      "Cache-Control": cacheControl("page"),
      Vary: "Accept-Encoding",
      "Content-Type": TYPES[path.extname(entry.file)] ?? "application/octet-stream",
    };
    if (entry.csp) base["Content-Security-Policy"] = entry.csp;
    const variant = (file: string, encoding?: string): Variant => {
      const body = readFileSync(file);
      const etag = `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
      // Each file's own time, as the static middleware sends it (a .br is written after its page).
      const headers = {
        ...base,
        "Last-Modified": statSync(file).mtime.toUTCString(),
        ETag: etag,
        "Content-Length": String(body.length),
      };
      return {
        body,
        etag,
        headers: encoding ? { ...headers, "Content-Encoding": encoding } : headers,
      };
    };
    pages.set(urlPath, {
      identity: variant(entry.file),
      br: entry.br ? variant(`${entry.file}.br`, "br") : undefined,
      gzip: entry.gz ? variant(`${entry.file}.gz`, "gzip") : undefined,
    });
  }
  return function servePage(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const page = pages.get(query === -1 ? url : url.slice(0, query));
    if (!page) return false;
    const accept = req.headers["accept-encoding"] ?? "";
    const variant =
      (page.br && /\bbr\b/.test(accept) ? page.br : undefined) ??
      (page.gzip && /\bgzip\b/.test(accept) ? page.gzip : undefined) ??
      page.identity;
    const match = req.headers["if-none-match"];
    if (match?.split(/\s*,\s*/).includes(variant.etag)) {
      const { "Content-Length": _length, ...headers } = variant.headers;
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, variant.headers);
    res.end(req.method === "HEAD" ? undefined : variant.body);
    return true;
  };
}
