/**
 * Backups that restore (issue 36, decision 060). A backup is a folder: the database (where
 * project files live too, decision 019) and manifest.json, which holds every table's row count
 * and hash *as of the dump*. On PostgreSQL the dump (pg_dump, custom format) and the manifest
 * read the same exported snapshot, so a backup taken while the app writes is consistent and its
 * manifest exact; restore loads it into an empty database and checks it against the manifest.
 * On PGlite (one process per data folder) the server must be stopped: the folder is dumped
 * with PGlite's own dumpDataDir. Versions stored on disk (decision 091) are copied beside it,
 * each checked by its name, which is its SHA-256; versions in S3 are the bucket's to keep.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { copyFile } from "node:fs/promises";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Database, openPglite } from "~/server/db/client.server";
import { type Fingerprints, tableFingerprints } from "./fingerprint";

export interface Manifest {
  format: 1;
  createdAt: string;
  driver: "postgres" | "pglite";
  /** The database file in the folder. */
  database: string;
  tables: Fingerprints;
  /** The SHA-256 names of the disk files copied into `files/` (decision 091). */
  files?: string[];
}

/** Where a disk-stored version's bytes are (app/server/deliverables/storage.server.ts). */
const diskFile = (dataDir: string, key: string) =>
  path.resolve(dataDir, "files", "sha256", key.slice(0, 2), key);

async function sha256Of(file: string) {
  const hash = createHash("sha256");
  for await (const piece of createReadStream(file)) hash.update(piece as Buffer);
  return hash.digest("hex");
}

/** Copy each file, refusing one whose content is not its name's hash. */
async function copyChecked(keys: string[], from: (k: string) => string, to: (k: string) => string) {
  for (const key of keys) {
    const source = from(key);
    if (!existsSync(source)) throw new Error(`The stored file ${key} is missing`);
    mkdirSync(path.dirname(to(key)), { recursive: true, mode: 0o700 });
    await copyFile(source, to(key));
    if ((await sha256Of(to(key))) !== key) throw new Error(`The stored file ${key} is damaged`);
  }
}

/** The disk files the database refers to (read in the backup's snapshot). */
async function diskKeys(db: Database): Promise<string[]> {
  const { sql } = await import("drizzle-orm");
  const result = await db.execute(
    sql`select distinct storage_key as key from file_versions where storage = 'disk' and storage_key is not null order by 1`,
  );
  const rows = (result as unknown as { rows: { key: string }[] }).rows;
  return rows.map((r) => r.key);
}

const run = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });

/** Backs the database up into `dir` (created; must be empty). Returns the manifest. */
export async function backup(
  target: { databaseUrl?: string; dataDir: string },
  dir: string,
): Promise<Manifest> {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const createdAt = new Date().toISOString();
  let manifest: Manifest;
  let files: string[] = [];
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      // One snapshot for the dump and the manifest: what the manifest says is what was dumped.
      await client.query("begin isolation level repeatable read read only");
      const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id"))
        .rows[0]?.id as string;
      const tables = await tableFingerprints(drizzle(client) as unknown as Database);
      files = await diskKeys(drizzle(client) as unknown as Database);
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshot}`,
        `--file=${path.join(dir, "database.dump")}`,
        `--dbname=${target.databaseUrl}`,
      ]);
      await client.query("commit");
      manifest = {
        format: 1,
        createdAt,
        driver: "postgres",
        database: "database.dump",
        tables,
        files,
      };
    } finally {
      await client.end();
    }
  } else {
    const pgdata = path.resolve(target.dataDir, "pgdata");
    if (!existsSync(pgdata)) throw new Error(`No database in ${pgdata}`);
    const handle = await openPglite({ dataDir: pgdata });
    try {
      const tables = await tableFingerprints(handle.db);
      files = await diskKeys(handle.db);
      const tar = await (
        handle.pglite as unknown as { dumpDataDir(c: "gzip"): Promise<Blob> }
      ).dumpDataDir("gzip");
      writeFileSync(path.join(dir, "database.tar.gz"), Buffer.from(await tar.arrayBuffer()), {
        mode: 0o600,
      });
      manifest = {
        format: 1,
        createdAt,
        driver: "pglite",
        database: "database.tar.gz",
        tables,
        files,
      };
    } finally {
      await handle.close();
    }
  }
  await copyChecked(
    files,
    (key) => diskFile(target.dataDir, key),
    (key) => path.join(dir, "files", key),
  );
  writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
}

/** The tables whose count or hash differ from the manifest's (empty: the restore is exact). */
export function differences(expected: Fingerprints, actual: Fingerprints) {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names].filter(
    (n) => expected[n]?.rows !== actual[n]?.rows || expected[n]?.hash !== actual[n]?.hash,
  );
}

/**
 * Restores the backup in `dir` into an empty database (PostgreSQL with no tables, or a DATA_DIR
 * with no pgdata), then checks every table against the manifest.
 */
export async function restore(target: { databaseUrl?: string; dataDir: string }, dir: string) {
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  let actual: Fingerprints;
  if (manifest.driver === "postgres") {
    if (!target.databaseUrl) throw new Error("This backup is of PostgreSQL: set DATABASE_URL");
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const existing = await client.query(
        "select 1 from information_schema.tables where table_schema in ('public', 'drizzle') limit 1",
      );
      if (existing.rows.length > 0) throw new Error("The target database is not empty");
      await run("pg_restore", [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        `--dbname=${target.databaseUrl}`,
        path.join(dir, manifest.database),
      ]);
      actual = await tableFingerprints(drizzle(client) as unknown as Database);
    } finally {
      await client.end();
    }
  } else {
    if (target.databaseUrl) throw new Error("This backup is of PGlite: unset DATABASE_URL");
    const pgdata = path.resolve(target.dataDir, "pgdata");
    if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
      throw new Error(`${pgdata} is not empty`);
    }
    const tar = readFileSync(path.join(dir, manifest.database));
    const handle = await openPglite({ dataDir: pgdata, loadDataDir: new Blob([tar]) });
    try {
      actual = await tableFingerprints(handle.db);
    } finally {
      await handle.close();
    }
  }
  const wrong = differences(manifest.tables, actual);
  if (wrong.length > 0) throw new Error(`Restored, but these tables differ: ${wrong.join(", ")}`);
  await copyChecked(
    manifest.files ?? [],
    (key) => path.join(dir, "files", key),
    (key) => diskFile(target.dataDir, key),
  );
  return { manifest, tables: Object.keys(actual).length };
}
