/**
 * Whether an account's e-mail address is proven (decision 034). Sign-up asks for no proof, so an
 * account may hold an address it does not read. An address is proven by the confirmation link
 * mailed to it (Settings, or the administrators' link at sign-up), by the link that changed the
 * account to it, or by an accepted invitation (the link came to it). Only then is the account
 * matched with what was sent from the address: leads, consents and invitations, in the data
 * export and the erasure.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  account,
  passkey,
  session,
  twoFactor,
  user,
  userRoles,
  verification,
} from "../db/schema.server";

/** Database or transaction. */
type Executor = Pick<Database, "select" | "update" | "delete">;

/** Is the account's address proven? False for an account that does not exist. */
export async function addressIsProven(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row?.verified === true;
}

/** The account's address is proven from now on (a link that came to it was followed). */
export async function markAddressProven(db: Executor, userId: string) {
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}

/** The address an account holds once it lost its own to the address's proven owner. */
export const releasedAddress = (userId: string) => `released-${userId}@released.invalid`;

/**
 * The address's owner proved it (an invitation link, followed to make an account) while an
 * account that never proved it holds it. That account lets the address go: it takes a
 * placeholder address, and loses its sessions, sign-in methods and pending links, so nobody
 * signs in to it again; what it wrote stays, under its name. Returns its id, or null when no
 * unproven account holds the address; a proven one is never touched.
 */
export async function releaseUnprovenAddress(tx: Executor, email: string): Promise<string | null> {
  const [holder] = await tx
    .select({ id: user.id, verified: user.emailVerified, role: userRoles.role })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .for("update", { of: user })
    .limit(1);
  // An administrator (the roles command can make one of an unproven account) is never released.
  if (!holder || holder.verified || holder.role) return null;
  const id = holder.id;
  await tx
    .update(user)
    .set({ email: releasedAddress(id), twoFactorEnabled: false })
    .where(eq(user.id, id));
  await endSignInMethods(tx, id);
  return id;
}

/**
 * End every way into an account: its sessions, password, passkeys, two-factor and pending links
 * (better-auth's verification rows that name it). Releasing an address and erasing an account.
 */
export async function endSignInMethods(tx: Executor, userId: string) {
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await tx.delete(passkey).where(eq(passkey.userId, userId));
  await tx.delete(verification).where(eq(verification.value, userId));
}
