/**
 * WhatsApp through the Cloud API (issue 31 point 4, decision 078): the numbers people opt in
 * with, the outbox of messages to them, and the worker that sends it. No SDK: HTTPS calls to
 * `WHATSAPP_API_URL/{WHATSAPP_API_VERSION}/{phone number id}/messages` with the token.
 *
 * A message is written into `whatsapp_outbox` in the transaction of what caused it (at most one
 * per notification: its key), then sent after the commit with retries and backoff; the rows are
 * claimed with SKIP LOCKED and a lease, so two instances never send one twice. Inside WhatsApp's
 * 24-hour window (the person wrote to us within it) the free-form text is sent, with reply
 * buttons; outside it only the approved template is. The webhook (app/server/whatsapp/) reads
 * what comes back: statuses, replies, button taps, STOP.
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { privacyNotice } from "~/content/privacy-notice";
import { site } from "~/content/site";
import { NOTIFICATION_KINDS, type NotificationKind } from "~/lib/notification-kinds";
import { displayWhatsAppNumber } from "~/lib/validation/notifications";
import type { Database } from "../db/client.server";
import {
  consents,
  profiles,
  user,
  type WhatsAppTemplate,
  whatsappInbound,
  whatsappNumbers,
  whatsappOutbox,
} from "../db/schema.server";
import { type Env, env } from "../env.server";
import {
  claimDue,
  type OutboxWorker,
  recordFailedTry,
  startOutboxWorker,
} from "../outbox-worker.server";
import { type Outcome, refused } from "../outcome.server";
import { overRateLimit } from "../rate-limits.server";

/** The Cloud API version every call names (pinned: a new one is a deliberate change). */
export const WHATSAPP_API_VERSION = "v23.0";
/** WhatsApp's customer-service window: free-form messages only this long after they wrote. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;
export const CODE_MINUTES = 10;
const CODE_ATTEMPTS = 5;
/** Codes a person may ask for per hour. */
const CODES_PER_HOUR = 5;

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  apiUrl: string;
  language: string;
  templates: { notification: string; review: string; code: string };
}

/** The channel's settings, or null when any is unset: then WhatsApp is hidden everywhere. */
export function whatsappConfig(settings: Env = env()): WhatsAppConfig | null {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } =
    settings;
  if (
    !WHATSAPP_TOKEN ||
    !WHATSAPP_PHONE_NUMBER_ID ||
    !WHATSAPP_APP_SECRET ||
    !WHATSAPP_VERIFY_TOKEN
  )
    return null;
  return {
    token: WHATSAPP_TOKEN,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    appSecret: WHATSAPP_APP_SECRET,
    verifyToken: WHATSAPP_VERIFY_TOKEN,
    apiUrl: settings.WHATSAPP_API_URL,
    language: settings.WHATSAPP_TEMPLATE_LANGUAGE,
    templates: {
      notification: settings.WHATSAPP_TEMPLATE_NOTIFICATION,
      review: settings.WHATSAPP_TEMPLATE_REVIEW,
      code: settings.WHATSAPP_TEMPLATE_CODE,
    },
  };
}

export const whatsappEnabled = () => whatsappConfig() !== null;

type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

// ---------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------

export const WHATSAPP_TEXTS = {
  codeSent: (number: string) =>
    `We sent a code to ${number} on WhatsApp. Enter it below to confirm the number.`,
  confirmed: "WhatsApp notifications are on for this number.",
  optedOut: "WhatsApp notifications are off. We won't message this number.",
  noCode: "Ask for a code first: enter your number and choose 'Send code'.",
  codeExpired: "That code has expired. Ask for a new one.",
  codeWrong: "That code is not right. Check the WhatsApp message and try again.",
  tooManyAttempts: "Too many wrong codes. Ask for a new one.",
  tooManyCodes: "Too many codes asked for. Try again in an hour.",
  numberTaken: "This number is already used by another account.",
  code: (code: string) =>
    `${code} is your ${site.name} confirmation code. It expires in ${CODE_MINUTES} minutes.`,
  stopped: `You won't get WhatsApp messages from ${site.name} any more. To turn them on again, go to Settings → Notifications in the portal.`,
  consent: (number: string) =>
    `WhatsApp notifications to ${number} (the kinds chosen in Settings → Notifications); reply STOP to end them.`,
} as const;

// ---------------------------------------------------------------------------
// Numbers: opt in with a code, opt out
// ---------------------------------------------------------------------------

const hashCode = (userId: string, code: string) =>
  createHash("sha256").update(`${userId}:${code}`).digest("hex");

