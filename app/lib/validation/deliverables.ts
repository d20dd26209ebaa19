import { isCalendarDay } from "~/lib/dates";
import { MILESTONE_STATUSES } from "./deliverables-values";
import { hasNoBidiControl, isStorableText, notAllowed } from "./text";
import { z } from "./zod";

export {
  MILESTONE_STATUS_LABELS,
  MILESTONE_STATUSES,
  type MilestoneStatus,
} from "./deliverables-values";

/** The milestone form (administrators): title, due date, status, an optional description. */
export const milestoneSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be less than 200 characters")
    .refine(isStorableText, notAllowed("Title"))
    .refine(hasNoBidiControl, notAllowed("Title")),
  dueDate: z
    .string({ error: "Please choose a due date" })
    .trim()
    .refine(isCalendarDay, "Please choose a due date"),
  status: z.enum(MILESTONE_STATUSES, { error: "Choose a valid status" }).default("planned"),
  description: z
    .string()
    .trim()
    .max(2000, "Description must be less than 2000 characters")
    .refine(isStorableText, notAllowed("Description"))
    .optional()
    .transform((v) => (v ? v : null)),
});
export type MilestoneInput = z.infer<typeof milestoneSchema>;

export const REVIEW_DECISIONS = ["approved", "changes-requested"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const COMMENT_REQUIRED = "Please say what should change";

/** A contact's answer to 'Ready for review': 'Approve', or 'Request changes' with a comment. */
export const reviewAnswerSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: "Choose Approve or Request changes" }),
    comment: z
      .string()
      .trim()
      .max(2000, "Comment must be less than 2000 characters")
      .refine(isStorableText, notAllowed("Comment"))
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => v.decision === "approved" || v.comment !== null, {
    message: COMMENT_REQUIRED,
    path: ["comment"],
  });
export type ReviewAnswerInput = z.infer<typeof reviewAnswerSchema>;
