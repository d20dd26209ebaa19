/**
 * Projects belong to a client (decision 018): every contact of the client sees them, and
 * administrators work on every client's. Every query takes the person's `Scope`. A contact
 * changes only a project of the client's own that the agency has not taken on (decision 050,
 * workspace/permissions.server.ts).
 */
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { type Cursor, PAGE_SIZE, type Page, toPage } from "~/lib/pagination";
import type { ProjectInput } from "~/lib/validation/portal";
import type { Database } from "../db/client.server";
import { prepared } from "../db/prepared.server";
import { clients, projects } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { afterCursor } from "../pagination.server";
import { recordActivity } from "../workspace/activity.server";
import { publishChange } from "../workspace/events.server";
import { AGENCY_WORK, mayChangeProject, sideOf, takeOnIn } from "../workspace/permissions.server";
import {
  PROJECT_NOT_FOUND,
  parseId,
  type Scope,
  scopeParams,
  scopePlaceholder,
  scopeWhere,
} from "../workspace/scope.server";

export type Project = typeof projects.$inferSelect;

const columns = {
  id: projects.id,
  clientId: projects.clientId,
  clientName: clients.name,
  title: projects.title,
  description: projects.description,
  status: projects.status,
  priority: projects.priority,
  progress: projects.progress,
  startDate: projects.startDate,
  dueDate: projects.dueDate,
  takenOnAt: projects.takenOnAt,
  createdAt: projects.createdAt,
};
export interface ProjectRow
  extends Pick<
    Project,
    | "id"
    | "clientId"
    | "title"
    | "description"
    | "status"
    | "priority"
    | "progress"
    | "startDate"
    | "dueDate"
    | "takenOnAt"
    | "createdAt"
  > {
  clientName: string;
}

/**
 * What a project's page shows about the project itself (`projectId` is one `findProject` found
 * in the person's scope): its fields, whether progress comes from its milestones, its client.
 */
export async function getProjectDetails(db: Database, projectId: string) {
  const [details] = await db
    .select({
      id: projects.id,
      title: projects.title,
      description: projects.description,
      status: projects.status,
      priority: projects.priority,
      progress: projects.progress,
      progressFromMilestones: projects.progressFromMilestones,
      takenOnAt: projects.takenOnAt,
      createdAt: projects.createdAt,
      clientName: clients.name,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, projectId));
  return details ?? null;
}

export interface ProjectListOptions {
  /** An administrator's client filter (ignored outside the scope). */
  clientId?: string | null;
  cursor?: Cursor | null;
  limit?: number;
}

function listWhere(scope: Scope, options: ProjectListOptions) {
  return and(
    scopeWhere(scope, projects.clientId),
    options.clientId ? eq(projects.clientId, options.clientId) : undefined,
  );
}

function projectList(db: Database, where: SQL | undefined) {
  return db
    .select(columns)
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(where)
    .orderBy(desc(projects.createdAt), desc(projects.id));
}

/**
 * The projects the scope may see, newest first: one page. The first page of everything the
 * scope sees (the dashboard, the list as it opens) is a prepared statement.
 */
export async function listProjects(
  db: Database,
  scope: Scope,
  options: ProjectListOptions = {},
): Promise<Page<ProjectRow>> {
  const limit = options.limit ?? PAGE_SIZE;
  const rows =
    !options.cursor && !options.clientId
      ? await prepared(db, `projects_first_page_${scope.kind}`, (name) =>
          projectList(db, scopePlaceholder(scope, projects.clientId))
            .limit(sql.placeholder("limit"))
            .prepare(name),
        ).execute({ ...scopeParams(scope), limit: limit + 1 })
      : await projectList(
          db,
          and(
            listWhere(scope, options),
            afterCursor(options.cursor ?? null, projects.createdAt, projects.id),
          ),
        ).limit(limit + 1);
  return toPage(rows as ProjectRow[], limit);
}

/**
 * One project the scope may see, as the list shows it (null: none, or not the scope's): a row
 * the address names (`?dialog=edit-project&item=<id>`) that the list's page does not hold.
 */
export async function getProjectRow(
  db: Database,
  scope: Scope,
  projectId: unknown,
): Promise<ProjectRow | null> {
  const id = parseId(projectId);
  if (!id) return null;
  const [row] = await projectList(
    db,
    and(eq(projects.id, id), scopeWhere(scope, projects.clientId)),
  ).limit(1);
  return (row as ProjectRow | undefined) ?? null;
}

