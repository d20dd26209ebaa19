import type { Database } from "../db/client.server";
import { activity } from "../db/schema.server";

type Executor = Pick<Database, "insert">;

export interface ActivityInput {
  clientId: string;
  projectId: string | null;
  actorId: string | null;
  kind: string;
  data?: Record<string, unknown>;
}

export async function recordActivity(tx: Executor, input: ActivityInput) {
  await tx.insert(activity).values({ ...input, data: input.data ?? {} });
}
