/**
 * What the e-mail outbox (`email/outbox.server.ts`) and the WhatsApp outbox
 * (`notifications/whatsapp.server.ts`) share: rows claimed with FOR UPDATE SKIP LOCKED and a
 * lease, so several instances never send the same row at once; a failed try retried with
 * backoff until MAX_ATTEMPTS; and the worker that polls every interval, and at once when woken,
 * until stopped. Each outbox keeps what is its own: its columns, how it sends, what a failure
 * means (WhatsApp gives up at once on a 4xx).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { logger } from "./logger.server";

/** Tries per row before it is marked failed. */
export const MAX_ATTEMPTS = 8;
/** How long a claimed row is left to its instance before another may take it. */
const LEASE_SECONDS = 60;

/** 5 s, 10 s, 20 s … capped at 30 minutes. */
export function backoffSeconds(attempt: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempt - 1), 30 * 60);
}

export type OutboxTable = "email_outbox" | "whatsapp_outbox";

/**
 * Claim up to `batch` due rows of an outbox (pending, due, not leased), lease them and count
 * the attempt. `returning` lists what to read of each row, the table aliased `o`.
 */
export async function claimDue<Row>(
  db: Database,
  table: OutboxTable,
  batch: number,
  returning: SQL,
): Promise<Row[]> {
  const name = sql.raw(table);
  const result = await db.execute<Row & Record<string, unknown>>(sql`
    update ${name} o
       set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
           attempts = attempts + 1
     where id in (
       select id from ${name}
        where status = 'pending'
          and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at, created_at
        limit ${batch}
        for update skip locked)
    returning ${returning}`);
  return result.rows as Row[];
}

/**
 * A try failed: the row goes back to pending with the next try after the backoff, or is marked
 * failed after MAX_ATTEMPTS tries (or at once when the failure is not worth retrying). Logged.
 * Returns whether it gave up.
 */
export async function recordFailedTry(
  db: Database,
  table: OutboxTable,
  row: { id: string; attempts: number },
  error: unknown,
  { retryable = true, what }: { retryable?: boolean; what: string },
): Promise<boolean> {
  const giveUp = !retryable || row.attempts >= MAX_ATTEMPTS;
  const message = error instanceof Error ? error.message : String(error);
  await db.execute(sql`
    update ${sql.raw(table)}
       set status = ${giveUp ? "failed" : "pending"},
           locked_until = null,
           last_error = ${message.slice(0, 500)},
           next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)})
     where id = ${row.id} and status = 'pending'`);
  logger.warn(
    { id: row.id, attempt: row.attempts, err: message },
    giveUp ? `${what} given up` : `${what} failed, will retry`,
  );
  return giveUp;
}

export interface OutboxWorker {
  /** Look at the outbox now (after a commit that queued something). */
  wake(): void;
  /** Stop polling and wait for a round under way. */
  stop(): Promise<void>;
}

/**
 * Run `round` every `intervalMs`, at once when woken, and again straight away while it sends
 * something, until stopped. A round that throws is logged and retried at the next interval.
 */
export function startOutboxWorker(
  name: string,
  round: () => Promise<{ sent: number }>,
  intervalMs = 5_000,
): OutboxWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      try {
        do {
          again = false;
          const { sent } = await round();
          if (sent > 0) again = true;
        } while (again && !stopped);
      } catch (error) {
        logger.warn({ err: error }, `${name} round failed`);
      } finally {
        running = null;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      }
    })();
  };
  timer = setTimeout(tick, 0);

  return {
    wake: () => tick(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
