/**
 * Whether PostgreSQL answers. While it does not, the server answers 503 at once instead of
 * letting each request wait for a connection; a ping every second notices its return.
 */
import type pg from "pg";
import { logger } from "../logger.server";

let healthy = true;
let timer: NodeJS.Timeout | undefined;

export function databaseHealthy() {
  return healthy;
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
]);

/** An error that means the database cannot be reached (not a bad query). */
export function isConnectionError(error: unknown): boolean {
  let e = error as { code?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code && CONNECTION_CODES.has(e.code)) return true;
    if (
      e.message &&
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(
        e.message,
      )
    ) {
      return true;
    }
    e = e.cause as typeof e;
  }
  return false;
}

export function markUnhealthy(reason: unknown) {
  if (healthy)
    logger.error({ err: reason }, "database unreachable: answering 503 until it is back");
  healthy = false;
}

export function startHealthMonitor(pool: pg.Pool, intervalMs = 1000) {
  const check = async () => {
    try {
      const client = await pool.connect();
      try {
        await client.query("select 1");
      } finally {
        client.release();
      }
      if (!healthy) logger.info("database reachable again");
      healthy = true;
    } catch (error) {
      markUnhealthy(error);
    }
  };
  timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  pool.on("error", (error) => {
    if (isConnectionError(error)) markUnhealthy(error);
  });
}

export function stopHealthMonitor() {
  clearInterval(timer);
}
