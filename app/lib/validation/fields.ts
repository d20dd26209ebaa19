/**
 * The text fields the schemas share, each with the product's wording for its label: a required
 * title-like line, and optional free text that is null when left blank.
 */
import { hasNoBidiControl, isStorableText, notAllowed } from "./text";
import { z } from "./zod";

/**
 * Required, trimmed, at most `max` characters, storable, and without bidirectional controls (so
 * it reads as it is): a title, a subject.
 */
export const requiredTitle = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be less than ${max} characters`)
    .refine(isStorableText, notAllowed(label))
    .refine(hasNoBidiControl, notAllowed(label));

/** Optional, trimmed, at most `max` characters, storable; blank is null. */
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .refine(isStorableText, notAllowed(label))
    .optional()
    .transform((v) => (v ? v : null));
