/**
 * The agency's team: its administrators (decision 018, 022). Members join by invitation
 * (invitations/invitations.server.ts, no client); 'Remove administrator role' never removes
 * the last one.
 */
import { asc, eq } from "drizzle-orm";
import { lockAdministrators } from "../accounts/roles.server";
import type { Database } from "../db/client.server";
import { profiles, user, userRoles } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { publishAccessChanged } from "../workspace/events.server";
import { clientNameFor, createClient } from "../workspace/membership.server";

export interface TeamMember {
  id: string;
  name: string | null;
  email: string;
  since: Date;
  twoFactorEnabled: boolean;
}

/** Every administrator, longest-serving first. */
export function listTeam(db: Database): Promise<TeamMember[]> {
  return db
    .select({
      id: user.id,
      name: profiles.fullName,
      email: user.email,
      since: userRoles.createdAt,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(userRoles.role, "admin"))
    .orderBy(asc(userRoles.createdAt), asc(user.id))
    .limit(500);
}

export const LAST_ADMIN_MESSAGE =
  "You can't remove the last administrator. Invite another team member first.";
export const NOT_AN_ADMIN_MESSAGE = "This person is not an administrator.";

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
    return { ok: true, userId };
  });
  // A staff stream must not outlive the role (issue 29): it ends, and reconnects as a contact.
  if (result.ok) publishAccessChanged([userId]);
  return result;
}
