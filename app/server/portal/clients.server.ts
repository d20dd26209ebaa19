/**
 * Clients: the companies the agency works for (decision 018). Each contact (a customer account)
 * belongs to exactly one; self sign-up creates one named after the person.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { clients, profiles } from "../db/schema.server";
import { parseId } from "./scope.server";

type Executor = Pick<Database, "insert" | "update" | "select">;

/** A client's name from what we know of a person: their name, else their e-mail address. */
export function clientNameFor(person: { name?: string | null; email: string }) {
  const name = person.name?.trim() || person.email;
  return name.slice(0, 200);
}

export async function createClient(tx: Executor, name: string) {
  const [row] = await tx
    .insert(clients)
    .values({ name: name.trim().slice(0, 200) })
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
    const client = await createClient(tx, clientNameFor(person));
    await tx
      .insert(profiles)
      .values({ id: person.id, fullName: person.name?.trim() || null, clientId: client.id })
      .onConflictDoUpdate({ target: profiles.id, set: { clientId: client.id } });
  });
}

/** A client by id (any client: for administrators), or null for an unknown or malformed id. */
export async function findClient(
  db: Database,
  clientId: unknown,
): Promise<{ id: string; name: string } | null> {
  const id = parseId(clientId);
  if (!id) return null;
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  return row ?? null;
}
