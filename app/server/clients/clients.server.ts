/**
 * Clients: the companies the agency works for (decision 018). Each contact (a customer account)
 * belongs to exactly one (workspace/membership.server.ts: self sign-up creates one named after
 * the person).
 */
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql } from "drizzle-orm";
import { type Cursor, PAGE_SIZE, type Page, toPage } from "~/lib/pagination";
import type { Database } from "../db/client.server";
import { clients, leads, profiles, user } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { afterCursor } from "../pagination.server";
import { publishAccessChanged, publishChange } from "../workspace/events.server";
import { createClient, removeClientIfUnused } from "../workspace/membership.server";
import {
  ALL_CLIENTS,
  parseId,
  parseUserId,
  type Scope,
  scopeWhere,
} from "../workspace/scope.server";

/**
 * A client by id that the scope may see (any client: for administrators), or null for an
 * unknown, malformed or unassigned id.
 */
export async function findClient(
  db: Database,
  clientId: unknown,
  scope: Scope = ALL_CLIENTS,
): Promise<{ id: string; name: string } | null> {
  const id = parseId(clientId);
  if (!id) return null;
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.id, id), scopeWhere(scope, clients.id)))
    .limit(1);
  return row ?? null;
}

// --- Administrators: the Clients list and a client's page (branch clients, decision 022) -----

export interface ContactSummary {
  id: string;
  name: string | null;
  email: string;
}

export interface ClientListRow {
  id: string;
  name: string;
  createdAt: Date;
  /** Made by a person's own sign-up ('Self-registered'). */
  selfRegistered: boolean;
  /** The first few contacts (oldest first); `contactCount` says how many there are. */
  contacts: ContactSummary[];
  contactCount: number;
  /** Active or on hold. */
  openProjects: number;
  /** Conversations of the client with a message the administrator looking has not read. */
  unreadMessages: number;
  /** The newest activity on the client's record, else when it was added. */
  lastActivityAt: Date;
}

export const CONTACTS_SHOWN = 5;

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every client the scope sees (an administrator: all; a team member: their assigned ones),
 * newest first, one page, with its contacts and figures computed in SQL for the page's rows
 * only (each through an index on client_id). `q` matches the client's name or a contact's name
 * or e-mail address.
 */
