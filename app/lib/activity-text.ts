/**
 * What an activity row says, after the actor's name: "uploaded version 2 of Brief.pdf". One
 * place for every kind (the workspace's project and message kinds, and the deliverables' file,
 * milestone and approval kinds), for the project page and the dashboard alike.
 */
import { MILESTONE_STATUS_LABELS, type MilestoneStatus } from "./validation/deliverables-values";
import {
  PRIORITY_LABELS,
  type ProjectPriority,
  type ProjectStatus,
  STATUS_LABELS,
} from "./validation/project-values";

type Data = Record<string, unknown>;
type Change = { from?: unknown; to?: unknown };

const text = (value: unknown) => (typeof value === "string" ? value : "");
const quoted = (value: unknown) => `'${text(value)}'`;

/** What a review was about, from its recorded subject. */
export function reviewSubjectText(subject: unknown): string {
  const s = (subject ?? {}) as Data;
  if (s.kind === "file") return `${text(s.fileName)} (version ${Number(s.version) || 1})`;
  if (s.kind === "milestone") return `the milestone ${quoted(s.title)}`;
  return "an item";
}

/**
 * What a review is about, as an item of a list or a title: "The milestone 'Launch'"; a file's
 * name stays as it was written ("logo.png (version 2)").
 */
export function reviewItemText(subject: unknown): string {
  const about = reviewSubjectText(subject);
  if ((subject as Data | null)?.kind === "file") return about;
  return about.charAt(0).toUpperCase() + about.slice(1);
}

function projectChange(field: string, change: Change): string | null {
  const { from, to } = change;
  switch (field) {
    case "status":
      return `changed the status from ${STATUS_LABELS[from as ProjectStatus] ?? text(from)} to ${STATUS_LABELS[to as ProjectStatus] ?? text(to)}`;
    case "progress":
      return `moved the progress from ${Number(from)}% to ${Number(to)}%`;
    case "priority":
      return `changed the priority from ${PRIORITY_LABELS[from as ProjectPriority] ?? text(from)} to ${PRIORITY_LABELS[to as ProjectPriority] ?? text(to)}`;
    case "title":
      return `renamed the project from ${quoted(from)} to ${quoted(to)}`;
    case "progressFromMilestones":
      return to ? "took the progress from the milestones" : "set the progress by hand again";
    default:
      return null;
  }
}

/** The sentence for one activity row (without who did it). */
export function activityText(kind: string, data: unknown): string {
  const d = (data ?? {}) as Data;
  switch (kind) {
    case "project.created":
      return `created the project ${quoted(d.title)}`;
    case "project.updated": {
      const changes = Object.entries((d.changes ?? {}) as Record<string, Change>)
        .map(([field, change]) => projectChange(field, change ?? {}))
        .filter(Boolean);
      return changes.length ? changes.join("; ") : "updated the project";
    }
    case "project.taken_on":
      return `took on the project ${quoted(d.title)}`;
    case "project.deleted":
      return `deleted the project ${quoted(d.title)}`;
    case "message.sent":
      return `sent a message: ${text(d.subject)}`;
    case "file.uploaded":
      return `uploaded ${text(d.name)}`;
    case "file.version":
      return `uploaded version ${Number(d.version)} of ${text(d.name)}`;
    case "file.deleted":
      return `deleted ${text(d.name)}`;
    case "milestone.created":
      return `added the milestone ${quoted(d.title)}`;
    case "milestone.updated": {
      const status = ((d.changes ?? {}) as Record<string, Change>).status;
      return status
        ? `marked the milestone ${quoted(d.title)} as ${(MILESTONE_STATUS_LABELS[status.to as MilestoneStatus] ?? text(status.to)).toLowerCase()}`
        : `updated the milestone ${quoted(d.title)}`;
    }
    case "milestone.deleted":
      return `deleted the milestone ${quoted(d.title)}`;
    case "approval.requested":
      return `marked ${reviewSubjectText(d.subject)} ready for review`;
    case "approval.approved":
      return `approved ${reviewSubjectText(d.subject)}`;
    case "approval.changes_requested":
      return `requested changes to ${reviewSubjectText(d.subject)}${d.comment ? `: “${text(d.comment)}”` : ""}`;
    default:
      return "made a change";
  }
}
