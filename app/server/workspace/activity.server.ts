/**
 * The activity record: who did what in a client's work, and when (project pages, the dashboard,
 * reports). Written in the same transaction as the change it describes.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { activity, profiles } from "../db/schema.server";
import { type Scope, scopeWhere } from "./scope.server";

type Executor = Pick<Database, "insert">;

export interface ActivityInput {
  clientId: string;
  projectId: string | null;
  actorId: string | null;
  kind: string;
  data?: Record<string, unknown>;
}

export async function recordActivity(tx: Executor, input: ActivityInput) {
  await tx.insert(activity).values({ ...input, data: input.data ?? {} });
}

export interface ActivityRow {
  id: string;
  projectId: string | null;
  actorId: string | null;
  actorName: string | null;
  kind: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** The latest activity the scope may see, newest first (optionally of one project). */
export function listActivity(
  db: Database,
  scope: Scope,
  options: { projectId?: string; limit?: number } = {},
): Promise<ActivityRow[]> {
  return db
    .select({
      id: activity.id,
      projectId: activity.projectId,
      actorId: activity.actorId,
      actorName: profiles.fullName,
      kind: activity.kind,
      data: activity.data,
      createdAt: activity.createdAt,
    })
    .from(activity)
    .leftJoin(profiles, eq(profiles.id, activity.actorId))
    .where(
      and(
        scopeWhere(scope, activity.clientId),
        options.projectId ? eq(activity.projectId, options.projectId) : undefined,
      ),
    )
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(options.limit ?? 20);
}
