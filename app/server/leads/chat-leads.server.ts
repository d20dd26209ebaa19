/**
 * A question the site assistant could not answer, passed to the team: kept as a lead of kind
 * 'chat' with the conversation attached, and mailed like any other lead, under the same
 * consent notice, honeypot and rate limits as the contact form.
 */
import { privacyNotice } from "~/content/legal";
import { site } from "~/content/site";
import { type ChatTurn, lastQuestion } from "~/lib/assistant/conversation";
import type { ChatHandoverInput } from "~/lib/validation/chat";
import type { Database } from "../db/client.server";
import { emailOutbox, leads } from "../db/schema.server";
import { wakeOutbox } from "../email/outbox.server";
import { announceNotifications } from "../notifications/notifications.server";
import { refused } from "../outcome.server";
import {
  CONSENT_NOTICE,
  confirmationFooter,
  nameForMail,
  notifyNewLead,
  overLeadLimit,
  RATE_LIMITED_MESSAGE,
  type SubmitOptions,
  type SubmitResult,
} from "./leads.server";

/**
 * The conversation as plain text, for the e-mail and the lead's message: one line a turn, so a
 * visitor's line break cannot start a line that reads as the assistant's.
 */
export function transcript(conversation: ChatTurn[]): string {
  return conversation
    .map((t) => `${t.role === "user" ? "Visitor" : "Assistant"}: ${t.text.replace(/\s+/g, " ")}`)
    .join("\n");
}

/**
 * Keep the hand-over as a 'chat' lead. `conversation` is the server's own record of it
 * (`conversationAsAnswered` in assistant.server.ts), never the turns a form carried.
 */
export async function submitChatLead(
  db: Database,
  input: ChatHandoverInput & { conversation: ChatTurn[] },
  options: SubmitOptions,
): Promise<SubmitResult> {
  if (options.honeypot?.trim()) return { ok: true, leadId: null };
  const question = lastQuestion(input.conversation) ?? "(no question typed)";
  const message = `Question for the team: ${question}`;
  const notification = {
    subject: `New chat question from ${input.name}`,
    textBody: [
      "The site assistant could not answer a visitor, who asked to hear from the team.",
      "",
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      "",
      message,
      "",
      "Conversation:",
      transcript(input.conversation),
      "",
      "Reply to this e-mail to answer the visitor directly. Work the lead in the portal under Leads.",
    ].join("\n"),
  };
  // To the address the visitor named: what was received, never the question itself.
  const confirmation = {
    subject: `We received your question — ${site.name}`,
    textBody: [
      `Hi ${nameForMail(input.name)},`,
      "",
      `Thank you for your question (${Array.from(question).length} characters), which our assistant passed to our team. We'll get back to you within 24 hours on business days.`,
      "",
      `Need us sooner? Call ${site.phone}.`,
      "",
      ...confirmationFooter(options.baseUrl, "question"),
    ].join("\n"),
  };
  const leadId = await db.transaction(async (tx) => {
    if (await overLeadLimit(tx, options.ip, input.email, options.limits)) return null;
    const [row] = await tx
      .insert(leads)
      .values({
        kind: "chat",
        name: input.name,
        email: input.email,
        message,
        conversation: input.conversation,
        consent: true,
        consentAt: new Date(),
        consentNotice: CONSENT_NOTICE,
        privacyNoticeVersion: privacyNotice.version,
        ipAddress: options.ip,
        sourcePath: options.sourcePath ?? null,
      })
      .returning({ id: leads.id });
    const id = row?.id as string;
    await tx
      .insert(emailOutbox)
      .values({ leadId: id, toAddress: input.email, replyTo: site.email, ...confirmation });
    const notified = await notifyNewLead(
      tx,
      { id, name: input.name, kind: "chat" },
      { leadId: id, toAddress: options.leadsTo, replyTo: input.email, ...notification },
    );
    return { id, notified };
  });
  if (leadId === null) return refused(429, RATE_LIMITED_MESSAGE);
  wakeOutbox();
  announceNotifications(leadId.notified, null);
  return { ok: true, leadId: leadId.id };
}
