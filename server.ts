/**
 * The production server: static assets and prerendered public pages from build/client,
 * everything else through the React Router handler.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import {
  BASELINE_CSP,
  commonSecurityHeaders,
  isForeignOriginWrite,
} from "./app/server/security.server.ts";
import { staticFiles } from "./server/static-files.ts";

const root = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(root, "build/client");
const buildPath = path.join(root, "build/server/index.js");

if (!existsSync(buildPath)) {
  console.error("No build found. Run `npm run build` first.");
  process.exit(1);
}

const build = (await import(buildPath)) as ServerBuild;

/** Hooks the app exports from app/entry.server.tsx. */
interface AppEntry {
  startServer?: () => Promise<void>;
  stopServer?: () => Promise<void>;
  beginShutdown?: () => void;
  databaseHealthy?: () => boolean;
  getLoadContext?: (req: express.Request, res: express.Response) => unknown;
  configureApp?: (app: express.Express) => void;
}
const entry = build.entry.module as unknown as AppEntry;

const app = express();
app.disable("x-powered-by");
// Client IPs (for rate limits) come from the socket unless TRUSTED_PROXIES names the proxies.
const trustedProxies = (process.env.TRUSTED_PROXIES ?? "").split(/[,\s]+/).filter(Boolean);
app.set("trust proxy", trustedProxies.length > 0 ? trustedProxies : false);
app.use((req, _res, next) => {
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
});

const securityHeaders = commonSecurityHeaders(process.env.NODE_ENV === "production");
app.use((_req, res, next) => {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  // Pages set their own policy (nonce or hashes); everything else gets the strict baseline.
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (!this.getHeader("Content-Security-Policy"))
      this.setHeader("Content-Security-Policy", BASELINE_CSP);
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
});

// Request bodies are small forms and JSON: anything larger is refused before it is read.
const MAX_BODY_BYTES = 1024 * 1024;
app.use((req, res, next) => {
  const length = Number(req.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) {
    res.status(413).json({ success: false, error: "The request is too large." });
    return;
  }
  next();
});

// State changes only from our own pages: a POST/PUT/PATCH/DELETE from a foreign origin is refused.
const baseOrigin = process.env.BASE_URL ? new URL(process.env.BASE_URL).origin : null;
app.use((req, res, next) => {
  const own = `${req.protocol}://${req.get("host")}`;
  const allowed = baseOrigin ? [own, baseOrigin] : [own];
  const foreign = isForeignOriginWrite(
    req.method,
    { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") },
    allowed,
  );
  if (!foreign) return next();
  res.status(403).json({ success: false, error: "Cross-site requests are not allowed." });
});

app.use(
  compression({
    filter: (req, res) => {
      const type = String(res.getHeader("Content-Type") ?? "");
      if (type.includes("text/event-stream")) return false;
      return compression.filter(req, res);
    },
  }),
);

// Liveness: the process answers.
app.get("/healthz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "ok" });
});

// Readiness: the database answers too (for load balancers).
app.get("/readyz", (_req, res) => {
  const ready = entry.databaseHealthy?.() !== false;
  res.setHeader("Cache-Control", "no-store");
  res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "database unavailable" });
});

app.use(staticFiles(clientDir));

// While the database is unreachable, answer at once with a clear 503 (public pages above still work).
app.use((req, res, next) => {
  if (entry.databaseHealthy?.() !== false) return next();
  res.setHeader("Retry-After", "5");
  res.setHeader("Cache-Control", "no-store");
  const message = "The service is temporarily unavailable. Please try again in a moment.";
  if (req.accepts(["html", "json"]) === "html" && req.method === "GET") {
    res
      .status(503)
      .type("html")
      .send(
        `<!doctype html><html lang="en-ZA"><meta charset="utf-8"><title>Temporarily unavailable</title><main><h1>Temporarily unavailable</h1><p>${message}</p></main></html>`,
      );
    return;
  }
  res.status(503).json({ success: false, error: message });
});

entry.configureApp?.(app);

app.all(
  "/{*splat}",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV === "development" ? "development" : "production",
    // biome-ignore lint/suspicious/noExplicitAny: the context type is the app's own
    getLoadContext: entry.getLoadContext as any,
  }),
);

try {
  await entry.startServer?.();
} catch (error) {
  // Invalid settings or an unreachable database: say what is wrong and stop.
  console.error((error as Error).message);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const server = app.listen(port, host, () => {
  console.log(`Server listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

let stopping = false;
/**
 * Graceful shutdown: stop accepting, end the event streams, let in-flight requests finish
 * (10 s at most), then stop the outbox worker and the event bus and close the database.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  entry.beginShutdown?.();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
  await Promise.race([closed, timeout]);
  server.closeAllConnections();
  await entry.stopServer?.();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
