import { eq, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type ActivityAudience, activity } from "../db/schema.server";
import type { Scope } from "./scope.server";

type Executor = Pick<Database, "insert">;

export interface ActivityInput {
  clientId: string;
  projectId: string | null;
  actorId: string | null;
  kind: string;
  data?: Record<string, unknown>;
  /** Who may read it (decision 066): the client's side too (the default), or the agency only. */
  audience?: ActivityAudience;
}

/**
 * The activity lines a scope may read: every line for the agency's side, the client-visible
 * ones for a contact (or someone viewing as a client).
 */
export function activityAudienceWhere(scope: Scope): SQL | undefined {
  // The client's side is the one-client scope (permissions.server.ts `sideOf`).
  return scope.kind === "client" ? eq(activity.audience, "client") : undefined;
}

export async function recordActivity(tx: Executor, input: ActivityInput) {
  await tx.insert(activity).values({ ...input, data: input.data ?? {} });
}
