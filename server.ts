/**
 * The production server: static assets and prerendered public pages from build/client,
 * everything else through the React Router handler.
 */
import "./server/gc-tuning.ts";
import "./server/settings-file.ts";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import {
  MB,
  MESSAGE_FORM_PATH,
  maxUploadRequestBytes,
  RESUMABLE_UPLOAD_PATH,
  UPLOAD_PATH,
} from "./app/lib/files.ts";
import { canonicalPortalPath } from "./app/lib/portal-paths.ts";
import { type Env, parseEnv } from "./app/server/env.server.ts";
import { logger, type RequestContext, requestContext } from "./app/server/logger.server.ts";
import { nodeRequestParts } from "./app/server/node-request.server.ts";
import {
  BASELINE_CSP,
  commonSecurityHeaders,
  isForeignOriginWrite,
} from "./app/server/security.server.ts";
import { answerClientError } from "./server/client-errors.ts";
import { logRequestWhenDone, requestIdFor } from "./server/request-log.ts";
import { withClearRefusal } from "./server/router-refusals.ts";
import { type ArchivedAsset, prerenderedPages, staticFiles } from "./server/static-files.ts";
import { startTelemetry } from "./server/telemetry.ts";

const root = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(root, "build/client");
const buildPath = path.join(root, "build/server/index.js");

if (!existsSync(buildPath)) {
  logger.fatal("No build found. Run `npm run build` first.");
  process.exit(1);
}

// Every setting is validated once, here as in the app (app/server/env.server.ts), after the
// settings file (.env) has filled in what the environment does not set (settings-file.ts).
let settings: Env;
try {
  settings = parseEnv();
} catch (error) {
  logger.fatal((error as Error).message);
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
  publishAssets?: (clientDir: string) => Promise<void>;
  findArchivedAsset?: (urlPath: string) => Promise<ArchivedAsset | null>;
  isFileTransfer?: (method: string | undefined, pathname: string) => boolean;
  serveFileTransfer?: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    origin: string,
  ) => Promise<void>;
}
const entry = build.entry.module as unknown as AppEntry;

const app = express();
app.disable("x-powered-by");
// Client IPs (for rate limits) come from the socket unless TRUSTED_PROXIES names the proxies.
const trustedProxies = settings.TRUSTED_PROXIES;
app.set("trust proxy", trustedProxies.length > 0 ? trustedProxies : false);
app.use((req, _res, next) => {
  req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
});

const securityHeaders = commonSecurityHeaders(settings.NODE_ENV === "production");
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

// A path that is not valid percent-encoding ("/%") is the client's mistake: a clear 400, before
// anything tries to decode it (Express would log a URIError's stack trace).
app.use((req, res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).json({ success: false, error: "The address is not valid." });
    return;
  }
  next();
});

// Portal paths are lower case. Routes match any case but cookie paths do not, so a portal path in
// another case is never served: a read is sent to the canonical path, anything else is a 404.
app.use((req, res, next) => {
  const canonical = canonicalPortalPath(req.path);
  if (canonical === null) return next();
  if (req.method === "GET" || req.method === "HEAD") {
    const at = req.originalUrl.indexOf("?");
    res.redirect(308, `${canonical}${at >= 0 ? req.originalUrl.slice(at) : ""}`);
    return;
  }
  res.status(404).json({ success: false, error: "Not found." });
});

