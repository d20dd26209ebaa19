/**
 * Rate limits kept in the database, so that every instance counts the same requests (issue 29;
 * the others — leads, invitations, privacy requests, better-auth's on PostgreSQL — count rows of
 * their own tables). A limit is checked and counted in one transaction that first takes a lock
 * on each of its keys: requests that arrive at once are counted one after the other, so never
 * more than the limit pass. Windows are measured on the database's clock.
 */
import { createHmac } from "node:crypto";
import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { rateLimitHits } from "./db/schema.server";
import { env } from "./env.server";
import type { Job } from "./jobs.server";

/** What runs statements: the database or one of its transactions. */
type Executor = Pick<Database, "execute" | "insert" | "select">;

const HOUR_MS = 60 * 60 * 1000;

/** `now() - windowMs` on the database's clock. */
export function windowStart(windowMs: number) {
  return sql.raw(`now() - interval '${Math.trunc(windowMs)} milliseconds'`);
}

/**
 * Hold a lock on each of these keys until the transaction `tx` ends (always in the same order,
 * so two requests never wait for each other's). Counting and storing a request after it makes
 * the check and the write one step for everyone else counting the same keys.
 */
export async function lockLimitKeys(tx: Executor, keys: string[]) {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rate-limit'), hashtext(${key}))`);
  }
}

/** The key as stored: a keyed hash (a client IP is personal data). */
function keyHash(bucket: string, key: string) {
  return createHmac("sha256", env().AUTH_SECRET)
    .update(`rate-limit:${bucket}:${key}`)
    .digest("hex");
}

export interface RateLimit {
  /** What is limited, such as "chat-question". */
  bucket: string;
  /** Whose requests: a client IP, an address. */
  key: string;
  /** Requests allowed in the window. */
  max: number;
  windowMs: number;
}

/**
 * Count this request and say whether it goes over the limit. Refused requests are counted too,
 * so a client that keeps sending stays refused until it slows down.
 */
export async function overRateLimit(db: Database, limit: RateLimit): Promise<boolean> {
  const hash = keyHash(limit.bucket, limit.key);
  return db.transaction(async (tx) => {
    await lockLimitKeys(tx, [`${limit.bucket}:${hash}`]);
    await tx.insert(rateLimitHits).values({ bucket: limit.bucket, keyHash: hash });
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitHits)
      .where(
        and(
          eq(rateLimitHits.bucket, limit.bucket),
          eq(rateLimitHits.keyHash, hash),
          sql`${rateLimitHits.createdAt} > ${windowStart(limit.windowMs)}`,
        ),
      );
    return (row?.n ?? 0) > limit.max;
  });
}

/** Counted requests older than the longest window (an hour) are of no more use. */
export async function purgeRateLimitHits(db: Database) {
  const removed = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.createdAt, windowStart(HOUR_MS)))
    .returning({ id: rateLimitHits.id });
  return { removed: removed.length };
}

export const rateLimitJobs: Job[] = [
  { name: "purge-rate-limit-hits", everyMs: HOUR_MS, run: (db) => purgeRateLimitHits(db) },
];
