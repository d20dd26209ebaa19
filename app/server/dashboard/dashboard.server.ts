/**
 * The dashboard (/portal): the person's recent projects and counts, unread messages, reviews
 * waiting and the latest activity, scoped to what they may see; every client's for an
 * administrator, who also sees how many clients there are. Kept while its data has not changed
 * (decision 029): a repeat visit costs the session read alone.
 */
import { count } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { clients } from "../db/schema.server";
import { latestActivity } from "../deliverables/activity-feed.server";
import { pendingReviews } from "../deliverables/reviews.server";
import { unreadCount } from "../messages/messages.server";
import { listProjects, projectCounts } from "../projects/projects.server";
import { keptPage } from "../workspace/kept-pages.server";
import { ALL_CLIENTS, type Scope, scopeWhere, seesAllClients } from "../workspace/scope.server";

/** How many clients the staff member works on (the staff's 'Clients' card): all, or assigned. */
export async function countClients(db: Database, scope: Scope = ALL_CLIENTS): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clients).where(scopeWhere(scope, clients.id));
  return row?.n ?? 0;
}

/** The dashboard's data, as of now (`loadDashboard` keeps it). */
export async function readDashboard(db: Database, scope: Scope, userId: string) {
  const staff = seesAllClients(scope);
  const [recent, counts, unread, clientCount] = await Promise.all([
    listProjects(db, scope, { limit: 5 }),
    projectCounts(db, scope),
    unreadCount(db, scope, userId),
    staff ? countClients(db, scope) : null,
  ]);
  // Reviews waiting for an answer and the latest activity, across everything the person sees.
  const deliverables = {
    pending: await pendingReviews(db, scope),
    activity: await latestActivity(db, scope),
  };
  return {
    recent: recent.rows.map((p) => ({ ...p, clientName: staff ? p.clientName : null })),
    counts,
    unread,
    clients: clientCount,
    deliverables,
  };
}

export type DashboardData = Awaited<ReturnType<typeof readDashboard>>;

/** Who the dashboard is for, and where the kept pages' data stands (read with the session). */
export interface DashboardViewer {
  db: Database;
  scope: Scope;
  user: { id: string };
  changes: number | null;
}

/** The dashboard of this person, kept per person and scope while nothing changed. */
export function loadDashboard({
  db,
  scope,
  user,
  changes,
}: DashboardViewer): Promise<DashboardData> {
  const key = JSON.stringify(["dashboard", user.id, scope]);
  return keptPage(db, changes, key, () => readDashboard(db, scope, user.id));
}
