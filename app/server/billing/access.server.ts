/**
 * Who sees billing (issue 32, decision 072): an administrator every client's, a contact their
 * own client's, a team member only the clients assigned to them and only when an administrator
 * gave them billing (`user_roles.billing`). Enforced in each query's WHERE clause.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.server";
import { clientAssignments, userRoles } from "../db/schema.server";
import type { Scope } from "../workspace/scope.server";

/** Who is looking: their scope, and whether they are the agency's administrator. */
export interface BillingViewer {
  scope: Scope;
  userId: string;
  isAdmin: boolean;
}

/** The WHERE condition limiting a billing row's `client_id` to what the scope may see. */
export function billingScopeWhere(scope: Scope, column: PgColumn | SQL): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "client") return sql`${column} = ${scope.clientId}`;
  return sql`(${column} in (select ${clientAssignments.clientId} from ${clientAssignments} where ${clientAssignments.userId} = ${scope.userId}) and exists (select 1 from ${userRoles} where ${userRoles.userId} = ${scope.userId} and ${userRoles.billing}))`;
}

/** Give or take a team member's access to billing (administrators; the Team page). */
export async function setBillingAccess(db: Database, userId: string, on: boolean) {
  const rows = await db
    .update(userRoles)
    .set({ billing: on })
    .where(sql`${userRoles.userId} = ${userId} and ${userRoles.role} = 'team'`)
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

/** Whether this team member was given billing. */
export async function hasBillingAccess(db: Pick<Database, "select">, userId: string) {
  const [row] = await db
    .select({ billing: userRoles.billing })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .limit(1);
  return row?.billing === true;
}
