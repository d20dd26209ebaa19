/**
 * The agency's internal notes (decision 066) on a client, a project or a lead. Only the agency's
 * side reads or writes them: a route asks `sideOf(scope) === "agency"` (or is an administrator's
 * page) before it calls these, and a contact's pages never load them.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { internalNotes, profiles, user } from "../db/schema.server";

/** What a note is on: exactly one of a client, a project or a lead. */
export type NoteTarget = { clientId: string } | { projectId: string } | { leadId: string };

export interface NoteItem {
  id: string;
  body: string;
  authorName: string | null;
  createdAt: Date;
}

function targetWhere(target: NoteTarget) {
  if ("clientId" in target) return eq(internalNotes.clientId, target.clientId);
  if ("projectId" in target) return eq(internalNotes.projectId, target.projectId);
  return eq(internalNotes.leadId, target.leadId);
}

export const NOTES_SHOWN = 50;

/** The newest notes on the target. */
export function listNotes(db: Database, target: NoteTarget): Promise<NoteItem[]> {
  return db
    .select({
      id: internalNotes.id,
      body: internalNotes.body,
      authorName: sql<string | null>`coalesce(${profiles.fullName}, ${user.name})`,
      createdAt: internalNotes.createdAt,
    })
    .from(internalNotes)
    .leftJoin(user, eq(user.id, internalNotes.authorId))
    .leftJoin(profiles, eq(profiles.id, internalNotes.authorId))
    .where(targetWhere(target))
    .orderBy(desc(internalNotes.createdAt), desc(internalNotes.id))
    .limit(NOTES_SHOWN);
}

/** Add a note (the caller has checked the target is the agency's to see). */
export async function addNote(
  db: Database,
  authorId: string,
  target: NoteTarget,
  body: string,
): Promise<void> {
  await db.insert(internalNotes).values({ ...target, authorId, body });
}
