import { z } from "zod";

// Zod compiles fast parsers with `new Function`, which our Content-Security-Policy forbids
// (no 'unsafe-eval'); the interpreted parsers give the same results.
z.config({ jitless: true });

export { firstIssue } from "./first-issue";
export { z };
