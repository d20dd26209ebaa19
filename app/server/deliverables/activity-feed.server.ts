/**
 * Reading the activity record (the workspace's `activity` table, which every domain writes in
 * its own transactions) for people: a project's list, page by page, and the latest across what
 * a person can see, for the dashboard. Newest first, by (createdAt, id); the actor's name falls
 * back to their account's name when their profile has none.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { type Cursor, PAGE_SIZE, type Page, toPage } from "~/lib/pagination";
import type { Database } from "../db/client.server";
import { prepared } from "../db/prepared.server";
import { activity, profiles, projects, user } from "../db/schema.server";
import { afterCursor } from "../pagination.server";
import { activityAudienceWhere } from "../workspace/activity.server";
import type { Scope } from "../workspace/scope.server";
import { scopeParams, scopePlaceholder } from "../workspace/scope.server";

export interface ActivityItem {
  id: string;
  kind: string;
  data: Record<string, unknown>;
  actorName: string | null;
  createdAt: Date;
  projectId: string | null;
  projectTitle: string | null;
}

function activityQuery(db: Database) {
  return db
    .select({
      id: activity.id,
      kind: activity.kind,
      data: activity.data,
      actorName: sql<string | null>`coalesce(${profiles.fullName}, ${user.name})`,
      createdAt: activity.createdAt,
      projectId: activity.projectId,
      projectTitle: projects.title,
    })
    .from(activity)
    .leftJoin(user, eq(user.id, activity.actorId))
    .leftJoin(profiles, eq(profiles.id, activity.actorId))
    .leftJoin(projects, eq(projects.id, activity.projectId));
}

/** One page of a project's activity (after `cursor`) that the scope may read (decision 066). */
export async function projectActivity(
  db: Database,
  scope: Scope,
  projectId: string,
  cursor: Cursor | null,
  limit = PAGE_SIZE,
): Promise<Page<ActivityItem>> {
  const rows = await activityQuery(db)
    .where(
      and(
        eq(activity.projectId, projectId),
        activityAudienceWhere(scope),
        afterCursor(cursor, activity.createdAt, activity.id),
      ),
    )
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(limit + 1);
  return toPage(rows, limit);
}

/**
 * The latest activity across every project (and message) the person can see (the dashboard's,
 * a prepared statement).
 */
export function latestActivity(db: Database, scope: Scope, limit = 8): Promise<ActivityItem[]> {
  return prepared(db, `latest_activity_${scope.kind}`, (name) =>
    activityQuery(db)
      .where(and(scopePlaceholder(scope, activity.clientId), activityAudienceWhere(scope)))
      .orderBy(desc(activity.createdAt), desc(activity.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  ).execute({ ...scopeParams(scope), limit });
}