// State changes only from our own pages: a POST/PUT/PATCH/DELETE from a foreign origin is
// refused. Our own origin is BASE_URL's, never what the Host header says.
const ownOrigin = new URL(settings.BASE_URL).origin;
app.use((req, res, next) => {
  const foreign = isForeignOriginWrite(
    req.method,
    { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") },
    [ownOrigin],
  );
  if (!foreign) return next();
  res.status(403).json({ success: false, error: "Cross-site requests are not allowed." });
});

app.use(
  compression({
    filter: (req, res) => {
      const type = String(res.getHeader("Content-Type") ?? "");
      if (type.includes("text/event-stream")) return false;
      // Downloads go out as stored, with their length (most are compressed already).
      if (String(res.getHeader("Content-Disposition") ?? "").startsWith("attachment")) return false;
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

// An asset this build lacks may be the previous (or next) build's, during a rolling deploy.
app.use(staticFiles(clientDir, { archived: entry.findArchivedAsset }));

// Request bodies are small forms and JSON: each is read here, whatever its framing
// (Content-Length or chunked), and refused with 413 as soon as it passes 1 MB.
// File uploads (a project's files, a message's attachments posted as multipart to the
// Messages page, a resumable upload's PATCH of decision 092) are the one exception: their body
// streams to the route, which stores it as it arrives and holds each file to MAX_UPLOAD_MB, every other part to 64 KB
// and the whole body to what one upload may carry (decision 019); here a declared length beyond
// that is refused before anything is read.
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_UPLOAD_REQUEST_BYTES = maxUploadRequestBytes(settings.MAX_UPLOAD_MB);
const bodies = new WeakMap<express.Request, Buffer>();
const streamed = new WeakSet<express.Request>();
app.use(async (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const streams =
    UPLOAD_PATH.test(req.path) ||
    // A message with attachments (decision 087): a multipart post to the Messages page.
    (MESSAGE_FORM_PATH.test(req.path) &&
      /^\s*multipart\/form-data/i.test(req.get("content-type") ?? ""));
  if (req.method === "POST" && streams) {
    if (Number(req.get("content-length") ?? 0) > MAX_UPLOAD_REQUEST_BYTES) {
      refuseTooLarge(req, res, true);
      return;
    }
    streamed.add(req);
    return next();
  }
  // A resumable upload's bytes (decision 092): at most one file's worth in one PATCH.
  if (req.method === "PATCH" && RESUMABLE_UPLOAD_PATH.test(req.path)) {
    if (Number(req.get("content-length") ?? 0) > settings.MAX_UPLOAD_MB * MB) {
      refuseTooLarge(req, res, true);
      return;
    }
    streamed.add(req);
    return next();
  }
  const declared = Number(req.get("content-length") ?? 0);
  const body = declared > MAX_BODY_BYTES ? null : await readBody(req, MAX_BODY_BYTES);
  if (body === undefined) return; // the client went away
  if (body === null) {
    refuseTooLarge(req, res, declared > MAX_BODY_BYTES);
    return;
  }
  bodies.set(req, body);
  next();
});

/** The body, or null once it passes `limit` bytes (the rest is not kept). */
function readBody(req: express.Request, limit: number): Promise<Buffer | null | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (value: Buffer | null | undefined) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onError);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(null);
      else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onError = () => finish(undefined);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onError);
  });
}

/**
 * 413. A body declared too large (Content-Length) is not read: the connection closes after the
 * answer. A body that grew too large while streaming is read on and discarded for 2 s at most,
 * with the connection open while the answer goes out: closing it at once made a client still
 * sending fail with EPIPE before it could read the 413.
 */
function refuseTooLarge(req: express.Request, res: express.Response, declared: boolean) {
  if (declared) res.setHeader("Connection", "close");
  res.status(413).json({ success: false, error: "The request is too large." });
  if (declared) return;
  req.resume();
  const cut = setTimeout(() => req.socket.destroy(), 2_000);
  cut.unref();
  // Once the body has been read to its end, the connection may serve the client's next request.
  req.once("end", () => clearTimeout(cut));
  req.socket.once("close", () => clearTimeout(cut));
}

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

// A file's bytes (an upload to a project's files, a download of a version or an attachment)
// go straight between the socket and the store, with the routes' own checks (decision 109):
// a web Request/Response copied every piece. Every layer above still applies.
app.use((req, res, next) => {
  const { isFileTransfer, serveFileTransfer } = entry;
  if (!serveFileTransfer || !isFileTransfer?.(req.method, req.path)) return next();
  serveFileTransfer(req, res, ownOrigin).catch(next);
});

