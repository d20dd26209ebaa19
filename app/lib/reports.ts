/**
 * A project's report for a period: what the report page shows and the PDF prints, built once
 * on the server (app/server/reports/reports.server.ts).
 */
import type { Period } from "./validation/period-values";

export interface ReportChange {
  /** ISO instant. */
  at: string;
  /** Who made it ("Ayanda Admin"), or null when not known. */
  actor: string | null;
  /** "Project created", "Status", "Progress", "Priority", "Title". */
  what: string;
  from: string | null;
  to: string | null;
}

export interface ReportMessage {
  at: string;
  fromAgency: boolean;
  sender: string | null;
  subject: string;
}

/** A deliverable section that has nothing to show yet says why. */
export type Section<T> = { available: true; items: T[] } | { available: false; reason: string };

export interface ReportMilestone {
  title: string;
  dueDate: string | null;
  status: string;
  completedAt: string | null;
}

export interface ReportApproval {
  at: string;
  item: string;
  decision: string;
  by: string | null;
  comment: string | null;
}

export interface ReportFile {
  name: string;
  version: number;
  size: number;
  at: string;
  by: string | null;
}

export interface ProjectReport {
  project: {
    id: string;
    title: string;
    clientName: string | null;
    status: string;
    priority: string;
    progress: number;
    createdAt: string;
  };
  period: Period;
  /** Made at (ISO instant). */
  madeAt: string;
  /** Progress through the period: the value at its start (when known), then each change. */
  progressSteps: { at: string; value: number }[];
  /** Status and progress changes in the period, oldest first. */
  changes: ReportChange[];
  milestones: Section<ReportMilestone>;
  approvals: Section<ReportApproval>;
  files: Section<ReportFile>;
  messages: {
    fromClient: number;
    fromAgency: number;
    /** The latest ones, newest first (at most MESSAGE_LIST_LIMIT). */
    latest: ReportMessage[];
  };
}

export const MESSAGE_LIST_LIMIT = 50;

/** "2.4 MB" from bytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
