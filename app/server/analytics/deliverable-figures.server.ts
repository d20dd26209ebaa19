/**
 * Analytics → Work: the figures of deliverables (issue 14: milestones, approvals, files). Until
 * their tables exist these answer `null` ("not kept yet") and the page says what will appear
 * and when; never a made-up number. When milestones and approvals land, each function becomes
 * one aggregate query with `scopeSql(scope, "…client_id")` in its WHERE clause, e.g.
 *
 *   select count(*) from milestones m join projects p on p.id = m.project_id
 *    where scope and m.status <> 'done' and m.due_date < today
 */
import type { Database } from "../db/client.server";
import type { Scope } from "../portal/scope.server";

export interface OverdueMilestone {
  projectTitle: string;
  clientName: string;
  title: string;
  dueDate: string;
}

/** Milestones past their due date and not done, today; null while milestones are not kept. */
export async function overdueMilestones(
  _db: Database,
  _scope: Scope,
  _today: string,
): Promise<OverdueMilestone[] | null> {
  return null;
}

export interface OpenApproval {
  projectTitle: string;
  clientName: string;
  item: string;
  since: string;
}

/** Items marked 'Ready for review' and not yet answered; null while approvals are not kept. */
export async function openApprovals(_db: Database, _scope: Scope): Promise<OpenApproval[] | null> {
  return null;
}
