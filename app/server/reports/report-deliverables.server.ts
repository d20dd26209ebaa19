/**
 * A report's deliverables (issue 14: milestones, approvals, files). Until their tables exist,
 * each section says when it will appear; never invented rows. When they land, each function
 * becomes one query on the project (already checked against the person's scope) for the period.
 */
import type { ReportApproval, ReportFile, ReportMilestone, Section } from "~/lib/reports";
import type { Period } from "~/lib/validation/period";
import type { Database } from "../db/client.server";

export async function reportMilestones(
  _db: Database,
  _projectId: string,
  _period: Period,
): Promise<Section<ReportMilestone>> {
  return {
    available: false,
    reason:
      "Milestones and their dates appear here once the project has milestones (added on the project's page).",
  };
}

export async function reportApprovals(
  _db: Database,
  _projectId: string,
  _period: Period,
): Promise<Section<ReportApproval>> {
  return {
    available: false,
    reason:
      "Approvals appear here once files or milestones of the project are marked 'Ready for review' and answered.",
  };
}

export async function reportFiles(
  _db: Database,
  _projectId: string,
  _period: Period,
): Promise<Section<ReportFile>> {
  return {
    available: false,
    reason: "Files delivered appear here once files are uploaded to the project's page.",
  };
}
