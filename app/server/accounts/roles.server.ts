import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type Role, user, userRoles } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";

/** Give the user this role (one role per user; replaces the one they had). */
export async function grantRole(db: Database, userId: string, role: Role) {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
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
