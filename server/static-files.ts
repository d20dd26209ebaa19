/**
 * Static files of build/client: hashed assets (immutable for a year), prerendered pages
 * (`/about` → about/index.html, no trailing-slash redirect) and other public files, each sent
 * precompressed (Brotli or gzip, written at build time) when the browser accepts it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
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

function cacheControl(kind: Entry["kind"]) {
  if (kind === "asset") return "public, max-age=31536000, immutable";
  if (kind === "page") return "public, max-age=0, must-revalidate";
  return "public, max-age=3600";
}

export function staticFiles(clientDir: string) {
  const index = indexClientFiles(clientDir);
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
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      return next();
    }
    const accept = String(req.headers["accept-encoding"] ?? "");
    const encoding =
      entry.br && /\bbr\b/.test(accept)
        ? "br"
        : entry.gz && /\bgzip\b/.test(accept)
          ? "gzip"
          : null;
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
