/**
 * Every table of the app's schema, by row count and a hash of its rows (in a fixed order): what
 * the seed and backup tests compare.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/server/db/client.server";

export type Fingerprints = Record<string, { rows: number; hash: string }>;

export async function tableFingerprints(db: Database): Promise<Fingerprints> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Fingerprints = {};
  for (const { name } of tables.rows) {
    const id = sql.identifier(name);
    const row = await db.execute<{ rows: string | number; hash: string | null }>(
      sql`select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from ${id} t`,
    );
    const first = row.rows[0];
    result[name] = { rows: Number(first?.rows ?? 0), hash: first?.hash ?? "" };
  }
  return result;
}
