import type { z } from "zod";

/**
 * The first issue's field and message: every form shows only the first. Zod-free (a type
 * import only), so code that loads a schema on demand can name this statically: a dynamic
 * `import()` of `./zod` would keep zod's whole namespace, with all its locales, in a chunk that
 * every form page loads (issue 38).
 */
export function firstIssue(error: Pick<z.ZodError, "issues">): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? ""), message: issue?.message ?? "Invalid input" };
}
