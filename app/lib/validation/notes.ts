import { isStorableText, notAllowed } from "./text";
import { z } from "./zod";

export const NOTE_MAX = 5000;

/** 'Add note' (the agency's internal notes on a client, a project or a lead; decision 066). */
export const noteSchema = z.object({
  body: z
    .string({ error: "Note is required" })
    .trim()
    .min(1, "Note is required")
    .max(NOTE_MAX, `Note must be less than ${NOTE_MAX} characters`)
    .refine(isStorableText, notAllowed("Note")),
});
