import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Cursor } from "~/lib/pagination";

/**
 * The WHERE condition for "rows after the cursor" in (created_at desc, id desc) order; with an
 * index on (…, created_at desc, id desc) it is a range scan.
 */
export function afterCursor(
  cursor: Cursor | null,
  createdAt: PgColumn,
  id: PgColumn,
): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}
