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

/**
 * The SQL migrations that ship with the code (drizzle/, applied at start). Not a setting: the
 * app runs from its own folder (`npm start`, the tests, the scripts), and a build needs exactly
 * the migrations of its own commit.
 */
export const migrationsFolder = path.resolve("drizzle");

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
 * A statement the app names (`prepared`, prepared.server.ts) runs as PostgreSQL's own prepared
 * statement (`namedStatement`, decision 029).
 */
export function pgliteForDrizzle<T extends object>(target: T, root: object = target): T {
  const outsideTransaction = target === root;
  const proxy = new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (property === "query") {
        const query = (text: string, params?: unknown[], options?: QueryOptions) =>
          value.call(object, text, params, withoutInstalledParsers(options));
        const run = (text: string, params: unknown[] = [], options?: QueryOptions) => {
          const name = statementNames.get(text);
          if (name === undefined) return query(text, params, options);
          const named = () =>
            namedStatement(root, outsideTransaction, query, text, params, options);
          return outsideTransaction && keptStatements.has(name)
            ? keptRead(root, name, params, named)
            : named();
        };
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          onlyReads(text)
            ? run(text, params, options)
            : writing(root, () => run(text, params, options));
      }
      if (property === "transaction") {
        return (callback: (tx: object) => unknown) =>
          writing(root, () =>
            value.call(object, (tx: object) => callback(pgliteForDrizzle(tx, root))),
          );
      }
      // Any other way in (exec, sql, the protocol itself) may write.
      return (...args: unknown[]) => writing(root, () => value.apply(object, args));
    },
  });
  underneath.set(proxy, target);
  return proxy;
}

const underneath = new WeakMap<object, object>();

/** The PGlite instance under `pgliteForDrizzle`'s wrapper: what tests watch the statements of. */
export function pgliteUnderneath<T extends object>(pglite: T): T {
  return (underneath.get(pglite) as T | undefined) ?? pglite;
}

// ---------------------------------------------------------------------------
// Reads kept on PGlite (decision 030). PGlite lives in this process and nothing else can open
// its data directory, so every change to its data goes through the proxy above. A statement
// named as kept (`prepared(…, { kept: true })`: the portal's session read) is answered from
// memory while nothing has been written since it was read. Each statement that is not a plain
// read (`onlyReads`), each transaction and each other call into PGlite moves `generation` when
// it starts and again when it ends. A result is kept with the generation its read started at,
// and used only while the generation has not moved and no write is under way. On PostgreSQL
// other processes write too: nothing is kept there.

interface Writes {
  /** Moves when a write starts and when it ends. */
  generation: number;
  /** Writes started and not yet ended. */
  underWay: number;
  /** Kept results by statement and values, each with the generation it was read at. */
  kept: Map<string, { generation: number; result: unknown }>;
}
const writesOn = new WeakMap<object, Writes>();
const KEPT_READS = 1000;

function writesOf(root: object): Writes {
  let writes = writesOn.get(root);
  if (!writes) {
    writes = { generation: 0, underWay: 0, kept: new Map() };
    writesOn.set(root, writes);
  }
  return writes;
}

/** `run` (which may change data), counted as a write from its start to its end. */
function writing<R>(root: object, run: () => R): R {
  const writes = writesOf(root);
  writes.generation++;
  writes.underWay++;
  const end = () => {
    writes.generation++;
    writes.underWay--;
  };
  let result: R;
  try {
    result = run();
  } catch (error) {
    end();
    throw error;
  }
  if (result instanceof Promise) return result.finally(end) as R;
  end();
  return result;
}

/** The statement names whose results are kept (`prepared`'s `kept` option). */
const keptStatements = new Set<string>();

/** Whether this statement's results may be kept (prepared.server.ts). */
export function keepStatement(name: string) {
  keptStatements.add(name);
}

async function keptRead(
  root: object,
  name: string,
  params: unknown[],
  read: () => Promise<unknown>,
): Promise<unknown> {
  const writes = writesOf(root);
  const key = `${name}\0${JSON.stringify(params)}`;
  const hit = writes.kept.get(key);
  if (hit && hit.generation === writes.generation && writes.underWay === 0) return hit.result;
  const generation = writes.generation;
  const quiet = writes.underWay === 0;
  const result = await read();
  if (quiet && writes.generation === generation && onlyPlainValues(result)) {
    if (writes.kept.size >= KEPT_READS) writes.kept.clear();
    writes.kept.set(key, { generation, result });
  }
  return result;
}

/** A result whose every value is a string, number, boolean or null: nothing a caller could change. */
function onlyPlainValues(result: unknown): boolean {
  const rows = (result as { rows?: unknown[] }).rows;
  if (!Array.isArray(rows)) return false;
  for (const row of rows) {
    for (const value of Array.isArray(row) ? row : Object.values(row as object)) {
      if (value !== null && typeof value === "object") return false;
    }
  }
  return true;
}

/** For tests: forget every kept result of this PGlite instance (the next reads go to it). */
export function forgetKeptReads(pglite: object) {
  writesOf(pgliteUnderneath(pglite)).kept.clear();
}

/**
 * Whether `text` only reads: one SELECT (or a WITH whose parts are SELECTs) that names no
 * command or function that changes data. Anything unsure counts as a write.
 */
