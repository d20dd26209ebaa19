import { type ClassValue, clsx } from "clsx";

let check: ((classes: string) => void) | undefined;

/**
 * Joins class names; it does not merge them. Components never receive a class that overrides
 * one of their own (they take a prop such as `size` or `variant` instead), so no page ships
 * tailwind-merge. The server and the tests hold us to that with `setClassCheck`
 * (see app/lib/class-check.ts and docs/decisions/009-class-lists-without-merging.md).
 */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  check?.(classes);
  return classes;
}

/** Installs a check run on every class list `cn` returns (server and tests only). */
export function setClassCheck(fn: ((classes: string) => void) | undefined) {
  check = fn;
}
