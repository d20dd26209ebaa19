/**
 * The transactional outbox: mail is stored in email_outbox in the same transaction as what
 * caused it, then a worker sends it with retries and backoff. Rows are claimed with
 * FOR UPDATE SKIP LOCKED and a lease, so several instances never send the same row at once.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { emailOutbox, type MailAttachment } from "../db/schema.server";
import { logger } from "../logger.server";
import type { Mailer } from "./mailer.server";

export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 60;

/** 5 s, 10 s, 20 s … capped at 30 minutes. */
export function backoffSeconds(attempt: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempt - 1), 30 * 60);
}

interface ClaimedRow {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
  attachments: MailAttachment[] | null;
  attempts: number;
}

async function claim(db: Database, batch: number): Promise<ClaimedRow[]> {
  const result = await db.execute<ClaimedRow & Record<string, unknown>>(sql`
    update email_outbox
       set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
           attempts = attempts + 1
     where id in (
       select id from email_outbox
        where status = 'pending'
          and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at, created_at
        limit ${batch}
        for update skip locked)
    returning id, to_address, reply_to, subject, text_body, html_body, headers, attachments, attempts`);
  return result.rows as ClaimedRow[];
}

/** Send what is due. Returns how many were sent and how many failed this round. */
export async function processOutbox(
  db: Database,
  mailer: Mailer,
  options: { from: string; batch?: number },
): Promise<{ sent: number; failed: number }> {
  const rows = await claim(db, options.batch ?? 10);
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      await mailer.send({
        id: row.id,
        from: options.from,
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: row.headers,
        attachments: row.attachments,
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(emailOutbox.id, row.id));
      sent += 1;
    } catch (error) {
      failed += 1;
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lockedUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
        })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "pending")));
      logger.warn(
        { id: row.id, attempt: row.attempts, err: message },
        giveUp ? "mail given up" : "mail failed, will retry",
      );
    }
  }
  return { sent, failed };
}

export interface OutboxWorker {
  wake(): void;
  stop(): Promise<void>;
}

/** Poll for due mail every intervalMs (and at once when woken) until stopped. */
export function startOutboxWorker(
  db: Database,
  mailer: Mailer,
  options: { from: string; intervalMs?: number },
): OutboxWorker {
  const interval = options.intervalMs ?? 5_000;
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
          const { sent } = await processOutbox(db, mailer, { from: options.from });
          if (sent > 0) again = true;
        } while (again && !stopped);
      } catch (error) {
        logger.warn({ err: error }, "outbox round failed");
      } finally {
        running = null;
        if (!stopped) timer = setTimeout(tick, interval);
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
      mailer.close();
    },
  };
}

let worker: OutboxWorker | null = null;

export function setOutboxWorker(next: OutboxWorker | null) {
  worker = next;
}

/** Ask the running worker (if any) to look at the outbox now. */
export function wakeOutbox() {
  worker?.wake();
}

export async function stopOutboxWorker() {
  const w = worker;
  worker = null;
  await w?.stop();
}
