import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { type Role, user, userRoles } from "./db/schema.server";

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

/** Grant admin to every existing account whose e-mail is listed in ADMIN_EMAILS. */
export async function applyAdminEmails(db: Database, emails: string[]) {
  if (emails.length === 0) return;
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, emails));
  for (const row of rows) await grantRole(db, row.id, "admin");
}

/** Set (or with role null, remove) the role of the account with this e-mail. */
export async function setRoleByEmail(db: Database, email: string, role: Role | null) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!row) return { ok: false as const, error: `No account with the e-mail ${email}` };
  if (role) await grantRole(db, row.id, role);
  else await db.delete(userRoles).where(eq(userRoles.userId, row.id));
  return { ok: true as const, userId: row.id };
}
