import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.server";
import { prepared } from "../db/prepared.server";
import {
  accountDeletions,
  clientAssignments,
  clients,
  notifications,
  profiles,
  type Role,
  user,
  userRoles,
} from "../db/schema.server";

export interface PortalUser {
  id: string;
  email: string;
  fullName: string | null;
  role: Role | null;
  /** The client this person is a contact of (null for agency staff). */
  clientId: string | null;
  clientName: string | null;
  /** Signs in with an authenticator app code as well as the password. */
  twoFactorEnabled: boolean;
  /** Their unread notifications (the portal header's bell). */
  unreadNotifications: number;
}

/** Is this person an administrator (Owner/Administrator)? The one way the role is asked. */
export function isAdmin(person: { role: Role | null }): boolean {
  return person.role === "admin";
}

/** Is this person agency staff (an administrator or a team member, decision 065)? */
export function isStaff(person: { role: Role | null }): boolean {
  return person.role === "admin" || person.role === "team";
}

/** A PortalUser's columns, and the pending deletion notice's, read beside `user`. */
export const portalUserColumns = {
  id: user.id,
  email: user.email,
  fullName: profiles.fullName,
  role: userRoles.role,
  clientId: profiles.clientId,
  clientName: clients.name,
  twoFactorEnabled: user.twoFactorEnabled,
  /**
   * The bell's count, read in the same statement (decision 056): their unread notifications of
   * no client or of the client they belong to now (every one, for an administrator; of their
   * assigned clients, for a team member).
   */
  unreadNotifications: sql<number>`(select count(*)::int from ${notifications} n
    where n.user_id = ${user.id} and n.read_at is null
      and (n.client_id is null or n.client_id = ${profiles.clientId} or ${userRoles.role} = 'admin'
        or (${userRoles.role} = 'team' and n.client_id in
          (select a.client_id from ${clientAssignments} a where a.user_id = ${user.id}))))`,
  cancelledDeletion: accountDeletions.userId,
};

/** The joins `portalUserColumns` needs, onto a query that has `user`. */
export function joinPortalUser<T extends PgSelect>(query: T) {
  return query
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(clients, eq(clients.id, profiles.clientId))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(
      accountDeletions,
      and(
        eq(accountDeletions.userId, user.id),
        isNotNull(accountDeletions.cancelledAt),
        isNull(accountDeletions.erasedAt),
      ),
    );
}

export type PortalUserRow = PortalUser & { deletionCancelled: boolean };

/** A row of `portalUserColumns` as the portal uses it. */
export function toPortalUser(
  row: {
    [K in keyof typeof portalUserColumns]: unknown;
  },
): PortalUserRow {
  const { cancelledDeletion, ...portalUser } = row as PortalUser & { cancelledDeletion: unknown };
  return { ...portalUser, deletionCancelled: cancelledDeletion !== null };
}

function portalUserQuery(db: Database, name: string) {
  return joinPortalUser(db.select(portalUserColumns).from(user).$dynamic())
    .where(eq(user.id, sql.placeholder("userId")))
    .limit(1)
    .prepare(name);
}

/**
 * The signed-in user's profile and role, and whether a cancelled account deletion is waiting
 * to be told (privacy.server.ts `takeDeletionCancelledNotice`), in one query: the portal asks
 * on every request, so the notice costs no query of its own, and no write unless there is one.
 * A prepared statement: built once, and planned once per connection on PostgreSQL.
 */
export async function getPortalUser(db: Database, userId: string): Promise<PortalUserRow | null> {
  const [row] = await prepared(db, "portal_user", (name) => portalUserQuery(db, name)).execute({
    userId,
  });
  return row ? toPortalUser(row) : null;
}

/** Set the user's own full name (empty clears it). */
export async function updateFullName(db: Database, userId: string, fullName: string | null) {
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: userId, fullName })
      .onConflictDoUpdate({ target: profiles.id, set: { fullName } });
    if (fullName) await tx.update(user).set({ name: fullName }).where(eq(user.id, userId));
  });
}
