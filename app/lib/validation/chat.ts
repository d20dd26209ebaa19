import { CHAT_LIMITS, CHAT_MESSAGES, type ChatTurn } from "~/lib/assistant/conversation";
import { contactSchema } from "./leads";
import { isStorableText } from "./text";
import { z } from "./zod";

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

/** Passing the question to the team: the contact form's rules for name and e-mail. */
export const chatHandoverSchema = contactSchema.pick({ name: true, email: true });
export type ChatHandoverInput = z.infer<typeof chatHandoverSchema>;
