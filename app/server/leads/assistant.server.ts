/**
 * The site assistant on the server: its answers to the chat form posted to /demo (without
 * JavaScript, or before the page's scripts have loaded; the form's handler is
 * routes/marketing/demo.server.ts), and how many questions one address may ask.
 * answerConversation is the entry for any other channel (decision 038).
 */
import indexData from "virtual:assistant-index";
import { Assistant, type PriorTurn, type Reply } from "~/lib/assistant/engine";
import { type AssistantAnswer, type Conversation, respond } from "~/lib/assistant/respond";

let assistant: Assistant | null = null;
function siteAssistant() {
  assistant ??= new Assistant(indexData);
  return assistant;
}

/** The assistant's reply to a question in its conversation (earlier turns, oldest first). */
export function answer(question: string, turns: PriorTurn[] = []): Reply {
  return siteAssistant().reply(question, turns);
}

/**
 * The assistant for any channel: a question with the turns before it → the answer's text, its
 * links and whether to hand the conversation to the team.
 */
export function answerConversation(conversation: Conversation): AssistantAnswer {
  return respond(siteAssistant(), conversation);
}

// Questions per client per minute: a person types far fewer; a script is told to slow down.
const WINDOW_MS = 60_000;
const asked = new Map<string, { start: number; count: number }>();

/** Another question from this address: true once it is over `limit` in the last minute. */
export function overQuestionLimit(ip: string, limit: number, now = Date.now()): boolean {
  if (asked.size > 10_000) {
    for (const [key, w] of asked) if (now - w.start >= WINDOW_MS) asked.delete(key);
  }
  const window = asked.get(ip);
  if (!window || now - window.start >= WINDOW_MS) {
    asked.set(ip, { start: now, count: 1 });
    return false;
  }
  window.count += 1;
  return window.count > limit;
}
