/**
 * What the database's own plan of a statement says it reads (`explain (format json)`), for the
 * tests that hold a cache's domains true (decisions 028 and 029).
 */

/** Every table named in a row of `explain (format json)` (its "QUERY PLAN" column). */
export function tablesInPlan(row: Record<string, unknown> | undefined): string[] {
  const plan = row?.["QUERY PLAN"];
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if (k === "Relation Name" && typeof v === "string") found.add(v);
        else walk(v);
      }
    }
  };
  walk(typeof plan === "string" ? JSON.parse(plan) : plan);
  return [...found];
}
