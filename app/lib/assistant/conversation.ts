/**
 * The site assistant's conversation: its turns, limits and messages, and the helpers both the
 * chat (in the browser) and the /demo action use. No zod here: this module is part of the
 * /demo page's first load; the schemas (app/lib/validation/chat.ts) load with the assistant.
 */
import { demoChat } from "~/content/demo";
import type { Reply } from "./engine";

/** One message in the site assistant's conversation. */
export interface ChatTurn {
  /** 'team': a person of the agency answering on WhatsApp after a handover (decision 079). */
  role: "user" | "assistant" | "team";
  text: string;
  /** An answer's source page (a site path). */
  url?: string;
  page?: string;
  /** The assistant was not sure and offered to pass the question on. */
  unsure?: boolean;
}

/** How every conversation starts. */
export const greetingTurn: ChatTurn = { role: "assistant", text: demoChat.greeting };

export const CHAT_LIMITS = { question: 500, turnText: 2000, turns: 30 } as const;

export const CHAT_MESSAGES = {
  empty: "Please type a question.",
  tooLong: `Please keep your question under ${CHAT_LIMITS.question} characters.`,
  unreadable: "Your question contains characters we can't read. Please type it again.",
  conversation: "The conversation could not be read, so it has started again.",
  rateLimited:
    "You're sending questions faster than I can answer. Please wait a moment and try again.",
} as const;

/** Append turns, keeping the greeting and the latest turns within the limit. */
export function appendTurns(conversation: ChatTurn[], ...turns: ChatTurn[]): ChatTurn[] {
  const all = [...conversation, ...turns];
  if (all.length <= CHAT_LIMITS.turns) return all;
  const [first, ...rest] = all;
  return first ? [first, ...rest.slice(-(CHAT_LIMITS.turns - 1))] : rest;
}

/**
 * The conversation the chat form carried, read back in the browser (the one the page itself
 * wrote; the server checks what it receives with conversationSchema instead).
 */
export function conversationField(raw: unknown): ChatTurn[] {
  try {
    const value: unknown = typeof raw === "string" ? JSON.parse(raw) : null;
    if (Array.isArray(value) && value.length > 0) return value as ChatTurn[];
  } catch {
    // Fall through to a fresh conversation.
  }
  return [greetingTurn];
}

/** The last question the visitor asked (context for a follow-up). */
export function lastQuestion(conversation: ChatTurn[]): string | null {
  for (let i = conversation.length - 1; i >= 0; i--) {
    const turn = conversation[i];
    if (turn?.role === "user") return turn.text;
  }
  return null;
}

/** What the /demo action answers. */
export type ChatResult = {
  conversation: ChatTurn[];
  /** A message about the request (validation, rate limit, failure). */
  error?: string;
  /** The field the error is about. */
  field?: "question" | "name" | "email";
  /** What the visitor typed, returned when it could not be handled (nothing is lost). */
  values?: Record<string, string>;
  /** The question was passed to the team. */
  handedOver?: boolean;
};

/** An assistant's reply as a turn of the conversation. */
export function replyTurn(reply: Reply): ChatTurn {
  if (reply.kind === "answer") {
    return { role: "assistant", text: reply.text, url: reply.url, page: reply.page };
  }
  // Not sure, or asked for a person: the chat offers to pass the conversation to the team.
  return reply.kind === "unsure" || reply.kind === "handover"
    ? { role: "assistant", text: reply.text, unsure: true }
    : { role: "assistant", text: reply.text };
}
