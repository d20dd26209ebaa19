/**
 * The signed-in user's passkeys (rows of @better-auth/passkey's `passkey` table). Adding one and
 * signing in with one happen in the browser (WebAuthn) against better-auth's endpoints; listing
 * and removing happen here, with the owner's id in every query.
 */
import { getAuthenticatorName } from "@better-auth/passkey";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { passkey } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";

export interface PasskeySummary {
  id: string;
  name: string;
  /** "Google Password Manager", "iCloud Keychain" … when the authenticator says. */
  provider: string | null;
  /** Synced to the provider's cloud (usable on the user's other devices). */
  synced: boolean;
  createdAt: Date | null;
}

export async function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select({
      id: passkey.id,
      name: passkey.name,
      aaguid: passkey.aaguid,
      backedUp: passkey.backedUp,
      createdAt: passkey.createdAt,
    })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(desc(passkey.createdAt), desc(passkey.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name?.trim() || "Passkey",
    provider: getAuthenticatorName(row.aaguid) ?? null,
    synced: row.backedUp,
    createdAt: row.createdAt,
  }));
}

/** Rename one of the user's own passkeys; false when it is not theirs or does not exist. */
export async function renamePasskey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<Outcome> {
  const rows = await db
    .update(passkey)
    .set({ name })
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning({ id: passkey.id });
  return rows.length > 0 ? { ok: true } : refused(404, "Passkey not found");
}

/** Remove one of the user's own passkeys; refused (404) when it is not theirs or does not exist. */
export async function deletePasskey(db: Database, userId: string, id: string): Promise<Outcome> {
  const rows = await db
    .delete(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning({ id: passkey.id });
  return rows.length > 0 ? { ok: true } : refused(404, "Passkey not found");
}
