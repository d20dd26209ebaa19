import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.server";

export type Schema = typeof schema;
/** One type for both drivers: the query API is the same. */
export type Database = NodePgDatabase<Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** The raw PGlite instance or pg pool, for LISTEN/NOTIFY and tests. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/**
 * The type parsers drizzle passes with every PGlite query: dates, times and intervals (and
 * arrays of them) stay text, which drizzle's columns convert themselves.
 */
const textParsers = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((type) => [type, (value: string) => value]),
);

type QueryOptions = { parsers?: Record<number, unknown> } | undefined;

/** The same options without `parsers` when they are exactly the ones the instance has. */
function withoutInstalledParsers(options: QueryOptions): QueryOptions {
  const keys = Object.keys(options?.parsers ?? {});
  if (keys.length === 0 || !keys.every((key) => key in textParsers)) return options;
  const { parsers: _installed, ...rest } = options as NonNullable<QueryOptions>;
  return rest;
}

/**
 * PGlite (or one of its transactions) as drizzle sees it. PGlite copies its whole table of
 * type parsers into a new object for every query that brings parsers of its own, and drizzle
 * brings the same few with every query: 0.2 ms of the process's CPU per statement (decision
 * 025). The instance has drizzle's parsers installed once instead (`openPglite`), and this
 * leaves them out of each query, when they are the installed ones: the same results.
 */
export function pgliteForDrizzle<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (property === "query") {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          value.call(object, query, params, withoutInstalledParsers(options));
      }
      if (property === "transaction") {
        return (run: (tx: object) => unknown) =>
          value.call(object, (tx: object) => run(pgliteForDrizzle(tx)));
      }
      return value.bind(object);
    },
  });
}

/** Open PGlite stored in `dataDir` (or in memory when dataDir is undefined). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}) {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    loadDataDir: options.loadDataDir,
    parsers: textParsers,
  });
  const db = drizzlePglite({ client: pgliteForDrizzle(client), schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    driver: "pglite",
    pglite: client,
    close: () => client.close(),
  };
  return handle;
}

export async function openPostgres(url: string, max = 10) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema });
  const handle: DatabaseHandle = {
    db,
    driver: "postgres",
    pool,
    close: () => pool.end(),
  };
  return handle;
}

/** Apply the committed SQL migrations; safe to run from several instances at once. */
export async function migrateDatabase(handle: DatabaseHandle) {
  if (handle.driver === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the pglite migrator wants its own db type
    await migratePglite(handle.db as any, { migrationsFolder });
    return;
  }
  const pool = handle.pool as pg.Pool;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => {});
    client.release();
  }
}

export async function ping(handle: DatabaseHandle) {
  await handle.db.execute(sql`select 1`);
}

let current: Promise<DatabaseHandle> | undefined;

/**
 * The app's database, opened and migrated on first use: PostgreSQL when DATABASE_URL is set,
 * otherwise PGlite stored under DATA_DIR.
 */
export function getDatabase(): Promise<DatabaseHandle> {
  current ??= (async () => {
    const { env } = await import("../env.server");
    const settings = env();
    const handle = settings.DATABASE_URL
      ? await openPostgres(settings.DATABASE_URL)
      : await openPglite({ dataDir: path.resolve(settings.DATA_DIR, "pgdata") });
    await migrateDatabase(handle);
    return handle;
  })();
  current.catch(() => {
    current = undefined;
  });
  return current;
}

export async function getDb(): Promise<Database> {
  return (await getDatabase()).db;
}

/** For tests: use this database from now on. */
export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDatabase() {
  if (!current) return;
  const handle = await current.catch(() => undefined);
  current = undefined;
  await handle?.close();
}
