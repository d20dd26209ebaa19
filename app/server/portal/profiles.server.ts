import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { accountDeletions, clients, profiles, user, userRoles } from "../db/schema.server";

export interface PortalUser {
  id: string;
  email: string;
  fullName: string | null;
  role: "admin" | null;
  /** The client this person is a contact of (null for agency staff). */
  clientId: string | null;
  clientName: string | null;
  /** E-mail me about new messages. */
  messageMail: boolean;
  /** Signs in with an authenticator app code as well as the password. */
  twoFactorEnabled: boolean;
}

function portalUserQuery(db: Database) {
  return db
    .select({
      id: user.id,
      email: user.email,
      fullName: profiles.fullName,
      role: userRoles.role,
      clientId: profiles.clientId,
      clientName: clients.name,
      messageMail: sql<boolean>`coalesce(${profiles.messageMail}, true)`,
      twoFactorEnabled: user.twoFactorEnabled,
      cancelledDeletion: accountDeletions.userId,
    })
    .from(user)
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
    )
    .where(eq(user.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("portal_user");
}

/** Built once per database: the portal runs this query on every request. */
const preparedPortalUser = new WeakMap<Database, ReturnType<typeof portalUserQuery>>();

/**
 * The signed-in user's profile and role, and whether a cancelled account deletion is waiting
 * to be told (privacy.server.ts `takeDeletionCancelledNotice`), in one query: the portal asks
 * on every request, so the notice costs no query of its own, and no write unless there is one.
 * A prepared statement: built once, and planned once per connection on PostgreSQL.
 */
export async function getPortalUser(
  db: Database,
  userId: string,
): Promise<(PortalUser & { deletionCancelled: boolean }) | null> {
  let query = preparedPortalUser.get(db);
  if (!query) {
    query = portalUserQuery(db);
    preparedPortalUser.set(db, query);
  }
  const [row] = await query.execute({ userId });
  if (!row) return null;
  const { cancelledDeletion, ...portalUser } = row;
  return { ...portalUser, deletionCancelled: cancelledDeletion !== null };
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

/** Settings → 'E-mail me when a new message arrives'. */
export async function setMessageMail(db: Database, userId: string, on: boolean) {
  await db
    .insert(profiles)
    .values({ id: userId, messageMail: on })
    .onConflictDoUpdate({ target: profiles.id, set: { messageMail: on } });
}