// The app sees every request at BASE_URL's origin (its links, redirects and better-auth's
// origin checks never depend on the Host header), with the body read above.
const handleRequest = createRequestHandler(
  build,
  settings.NODE_ENV === "development" ? "development" : "production",
);
app.all("/{*splat}", async (req, res, next) => {
  try {
    const { headers, signal } = nodeRequestParts(req, res);
    const body = bodies.get(req);
    const request = new Request(new URL(req.originalUrl, ownOrigin), {
      method: req.method,
      headers,
      signal,
      body: streamed.has(req)
        ? (Readable.toWeb(req) as ReadableStream<Uint8Array>)
        : body && req.method !== "GET" && req.method !== "HEAD"
          ? new Uint8Array(body)
          : undefined,
      // A streamed body is read as it arrives (Node asks for this with a stream).
      duplex: "half",
    } as RequestInit);
    const context = (await entry.getLoadContext?.(req, res)) as Parameters<typeof handleRequest>[1];
    const response = await withClearRefusal(await handleRequest(request, context));
    if (res.destroyed || res.writableEnded) {
      await response.body?.cancel();
      return;
    }
    // The status text is always the standard one for the status (Node's own).
    res.status(response.status);
    // The app's header replaces the same one set above (X-Content-Type-Options once); only
    // Set-Cookie is sent once per value.
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie") res.setHeader(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.append("Set-Cookie", cookies);
    if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  }
});

// Errors that reach Express: a client error (4xx) is answered plainly; anything else is logged
// once, without the request's data, and answered with a 500.
app.use(
  (
    error: Error & { status?: number },
    _req: express.Request,
    res: express.Response,
    next: express.NextFunction,
  ) => {
    if (res.headersSent) return next(error);
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) logger.error({ err: error }, "request failed");
    res.status(status).json({
      success: false,
      error:
        status === 500 ? "Something went wrong. Please try again." : "The request is not valid.",
    });
  },
);

try {
  await entry.startServer?.();
} catch (error) {
  // Invalid settings or an unreachable database: say what is wrong and stop.
  logger.fatal((error as Error).message);
  process.exit(1);
}

try {
  await entry.publishAssets?.(clientDir);
} catch (error) {
  // Only other builds' pages lose: this instance serves its own assets from disk.
  logger.warn({ err: error }, "could not publish the build's assets");
}

// Prerendered pages are answered from memory before Express (server/static-files.ts), with
// the same headers; everything else goes through the middleware above.
const servePage = prerenderedPages(clientDir, securityHeaders);
const port = settings.PORT;
const host = settings.HOST;
// OpenTelemetry only when a collector is named: otherwise its SDK is never loaded.
const telemetry = await startTelemetry(settings);
if (telemetry) {
  logger.info(
    `OpenTelemetry: exporting to ${new URL(settings.OTEL_EXPORTER_OTLP_ENDPOINT ?? "").origin}`,
  );
}
const behindProxy = trustedProxies.length > 0;
const server = http.createServer((req, res) => {
  // Each request has an id, returned as X-Request-Id and on every line logged for it.
  const context: RequestContext = {
    requestId: requestIdFor(req.headers["x-request-id"], behindProxy),
  };
  res.setHeader("X-Request-Id", context.requestId);
  logRequestWhenDone(logger, req, res, context, performance.now());
  telemetry?.observe(req, res, context);
  requestContext.run(context, () => {
    if (!servePage(req, res)) app(req, res);
  });
});
// A request Node's parser refuses (headers over Node's 16 KB limit, not HTTP) gets a text that
// says why instead of Node's empty answer (server/client-errors.ts).
server.on("clientError", answerClientError);
// An idle kept-alive connection stays open longer than its client keeps it for reuse: Node's
// default (5 s) closes it while Caddy (2 minutes idle) or a test's HTTP client may be sending
// the next request on it, which then fails as a reset connection (a 502 behind the proxy; the
// final CI once read ECONNRESET on a file download after an upload of more than 5 s).
server.keepAliveTimeout = 125_000;
server.listen(port, host, () => {
  logger.info(`Server listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

let stopping = false;
/**
 * Graceful shutdown: stop accepting, end the event streams, let in-flight requests finish
 * (10 s at most), then stop the outbox worker and the event bus and close the database.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, shutting down`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  entry.beginShutdown?.();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
  await Promise.race([closed, timeout]);
  server.closeAllConnections();
  await entry.stopServer?.();
  await telemetry?.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
