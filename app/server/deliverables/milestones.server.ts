/**
 * A project's milestones: administrators add, edit, order and delete them; everyone entitled to
 * the project reads them. The first milestone on a client's own project takes it on (decision
 * 050). A project whose progress comes from its milestones has its progress
 * set here, whenever they change, to the share that is done (in the slider's steps of 5).
 */
import { and, asc, desc, eq, gt, lt, max } from "drizzle-orm";
import { progressFromMilestones } from "~/lib/milestones";
import type { MilestoneInput, MilestoneStatus } from "~/lib/validation/deliverables";
import type { Database } from "../db/client.server";
import { milestones, projects } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { recordActivity } from "../workspace/activity.server";
import { publishChange } from "../workspace/events.server";
import { takeOnIn } from "../workspace/permissions.server";
import { PROJECT_NOT_FOUND } from "../workspace/scope.server";
import type { ProjectKey } from "./files.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const MILESTONE_NOT_FOUND = "Milestone not found";

export interface MilestoneItem {
  id: string;
  title: string;
  description: string | null;
  dueDate: string;
  status: MilestoneStatus;
  position: number;
}

const columns = {
  id: milestones.id,
  title: milestones.title,
  description: milestones.description,
  dueDate: milestones.dueDate,
  status: milestones.status,
  position: milestones.position,
};

export function listMilestones(db: Database, projectId: string): Promise<MilestoneItem[]> {
  return db
    .select(columns)
    .from(milestones)
    .where(eq(milestones.projectId, projectId))
    .orderBy(asc(milestones.position), asc(milestones.id));
}

/**
 * When the project takes its progress from its milestones, set it from them (recording the
 * change as the project's own progress change). True when the progress moved.
 */
async function syncProgress(tx: Tx, project: ProjectKey, actorId: string): Promise<boolean> {
  const [row] = await tx
    .select({ progress: projects.progress, fromMilestones: projects.progressFromMilestones })
    .from(projects)
    .where(eq(projects.id, project.id))
    .for("update");
  if (!row?.fromMilestones) return false;
  const statuses = await tx
    .select({ status: milestones.status })
    .from(milestones)
    .where(eq(milestones.projectId, project.id));
  const progress = progressFromMilestones(statuses.map((s) => s.status));
  if (progress === row.progress) return false;
  await tx.update(projects).set({ progress }).where(eq(projects.id, project.id));
  await recordActivity(tx, {
    clientId: project.clientId,
    projectId: project.id,
    actorId,
    kind: "project.updated",
    data: { changes: { progress: { from: row.progress, to: progress } } },
    // A progress edit is the agency's own (decision 066): the milestone's line is the client's.
    audience: "agency",
  });
  return true;
}

function announce(project: ProjectKey, actorId: string, progressMoved: boolean) {
  publishChange("milestones", { clientIds: [project.clientId] }, actorId);
  if (progressMoved) publishChange("projects", { clientIds: [project.clientId] }, actorId);
}

export async function createMilestone(
  db: Database,
  project: ProjectKey,
  actorId: string,
  input: MilestoneInput,
): Promise<MilestoneItem> {
  const { row, moved } = await db.transaction(async (tx) => {
    // The project's row orders concurrent additions.
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, project.id))
      .for("update");
    const [last] = await tx
      .select({ position: max(milestones.position) })
      .from(milestones)
      .where(eq(milestones.projectId, project.id));
    const [row] = await tx
      .insert(milestones)
      .values({
        ...input,
        clientId: project.clientId,
        projectId: project.id,
        position: (last?.position ?? 0) + 1,
        createdBy: actorId,
      })
      .returning(columns);
    const created = row as MilestoneItem;
    await recordActivity(tx, {
      clientId: project.clientId,
      projectId: project.id,
      actorId,
      kind: "milestone.created",
      data: { milestoneId: created.id, title: created.title, dueDate: created.dueDate },
    });
    const takenOn = await takeOnIn(tx, project, actorId);
    return { row: created, moved: (await syncProgress(tx, project, actorId)) || takenOn };
  });
  announce(project, actorId, moved);
  return row;
}

type Change<T> = { from: T; to: T };

