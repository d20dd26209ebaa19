/**
 * A report's deliverables (issue 14): the project's milestones and their dates, the approvals
 * given and the files delivered in the period. Each is one query on the project, already checked
 * against the person's scope by the caller (buildProjectReport).
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { ReportApproval, ReportFile, ReportMilestone, Section } from "~/lib/reports";
import {
  MILESTONE_STATUS_LABELS,
  type MilestoneStatus,
  type ReviewDecision,
} from "~/lib/validation/deliverables";
import type { Period } from "~/lib/validation/period";
import type { Database } from "../db/client.server";
import {
  fileVersions,
  milestones,
  profiles,
  type ReviewSubject,
  reviewAnswers,
  reviews,
} from "../db/schema.server";

/** More rows than this in one section are cut (the oldest first are kept). */
export const SECTION_LIMIT = 500;

const DECISION_LABELS: Record<ReviewDecision, string> = {
  approved: "Approved",
  "changes-requested": "Changes requested",
};

/** "Design.pdf, version 2" or "Milestone: Launch", as it was put up for review. */
export function reviewItemText(subject: ReviewSubject): string {
  if (subject.kind === "file") return `${subject.fileName}, version ${subject.version}`;
  return `Milestone: ${subject.title}`;
}

/**
 * The project's milestones that existed by the period's end, in their order, with their due
 * date, their status today and the day they were last marked done (from the activity record;
 * index activity_project_created_idx).
 */
export async function reportMilestones(
  db: Database,
  projectId: string,
  period: Period,
): Promise<Section<ReportMilestone>> {
  const rows = await db
    .select({
      title: milestones.title,
      dueDate: milestones.dueDate,
      status: milestones.status,
      // Spelled out: drizzle would print the columns unqualified, and they would name activity's.
      completedAt: sql<Date | string | null>`(
        select max(a.created_at) from activity a
         where a.project_id = "milestones"."project_id"
           and a.kind = 'milestone.updated'
           and a.data->>'milestoneId' = "milestones"."id"::text
           and a.data->'changes'->'status'->>'to' = 'done')`,
    })
    .from(milestones)
    .where(and(eq(milestones.projectId, projectId), lt(milestones.createdAt, new Date(period.end))))
    .orderBy(asc(milestones.position), asc(milestones.id))
    .limit(SECTION_LIMIT);
  return {
    available: true,
    items: rows.map((m) => ({
      title: m.title,
      dueDate: m.dueDate,
      status: MILESTONE_STATUS_LABELS[m.status as MilestoneStatus] ?? m.status,
      completedAt:
        m.status === "done" && m.completedAt ? new Date(m.completedAt).toISOString() : null,
    })),
  };
}

/** The answers given in the period to the project's reviews, oldest first. */
export async function reportApprovals(
  db: Database,
  projectId: string,
  period: Period,
): Promise<Section<ReportApproval>> {
  const rows = await db
    .select({
      at: reviewAnswers.answeredAt,
      subject: reviews.subject,
      decision: reviewAnswers.decision,
      by: profiles.fullName,
      comment: reviewAnswers.comment,
    })
    .from(reviewAnswers)
    .innerJoin(reviews, eq(reviews.id, reviewAnswers.reviewId))
    .leftJoin(profiles, eq(profiles.id, reviewAnswers.answeredBy))
    .where(
      and(
        eq(reviews.projectId, projectId),
        gte(reviewAnswers.answeredAt, new Date(period.start)),
        lt(reviewAnswers.answeredAt, new Date(period.end)),
      ),
    )
    .orderBy(asc(reviewAnswers.answeredAt), asc(reviewAnswers.reviewId))
    .limit(SECTION_LIMIT);
  return {
    available: true,
    items: rows.map((r) => ({
      at: r.at.toISOString(),
      item: reviewItemText(r.subject),
      decision: DECISION_LABELS[r.decision] ?? r.decision,
      by: r.by,
      comment: r.comment,
    })),
  };
}

/**
 * The file versions uploaded to the project in the period (ready ones only), oldest first;
 * without the agency's internal files in a contact's report (decision 066).
 */
export async function reportFiles(
  db: Database,
  projectId: string,
  period: Period,
  options: { internal: boolean } = { internal: true },
): Promise<Section<ReportFile>> {
  const rows = await db
    .select({
      name: fileVersions.name,
      version: fileVersions.number,
      size: fileVersions.size,
      at: fileVersions.createdAt,
      by: profiles.fullName,
    })
    .from(fileVersions)
    .leftJoin(profiles, eq(profiles.id, fileVersions.uploadedBy))
    .where(
      and(
        eq(fileVersions.projectId, projectId),
        eq(fileVersions.state, "ready"),
        options.internal
          ? undefined
          : sql`not exists (select 1 from project_files f where f.id = ${fileVersions.fileId} and f.internal)`,
        gte(fileVersions.createdAt, new Date(period.start)),
        lt(fileVersions.createdAt, new Date(period.end)),
      ),
    )
    .orderBy(asc(fileVersions.createdAt), asc(fileVersions.id))
    .limit(SECTION_LIMIT);
  return {
    available: true,
    items: rows.map((f) => ({
      name: f.name,
      version: f.version ?? 1,
      size: f.size,
      at: f.at.toISOString(),
      by: f.by,
    })),
  };
}
