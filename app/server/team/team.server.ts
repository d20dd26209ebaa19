/**
 * The agency's team: its administrators and team members (decisions 018, 022, 065). Members
 * join by invitation (invitations/invitations.server.ts, no client), as the role it names;
 * 'Remove administrator role' never removes the last administrator.
 */
import { asc, eq, sql } from "drizzle-orm";
import { lockAdministrators } from "../accounts/roles.server";
import type { Database } from "../db/client.server";
import { clientAssignments, profiles, type Role, user, userRoles } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { publishAccessChanged } from "../workspace/events.server";
import { clientNameFor, createClient } from "../workspace/membership.server";

export interface TeamMember {
  id: string;
  name: string | null;
  email: string;
  role: Role;
  since: Date;
  twoFactorEnabled: boolean;
  /** A team member given billing (decision 072); an administrator always has it. */
  billing: boolean;
  /** A team member's assigned clients, by name (an administrator sees every client). */
  clients: { id: string; name: string }[];
}

/** Everyone on the team, administrators first, then longest-serving first. */
export function listTeam(db: Database): Promise<TeamMember[]> {
  return db
    .select({
      id: user.id,
      name: profiles.fullName,
      email: user.email,
      role: userRoles.role,
      since: userRoles.createdAt,
      twoFactorEnabled: user.twoFactorEnabled,
      billing: userRoles.billing,
      clients: sql<{ id: string; name: string }[]>`(
        select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name)
                                 order by c.name, c.id), '[]'::json)
          from client_assignments a join clients c on c.id = a.client_id
         where a.user_id = "user"."id")`,
    })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .orderBy(sql`${userRoles.role} = 'admin' desc`, asc(userRoles.createdAt), asc(user.id))
    .limit(500);
}

export const LAST_ADMIN_MESSAGE =
  "You can't remove the last administrator. Invite another team member first.";
export const NOT_AN_ADMIN_MESSAGE = "This person is not an administrator.";
export const NOT_A_TEAM_MEMBER_MESSAGE = "This person is not a team member.";

/**
 * 'Remove team member role': as 'Remove administrator role', the person stays a user of the
 * portal, as the contact of a client of their own, and loses their assignments.
 */
export async function removeTeamMember(
  db: Database,
  userId: string,
): Promise<Outcome<{ userId: string }>> {
  const result = await db.transaction(async (tx): Promise<Outcome<{ userId: string }>> => {
    const removed = await tx
      .delete(userRoles)
      .where(sql`${userRoles.userId} = ${userId} and ${userRoles.role} = 'team'`)
      .returning({ userId: userRoles.userId });
    if (removed.length === 0) return refused(404, NOT_A_TEAM_MEMBER_MESSAGE);
    await tx.delete(clientAssignments).where(eq(clientAssignments.userId, userId));
    await becomeOwnClient(tx, userId);
    return { ok: true, userId };
  });
  if (result.ok) publishAccessChanged([userId]);
  return result;
}

/** The person leaves the team as the contact of a client of their own, named after them. */
async function becomeOwnClient(tx: Pick<Database, "select" | "insert" | "update">, userId: string) {
  const [person] = await tx
    .select({ name: profiles.fullName, email: user.email })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  const client = await createClient(tx, clientNameFor(person ?? { email: userId }));
  await tx
    .insert(profiles)
    .values({ id: userId, clientId: client.id })
    .onConflictDoUpdate({ target: profiles.id, set: { clientId: client.id } });
}

/**
 * 'Remove administrator role': the person stays a user of the portal, as the contact of a
 * client of their own (named after them, as at sign-up), and sees only that client from their
 * next request on. Never the last administrator who stays (`lockAdministrators`), so two
 * removals at once cannot leave none.
 */
export async function removeAdministrator(
  db: Database,
  userId: string,
): Promise<Outcome<{ userId: string }>> {
  const result = await db.transaction(async (tx): Promise<Outcome<{ userId: string }>> => {
    const admins = await lockAdministrators(tx, userId);
    if (!admins.isAdmin) return refused(404, NOT_AN_ADMIN_MESSAGE);
    // One whose account deletion is scheduled does not stay (issue 29).
    if (admins.othersStaying < 1) return refused(409, LAST_ADMIN_MESSAGE);
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await becomeOwnClient(tx, userId);
    return { ok: true, userId };
  });
  // A staff stream must not outlive the role (issue 29): it ends, and reconnects as a contact.
  if (result.ok) publishAccessChanged([userId]);
  return result;
}