export async function updateMilestone(
  db: Database,
  project: ProjectKey,
  actorId: string,
  id: string,
  input: MilestoneInput,
): Promise<Outcome<{ milestone: MilestoneItem }>> {
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(milestones)
      .where(and(eq(milestones.id, id), eq(milestones.projectId, project.id)))
      .for("update");
    if (!before) return refused(404, MILESTONE_NOT_FOUND);
    const [after] = await tx
      .update(milestones)
      .set(input)
      .where(eq(milestones.id, id))
      .returning(columns);
    const changes: Record<string, Change<string | null>> = {};
    for (const field of ["title", "dueDate", "status", "description"] as const) {
      if (before[field] !== input[field])
        changes[field] = { from: before[field], to: input[field] };
    }
    if (Object.keys(changes).length > 0) {
      await recordActivity(tx, {
        clientId: project.clientId,
        projectId: project.id,
        actorId,
        kind: "milestone.updated",
        data: { milestoneId: id, title: input.title, changes },
      });
    }
    return {
      ok: true as const,
      milestone: after as MilestoneItem,
      moved: await syncProgress(tx, project, actorId),
    };
  });
  if (!outcome.ok) return outcome;
  announce(project, actorId, outcome.moved);
  return { ok: true, milestone: outcome.milestone };
}

export async function deleteMilestone(
  db: Database,
  project: ProjectKey,
  actorId: string,
  id: string,
): Promise<Outcome<{ title: string }>> {
  const outcome = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(milestones)
      .where(and(eq(milestones.id, id), eq(milestones.projectId, project.id)))
      .returning({ title: milestones.title });
    if (!gone) return refused(404, MILESTONE_NOT_FOUND);
    await recordActivity(tx, {
      clientId: project.clientId,
      projectId: project.id,
      actorId,
      kind: "milestone.deleted",
      data: { milestoneId: id, title: gone.title },
    });
    return {
      ok: true as const,
      title: gone.title,
      moved: await syncProgress(tx, project, actorId),
    };
  });
  if (!outcome.ok) return outcome;
  announce(project, actorId, outcome.moved);
  return { ok: true, title: outcome.title };
}

/** Swap a milestone with the one before ('up') or after it ('down'); at either end, no change. */
export async function moveMilestone(
  db: Database,
  project: ProjectKey,
  actorId: string,
  id: string,
  direction: "up" | "down",
): Promise<Outcome> {
  const outcome = await db.transaction(async (tx) => {
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, project.id))
      .for("update");
    const [current] = await tx
      .select({ id: milestones.id, position: milestones.position })
      .from(milestones)
      .where(and(eq(milestones.id, id), eq(milestones.projectId, project.id)));
    if (!current) return refused(404, MILESTONE_NOT_FOUND);
    const [neighbour] = await tx
      .select({ id: milestones.id, position: milestones.position })
      .from(milestones)
      .where(
        and(
          eq(milestones.projectId, project.id),
          direction === "up"
            ? lt(milestones.position, current.position)
            : gt(milestones.position, current.position),
        ),
      )
      .orderBy(direction === "up" ? desc(milestones.position) : asc(milestones.position))
      .limit(1);
    if (!neighbour) return { ok: true as const, moved: false };
    await tx
      .update(milestones)
      .set({ position: neighbour.position })
      .where(eq(milestones.id, current.id));
    await tx
      .update(milestones)
      .set({ position: current.position })
      .where(eq(milestones.id, neighbour.id));
    return { ok: true as const, moved: true };
  });
  if (!outcome.ok) return outcome;
  if (outcome.moved) publishChange("milestones", { clientIds: [project.clientId] }, actorId);
  return { ok: true };
}

/**
 * The project's switch 'Progress from milestones'. Turning it on sets the progress from the
 * milestones at once; turning it off leaves the progress where it is, for the slider.
 */
export async function setProgressFromMilestones(
  db: Database,
  project: ProjectKey,
  actorId: string,
  on: boolean,
): Promise<Outcome<{ progress: number }>> {
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fromMilestones: projects.progressFromMilestones })
      .from(projects)
      .where(eq(projects.id, project.id))
      .for("update");
    if (!before) return refused(404, PROJECT_NOT_FOUND);
    if (before.fromMilestones !== on) {
      await tx
        .update(projects)
        .set({ progressFromMilestones: on })
        .where(eq(projects.id, project.id));
      await recordActivity(tx, {
        clientId: project.clientId,
        projectId: project.id,
        actorId,
        kind: "project.updated",
        data: { changes: { progressFromMilestones: { from: before.fromMilestones, to: on } } },
        audience: "agency",
      });
    }
    await syncProgress(tx, project, actorId);
    const [after] = await tx
      .select({ progress: projects.progress })
      .from(projects)
      .where(eq(projects.id, project.id));
    return {
      ok: true as const,
      progress: after?.progress ?? 0,
      changed: before.fromMilestones !== on,
    };
  });
  if (!outcome.ok) return outcome;
  if (outcome.changed) publishChange("projects", { clientIds: [project.clientId] }, actorId);
  return { ok: true, progress: outcome.progress };
}
