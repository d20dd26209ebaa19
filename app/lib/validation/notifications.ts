import { z } from "zod";
import { REVIEW_REMINDER_DAYS_MAX } from "../notification-kinds";

/** Settings → Notifications (administrators): days before an unanswered review is reminded. */
export const reviewReminderSchema = z.object({
  reviewReminderDays: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(1, "Remind after at least 1 day")
    .max(REVIEW_REMINDER_DAYS_MAX, `Remind after at most ${REVIEW_REMINDER_DAYS_MAX} days`),
});

/** A WhatsApp number in international form: '+27 82 123 4567' → '27821234567' (WhatsApp's wa_id). */
export const whatsappNumberSchema = z.object({
  whatsappNumber: z
    .string({ error: "Enter your WhatsApp number" })
    .trim()
    .min(1, "Enter your WhatsApp number")
    .max(30, "Enter your WhatsApp number in international form, such as +27 82 123 4567")
    .transform((v) => v.replace(/[\s()-]/g, ""))
    .refine((v) => /^\+[1-9]\d{7,14}$/.test(v), {
      message: "Enter your WhatsApp number in international form, such as +27 82 123 4567",
    })
    .transform((v) => v.slice(1)),
});

/** The code WhatsApp brought to confirm the number: six digits. */
export const whatsappCodeSchema = z.object({
  code: z
    .string({ error: "Enter the code we sent you on WhatsApp" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code we sent you on WhatsApp"),
});

/** '27821234567' → '+27821234567', as people read it. */
export const displayWhatsAppNumber = (waId: string) => `+${waId}`;
