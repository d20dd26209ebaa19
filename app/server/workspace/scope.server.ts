/**
 * Who may see what in the workspace (decisions 018 and 065). Ownership is by client: a contact
 * sees their client's work, an administrator sees every client's (or one client's, while viewing
 * as it), a team member the clients they are assigned to (`client_assignments`, read in the
 * query itself, so an assignment counts from the next statement on). Every query of client data
 * takes a `Scope` and puts it in its WHERE clause.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { idSchema } from "~/lib/validation/portal";
import { isStorableText } from "~/lib/validation/text";
import type { Database } from "../db/client.server";
import { clientAssignments, projects } from "../db/schema.server";

export type Scope =
  | { kind: "all" }
  | { kind: "client"; clientId: string }
  /** A team member: the clients assigned to `userId`. */
  | { kind: "team"; userId: string };

export const ALL_CLIENTS: Scope = { kind: "all" };

/**
 * Staff looking at the clients they work on (an administrator: every client; a team member:
 * their assigned ones), not a contact and not an administrator viewing as a client: the staff
 * features show (client names, the `?client=` filter, 'Client' fields), so viewing as a client
 * shows what its contacts see. Whether a person is an administrator is their role
 * (accounts/profiles.server.ts `isAdmin`); only `kind: "all"` sees the agency's own things
 * (leads, the team, workspace settings).
 */
export function seesAllClients(scope: Scope): boolean {
  return scope.kind !== "client";
}

/** The clients assigned to a team member, as a subquery of their ids. */
function assignedTo(userId: SQL | string): SQL {
  return sql`(select ${clientAssignments.clientId} from ${clientAssignments} where ${clientAssignments.userId} = ${userId})`;
}

/** The WHERE condition limiting a `client_id` column to the scope (undefined: every client). */
export function scopeWhere(scope: Scope, column: PgColumn): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "team") return sql`${column} in ${assignedTo(scope.userId)}`;
  return eq(column, scope.clientId);
}

/** Is this client in the scope? (A team member's: assigned to them; a contact's: theirs.) */
export async function clientInScope(
  db: Pick<Database, "select">,
  scope: Scope,
  clientId: string,
): Promise<boolean> {
  if (scope.kind === "all") return true;
  if (scope.kind === "client") return scope.clientId === clientId;
  const [row] = await db
    .select({ id: clientAssignments.clientId })
    .from(clientAssignments)
    .where(
      and(eq(clientAssignments.userId, scope.userId), eq(clientAssignments.clientId, clientId)),
    )
    .limit(1);
  return row !== undefined;
}

/** A UUID from a form or URL, or null (a malformed id names nothing; it is never a 500). */
export function parseId(value: unknown): string | null {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * A person's id from a form (better-auth's ids are text, not UUIDs), or null: an empty, overlong
 * (over 100 characters) or unstorable one (a NUL) names nobody; it is never a 500.
 */
export function parseUserId(value: unknown): string | null {
  return typeof value === "string" &&
    value.length > 0 &&
    value.length <= 100 &&
    isStorableText(value)
    ? value
    : null;
}

export interface ProjectRef {
  id: string;
  clientId: string;
  title: string;
}

/** A project the scope may see, or null (unknown, malformed, or another client's). */
export async function findProject(
  db: Database,
  scope: Scope,
  projectId: unknown,
): Promise<ProjectRef | null> {
  const id = parseId(projectId);
  if (!id) return null;
  const [row] = await db
    .select({ id: projects.id, clientId: projects.clientId, title: projects.title })
    .from(projects)
    .where(and(eq(projects.id, id), scopeWhere(scope, projects.clientId)))
    .limit(1);
  return row ?? null;
}

export const PROJECT_NOT_FOUND = "Project not found";

/**
 * `scopeWhere` for a prepared statement: a client's scope compares the column with the
 * `clientId` placeholder (`scopeParams` gives its value); every client's has no condition.
 */
export function scopePlaceholder(scope: Scope, column: PgColumn): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "team") {
    return sql`${column} in ${assignedTo(sql`${sql.placeholder("scopeUserId")}`)}`;
  }
  return eq(column, sql.placeholder("clientId"));
}

/** The placeholder values of `scopePlaceholder`. */
export function scopeParams(scope: Scope): { clientId?: string; scopeUserId?: string } {
  if (scope.kind === "all") return {};
  if (scope.kind === "team") return { scopeUserId: scope.userId };
  return { clientId: scope.clientId };
}
