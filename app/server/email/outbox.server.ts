/**
 * The transactional outbox: mail is stored in email_outbox in the same transaction as what
 * caused it, then a worker sends it with retries and backoff. The claim (FOR UPDATE SKIP LOCKED
 * and a lease, so several instances never send the same row at once), the retries and the
 * worker's loop are the outboxes' shared ones (`outbox-worker.server.ts`).
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { emailOutbox, type MailAttachment } from "../db/schema.server";
import {
  claimDue,
  type OutboxWorker,
  recordFailedTry,
  startOutboxWorker as startWorker,
} from "../outbox-worker.server";
import type { Mailer } from "./mailer.server";

export type { OutboxWorker };

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

/** Send what is due. Returns how many were sent and how many failed this round. */
export async function processOutbox(
  db: Database,
  mailer: Mailer,
  options: { from: string; batch?: number },
): Promise<{ sent: number; failed: number }> {
  const rows = await claimDue<ClaimedRow>(
    db,
    "email_outbox",
    options.batch ?? 10,
    sql`o.id, o.to_address, o.reply_to, o.subject, o.text_body, o.html_body, o.headers,
        o.attachments, o.attempts`,
  );
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
      await recordFailedTry(db, "email_outbox", row, error, { what: "mail" });
    }
  }
  return { sent, failed };
}

/** Poll for due mail every intervalMs (and at once when woken) until stopped. */
export function startOutboxWorker(
  db: Database,
  mailer: Mailer,
  options: { from: string; intervalMs?: number },
): OutboxWorker {
  const loop = startWorker(
    "outbox",
    () => processOutbox(db, mailer, { from: options.from }),
    options.intervalMs,
  );
  return {
    wake: loop.wake,
    async stop() {
      await loop.stop();
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