export interface WhatsAppNumberState {
  number: string;
  confirmed: boolean;
  /** A code was sent and not yet used. */
  codePending: boolean;
}

/** The person's number and its state, or null when they never gave one. */
export async function whatsappNumberOf(
  db: Database,
  userId: string,
): Promise<WhatsAppNumberState | null> {
  const [row] = await db.select().from(whatsappNumbers).where(eq(whatsappNumbers.userId, userId));
  if (!row) return null;
  return {
    number: displayWhatsAppNumber(row.waId),
    confirmed: row.confirmedAt !== null,
    codePending: row.confirmedAt === null && row.codeHash !== null,
  };
}

/**
 * Settings → Notifications: send a confirmation code to the number (a template: the person has
 * not written to us). A new number replaces the old one at once and is off until confirmed.
 */
export async function startWhatsAppOptIn(
  db: Database,
  userId: string,
  waId: string,
  now: Date,
  config: WhatsAppConfig,
): Promise<Outcome> {
  if (
    await overRateLimit(db, {
      bucket: "whatsapp-code",
      key: userId,
      max: CODES_PER_HOUR,
      windowMs: 60 * 60 * 1000,
    })
  )
    return refused(429, WHATSAPP_TEXTS.tooManyCodes);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.transaction(async (tx) => {
    await tx
      .insert(whatsappNumbers)
      .values({
        userId,
        waId,
        codeHash: hashCode(userId, code),
        codeExpiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
      })
      .onConflictDoUpdate({
        target: whatsappNumbers.userId,
        set: {
          waId,
          codeHash: hashCode(userId, code),
          codeExpiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
          codeAttempts: 0,
          confirmedAt: null,
          awaitingCommentFor: null,
          updatedAt: now,
        },
      });
    // What still waited for the old number is not sent to the new one.
    await tx
      .delete(whatsappOutbox)
      .where(and(eq(whatsappOutbox.userId, userId), eq(whatsappOutbox.status, "pending")));
    await tx.insert(whatsappOutbox).values({
      userId,
      waId,
      text: WHATSAPP_TEXTS.code(code),
      template: {
        name: config.templates.code,
        language: config.language,
        body: [code],
        copyCode: code,
      },
    });
  });
  wakeWhatsApp();
  return { ok: true };
}

/** The code from WhatsApp, typed into Settings: the number is confirmed, consent recorded. */
export async function confirmWhatsAppNumber(
  db: Database,
  userId: string,
  code: string,
  now: Date,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(whatsappNumbers)
      .where(eq(whatsappNumbers.userId, userId))
      .for("update");
    if (!row?.codeHash || !row.codeExpiresAt || row.confirmedAt)
      return refused(400, WHATSAPP_TEXTS.noCode);
    if (row.codeExpiresAt.getTime() < now.getTime())
      return refused(400, WHATSAPP_TEXTS.codeExpired);
    if (row.codeAttempts >= CODE_ATTEMPTS) return refused(429, WHATSAPP_TEXTS.tooManyAttempts);
    const given = Buffer.from(hashCode(userId, code));
    const expected = Buffer.from(row.codeHash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      await tx
        .update(whatsappNumbers)
        .set({ codeAttempts: row.codeAttempts + 1 })
        .where(eq(whatsappNumbers.userId, userId));
      return refused(400, WHATSAPP_TEXTS.codeWrong);
    }
    const [taken] = await tx
      .select({ userId: whatsappNumbers.userId })
      .from(whatsappNumbers)
      .where(and(eq(whatsappNumbers.waId, row.waId), isNotNull(whatsappNumbers.confirmedAt)));
    if (taken && taken.userId !== userId) return refused(409, WHATSAPP_TEXTS.numberTaken);
    await tx
      .update(whatsappNumbers)
      .set({
        confirmedAt: now,
        optedOutAt: null,
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
      })
      .where(eq(whatsappNumbers.userId, userId));
    const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    // POPIA: what was agreed to, when, and which notice the person had before them.
    await tx.insert(consents).values({
      userId,
      email: (person?.email ?? "").toLowerCase(),
      purpose: "whatsapp",
      source: WHATSAPP_TEXTS.consent(displayWhatsAppNumber(row.waId)),
      noticeVersion: privacyNotice.version,
      givenAt: now,
    });
    return { ok: true };
  });
}

/**
 * Turn WhatsApp off for the person (Settings, or STOP from their number): nothing more is sent,
 * what waited is dropped, the consent is withdrawn. Returns whether a number was active.
 */
