/**
 * Who may see what in the workspace (decision 018). Ownership is by client: a contact sees their
 * client's work, an administrator sees every client's (or one client's, while viewing as it).
 * Every query of client data takes a `Scope` and puts it in its WHERE clause.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { idSchema } from "~/lib/validation/portal";
import type { Database } from "../db/client.server";
import { projects } from "../db/schema.server";

export type Scope = { kind: "all" } | { kind: "client"; clientId: string };

export const ALL_CLIENTS: Scope = { kind: "all" };

/**
 * Staff looking at every client (not a contact, and not an administrator viewing as a client):
 * the staff features show (client names, the `?client=` filter, 'Client' fields), so viewing as
 * a client shows what its contacts see. Whether a person is an administrator is their role
 * (accounts/profiles.server.ts `isAdmin`).
 */
export function seesAllClients(scope: Scope): boolean {
  return scope.kind === "all";
}

/** The WHERE condition limiting a `client_id` column to the scope (undefined: every client). */
export function scopeWhere(scope: Scope, column: PgColumn): SQL | undefined {
  return scope.kind === "all" ? undefined : eq(column, scope.clientId);
}

/** A UUID from a form or URL, or null (a malformed id names nothing; it is never a 500). */
export function parseId(value: unknown): string | null {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
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
  return scope.kind === "all" ? undefined : eq(column, sql.placeholder("clientId"));
}

/** The placeholder values of `scopePlaceholder`. */
export function scopeParams(scope: Scope): { clientId?: string } {
  return scope.kind === "all" ? {} : { clientId: scope.clientId };
}
