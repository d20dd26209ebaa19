/**
 * The dashboard's figures beyond projects and messages (those come from their own modules,
 * scoped to what the person may see).
 */
import { count } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { clients } from "../db/schema.server";

/** How many clients the agency has (the administrators' 'Clients' card). */
export async function countClients(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clients);
  return row?.n ?? 0;
}
