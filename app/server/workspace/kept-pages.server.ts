/**
 * Portal pages kept while their data has not changed (decision 029). The session read of every
 * portal request (accounts/session-lookup.server.ts) also reads where the portal's data stands:
 * the sum of the changes counted for the 'work' and 'portal' domains (migrations 0016 and
 * 0017), which moves with every commit that touched a table these pages read, whoever wrote.
 * A page computed when the sum was N is still the page while it is N, so a kept page costs no
 * statement beyond the session read. The key holds everything else the page depends on (who
 * asks, what they may see). Every instance of a scaled-out deployment reads the same sum.
 */

import type { Database } from "../db/client.server";
import { type ChangeDomain, changesOf, KeptResults } from "./changes.server";

/** The domains whose tables the kept pages read (their guard test checks every statement). */
export const KEPT_PAGE_DOMAINS = ["work", "portal"] as const satisfies readonly ChangeDomain[];

/** The column the session read adds: where the kept pages' data stands. */
export const keptPageChanges = () => changesOf(KEPT_PAGE_DOMAINS);

/** Pages kept per database: one per person and page in use, the least recently used dropped. */
export const KEPT_PAGE_ENTRIES = 1000;

const pages = new KeptResults(KEPT_PAGE_ENTRIES);

/**
 * `compute()`'s result for `key` while the data stands at `changes` (read with the session,
 * before the computation starts, so what it reads is at least as new); computed afresh when
 * `changes` is unknown (the session was read without it).
 */
export function keptPage<T>(
  db: Database,
  changes: number | null,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  return changes === null ? compute() : pages.get(db, `${changes}\n${key}`, compute);
}
