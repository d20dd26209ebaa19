import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { clients, profiles, user, userRoles } from "../db/schema.server";

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

/** The signed-in user's profile and role, in one query. */
export async function getPortalUser(db: Database, userId: string): Promise<PortalUser | null> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      fullName: profiles.fullName,
      role: userRoles.role,
      clientId: profiles.clientId,
      clientName: clients.name,
      messageMail: sql<boolean>`coalesce(${profiles.messageMail}, true)`,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(clients, eq(clients.id, profiles.clientId))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
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
