/**
 * Milestone statuses and their labels: plain values without zod, for the pages that show them
 * (deliverables.ts holds the schemas and re-exports these). A page that imports only values
 * loads no validation code.
 */
export const MILESTONE_STATUSES = ["planned", "in-progress", "done"] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  planned: "Planned",
  "in-progress": "In progress",
  done: "Done",
};
