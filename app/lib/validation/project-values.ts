/**
 * Project statuses and priorities, and their labels: plain values without zod, for the pages that show them (portal.ts holds the
 * schemas and re-exports these). A page that imports only values loads no validation code.
 */
export const PROJECT_STATUSES = ["active", "completed", "on-hold", "cancelled"] as const;
export const PROJECT_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type ProjectPriority = (typeof PROJECT_PRIORITIES)[number];

export const STATUS_LABELS: Record<ProjectStatus, string> = {
  active: "Active",
  completed: "Completed",
  "on-hold": "On Hold",
  cancelled: "Cancelled",
};
export const PRIORITY_LABELS: Record<ProjectPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};
