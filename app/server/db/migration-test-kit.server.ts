/**
 * For tests of a migration with data in it: a database brought to the migration just before
 * (or at) a given one, with the app's own migrator pointed at a copy of the folder.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type DatabaseHandle, migrationsFolder, openPglite } from "./client.server";
import { createPostgresDatabase } from "./test-db.server";

interface Journal {
  entries: { tag: string }[];
}

/** The tag of the migration generated with `--name <name>`, whatever number it was given. */
export function migrationNamed(name: string): string {
  const journal: Journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  );
  const entry = journal.entries.find((e) => e.tag.replace(/^\d+_/, "") === name);
  if (!entry) throw new Error(`no migration named ${name}`);
  return entry.tag;
}

/** A copy of the migrations folder whose journal ends at `lastTag` (or just before it). */
export function migrationsUpTo(lastTag: string, { inclusive }: { inclusive: boolean }) {
  const journal: Journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  );
  const at = journal.entries.findIndex((e) => e.tag === lastTag);
  if (at < 0) throw new Error(`no migration ${lastTag}`);
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const entries = journal.entries.slice(0, inclusive ? at + 1 : at);
  writeFileSync(
    path.join(dir, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  return dir;
}

/** An empty database (no migrations): in-memory PGlite, or a new PostgreSQL database. */
export async function emptyDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresDatabase(url, "test_mig", 3) : openPglite();
}

/** Apply the migrations of a folder (the app's own migrator, pointed elsewhere). */
export async function migrateWith(handle: DatabaseHandle, folder: string) {
  // biome-ignore lint/suspicious/noExplicitAny: each migrator wants its own db type
  const db = handle.db as any;
  if (handle.driver === "pglite") await migratePglite(db, { migrationsFolder: folder });
  else await migrateNodePg(db, { migrationsFolder: folder });
}

export async function rows<T = Record<string, unknown>>(handle: DatabaseHandle, query: string) {
  const result = await handle.db.execute(sql.raw(query));
  return result.rows as T[];
}
