import { and, count, desc, eq, sql } from "drizzle-orm";
import type { ProjectInput } from "~/lib/validation/portal";
import type { Database } from "../db/client.server";
import { projects } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { publishChange } from "./events.server";

export type Project = typeof projects.$inferSelect;

const columns = {
  id: projects.id,
  title: projects.title,
  description: projects.description,
  status: projects.status,
  priority: projects.priority,
  progress: projects.progress,
  createdAt: projects.createdAt,
};
export type ProjectRow = Pick<Project, keyof typeof columns>;

/** The user's projects, newest first. */
export function listProjects(db: Database, userId: string, limit?: number): Promise<ProjectRow[]> {
  const query = db
    .select(columns)
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return limit ? query.limit(limit) : query;
}

/** Counts over all of the user's projects (not only those shown). */
export async function projectCounts(db: Database, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${projects.status} = 'active')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${projects.status} = 'completed')`.mapWith(
        Number,
      ),
    })
    .from(projects)
    .where(eq(projects.userId, userId));
  return { total: row?.total ?? 0, active: row?.active ?? 0, completed: row?.completed ?? 0 };
}

export async function createProject(db: Database, userId: string, input: ProjectInput) {
  const [row] = await db
    .insert(projects)
    .values({ ...input, userId })
    .returning(columns);
  publishChange("projects", [userId], userId);
  return row as ProjectRow;
}

const PROJECT_NOT_FOUND = "Project not found";

/** Update one of the user's own projects; refused (404) when it is not theirs or does not exist. */
export async function updateProject(
  db: Database,
  userId: string,
  id: string,
  input: ProjectInput,
): Promise<Outcome<{ project: ProjectRow }>> {
  const [row] = await db
    .update(projects)
    .set(input)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning(columns);
  if (!row) return refused(404, PROJECT_NOT_FOUND);
  publishChange("projects", [userId], userId);
  return { ok: true, project: row };
}

/** Delete one of the user's own projects; refused (404) when it is not theirs or does not exist. */
export async function deleteProject(db: Database, userId: string, id: string): Promise<Outcome> {
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  if (rows.length === 0) return refused(404, PROJECT_NOT_FOUND);
  publishChange("projects", [userId], userId);
  return { ok: true };
}
