/**
 * Statements the portal runs on (nearly) every request, prepared once (decision 025): drizzle
 * builds their SQL once per database instead of on every call (the largest share of a query's
 * CPU in the Node process after the driver), and PostgreSQL parses and plans a named statement
 * once per connection (PGlite: once per instance). Values go in as placeholders
 * (`sql.placeholder("name")`), so one statement serves everyone; a query whose shape depends on
 * something (an administrator's scope has no client condition) gets one name per shape.
 */
import { type Database, keepStatement, nameStatement } from "./client.server";

const built = new WeakMap<Database, Map<string, unknown>>();

/**
 * The statement `name` of this database, built by `build(name)` (ending in drizzle's
 * `.prepare(name)`) the first time. A name is one SQL text for the life of the process
 * (PostgreSQL keeps a named statement per connection). A `kept` statement's results are kept
 * in memory on PGlite until something is written (client.server.ts, decision 030): only for a
 * read that is asked for again and again with the same values, and whose result depends on
 * nothing but the data (no `now()`).
 */
export function prepared<T>(
  db: Database,
  name: string,
  build: (name: string) => T,
  { kept = false }: { kept?: boolean } = {},
): T {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    byName.set(name, statement);
    // On PGlite, PostgreSQL prepares it too (client.server.ts, decision 029).
    const text = (statement as { getQuery?: () => { sql: string } }).getQuery?.().sql;
    if (text) nameStatement(text, name);
    if (kept) keepStatement(name);
  }
  return statement;
}
