/**
 * WhatsApp's webhook (issue 31 point 4, decision 078). `GET` answers the verification challenge
 * when it carries WHATSAPP_VERIFY_TOKEN; `POST` is believed only with a valid
 * `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET) and only while
 * fresh (every event at most WEBHOOK_MAX_AGE_MS old). Each message is acted on once (its id is
 * stored). What it does:
 * - statuses (sent, delivered, read, failed) are stored on the message they are about;
 * - STOP turns the person's WhatsApp off;
 * - 'Approve' / 'Request changes' (a template's quick reply or a reply button) answers the
 *   review with the portal's rules, the channel recorded; 'Request changes' asks for the comment,
 *   and the person's next message is it;
 * - a reply to a message notification becomes the person's reply in that conversation.
 * Answers to the person go through the WhatsApp outbox like everything else.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { reviewSubjectText } from "~/lib/activity-text";
import { reviewAnswerSchema } from "~/lib/validation/deliverables";
import { firstIssue } from "~/lib/validation/zod";
import type { Database } from "../db/client.server";
import {
  messages,
  projects,
  reviewAnswers,
  reviews,
  userRoles,
  whatsappNumbers,
  whatsappOutbox,
} from "../db/schema.server";
import { ALREADY_ANSWERED, answerReview } from "../deliverables/reviews.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { addReplyToThread } from "../messages/messages.server";
import {
  type DeliveryStatus,
  optOutOfWhatsApp,
  personOfNumber,
  queueWhatsAppReply,
  recordDeliveryStatus,
  recordInbound,
  WHATSAPP_TEXTS,
  type WhatsAppConfig,
  wakeWhatsApp,
} from "../notifications/whatsapp.server";
import { ALL_CLIENTS, type Scope } from "../workspace/scope.server";
import { answerOnWhatsApp } from "./assistant-chat.server";

/** An event older than this is refused (a replayed or long-delayed delivery). */
export const WEBHOOK_MAX_AGE_MS = 60 * 60 * 1000;

export const WHATSAPP_REPLIES = {
  approved: (what: string) => `Thank you. You approved ${what}; the team has been told.`,
  askComment: (what: string) =>
    `What should change in ${what}? Reply with your comment and we'll pass it to the team.`,
  changesRequested: (what: string) => `Thank you. Your changes to ${what} were sent to the team.`,
  alreadyAnswered: "This review has already been answered.",
  notYours: "This review is not one you can answer. Open the portal to see what waits for you.",
  replied: (subject: string) => `Your reply was added to '${subject}' in the portal.`,
  textOnly: "Please write your question as a text message.",
  help: () =>
    `To answer a message, reply to its WhatsApp message. Everything else is in the portal: ${env().BASE_URL}/portal. Reply STOP to stop WhatsApp messages.`,
} as const;

/** The `GET` challenge: the challenge to echo, or null to refuse. */
export function verificationChallenge(
  config: WhatsAppConfig,
  params: URLSearchParams,
): string | null {
  const token = params.get("hub.verify_token") ?? "";
  const expected = Buffer.from(config.verifyToken);
  const given = Buffer.from(token);
  if (params.get("hub.mode") !== "subscribe") return null;
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return params.get("hub.challenge");
}

