import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { accountDeletions, profiles, type Role, user, userRoles } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { removeClientIfUnused } from "../workspace/membership.server";

/**
 * Grant a role. An administrator is agency staff, not a client's contact (decision 018): they
 * leave the client they had, and a client left with nothing (no contact, project or message,
 * such as the one their own sign-up made) goes.
 */
export async function grantRole(db: Database, userId: string, role: Role) {
  await db.transaction((tx) => grantRoleIn(tx, userId, role));
}

/** `grantRole` inside a caller's transaction (accepting an invitation to the team). */
export async function grantRoleIn(
  tx: Pick<Database, "insert" | "update" | "delete" | "select">,
  userId: string,
  role: Role,
) {
  await tx
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
  const [profile] = await tx
    .select({ clientId: profiles.clientId })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  const clientId = profile?.clientId;
  if (!clientId) return;
  await tx.update(profiles).set({ clientId: null }).where(eq(profiles.id, userId));
  await removeClientIfUnused(tx, clientId);
}

export async function getRole(db: Database, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .limit(1);
  return row?.role ?? null;
}

/**
 * Grant admin to every existing account whose e-mail is listed in ADMIN_EMAILS and proven
 * (confirmed through an e-mailed link). An unproven account gets the role when its owner opens
 * the link (auth.server.ts), or from the command line.
 */
export async function applyAdminEmails(db: Database, emails: string[]) {
  if (emails.length === 0) return;
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(sql`lower(${user.email})`, emails), eq(user.emailVerified, true)));
  for (const row of rows) await grantRole(db, row.id, "admin");
}

/** Set (or with role null, remove) the role of the account with this e-mail. */
export async function setRoleByEmail(
  db: Database,
  email: string,
  role: Role | null,
): Promise<Outcome<{ userId: string }>> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!row) return refused(404, `No account with the e-mail ${email}`);
  if (role) await grantRole(db, row.id, role);
  else await db.delete(userRoles).where(eq(userRoles.userId, row.id));
  return { ok: true, userId: row.id };
}

/**
 * Lock the administrators' rows until the transaction ends, so two changes at once are counted
 * one after the other, and say whether `userId` is one of them and how many of the others stay:
 * those whose account deletion is scheduled are leaving (read after the lock, so one scheduled
 * meanwhile counts). The Team page's 'Remove administrator role' and 'Delete my account' both
 * keep one who stays.
 */
export async function lockAdministrators(tx: Pick<Database, "select">, userId: string) {
  const admins = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"))
    .for("update");
  const others = admins.map((a) => a.userId).filter((id) => id !== userId);
  const leaving = others.length
    ? await tx
        .select({ userId: accountDeletions.userId })
        .from(accountDeletions)
        .where(
          and(
            inArray(accountDeletions.userId, others),
            isNull(accountDeletions.cancelledAt),
            isNull(accountDeletions.erasedAt),
          ),
        )
    : [];
  return { isAdmin: others.length < admins.length, othersStaying: others.length - leaving.length };
}
