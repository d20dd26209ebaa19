import { isCalendarDay } from "~/lib/dates";
import { MILESTONE_STATUSES } from "./deliverables-values";
import { optionalText, requiredTitle } from "./fields";
import { z } from "./zod";

export {
  MILESTONE_STATUS_LABELS,
  MILESTONE_STATUSES,
  type MilestoneStatus,
} from "./deliverables-values";

/** The milestone form (administrators): title, due date, status, an optional description. */
export const milestoneSchema = z.object({
  title: requiredTitle("Title"),
  dueDate: z
    .string({ error: "Please choose a due date" })
    .trim()
    .refine(isCalendarDay, "Please choose a due date"),
  status: z.enum(MILESTONE_STATUSES, { error: "Choose a valid status" }).default("planned"),
  description: optionalText("Description", 2000),
});
export type MilestoneInput = z.infer<typeof milestoneSchema>;

export const REVIEW_DECISIONS = ["approved", "changes-requested"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const COMMENT_REQUIRED = "Please say what should change";

/** A contact's answer to 'Ready for review': 'Approve', or 'Request changes' with a comment. */
export const reviewAnswerSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: "Choose Approve or Request changes" }),
    comment: optionalText("Comment", 2000),
  })
  .refine((v) => v.decision === "approved" || v.comment !== null, {
    message: COMMENT_REQUIRED,
    path: ["comment"],
  });
export type ReviewAnswerInput = z.infer<typeof reviewAnswerSchema>;