/** `X-Hub-Signature-256: sha256=<hex>` over the raw body, with the app secret. */
export function signatureValid(appSecret: string, rawBody: Uint8Array, header: string | null) {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signBody(appSecret: string, rawBody: string | Uint8Array) {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

interface InboundMessage {
  id: string;
  from: string;
  timestamp: Date;
  type: string;
  text: string | null;
  /** A tapped button's payload (a template's quick reply, or an interactive reply button). */
  payload: string | null;
  /** The id of our message it replies to. */
  contextId: string | null;
  /** The sender's WhatsApp profile name, when WhatsApp gives it. */
  name: string | null;
}

interface InboundStatus {
  id: string;
  status: DeliveryStatus;
  timestamp: Date;
}

const str = (v: unknown) => (typeof v === "string" ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" ? (v as Record<string, unknown>) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const when = (v: unknown) => {
  const seconds = Number(str(v) ?? v);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
};

/** The messages and statuses of a webhook body, or null when it is not one. */
export function parseWebhook(
  body: unknown,
): { messages: InboundMessage[]; statuses: InboundStatus[] } | null {
  const root = obj(body);
  if (root.object !== "whatsapp_business_account" || !Array.isArray(root.entry)) return null;
  const messages: InboundMessage[] = [];
  const statuses: InboundStatus[] = [];
  for (const entry of arr(root.entry)) {
    for (const change of arr(obj(entry).changes)) {
      const value = obj(obj(change).value);
      const names = new Map(
        arr(value.contacts)
          .map(obj)
          .map((c) => [str(c.wa_id) ?? "", str(obj(c.profile).name)] as const),
      );
      for (const m of arr(value.messages).map(obj)) {
        const id = str(m.id);
        const from = str(m.from);
        const timestamp = when(m.timestamp);
        if (!id || !from || !timestamp) return null;
        const interactive = obj(m.interactive);
        messages.push({
          id,
          from: from.replace(/\D/g, ""),
          timestamp,
          type: str(m.type) ?? "unknown",
          text: str(obj(m.text).body) ?? str(obj(m.button).text),
          payload: str(obj(m.button).payload) ?? str(obj(interactive.button_reply).id) ?? null,
          contextId: str(obj(m.context).id),
          name: names.get(from) ?? null,
        });
      }
      for (const s of arr(value.statuses).map(obj)) {
        const id = str(s.id);
        const status = str(s.status);
        const timestamp = when(s.timestamp);
        if (!id || !timestamp) return null;
        if (status === "sent" || status === "delivered" || status === "read" || status === "failed")
          statuses.push({ id, status, timestamp });
      }
    }
  }
  return { messages, statuses };
}

/** Is every event of the body fresh at `now`? */
export function fresh(
  parsed: { messages: { timestamp: Date }[]; statuses: { timestamp: Date }[] },
  now: Date,
) {
  return [...parsed.messages, ...parsed.statuses].every(
    (e) => now.getTime() - e.timestamp.getTime() <= WEBHOOK_MAX_AGE_MS,
  );
}

/** Act on a verified, fresh webhook body. */
export async function handleWebhook(
  db: Database,
  parsed: { messages: InboundMessage[]; statuses: InboundStatus[] },
  now: Date,
) {
  for (const s of parsed.statuses) await recordDeliveryStatus(db, s.id, s.status, s.timestamp);
  for (const m of parsed.messages) {
    if (!(await recordInbound(db, m.id, m.from, m.timestamp))) continue; // seen already
    try {
      await handleMessage(db, m, now);
    } catch (error) {
      logger.error({ err: error, id: m.id }, "WhatsApp message not handled");
    }
  }
  wakeWhatsApp();
}

const STOP_WORDS = /^(stop|unsubscribe|opt out|stop all)$/i;

async function handleMessage(db: Database, m: InboundMessage, now: Date) {
  const person = await personOfNumber(db, m.from);
  const reply = (text: string) =>
    queueWhatsAppReply(db, { waId: m.from, userId: person?.userId ?? null }, text);
  const text = m.text?.trim() ?? "";

  if (STOP_WORDS.test(text)) {
    if (person) await optOutOfWhatsApp(db, person.userId, now);
    await reply(WHATSAPP_TEXTS.stopped);
    return;
  }
  if (!person) {
    // Anyone else who writes to the business number talks to the site assistant (decision 079).
    if (text) await answerOnWhatsApp(db, { from: m.from, text, name: m.name }, now);
    else await reply(WHATSAPP_REPLIES.textOnly);
    return;
  }

  const tapped = /^review:([0-9a-f-]{36}):(approve|changes)$/.exec(m.payload ?? "");
  if (tapped) {
    await answerFromButton(
      db,
      person,
      tapped[1] as string,
      tapped[2] as "approve" | "changes",
      reply,
    );
    return;
  }

  if (person.awaitingCommentFor && text) {
    await db
      .update(whatsappNumbers)
      .set({ awaitingCommentFor: null })
      .where(eq(whatsappNumbers.userId, person.userId));
    await answer(
      db,
      person,
      person.awaitingCommentFor,
      "changes-requested",
      text.slice(0, 2000),
      reply,
    );
    return;
  }

  if (m.contextId && text) {
    const [about] = await db
      .select({ messageId: whatsappOutbox.messageId })
      .from(whatsappOutbox)
      .where(
        and(
          eq(whatsappOutbox.providerMessageId, m.contextId),
          eq(whatsappOutbox.userId, person.userId),
        ),
      );
    if (about?.messageId) {
      // The person's scope as the portal gives it (decision 065).
      const role = await roleOf(db, person.userId);
      const scope: Scope | null =
        role === "admin"
          ? ALL_CLIENTS
          : role === "team"
            ? { kind: "team", userId: person.userId }
            : person.clientId
              ? { kind: "client", clientId: person.clientId }
              : null;
      if (scope) {
        const sent = await addReplyToThread(
          db,
          { id: person.userId, scope, isAdmin: role !== null },
          about.messageId,
          text.slice(0, 5000),
        );
        if (sent.ok) {
          const subject = await subjectOf(db, sent.id);
          await reply(WHATSAPP_REPLIES.replied(subject));
          return;
        }
      }
    }
  }
  await reply(WHATSAPP_REPLIES.help());
}

/** The person's agency role ('admin', 'team'), or null for a client's contact. */
async function roleOf(db: Database, userId: string) {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return row?.role ?? null;
}

async function subjectOf(db: Database, messageId: string) {
  const [row] = await db
    .select({ subject: messages.subject })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row?.subject ?? "the conversation";
}

type Person = NonNullable<Awaited<ReturnType<typeof personOfNumber>>>;

/** The review, if this person may answer it: a contact of its client (the portal's rule). */
async function reviewFor(db: Database, person: Person, reviewId: string) {
  if (!person.clientId || (await roleOf(db, person.userId)) !== null) return null;
  const [row] = await db
    .select({
      projectId: projects.id,
      clientId: projects.clientId,
      title: projects.title,
      subject: reviews.subject,
    })
    .from(reviews)
    .innerJoin(projects, eq(projects.id, reviews.projectId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.clientId, person.clientId)));
  return row ?? null;
}

async function answerFromButton(
  db: Database,
  person: Person,
  reviewId: string,
  choice: "approve" | "changes",
  reply: (text: string) => Promise<void>,
) {
  if (choice === "approve") {
    await answer(db, person, reviewId, "approved", undefined, reply);
    return;
  }
  const review = await reviewFor(db, person, reviewId);
  if (!review) return reply(WHATSAPP_REPLIES.notYours);
  const [answered] = await db
    .select({ id: reviewAnswers.reviewId })
    .from(reviewAnswers)
    .where(eq(reviewAnswers.reviewId, reviewId));
  if (answered) return reply(WHATSAPP_REPLIES.alreadyAnswered);
  await db
    .update(whatsappNumbers)
    .set({ awaitingCommentFor: reviewId })
    .where(eq(whatsappNumbers.userId, person.userId));
  await reply(WHATSAPP_REPLIES.askComment(reviewSubjectText(review.subject)));
}

async function answer(
  db: Database,
  person: Person,
  reviewId: string,
  decision: "approved" | "changes-requested",
  comment: string | undefined,
  reply: (text: string) => Promise<void>,
) {
  const review = await reviewFor(db, person, reviewId);
  if (!review) return reply(WHATSAPP_REPLIES.notYours);
  const what = reviewSubjectText(review.subject);
  // The portal's own schema: a comment is required to request changes.
  const input = reviewAnswerSchema.safeParse({ decision, comment: comment ?? "" });
  if (!input.success) return reply(firstIssue(input.error).message);
  const answered = await answerReview(
    db,
    { id: review.projectId, clientId: review.clientId, title: review.title },
    { id: person.userId, name: person.name?.trim() || person.email },
    reviewId,
    input.data,
    { channel: "whatsapp" },
  );
  if (!answered.ok) {
    return reply(
      answered.message === ALREADY_ANSWERED ? WHATSAPP_REPLIES.alreadyAnswered : answered.message,
    );
  }
  await reply(
    decision === "approved"
      ? WHATSAPP_REPLIES.approved(what)
      : WHATSAPP_REPLIES.changesRequested(what),
  );
}
