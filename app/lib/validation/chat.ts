import { demoChat } from "~/content/demo";
import type { Reply } from "~/lib/assistant/engine";
import { contactSchema } from "./leads";
import { isStorableText } from "./text";
import { z } from "./zod";

/** One message in the site assistant's conversation. */
export interface ChatTurn {
  role: "user" | "assistant";
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

/** Control characters (other than tab and line breaks) become spaces. */
export function cleanQuestion(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return value.replace(/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, " ");
}

export const chatQuestionSchema = z.object({
  question: z
    .string({ error: CHAT_MESSAGES.empty })
    .transform(cleanQuestion)
    .pipe(
      z
        .string()
        .trim()
        .min(1, CHAT_MESSAGES.empty)
        .max(CHAT_LIMITS.question, CHAT_MESSAGES.tooLong)
        .refine(isStorableText, CHAT_MESSAGES.unreadable),
    ),
});

/** A site path only: no scheme, no host, no protocol-relative `//`. */
const sitePath = z
  .string()
  .max(200)
  .regex(/^\/(?!\/)[a-z0-9\-/#]*$/);

const chatTurnSchema = z.object({
  role: z.enum(["user", "assistant"]),
  text: z.string().max(CHAT_LIMITS.turnText).refine(isStorableText),
  url: sitePath.optional(),
  page: z.string().max(200).refine(isStorableText).optional(),
  unsure: z.boolean().optional(),
});

/** The conversation as the chat form carries it (a hidden field holding JSON). */
export const conversationSchema = z.array(chatTurnSchema).max(CHAT_LIMITS.turns);

/** Parse the hidden field; null when it is not a conversation. */
export function parseConversation(raw: unknown): ChatTurn[] | null {
  if (typeof raw !== "string" || raw.length > 100_000) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = conversationSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Append turns, keeping the greeting and the latest turns within the limit. */
export function appendTurns(conversation: ChatTurn[], ...turns: ChatTurn[]): ChatTurn[] {
  const all = [...conversation, ...turns];
  if (all.length <= CHAT_LIMITS.turns) return all;
  const [first, ...rest] = all;
  return first ? [first, ...rest.slice(-(CHAT_LIMITS.turns - 1))] : rest;
}

/** The last question the visitor asked (context for a follow-up). */
export function lastQuestion(conversation: ChatTurn[]): string | null {
  for (let i = conversation.length - 1; i >= 0; i--) {
    const turn = conversation[i];
    if (turn?.role === "user") return turn.text;
  }
  return null;
}

/** Passing the question to the team: the contact form's rules for name and e-mail. */
export const chatHandoverSchema = contactSchema.pick({ name: true, email: true });
export type ChatHandoverInput = z.infer<typeof chatHandoverSchema>;

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
  return reply.kind === "unsure"
    ? { role: "assistant", text: reply.text, unsure: true }
    : { role: "assistant", text: reply.text };
}
