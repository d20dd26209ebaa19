/**
 * Who belongs to which client (decision 018): the link between a person (their profile's
 * `client_id`) and the client whose work they see. A person who signs up on their own gets a
 * client of their own; an administrator is staff and belongs to none; a client nothing hangs
 * off any more goes. Sign-up and roles (accounts), invitations, the team and lead conversion
 * all change it through these.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import {
  clients,
  invitations,
  invoices,
  messages,
  profiles,
  projects,
  proposals,
} from "../db/schema.server";

type Executor = Pick<Database, "insert" | "update" | "select">;

/** A client's name from what we know of a person: their name, else their e-mail address. */
export function clientNameFor(person: { name?: string | null; email: string }) {
  const name = person.name?.trim() || person.email;
  return name.slice(0, 200);
}

export async function createClient(
  tx: Executor,
  name: string,
  options: { selfRegistered?: boolean } = {},
) {
  const [row] = await tx
    .insert(clients)
    .values({ name: name.trim().slice(0, 200), selfRegistered: options.selfRegistered ?? false })
    .returning({ id: clients.id, name: clients.name });
  return row as { id: string; name: string };
}

/**
 * Give a person who signed up on their own a client of their own, named after them (unless they
 * already belong to one).
 */
export async function ensureOwnClient(
  db: Database,
  person: { id: string; name?: string | null; email: string },
) {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ clientId: profiles.clientId })
      .from(profiles)
      .where(eq(profiles.id, person.id))
      .for("update");
    if (profile?.clientId) return;
    const client = await createClient(tx, clientNameFor(person), { selfRegistered: true });
    await tx
      .insert(profiles)
      .values({ id: person.id, fullName: person.name?.trim() || null, clientId: client.id })
      .onConflictDoUpdate({ target: profiles.id, set: { clientId: client.id } });
  });
}

/**
 * Remove a client nothing hangs off any more (no contact, project, message, invitation,
 * lead, invoice or proposal), such as the one a person's own sign-up made before they joined another client.
 */
export async function removeClientIfUnused(tx: Pick<Database, "delete">, clientId: string) {
  await tx.delete(clients).where(
    and(
      eq(clients.id, clientId),
      sql`not exists (select 1 from ${profiles} where ${profiles.clientId} = ${clientId})`,
      sql`not exists (select 1 from ${projects} where ${projects.clientId} = ${clientId})`,
      sql`not exists (select 1 from ${messages} where ${messages.clientId} = ${clientId})`,
      sql`not exists (select 1 from ${invitations} where ${invitations.clientId} = ${clientId})`,
      // Billing records keep it: invoices are tax records, proposals may be signed contracts.
      sql`not exists (select 1 from ${invoices} where ${invoices.clientId} = ${clientId})`,
      sql`not exists (select 1 from ${proposals} where ${proposals.clientId} = ${clientId})`,
      isNull(clients.leadId),
    ),
  );
}
