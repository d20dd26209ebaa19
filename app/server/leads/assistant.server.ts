/**
 * The site assistant on the server: its answers to the chat form posted to /demo (without
 * JavaScript, or before the page's scripts have loaded; the form's handler is
 * routes/marketing/demo.server.ts), and how many questions one address may ask.
 * answerConversation is the entry for any other channel (decision 038).
 */
import indexData from "virtual:assistant-index";
import { appendTurns, type ChatTurn, greetingTurn, replyTurn } from "~/lib/assistant/conversation";
import { Assistant, type PriorTurn, type Reply } from "~/lib/assistant/engine";
import { type AssistantAnswer, answerOf, type Conversation } from "~/lib/assistant/respond";
import { chatQuestionSchema } from "~/lib/validation/chat";
import type { Database } from "../db/client.server";
import { overRateLimit } from "../rate-limits.server";
import { understand } from "./assistant-semantic.server";

let assistant: Assistant | null = null;
function siteAssistant() {
  assistant ??= new Assistant(indexData);
  return assistant;
}

/**
 * The assistant's reply to a question in its conversation (earlier turns, oldest first): the
 * engine's, read again by the sentence model (decision 139, assistant-semantic.server.ts).
 */
export function answer(question: string, turns: PriorTurn[] = []): Promise<Reply> {
  return understand(siteAssistant(), question, turns);
}

/**
 * The assistant for any channel: a question with the turns before it → the answer's text, its
 * links and whether to hand the conversation to the team.
 */
export async function answerConversation(conversation: Conversation): Promise<AssistantAnswer> {
  return answerOf(await answer(conversation.question, conversation.turns ?? []));
}

/**
 * The conversation as the assistant had it, from the turns a chat form carried: the visitor's
 * questions (each checked as a question is), each followed by the answer the assistant gives
 * it, worked out here again. The turns the form carried as the assistant's are never taken:
 * what staff read as the assistant's words is what it said (issue 29). The assistant answers
 * the same question in the same conversation the same way (it reads the visitor's turns only);
 * the /demo chat asks the server for every answer (decision 139).
 */
export async function conversationAsAnswered(carried: ChatTurn[]): Promise<ChatTurn[]> {
  let conversation: ChatTurn[] = [greetingTurn];
  for (const turn of carried) {
    if (turn.role !== "user") continue;
    const parsed = chatQuestionSchema.safeParse({ question: turn.text });
    if (!parsed.success) continue;
    // A question is one line (the chat's input is): a line break could pass for a new speaker.
    const question = parsed.data.question.replace(/\s+/g, " ");
    const reply = await answer(question, conversation);
    conversation = appendTurns(conversation, { role: "user", text: question }, replyTurn(reply));
  }
  return conversation;
}

/**
 * Another question from this address: true once it is over `limit` in the last minute. Counted
 * in the database (rate-limits.server.ts), so N instances allow the limit, not N times it.
 */
export function overQuestionLimit(db: Database, ip: string, limit: number): Promise<boolean> {
  return overRateLimit(db, { bucket: "chat-question", key: ip, max: limit, windowMs: 60_000 });
}