const plainReads = new Map<string, boolean>();
export function onlyReads(text: string): boolean {
  let known = plainReads.get(text);
  if (known === undefined) {
    known =
      /^\s*(select|with)\b/i.test(text) &&
      !text.includes(";") &&
      !/\b(insert|update|delete|merge|truncate|into|copy|call|do|lock|nextval|setval|set_config|pg_advisory\w*|notify|pg_notify|dblink\w*|lo_\w+)\b/i.test(
        text,
      );
    if (plainReads.size < 10_000) plainReads.set(text, known);
  }
  return known;
}

// ---------------------------------------------------------------------------
// Named statements on PGlite (decision 029). PGlite runs every query as PostgreSQL's unnamed
// statement, parsed and planned afresh each time: planning the portal's session read (six
// tables) is most of its cost in the engine. A statement the app names is prepared once per
// PGlite instance (`PREPARE`, kept for the life of the instance, even past a rolled-back
// transaction) and run with `EXECUTE`, its values written as SQL literals: quoted strings
// (standard_conforming_strings, so only the quote is special), for parameters of the simple
// types below only. Any other value or type, or a statement not yet prepared inside a
// transaction, runs as before.

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

/** The SQL text of each statement the app names, and its name (prepared.server.ts). */
const statementNames = new Map<string, string>();

/** Record that `text` is the statement `name` (one text per name for the life of the process). */
export function nameStatement(text: string, name: string) {
  if (!/^\w+$/.test(name)) throw new Error(`a statement name is a word: ${name}`);
  statementNames.set(text, name);
}

/**
 * The SQL a statement sent to PGlite runs: for an `execute` of a named statement, the named
 * statement's text (what tests that watch the statements sent compare).
 */
export function statementText(sent: string): string {
  const name = /^execute "app_(\w+)"/.exec(sent)?.[1];
  if (!name) return sent;
  for (const [text, named] of statementNames) if (named === name) return text;
  return sent;
}

/**
 * Per PGlite instance, each named statement being or having been prepared: `types` (its
 * parameter types, or null when this path does not use it) is set once `ready` settles.
 */
interface Prepared {
  ready: Promise<void>;
  types?: readonly string[] | null;
}
const preparedOn = new WeakMap<object, Map<string, Prepared>>();

const NUMERIC = new Set(["smallint", "integer", "bigint", "numeric", "real", "double precision"]);
const FROM_STRING = new Set(["text", "character varying", "uuid", "boolean", ...NUMERIC]);

/** `value` as a SQL literal for a parameter of `type`, or null when this path does not take it. */
export function sqlLiteral(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "string") {
    return FROM_STRING.has(type) && !value.includes("\0")
      ? `'${value.replaceAll("'", "''")}'`
      : null;
  }
  if (typeof value === "number") {
    return NUMERIC.has(type) && Number.isFinite(value) ? `'${value}'` : null;
  }
  if (typeof value === "boolean") return type === "boolean" ? String(value) : null;
  return null;
}

async function namedStatement(
  root: object,
  outsideTransaction: boolean,
  query: Query,
  text: string,
  params: unknown[],
  options: QueryOptions,
) {
  const name = `app_${statementNames.get(text)}`;
  let statements = preparedOn.get(root);
  if (!statements) {
    statements = new Map();
    preparedOn.set(root, statements);
  }
  let entry = statements.get(name);
  if (!entry && outsideTransaction) {
    const created: Prepared = { ready: Promise.resolve() };
    created.ready = prepare(query, name, text).then(
      (types) => {
        created.types = types;
      },
      () => {
        statements.delete(name);
      },
    );
    statements.set(name, created);
    entry = created;
  }
  // Inside a transaction the instance is held by it: a statement still being prepared (the
  // PREPARE waits for the transaction) or not prepared yet runs as is.
  if (entry && outsideTransaction) await entry.ready;
  const known = entry?.types;
  const literals =
    known?.length === params.length
      ? params.map((v, i) => sqlLiteral(v, known[i] as string))
      : null;
  if (!literals || literals.includes(null)) return query(text, params, options);
  try {
    const values = literals.length > 0 ? `(${literals.join(", ")})` : "";
    return await query(`execute "${name}"${values}`, [], options);
  } catch (error) {
    // Gone (DEALLOCATE, DISCARD): prepared again next time; outside a transaction, run as is.
    if ((error as { code?: string }).code !== "26000" || !outsideTransaction) throw error;
    statements.delete(name);
    return query(text, params, options);
  }
}

async function prepare(query: Query, name: string, text: string) {
  await query(`prepare "${name}" as ${text}`);
  const result = (await query(
    `select parameter_types::text[] as types, current_setting('standard_conforming_strings') as scs
       from pg_prepared_statements where name = $1`,
    [name],
  )) as { rows: { types: string[]; scs: string }[] };
  const row = result.rows[0];
  return row && row.scs === "on" ? row.types : null;
}

/** Open PGlite stored in `dataDir` (or in memory when dataDir is undefined). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}) {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    loadDataDir: options.loadDataDir,
    parsers: textParsers,
  });
  // The app and its tests reach PGlite only through the proxy: every write is seen (reads kept).
  const pglite = pgliteForDrizzle(client);
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    driver: "pglite",
    pglite,
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
