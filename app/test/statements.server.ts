/**
 * The statements a test's database is actually asked, on PGlite or PostgreSQL: the one way a
 * test watches them. On PGlite it watches the instance under the app's wrapper
 * (`pgliteForDrizzle`), so what it sees is what reached PGlite (a kept read answered from
 * memory sends nothing, decision 030), and a named statement's `execute` reads as the SQL it
 * runs (`statementText`).
 */
import { type DatabaseHandle, pgliteUnderneath, statementText } from "~/server/db/client.server";

export interface Sent {
  /** The SQL run (a named statement's own text for its `execute`). */
  text: string;
  /** What was sent (`execute "app_…"(…)` for a named statement on PGlite). */
  raw: string;
  values: unknown[];
}

/** Call `record` with every statement sent from now on; returns a function that stops it. */
export function watchStatements(handle: DatabaseHandle, record: (sent: Sent) => void) {
  const target = (handle.pglite ? pgliteUnderneath(handle.pglite) : handle.pool) as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const query = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
    const raw = typeof first === "string" ? first : first.text;
    const values = typeof first === "string" ? undefined : first.values;
    record({
      text: statementText(raw),
      raw,
      values: values ?? (Array.isArray(second) ? second : []),
    });
    return query.apply(this, args);
  };
  return () => {
    target.query = query;
  };
}
