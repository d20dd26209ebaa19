/**
 * Which clients a team member works on (decision 065). An administrator assigns team members
 * on a client's page; a team member's scope (`{ kind: "team" }`, workspace/scope.server.ts)
 * reads `client_assignments` in every query, so an assignment counts from the next request on.
 * Their open event streams end when it changes, and reconnect hearing the clients they have now.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { clientAssignments, clients, profiles, user, userRoles } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { publishAccessChanged, publishChange } from "../workspace/events.server";
import { parseId, parseUserId } from "../workspace/scope.server";

export const TEAM_MEMBER_NOT_FOUND = "Team member not found";
export const CLIENT_NOT_FOUND = "Client not found";

export interface AssignedPerson {
  id: string;
  name: string | null;
  email: string;
}

/** The clients assigned to a team member (their event stream's audience). */
export async function assignedClientIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ clientId: clientAssignments.clientId })
    .from(clientAssignments)
    .where(eq(clientAssignments.userId, userId));
  return rows.map((r) => r.clientId);
}

/** The team members assigned to a client, by name. */
export function listAssigned(db: Database, clientId: string): Promise<AssignedPerson[]> {
  return db
    .select({ id: user.id, name: profiles.fullName, email: user.email })
    .from(clientAssignments)
    .innerJoin(user, eq(user.id, clientAssignments.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(clientAssignments.clientId, clientId))
    .orderBy(asc(profiles.fullName), asc(user.email));
}

/** Every team member (the role, not the administrators): the choices of 'Assign'. */
export function listTeamMembers(db: Database): Promise<AssignedPerson[]> {
  return db
    .select({ id: user.id, name: profiles.fullName, email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(userRoles.role, "team"))
    .orderBy(asc(profiles.fullName), asc(user.email))
    .limit(500);
}

async function teamMemberAndClient(
  db: Pick<Database, "select">,
  userId: unknown,
  clientId: string,
): Promise<Outcome<{ userId: string }>> {
  const id = parseUserId(userId) ?? "";
  const [member] = id
    ? await db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.userId, id), eq(userRoles.role, "team")))
        .limit(1)
    : [];
  if (!member) return refused(404, TEAM_MEMBER_NOT_FOUND);
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!client) return refused(404, CLIENT_NOT_FOUND);
  return { ok: true, userId: member.id };
}

/** Assign a team member to a client (an administrator's action; assigning twice is one). */
export async function assignTeamMember(
  db: Database,
  actorId: string,
  clientIdInput: unknown,
  userId: unknown,
): Promise<Outcome<{ userId: string }>> {
  const clientId = parseId(clientIdInput);
  if (!clientId) return refused(404, CLIENT_NOT_FOUND);
  const found = await teamMemberAndClient(db, userId, clientId);
  if (!found.ok) return found;
  await db
    .insert(clientAssignments)
    .values({ userId: found.userId, clientId, assignedBy: actorId })
    .onConflictDoNothing();
  publishAccessChanged([found.userId]);
  publishChange("clients", { clientIds: [clientId] }, actorId);
  return found;
}

/** Take a team member off a client: from their next request on they no longer see it. */
export async function unassignTeamMember(
  db: Database,
  actorId: string,
  clientIdInput: unknown,
  userId: unknown,
): Promise<Outcome<{ userId: string }>> {
  const clientId = parseId(clientIdInput);
  if (!clientId) return refused(404, CLIENT_NOT_FOUND);
  const id = parseUserId(userId) ?? "";
  const removed = await db
    .delete(clientAssignments)
    .where(and(eq(clientAssignments.userId, id), eq(clientAssignments.clientId, clientId)))
    .returning({ userId: clientAssignments.userId });
  if (removed.length === 0) return refused(404, TEAM_MEMBER_NOT_FOUND);
  publishAccessChanged([id]);
  publishChange("clients", { clientIds: [clientId] }, actorId);
  return { ok: true, userId: id };
}