export async function optOutOfWhatsApp(db: Executor, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(whatsappNumbers)
    .set({ confirmedAt: null, optedOutAt: now, codeHash: null, awaitingCommentFor: null })
    .where(eq(whatsappNumbers.userId, userId))
    .returning({ confirmed: whatsappNumbers.confirmedAt });
  await db
    .delete(whatsappOutbox)
    .where(and(eq(whatsappOutbox.userId, userId), eq(whatsappOutbox.status, "pending")));
  await db
    .update(consents)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(consents.userId, userId),
        eq(consents.purpose, "whatsapp"),
        isNull(consents.withdrawnAt),
      ),
    );
  return rows.length > 0;
}

/** The confirmed person behind a number, if any. */
export async function personOfNumber(db: Executor, waId: string) {
  const [row] = await db
    .select({
      userId: whatsappNumbers.userId,
      awaitingCommentFor: whatsappNumbers.awaitingCommentFor,
      name: profiles.fullName,
      email: user.email,
      clientId: profiles.clientId,
    })
    .from(whatsappNumbers)
    .innerJoin(user, eq(user.id, whatsappNumbers.userId))
    .leftJoin(profiles, eq(profiles.id, whatsappNumbers.userId))
    .where(and(eq(whatsappNumbers.waId, waId), isNotNull(whatsappNumbers.confirmedAt)));
  return row ?? null;
}

// ---------------------------------------------------------------------------
// Queueing
// ---------------------------------------------------------------------------

export interface NotificationForWhatsApp {
  notificationId: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  link: string;
  reviewId?: string;
  messageId?: string;
}

/** The portal link as a full URL for a message. */
const fullLink = (link: string) => new URL(link, env().BASE_URL).toString();

/** What a notification says on WhatsApp: free-form inside the window, a template outside. */
export function notificationMessage(n: NotificationForWhatsApp, config: WhatsAppConfig) {
  const label = NOTIFICATION_KINDS[n.kind].label;
  const url = fullLink(n.link);
  // A review asked for, or still waiting: answered with its buttons.
  if ((n.kind === "review.requested" || n.kind === "review.waiting") && n.reviewId) {
    return {
      text: `${label}: ${n.title}\n\nApprove it here, or choose 'Request changes' and tell us what to change. Open it in the portal: ${url}`,
      buttons: [
        { id: `review:${n.reviewId}:approve`, title: "Approve" },
        { id: `review:${n.reviewId}:changes`, title: "Request changes" },
      ],
      template: {
        name: config.templates.review,
        language: config.language,
        body: [n.title, url],
        buttons: [`review:${n.reviewId}:approve`, `review:${n.reviewId}:changes`],
      } satisfies WhatsAppTemplate,
    };
  }
  const replyHint = n.messageId ? "\n\nReply to this message to answer in the portal." : "";
  return {
    text: `${label}: ${n.title}${replyHint}\n\nOpen it in the portal: ${url}`,
    buttons: null,
    template: {
      name: config.templates.notification,
      language: config.language,
      body: [label, n.title, url],
    } satisfies WhatsAppTemplate,
  };
}

/**
 * In the event's transaction: a WhatsApp message for each of these notifications whose person
 * has a confirmed number. Nothing when WhatsApp is off.
 */
export async function queueWhatsAppNotifications(tx: Executor, items: NotificationForWhatsApp[]) {
  const config = whatsappConfig();
  if (!config || items.length === 0) return 0;
  const numbers = await tx
    .select({ userId: whatsappNumbers.userId, waId: whatsappNumbers.waId })
    .from(whatsappNumbers)
    .where(
      and(
        inArray(
          whatsappNumbers.userId,
          items.map((i) => i.userId),
        ),
        isNotNull(whatsappNumbers.confirmedAt),
      ),
    );
  const rows = items.flatMap((n) => {
    const number = numbers.find((x) => x.userId === n.userId);
    if (!number) return [];
    const message = notificationMessage(n, config);
    return [
      {
        notificationId: n.notificationId,
        userId: n.userId,
        waId: number.waId,
        text: message.text,
        buttons: message.buttons,
        template: message.template,
        reviewId: n.reviewId ?? null,
        messageId: n.messageId ?? null,
      },
    ];
  });
  if (rows.length === 0) return 0;
  await tx.insert(whatsappOutbox).values(rows).onConflictDoNothing();
  return rows.length;
}

/** A free-form answer to someone who just wrote (inside the window by definition). */
export async function queueWhatsAppReply(
  tx: Executor,
  to: { waId: string; userId?: string | null },
  text: string,
) {
  await tx.insert(whatsappOutbox).values({ waId: to.waId, userId: to.userId ?? null, text });
}

