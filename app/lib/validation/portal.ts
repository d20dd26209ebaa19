import { optionalText, requiredTitle } from "./fields";
import { SUBJECT_MAX } from "./message-values";
import { PROJECT_PRIORITIES, PROJECT_STATUSES } from "./project-values";
import { isStorableText, notAllowed, withLfLineBreaks } from "./text";
import { z } from "./zod";

export { replySubject, SUBJECT_MAX } from "./message-values";
export {
  PRIORITY_LABELS,
  PROJECT_PRIORITIES,
  PROJECT_STATUSES,
  type ProjectPriority,
  type ProjectStatus,
  STATUS_LABELS,
} from "./project-values";

/** "35" → 35, "" → 0; anything but decimal digits (with spaces around) → NaN. */
function plainWholeNumber(value: string): number {
  const trimmed = value.trim();
  if (trimmed === "") return 0;
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export const projectSchema = z.object({
  title: requiredTitle("Title"),
  description: optionalText("Description", 2000),
  status: z.enum(PROJECT_STATUSES, { error: "Choose a valid status" }).default("active"),
  priority: z.enum(PROJECT_PRIORITIES, { error: "Choose a valid priority" }).default("medium"),
  // Plain decimal digits only: Number() would also take "1e2", "0x14" or "Infinity". Blank
  // is 0, as before.
  progress: z
    .preprocess(
      (v) => (typeof v === "string" ? plainWholeNumber(v) : v),
      z
        .number({ error: "Progress must be a number" })
        .int("Progress must be a whole number")
        .min(0, "Progress must be between 0 and 100")
        .max(100, "Progress must be between 0 and 100")
        .multipleOf(5, "Progress moves in steps of 5"),
    )
    .default(0),
});
export type ProjectInput = z.infer<typeof projectSchema>;

/** 'Announce to the client' (the agency's Edit Project): its edit shows in the client's activity. */
export const announceSchema = z.object({
  announce: z
    .enum(["on"], { error: "Choose whether to announce it" })
    .optional()
    .transform((v) => v === "on"),
});

export const messageSchema = z.object({
  subject: requiredTitle("Subject", SUBJECT_MAX),
  content: z
    .string({ error: "Message is required" })
    .overwrite(withLfLineBreaks)
    .trim()
    .min(1, "Message is required")
    .max(5000, "Message must be less than 5000 characters")
    .refine(isStorableText, notAllowed("Message")),
});
export type MessageInput = z.infer<typeof messageSchema>;

/** The details panel's 'Reply': the text only (the subject is 'Re: …' of the message's). */
export const replySchema = messageSchema.pick({ content: true });

export const profileSchema = z.object({
  fullName: optionalText("Name", 100),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** An id from a URL or form: a UUID, or nothing. */
export const idSchema = z.uuid("Not found");
