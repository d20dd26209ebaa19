/**
 * The clients an administrator picks from: the 'Client' filter of Projects and Messages
 * (`?client=`), and the 'Client' field of their New Project and New Message dialogs. A contact
 * never picks: their scope is their own client, and a `client` they send is ignored.
 */
import { asc } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { clients } from "../db/schema.server";
import { type Scope, scopeWhere, seesAllClients } from "../workspace/scope.server";
import { findClient } from "./clients.server";

export interface ClientChoice {
  id: string;
  name: string;
}

/** Every client the scope sees (a team member: their assigned ones), by name. */
export function listClientChoices(db: Database, scope: Scope): Promise<ClientChoice[]> {
  return db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(scopeWhere(scope, clients.id))
    .orderBy(asc(clients.name), asc(clients.id));
}

export interface ClientFilter {
  /** The client to show, or null for every client the scope may see. */
  clientId: string | null;
  /** The URL named a client that does not exist (or no client at all): shown, with a 400. */
  invalid: boolean;
}

/**
 * The `?client=` filter of a staff list. Only a scope over every client filters; a contact's
 * (or someone viewing as a client) is already one client, and the parameter is ignored.
 */
export async function readClientFilter(
  db: Database,
  scope: Scope,
  value: string | null,
): Promise<ClientFilter> {
  if (!seesAllClients(scope) || !value) return { clientId: null, invalid: false };
  const client = await findClient(db, value, scope);
  return client ? { clientId: client.id, invalid: false } : { clientId: null, invalid: true };
}
