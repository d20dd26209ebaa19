import { afterEach, vi } from "vitest";
import { installClassCheck } from "~/lib/class-check";

// A test fails on an unexpected console.error.
const original = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`console.error was called: ${String(seen[0]?.[0])}`);
});

// Components must not be handed classes that override their own (see app/lib/class-check.ts).
installClassCheck("throw", () => {});
