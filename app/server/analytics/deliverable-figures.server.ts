/**
 * Analytics → Work: the figures of deliverables (milestones and approvals, issue 14), each one
 * aggregate query per project with the scope in its WHERE clause (`scopeSql` on the row's own
 * client_id, so a contact's query never reads another client's rows).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import type { Scope } from "../workspace/scope.server";
import { scopeSql } from "./work-figures.server";

/** At most this many projects are listed (the oldest due / longest waiting first); the page shows
 * the first PAGE_ROWS, the CSV all of them. */
export const DELIVERABLE_ROWS_LIMIT = 10_000;

export interface OverdueMilestones {
  projectTitle: string;
  clientName: string;
  /** Milestones of the project not done and due before today. */
  overdue: number;
  /** The earliest due date among them (YYYY-MM-DD). */
  oldestDue: string;
}

/**
 * Per project, the milestones not done whose due date is before `today` (a South African
 * calendar day), the longest overdue first. Index milestones_open_due_idx (admin: only the open
 * milestones' due dates are read) or milestones_client_idx (a contact's client).
 */
export async function overdueMilestones(
  db: Database,
  scope: Scope,
  today: string,
): Promise<OverdueMilestones[]> {
  const result = await db.execute(sql`
    select p.title as "projectTitle", c.name as "clientName", t.overdue, t.oldest_due as "oldestDue"
      from (select m.project_id, count(*)::int as overdue, min(m.due_date)::text as oldest_due
              from milestones m
             where ${scopeSql(scope, "m.client_id")}
               and m.status <> 'done'
               and m.due_date < ${today}::date
             group by m.project_id) t
      join projects p on p.id = t.project_id
      join clients c on c.id = p.client_id
     order by t.oldest_due, p.title, p.id
     limit ${DELIVERABLE_ROWS_LIMIT}`);
  return result.rows as unknown as OverdueMilestones[];
}

export interface OpenApprovals {
  projectTitle: string;
  clientName: string;
  /** Reviews of the project ('Ready for review') without an answer. */
  open: number;
  /** When the longest-waiting one was marked ready (ISO instant). */
  since: string;
}

/**
 * Per project, the items marked 'Ready for review' that have no answer yet, the longest waiting
 * first. An answer is a row in review_answers keyed by the review (its primary key serves the
 * anti-join); reviews_client_idx serves a contact's client.
 */
export async function openApprovals(db: Database, scope: Scope): Promise<OpenApprovals[]> {
  const result = await db.execute(sql`
    select p.title as "projectTitle", c.name as "clientName", t.open, t.since
      from (select r.project_id, count(*)::int as open, min(r.created_at) as since
              from reviews r
             where ${scopeSql(scope, "r.client_id")}
               and not exists (select 1 from review_answers a where a.review_id = r.id)
             group by r.project_id) t
      join projects p on p.id = t.project_id
      join clients c on c.id = p.client_id
     order by t.since, p.title, p.id
     limit ${DELIVERABLE_ROWS_LIMIT}`);
  return (
    result.rows as { projectTitle: string; clientName: string; open: number; since: unknown }[]
  ).map((r) => ({ ...r, since: new Date(r.since as string).toISOString() }));
}
