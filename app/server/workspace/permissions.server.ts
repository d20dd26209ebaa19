/**
 * Who may do what in the workspace (decision 050): the one home of the rules that depend on the
 * side a person acts for. The agency's side (its staff) works on every client in its scope; a
 * client's side (its contacts) sees its client's work, answers it, and changes only what it
 * made itself: a project of its own until the agency takes it on. Domains ask these; the
 * portal's routes hide what they say no to, and the server refuses it with 403.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { projects } from "../db/schema.server";
import { recordActivity } from "./activity.server";
import type { Scope } from "./scope.server";

/** The side a person acts for: the agency's staff, or a client's contact. */
export type Side = "agency" | "client";

/**
 * The side a scope acts for. Every client's scope and a team member's are the agency's; one
 * client's is that client's contact (an administrator viewing as a client acts for nobody: the
 * portal's context refuses every write while viewing, before anything asks this).
 */
export function sideOf(scope: Scope): Side {
  return scope.kind === "client" ? "client" : "agency";
}

/** The refusal of a change to the agency's work by a client's contact (403). */
export const AGENCY_WORK =
  "This is the agency's work: only the team can change it. Send the team a message instead.";

/**
 * May this scope change or delete this project (one it can see)? The agency: always. A contact:
 * only while the project is the client's own (made with 'New Project', not yet taken on).
 */
export function mayChangeProject(scope: Scope, project: { takenOnAt: Date | null }): boolean {
  return sideOf(scope) === "agency" || project.takenOnAt === null;
}

type Tx = Pick<Database, "update" | "insert">;

/**
 * The agency takes a client's own project on (its 'Take on' button, or its first milestone or
 * file on it): from then on only the agency changes it. Recorded once; true when it happened now.
 */
export async function takeOnIn(
  tx: Tx,
  project: { id: string; clientId: string },
  actorId: string,
): Promise<boolean> {
  const [taken] = await tx
    .update(projects)
    .set({ takenOnAt: sql`now()` })
    .where(and(eq(projects.id, project.id), isNull(projects.takenOnAt)))
    .returning({ title: projects.title });
  if (!taken) return false;
  await recordActivity(tx, {
    clientId: project.clientId,
    projectId: project.id,
    actorId,
    kind: "project.taken_on",
    data: { title: taken.title },
  });
  return true;
}

/** The refusal of a contact's delete of a file that is not all their own upload (403). */
export const NOT_YOUR_UPLOAD =
  "You can delete only files you uploaded yourself. The team deletes the rest.";

/**
 * May this person delete this file (every version of it)? The agency: any file. A contact: only
 * a file of the client's side whose every version they uploaded themselves (decision 051).
 */
export function mayDeleteFile(
  actor: { id: string; side: Side },
  file: { side: Side; uploaders: (string | null)[] },
): boolean {
  if (actor.side === "agency") return true;
  return file.side === "client" && file.uploaders.every((id) => id === actor.id);
}
