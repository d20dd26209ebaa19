/**
 * The site assistant on WhatsApp (issue 34 point 4, decision 079). A message to the business
 * number from someone who is not a portal person with WhatsApp on is answered by the same
 * assistant as the site's chat (`answerConversation`), through the WhatsApp outbox. Its first
 * answer says who is answering and links the privacy notice. A question it cannot answer, or a
 * person asking for a human, becomes a 'chat' lead with the conversation, waiting for the team
 * (the lead's page shows it and the team replies from there, on WhatsApp, within the 24-hour
 * window); later messages join the lead's conversation and mark it waiting again. A
 * conversation never handed over is deleted `whatsappChatRetentionDays` after its last message
 * (decision 095, stated in the privacy policy), with the message ids WhatsApp sent.
 */
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { privacyNotice } from "~/content/legal";
import { whatsappChatRetentionDays } from "~/content/privacy-notice";
import { site } from "~/content/site";
import { appendTurns, type ChatTurn } from "~/lib/assistant/conversation";
import { displayWhatsAppNumber } from "~/lib/validation/notifications";
import type { Database } from "../db/client.server";
import { leads, whatsappConversations, whatsappInbound } from "../db/schema.server";
import { wakeOutbox } from "../email/outbox.server";
import { env } from "../env.server";
import type { Job } from "../jobs.server";
import { answerConversation } from "../leads/assistant.server";
import { transcript } from "../leads/chat-leads.server";
import { notifyNewLead } from "../leads/leads.server";
import { announceNotifications } from "../notifications/notifications.server";
import { queueWhatsAppReply, WINDOW_MS, wakeWhatsApp } from "../notifications/whatsapp.server";
import { type Outcome, refused } from "../outcome.server";

export const WHATSAPP_ASSISTANT_TEXTS = {
  intro: (name: string | null) =>
    `Hi${name ? ` ${name}` : ""}, this is ${site.name}'s automated assistant answering; a person from our team takes over when you ask. How we handle your messages: ${env().BASE_URL}/legal/privacy`,
  handedOver: `I've passed your question to our team. Someone will answer you here on WhatsApp within 24 hours on business days.`,
  consentNotice: `Wrote to ${site.name} on WhatsApp; the assistant's first answer named itself and linked the privacy notice.`,
  windowClosed:
    "WhatsApp allows a reply only within 24 hours of their last message, and that has passed. Reach them another way (their number is above).",
  notWhatsApp: "This lead did not come from WhatsApp.",
  empty: "Type a reply",
  tooLong: "Keep the reply under 4,000 characters",
} as const;

/** A page the answer comes from, as a full link. */
const fullLink = (url: string) => new URL(url, env().BASE_URL).toString();

/** The assistant's turns as it reads them (the team's answers read like its own). */
const priorTurns = (turns: ChatTurn[]) => turns.map((t) => ({ role: t.role, text: t.text }));

/** How often the answer is worked out again when the conversation moved while it was. */
const ANSWER_TRIES = 3;

/**
 * Someone who is not a portal person wrote `text` to the business number. The assistant's
 * answer (which may wait for the sentence model to load, decision 139) is worked out before
 * the conversation's row is locked, never inside the transaction (decision 144); if another
 * message moved the conversation meanwhile, it is worked out again with it (the last try
 * inside the lock, as before).
 */
export async function answerOnWhatsApp(
  db: Database,
  m: { from: string; text: string; name: string | null },
  now: Date,
  answerOf: typeof answerConversation = answerConversation,
) {
  const question = m.text.replace(/\s+/g, " ").trim().slice(0, 500);
  if (!question) return;
  for (let tries = 1; tries <= ANSWER_TRIES; tries++) {
    const outcome = await answerOnce(db, m, question, now, answerOf, tries === ANSWER_TRIES);
    if (!outcome) continue;
    if (outcome.mailed) wakeOutbox();
    announceNotifications(outcome.notified, null);
    wakeWhatsApp();
    return;
  }
}

const sameState = (
  a: { leadId: string | null; turns: ChatTurn[] } | undefined,
  b: { leadId: string | null; turns: ChatTurn[] } | undefined,
) =>
  (a?.leadId ?? null) === (b?.leadId ?? null) &&
  JSON.stringify(a?.turns ?? []) === JSON.stringify(b?.turns ?? []);

