/**
 * One log line per request (server.ts): its id, method, path, status, duration and the
 * signed-in user. The id is sent back as X-Request-Id and carried by every line logged while
 * the request is handled (app/server/logger.server.ts).
 */
import { randomUUID } from "node:crypto";
import type http from "node:http";
import type { Logger } from "pino";
import type { RequestContext } from "../app/server/logger.server.ts";

const GIVEN_ID = /^[\w.:-]{1,128}$/;

/**
 * The request's id: the one the proxy in front gave (`X-Request-Id`, believed only when
 * TRUSTED_PROXIES names a proxy, and only letters, digits and `._:-`), or a new one.
 */
export function requestIdFor(given: string | string[] | undefined, behindProxy: boolean) {
  if (behindProxy && typeof given === "string" && GIVEN_ID.test(given)) return given;
  return randomUUID();
}

/** Tokens travel in some paths (an invitation's link): the log shows the route, never a secret. */
const SECRET_PATHS: [RegExp, string][] = [[/^\/invitation\/[^/]+/i, "/invitation/:token"]];

/** The path without its query string (reset and unsubscribe links carry secrets there). */
export function loggedPath(url: string | undefined) {
  const raw = url ?? "/";
  const at = raw.indexOf("?");
  let path = at >= 0 ? raw.slice(0, at) : raw;
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  return path.length > 512 ? `${path.slice(0, 512)}…` : path;
}

/** Probes answer every few seconds: their lines are debug, not info. */
const PROBES = new Set(["/healthz", "/readyz"]);

/** Logs the request once its response has finished or its connection closed. */
export function logRequestWhenDone(
  logger: Logger,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  context: RequestContext,
  startedAt: number,
) {
  res.once("close", () => {
    const path = loggedPath(req.url);
    const status = res.statusCode;
    const level = status >= 500 ? "error" : PROBES.has(path) ? "debug" : "info";
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        reqId: context.requestId,
        method: req.method,
        path,
        status: res.writableFinished ? status : undefined,
        aborted: res.writableFinished ? undefined : true,
        ms: Math.round((performance.now() - startedAt) * 10) / 10,
        userId: context.userId,
      },
      "request",
    );
  });
}