export async function listClients(
  db: Database,
  viewerId: string,
  options: { q?: string; cursor?: Cursor | null; limit?: number; scope?: Scope } = {},
): Promise<Page<ClientListRow>> {
  const limit = options.limit ?? PAGE_SIZE;
  const q = options.q?.trim();
  const pattern = q ? containsPattern(q) : null;
  const matches = pattern
    ? or(
        ilike(clients.name, pattern),
        inArray(
          clients.id,
          db
            .select({ id: sql<string>`${profiles.clientId}` })
            .from(profiles)
            .innerJoin(user, eq(user.id, profiles.id))
            .where(
              and(
                isNotNull(profiles.clientId),
                or(ilike(user.email, pattern), ilike(profiles.fullName, pattern)),
              ),
            ),
        ),
      )
    : undefined;
  const rows = await db
    .select({
      id: clients.id,
      name: clients.name,
      createdAt: clients.createdAt,
      selfRegistered: clients.selfRegistered,
      // Written out with qualified names: inside a select list Drizzle names columns bare, and
      // "id" would be ambiguous in these correlated subqueries.
      contacts: sql<ContactSummary[]>`(
        select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'email', c.email)
                                 order by c.joined, c.id), '[]'::json)
          from (select u.id, p.full_name as name, u.email, p.created_at as joined
                  from profiles p join "user" u on u.id = p.id
                 where p.client_id = "clients"."id"
                 order by p.created_at, p.id
                 limit ${CONTACTS_SHOWN}) c)`,
      contactCount:
        sql<number>`(select count(*) from profiles p where p.client_id = "clients"."id")`.mapWith(
          Number,
        ),
      openProjects: sql<number>`(select count(*) from projects pr
        where pr.client_id = "clients"."id" and pr.status in ('active', 'on-hold'))`.mapWith(
        Number,
      ),
      // Conversations with something this person has not read, as the inbox counts them.
      unreadMessages: sql<number>`(select count(distinct m.thread_id) from messages m
        where m.client_id = "clients"."id"
          and m.sender_id is distinct from ${viewerId}
          and not exists (select 1 from message_reads r
                           where r.message_id = m.id and r.user_id = ${viewerId}))`.mapWith(Number),
      lastActivityAt: sql<Date>`coalesce((select max(a.created_at) from activity a
        where a.client_id = "clients"."id"), "clients"."created_at")`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(clients)
    .where(
      and(
        matches,
        scopeWhere(options.scope ?? ALL_CLIENTS, clients.id),
        afterCursor(options.cursor ?? null, clients.createdAt, clients.id),
      ),
    )
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(limit + 1);
  return toPage(rows, limit);
}

/** Add a client ('New client'), for an administrator. */
export async function addClient(
  db: Database,
  actorId: string,
  name: string,
): Promise<Outcome<{ client: { id: string; name: string } }>> {
  const client = await createClient(db, name);
  publishChange("clients", { clientIds: [client.id] }, actorId);
  return { ok: true, client };
}

/**
 * Rename a client the scope may see: an administrator any client (on its page), a contact their
 * own (Settings → 'Company name').
 */
export async function renameClient(
  db: Database,
  scope: Scope,
  actorId: string,
  clientId: unknown,
  name: string,
): Promise<Outcome<{ client: { id: string; name: string } }>> {
  const id = parseId(clientId);
  if (!id) return refused(404, CLIENT_NOT_FOUND);
  const [row] = await db
    .update(clients)
    .set({ name: name.trim().slice(0, 200) })
    .where(and(eq(clients.id, id), scopeWhere(scope, clients.id)))
    .returning({ id: clients.id, name: clients.name });
  if (!row) return refused(404, CLIENT_NOT_FOUND);
  publishChange("clients", { clientIds: [row.id] }, actorId);
  return { ok: true, client: row };
}

export const CLIENT_NOT_FOUND = "Client not found";

export interface ClientContact extends ContactSummary {
  joinedAt: Date;
}

export interface ClientDetail {
  id: string;
  name: string;
  createdAt: Date;
  /** From the lead it was converted from (decision 067). */
  phone: string | null;
  address: string | null;
  selfRegistered: boolean;
  lead: { id: string; name: string } | null;
  contacts: ClientContact[];
}

/**
 * A client's page: its name, contacts and the lead it came from (staff; a team member only of
 * a client assigned to them, and without the lead, which is the administrators').
 */
export async function getClientDetail(
  db: Database,
  clientId: unknown,
  scope: Scope = ALL_CLIENTS,
): Promise<ClientDetail | null> {
  const id = parseId(clientId);
  if (!id) return null;
  const [client] = await db
    .select({
      id: clients.id,
      name: clients.name,
      createdAt: clients.createdAt,
      phone: clients.phone,
      address: clients.address,
      selfRegistered: clients.selfRegistered,
      leadId: leads.id,
      leadName: leads.name,
    })
    .from(clients)
    .leftJoin(leads, eq(leads.id, clients.leadId))
    .where(and(eq(clients.id, id), scopeWhere(scope, clients.id)))
    .limit(1);
  if (!client) return null;
  const contacts = await db
    .select({
      id: user.id,
      name: profiles.fullName,
      email: user.email,
      joinedAt: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.clientId, id))
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(500);
  return {
    id: client.id,
    name: client.name,
    createdAt: client.createdAt,
    phone: client.phone,
    address: client.address,
    selfRegistered: client.selfRegistered,
    lead:
      scope.kind === "all" && client.leadId && client.leadName
        ? { id: client.leadId, name: client.leadName }
        : null,
    contacts,
  };
}

export const CONTACT_NOT_FOUND = "Contact not found";
export const MOVE_TO_SAME = "Choose another client to move this contact into.";
export const ONLY_SELF_REGISTERED =
  "Only the contact of a self-registered client moves this way. Invite them to the other client instead.";

/**
 * 'Move into client' (issue 30, point 2): an administrator moves a self-registered client's
 * contact into an existing client; from their next request on they see that client's work. The
 * client their sign-up made goes when nothing else hangs off it (its projects or messages keep
 * it, for the agency to see). One transaction; their open streams end and reconnect.
 */
export async function moveContact(
  db: Database,
  actorId: string,
  fromClientId: string,
  userId: unknown,
  toClientId: unknown,
): Promise<Outcome<{ clientId: string; name: string }>> {
  const to = parseId(toClientId);
  if (!to) return refused(400, "Choose a client");
  if (to === fromClientId) return refused(400, MOVE_TO_SAME);
  const id = parseUserId(userId) ?? "";
  const result = await db.transaction(
    async (tx): Promise<Outcome<{ clientId: string; name: string }>> => {
      const [target] = await tx
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(eq(clients.id, to))
        .limit(1);
      if (!target) return refused(404, CLIENT_NOT_FOUND);
      const [from] = await tx
        .select({ selfRegistered: clients.selfRegistered })
        .from(clients)
        .where(eq(clients.id, fromClientId));
      if (!from?.selfRegistered) return refused(409, ONLY_SELF_REGISTERED);
      const moved = await tx
        .update(profiles)
        .set({ clientId: to })
        .where(and(eq(profiles.id, id), eq(profiles.clientId, fromClientId)))
        .returning({ id: profiles.id });
      if (moved.length === 0) return refused(404, CONTACT_NOT_FOUND);
      await removeClientIfUnused(tx, fromClientId);
      return { ok: true, clientId: target.id, name: target.name };
    },
  );
  if (result.ok) {
    publishAccessChanged([id]);
    publishChange("clients", { clientIds: [fromClientId, result.clientId] }, actorId);
  }
  return result;
}