/** One try: null when the conversation moved after its answer was worked out. */
async function answerOnce(
  db: Database,
  m: { from: string; text: string; name: string | null },
  question: string,
  now: Date,
  answerOf: typeof answerConversation,
  last: boolean,
) {
  const [seen] = await db
    .select({ leadId: whatsappConversations.leadId, turns: whatsappConversations.turns })
    .from(whatsappConversations)
    .where(eq(whatsappConversations.waId, m.from));
  const prepared = seen?.leadId
    ? null
    : await answerOf({ question, turns: priorTurns(seen?.turns ?? []) });
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select()
      .from(whatsappConversations)
      .where(eq(whatsappConversations.waId, m.from))
      .for("update");
    const moved = !sameState(conversation, seen);
    if (moved && !last) return null;
    // Handed over already: the team answers; the message joins the lead, which waits again.
    if (conversation?.leadId) {
      await tx
        .update(leads)
        .set({
          conversation: sql`coalesce(${leads.conversation}, '[]'::jsonb) || ${JSON.stringify([{ role: "user", text: question }])}::jsonb`,
          waitingSince: sql`coalesce(${leads.waitingSince}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(leads.id, conversation.leadId));
      return { notified: [] as string[], mailed: false };
    }
    const turns = conversation?.turns ?? [];
    const answer =
      prepared && !moved ? prepared : await answerOf({ question, turns: priorTurns(turns) });
    const first = turns.length === 0;
    const name = m.name?.trim().slice(0, 100) || null;
    const said = answer.handOver
      ? WHATSAPP_ASSISTANT_TEXTS.handedOver
      : [answer.text, ...answer.links.map((l) => `${l.page}: ${fullLink(l.url)}`)].join("\n\n");
    const text = first ? `${WHATSAPP_ASSISTANT_TEXTS.intro(name)}\n\n${said}` : said;
    const next = appendTurns(
      turns,
      { role: "user", text: question },
      { role: "assistant", text: said, ...(answer.links[0] ?? {}) },
    );
    let leadId: string | null = null;
    let notified: string[] = [];
    if (answer.handOver) {
      const number = displayWhatsAppNumber(m.from);
      const who = name ?? `WhatsApp ${number}`;
      const [row] = await tx
        .insert(leads)
        .values({
          kind: "chat",
          name: who,
          email: "",
          phone: number,
          message: `Question for the team (WhatsApp): ${question}`,
          conversation: next,
          consent: true,
          consentAt: now,
          consentNotice: WHATSAPP_ASSISTANT_TEXTS.consentNotice,
          privacyNoticeVersion: privacyNotice.version,
          sourcePath: "whatsapp",
          whatsappWaId: m.from,
          waitingSince: now,
        })
        .returning({ id: leads.id });
      leadId = (row as { id: string }).id;
      const leadsToMail = {
        leadId,
        toAddress: env().LEADS_TO,
        replyTo: site.email,
        subject: `New WhatsApp question from ${who}`,
        textBody: [
          "The site assistant could not answer someone on WhatsApp, or they asked for a person.",
          "",
          `Name: ${who}`,
          `WhatsApp: ${number}`,
          "",
          "Conversation:",
          transcript(next),
          "",
          `Reply on WhatsApp from the lead's page: ${fullLink(`/portal/leads/${leadId}`)}`,
        ].join("\n"),
      };
      notified = await notifyNewLead(tx, { id: leadId, name: who, kind: "chat" }, leadsToMail);
    }
    await tx
      .insert(whatsappConversations)
      .values({ waId: m.from, name, turns: next, leadId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: whatsappConversations.waId,
        set: { turns: next, leadId, name, updatedAt: now },
      });
    await queueWhatsAppReply(tx, { waId: m.from }, text);
    return { notified, mailed: leadId !== null };
  });
}

/** Whether the number wrote within WhatsApp's 24-hour window (a free-form reply is allowed). */
export async function windowOpen(db: Database, waId: string, now: Date) {
  const [row] = await db
    .select({ id: whatsappInbound.id })
    .from(whatsappInbound)
    .where(
      and(
        eq(whatsappInbound.waId, waId),
        gt(whatsappInbound.receivedAt, new Date(now.getTime() - WINDOW_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The team's reply from a WhatsApp lead's page: sent on WhatsApp (inside the 24-hour window
 * only), added to the lead's conversation, and the lead no longer waits.
 */
export async function replyToWhatsAppLead(
  db: Database,
  leadId: string,
  actor: { name: string },
  text: string,
  now: Date,
): Promise<Outcome> {
  const body = text.trim();
  if (!body) return refused(400, WHATSAPP_ASSISTANT_TEXTS.empty);
  if (body.length > 4000) return refused(400, WHATSAPP_ASSISTANT_TEXTS.tooLong);
  const [lead] = await db
    .select({ waId: leads.whatsappWaId })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead) return refused(404, "Lead not found");
  if (!lead.waId) return refused(409, WHATSAPP_ASSISTANT_TEXTS.notWhatsApp);
  const waId = lead.waId;
  if (!(await windowOpen(db, waId, now)))
    return refused(409, WHATSAPP_ASSISTANT_TEXTS.windowClosed);
  await db.transaction(async (tx) => {
    await tx
      .update(leads)
      .set({
        conversation: sql`coalesce(${leads.conversation}, '[]'::jsonb) || ${JSON.stringify([{ role: "team", text: body, page: actor.name }])}::jsonb`,
        waitingSince: null,
      })
      .where(eq(leads.id, leadId));
    await queueWhatsAppReply(tx, { waId }, `${actor.name} (${site.name}): ${body}`);
  });
  wakeWhatsApp();
  return { ok: true };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POPIA retention (decision 095): a conversation with the assistant that was never handed to
 * the team is deleted when its last message is older than `whatsappChatRetentionDays`, and so
 * are the ids of messages received that long ago (they name the number; only the last 24 hours
 * matter, for WhatsApp's reply window). A handed-over conversation goes with its lead.
 */
export async function purgeWhatsAppChats(db: Database, now: Date) {
  const cutoff = new Date(now.getTime() - whatsappChatRetentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    const conversations = await tx
      .delete(whatsappConversations)
      .where(and(isNull(whatsappConversations.leadId), lt(whatsappConversations.updatedAt, cutoff)))
      .returning({ waId: whatsappConversations.waId });
    const inbound = await tx
      .delete(whatsappInbound)
      .where(lt(whatsappInbound.receivedAt, cutoff))
      .returning({ id: whatsappInbound.id });
    return { conversations: conversations.length, inbound: inbound.length };
  });
}

export const whatsappChatJobs: Job[] = [
  { name: "purge-whatsapp-chats", everyMs: DAY_MS, run: (db, now) => purgeWhatsAppChats(db, now) },
];
