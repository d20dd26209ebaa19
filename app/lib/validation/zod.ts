import { z } from "zod";

// Zod compiles fast parsers with `new Function`, which our Content-Security-Policy forbids
// (no 'unsafe-eval'); the interpreted parsers give the same results.
z.config({ jitless: true });

export { z };

/** The first issue's field and message: every form shows only the first. */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? ""), message: issue?.message ?? "Invalid input" };
}
