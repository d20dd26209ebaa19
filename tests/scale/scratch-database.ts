import { randomBytes } from "node:crypto";
import pg from "pg";

/** Runs one statement on the PostgreSQL server of `serverUrl`, outside any test database. */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A database of its own for one process test, on the server TEST_DATABASE_URL names: a random
 * name with `prefix`, and its URL (the server's URL with the new name as its path).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops a database `createScratchDatabase` made, even with connections still open. */
export async function dropScratchDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
}