// ---------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------

export class CloudApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
  /** A server error, a rate limit or no answer: worth trying again. */
  get retryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** POST one message to the Cloud API; WhatsApp's message id, or a CloudApiError. */
export async function postToCloudApi(
  config: WhatsAppConfig,
  body: Record<string, unknown>,
): Promise<string> {
  const url = `${config.apiUrl}/${WHATSAPP_API_VERSION}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  const answer = await fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", ...body }),
    signal: AbortSignal.timeout(15_000),
  }).catch((error: unknown) => {
    throw new CloudApiError(error instanceof Error ? error.message : String(error), 0);
  });
  const text = await answer.text();
  if (!answer.ok) throw new CloudApiError(`${answer.status}: ${text.slice(0, 300)}`, answer.status);
  try {
    const id = (JSON.parse(text) as { messages?: { id?: unknown }[] }).messages?.[0]?.id;
    if (typeof id === "string" && id.length > 0) return id;
  } catch {
    // falls through
  }
  throw new CloudApiError(`no message id in the answer: ${text.slice(0, 300)}`, 502);
}

/** The Cloud API body for a row: free-form (with reply buttons) or its template. */
export function cloudBody(
  row: {
    waId: string;
    text: string;
    buttons: { id: string; title: string }[] | null;
    template: WhatsAppTemplate | null;
  },
  inWindow: boolean,
): { as: "text" | "template"; body: Record<string, unknown> } | null {
  if (inWindow) {
    if (row.buttons && row.buttons.length > 0) {
      return {
        as: "text",
        body: {
          to: row.waId,
          type: "interactive",
          interactive: {
            type: "button",
            body: { text: row.text.slice(0, 1024) },
            action: {
              buttons: row.buttons.map((b) => ({
                type: "reply",
                reply: { id: b.id, title: b.title },
              })),
            },
          },
        },
      };
    }
    return {
      as: "text",
      body: {
        to: row.waId,
        type: "text",
        text: { body: row.text.slice(0, 4096), preview_url: true },
      },
    };
  }
  const t = row.template;
  if (!t) return null;
  const components: Record<string, unknown>[] = [
    {
      type: "body",
      parameters: t.body.map((text) => ({ type: "text", text: text.slice(0, 1000) })),
    },
  ];
  (t.buttons ?? []).forEach((payload, index) => {
    components.push({
      type: "button",
      sub_type: "quick_reply",
      index: String(index),
      parameters: [{ type: "payload", payload }],
    });
  });
  if (t.copyCode) {
    components.push({
      type: "button",
      sub_type: "url",
      index: "0",
      parameters: [{ type: "text", text: t.copyCode }],
    });
  }
  return {
    as: "template",
    body: {
      to: row.waId,
      type: "template",
      template: { name: t.name, language: { code: t.language }, components },
    },
  };
}

interface ClaimedRow {
  id: string;
  notification_id: string | null;
  user_id: string | null;
  wa_id: string;
  text: string;
  buttons: { id: string; title: string }[] | null;
  template: WhatsAppTemplate | null;
  attempts: number;
  in_window: boolean;
  active: boolean;
}

function claim(db: Database, batch: number): Promise<ClaimedRow[]> {
  return claimDue<ClaimedRow>(
    db,
    "whatsapp_outbox",
    batch,
    sql`o.id, o.notification_id, o.user_id, o.wa_id, o.text, o.buttons, o.template, o.attempts,
      exists (select 1 from whatsapp_inbound i
               where i.wa_id = o.wa_id
                 and i.received_at > now() - make_interval(secs => ${WINDOW_MS / 1000})) as in_window,
      (o.notification_id is null or exists (select 1 from whatsapp_numbers w
               where w.user_id = o.user_id and w.wa_id = o.wa_id and w.confirmed_at is not null)) as active`,
  );
}

/** Send what is due. Returns how many were sent and how many failed this round. */
export async function processWhatsAppOutbox(
  db: Database,
  config: WhatsAppConfig,
  batch = 10,
): Promise<{ sent: number; failed: number }> {
  const rows = await claim(db, batch);
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const body = row.active
      ? cloudBody(
          { waId: row.wa_id, text: row.text, buttons: row.buttons, template: row.template },
          row.in_window,
        )
      : null;
    if (!body) {
      // Opted out since, or a free-form answer whose window has closed: never sent.
      await db
        .update(whatsappOutbox)
        .set({
          status: "failed",
          lockedUntil: null,
          lastError: row.active ? "outside the 24-hour window, and no template" : "opted out",
        })
        .where(eq(whatsappOutbox.id, row.id));
      failed += 1;
      continue;
    }
    try {
      const providerMessageId = await postToCloudApi(config, body.body);
      await db
        .update(whatsappOutbox)
        .set({
          status: "sent",
          sentAs: body.as,
          providerMessageId,
          deliveryStatus: "sent",
          deliveryStatusAt: new Date(),
          sentAt: new Date(),
          lockedUntil: null,
          lastError: null,
        })
        .where(eq(whatsappOutbox.id, row.id));
      sent += 1;
    } catch (error) {
      failed += 1;
      await recordFailedTry(db, "whatsapp_outbox", row, error, {
        retryable: error instanceof CloudApiError ? error.retryable : true,
        what: "WhatsApp message",
      });
    }
  }
  return { sent, failed };
}

// ---------------------------------------------------------------------------
// The worker (one per instance; the claim keeps instances apart)
// ---------------------------------------------------------------------------

let worker: OutboxWorker | null = null;

/** Poll for due messages every intervalMs (and at once when woken) until stopped. */
export function startWhatsAppWorker(db: Database, config: WhatsAppConfig, intervalMs = 5_000) {
  worker = startOutboxWorker(
    "WhatsApp outbox",
    () => processWhatsAppOutbox(db, config),
    intervalMs,
  );
  return worker;
}

/** Ask the running worker (if any) to look at the outbox now. */
export function wakeWhatsApp() {
  worker?.wake();
}

export async function stopWhatsAppWorker() {
  const w = worker;
  worker = null;
  await w?.stop();
}

// ---------------------------------------------------------------------------
// Statuses, and what the agency sees
// ---------------------------------------------------------------------------

const STATUS_ORDER = { sent: 1, delivered: 2, read: 3, failed: 4 } as const;
export type DeliveryStatus = keyof typeof STATUS_ORDER;

/** A status from the webhook: stored unless it is older news than what is stored. */
export async function recordDeliveryStatus(
  db: Executor,
  providerMessageId: string,
  status: DeliveryStatus,
  at: Date,
) {
  const rank = STATUS_ORDER[status];
  await db.execute(sql`
    update whatsapp_outbox
       set delivery_status = ${status}, delivery_status_at = ${at.toISOString()}::timestamptz
     where provider_message_id = ${providerMessageId}
       and coalesce(case delivery_status when 'sent' then 1 when 'delivered' then 2
                                         when 'read' then 3 when 'failed' then 4 end, 0) < ${rank}`);
}

export const DELIVERY_STATUS_TEXT: Record<DeliveryStatus | "pending", string> = {
  pending: "waiting to be sent",
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "not delivered",
};

export interface WhatsAppDelivery {
  id: string;
  reviewId: string;
  name: string;
  status: DeliveryStatus | "pending";
  at: Date | null;
}

/** The WhatsApp messages about these reviews, per person: what the agency sees on a review. */
export async function whatsappDeliveriesOfReviews(
  db: Database,
  reviewIds: string[],
): Promise<WhatsAppDelivery[]> {
  if (reviewIds.length === 0) return [];
  const rows = await db
    .select({
      id: whatsappOutbox.id,
      reviewId: whatsappOutbox.reviewId,
      name: sql<string>`coalesce(${profiles.fullName}, ${user.name}, ${user.email})`,
      status: whatsappOutbox.status,
      deliveryStatus: whatsappOutbox.deliveryStatus,
      at: whatsappOutbox.deliveryStatusAt,
    })
    .from(whatsappOutbox)
    .innerJoin(user, eq(user.id, whatsappOutbox.userId))
    .leftJoin(profiles, eq(profiles.id, whatsappOutbox.userId))
    .where(
      and(inArray(whatsappOutbox.reviewId, reviewIds), isNotNull(whatsappOutbox.notificationId)),
    )
    .orderBy(asc(whatsappOutbox.createdAt), asc(whatsappOutbox.id));
  return rows.map((r) => ({
    id: r.id,
    reviewId: r.reviewId as string,
    name: r.name,
    status: r.deliveryStatus ?? (r.status === "failed" ? "failed" : "pending"),
    at: r.at,
  }));
}

/** For the tests and the webhook: remember that a number wrote to us now. */
export async function recordInbound(db: Executor, id: string, waId: string, at: Date) {
  const rows = await db
    .insert(whatsappInbound)
    .values({ id, waId, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: whatsappInbound.id });
  return rows.length === 1;
}
