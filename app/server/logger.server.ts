import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { type Env, parseEnv } from "./env.server.ts";

/**
 * What the log knows about the request being handled: its id (sent back as X-Request-Id) and,
 * once the session is read, who made it. Every log line written while handling the request
 * carries both.
 */
export interface RequestContext {
  requestId: string;
  userId?: string;
}

const storeKey = Symbol.for("kopano.request-context");
const shared = globalThis as { [storeKey]?: AsyncLocalStorage<RequestContext> };
/**
 * One store per process: server.ts loads this file directly and the build bundles its own copy,
 * and both must see the same request.
 */
shared[storeKey] ??= new AsyncLocalStorage<RequestContext>();
export const requestContext: AsyncLocalStorage<RequestContext> = shared[storeKey];

/** The signed-in user of the request being handled, for its log lines. */
export function setRequestUser(userId: string) {
  const store = requestContext.getStore();
  if (store) store.userId = userId;
}

/**
 * The log level and format come from the validated settings. Invalid settings are reported by
 * the start-up (server.ts); the logger falls back to the defaults meanwhile.
 */
function logSettings(): Pick<Env, "LOG_LEVEL" | "NODE_ENV" | "CI"> {
  try {
    return parseEnv();
  } catch {
    return { LOG_LEVEL: "info", NODE_ENV: "production", CI: undefined };
  }
}

const settings = logSettings();
const pretty = settings.NODE_ENV !== "production" && !settings.CI && process.stdout.isTTY;

export const logger = pino({
  level: settings.LOG_LEVEL,
  mixin() {
    const store = requestContext.getStore();
    if (!store) return {};
    return store.userId
      ? { reqId: store.requestId, userId: store.userId }
      : { reqId: store.requestId };
  },
  ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
});
