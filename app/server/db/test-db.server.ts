import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "./client.server";

/**
 * A fresh, migrated database for one test file: PGlite loaded from the migrated dump, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database copied from the migrated template
 * (test-global-setup.ts). close() drops it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const tar = await readFile(inject("pgliteTemplate"));
    return openPglite({ loadDataDir: new Blob([tar]) });
  }
  return createPostgresDatabase(url, "test", 5, inject("postgresTemplate"));
}

/**
 * A new database on the PostgreSQL server `serverUrl` names, empty or a copy of `template`, with
 * a pool of `poolSize` connections; close() drops it.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix: string,
  poolSize: number,
  template?: string,
): Promise<DatabaseHandle> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const handle = await openPostgres(dbUrl.toString(), poolSize);
  const close = handle.close;
  handle.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return handle;
}

export function testDatabaseKind() {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}