function countsQuery(db: Database, where: SQL | undefined) {
  return db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${projects.status} = 'active')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${projects.status} = 'completed')`.mapWith(
        Number,
      ),
    })
    .from(projects)
    .where(where);
}

/** Counts over every project the scope may see (not only those shown); prepared. */
export async function projectCounts(
  db: Database,
  scope: Scope,
  options: Pick<ProjectListOptions, "clientId"> = {},
) {
  const [row] = options.clientId
    ? await countsQuery(db, listWhere(scope, options))
    : await prepared(db, `project_counts_${scope.kind}`, (name) =>
        countsQuery(db, scopePlaceholder(scope, projects.clientId)).prepare(name),
      ).execute(scopeParams(scope));
  return { total: row?.total ?? 0, active: row?.active ?? 0, completed: row?.completed ?? 0 };
}

async function projectRow(db: Pick<Database, "select">, id: string) {
  const [row] = await db
    .select(columns)
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, id));
  return row as ProjectRow;
}

/**
 * Create a project for a client the scope may see: a contact's own client (the client's own
 * project, until the agency takes it on), or any client for an administrator (who must name
 * it; the agency's from the start).
 */
export async function createProject(
  db: Database,
  scope: Scope,
  actorId: string,
  input: ProjectInput & { clientId?: string | null },
): Promise<Outcome<{ project: ProjectRow }>> {
  const clientId = scope.kind === "client" ? scope.clientId : parseId(input.clientId);
  if (!clientId) return refused(400, "Choose a client");
  const { clientId: _ignored, ...fields } = input;
  const created = await db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, clientId), scopeWhere(scope, clients.id)))
      .limit(1);
    if (!client) return null;
    const [row] = await tx
      .insert(projects)
      .values({
        ...fields,
        clientId,
        createdBy: actorId,
        ...(sideOf(scope) === "client" ? { takenOnAt: null } : {}),
      })
      .returning({ id: projects.id });
    const id = (row as { id: string }).id;
    await recordActivity(tx, {
      clientId,
      projectId: id,
      actorId,
      kind: "project.created",
      data: { title: fields.title, status: fields.status, progress: fields.progress },
    });
    return projectRow(tx, id);
  });
  if (!created) return refused(400, "Choose a client");
  publishChange("projects", { clientIds: [clientId] }, actorId);
  return { ok: true, project: created };
}

const TRACKED = ["title", "status", "priority", "progress"] as const;

/**
 * Update a project the scope may see: refused 404 when it cannot see it (or it does not exist),
 * 403 when it may not change it (a contact, once the agency has taken it on).
 */
export async function updateProject(
  db: Database,
  scope: Scope,
  actorId: string,
  projectId: unknown,
  input: ProjectInput,
  options: { announce?: boolean } = {},
): Promise<Outcome<{ project: ProjectRow }>> {
  const id = parseId(projectId);
  if (!id) return refused(404, PROJECT_NOT_FOUND);
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.id, id), scopeWhere(scope, projects.clientId)))
      .for("update");
    if (!before) return refused(404, PROJECT_NOT_FOUND);
    if (!mayChangeProject(scope, before)) return refused(403, AGENCY_WORK);
    // A project whose progress comes from its milestones keeps it: the slider does not set it.
    const values = before.progressFromMilestones ? { ...input, progress: before.progress } : input;
    await tx.update(projects).set(values).where(eq(projects.id, id));
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of TRACKED) {
      if (before[field] !== values[field])
        changes[field] = { from: before[field], to: values[field] };
    }
    if (Object.keys(changes).length > 0) {
      await recordActivity(tx, {
        clientId: before.clientId,
        projectId: id,
        actorId,
        kind: "project.updated",
        data: { changes },
        // The agency's edits are internal unless it announces them (decision 066); a contact's
        // edit of their own project is theirs to see.
        audience: sideOf(scope) === "agency" && !options.announce ? "agency" : "client",
      });
    }
    return { ok: true as const, project: await projectRow(tx, id) };
  });
  if (!updated.ok) return updated;
  publishChange("projects", { clientIds: [updated.project.clientId] }, actorId);
  return updated;
}

/**
 * Delete a project the scope may see: refused 404 when it cannot see it (or it does not exist),
 * 403 when it may not change it (a contact, once the agency has taken it on).
 */
export async function deleteProject(
  db: Database,
  scope: Scope,
  actorId: string,
  projectId: unknown,
): Promise<Outcome> {
  const id = parseId(projectId);
  if (!id) return refused(404, PROJECT_NOT_FOUND);
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ clientId: projects.clientId, title: projects.title, takenOnAt: projects.takenOnAt })
      .from(projects)
      .where(and(eq(projects.id, id), scopeWhere(scope, projects.clientId)))
      .for("update");
    if (!row) return refused(404, PROJECT_NOT_FOUND);
    if (!mayChangeProject(scope, row)) return refused(403, AGENCY_WORK);
    await tx.delete(projects).where(eq(projects.id, id));
    await recordActivity(tx, {
      clientId: row.clientId,
      projectId: null,
      actorId,
      kind: "project.deleted",
      data: { projectId: id, title: row.title },
    });
    return { ok: true as const, clientId: row.clientId };
  });
  if (!deleted.ok) return deleted;
  publishChange("projects", { clientIds: [deleted.clientId] }, actorId);
  return { ok: true };
}

/**
 * 'Take on' (the agency, on a client's own project): from then on only the agency changes it.
 * Refused 404 outside the scope, 403 for a contact; taking on a project already taken is no
 * change.
 */
export async function takeOnProject(
  db: Database,
  scope: Scope,
  actorId: string,
  projectId: unknown,
): Promise<Outcome<{ changed: boolean }>> {
  const id = parseId(projectId);
  if (!id) return refused(404, PROJECT_NOT_FOUND);
  if (sideOf(scope) !== "agency") return refused(403, AGENCY_WORK);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: projects.id, clientId: projects.clientId })
      .from(projects)
      .where(and(eq(projects.id, id), scopeWhere(scope, projects.clientId)))
      .for("update");
    if (!row) return refused(404, PROJECT_NOT_FOUND);
    return { ok: true as const, clientId: row.clientId, changed: await takeOnIn(tx, row, actorId) };
  });
  if (!outcome.ok) return outcome;
  if (outcome.changed) publishChange("projects", { clientIds: [outcome.clientId] }, actorId);
  return { ok: true, changed: outcome.changed };
}

/** How many of a client's projects a form's 'Project' select offers (the newest). */
export const PROJECT_CHOICES = 200;

/** A client's projects (within the scope) to pick one from: the newest first. */
export function listProjectChoices(
  db: Database,
  scope: Scope,
  clientId: string,
): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(and(scopeWhere(scope, projects.clientId), eq(projects.clientId, clientId)))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(PROJECT_CHOICES);
}
