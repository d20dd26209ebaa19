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
