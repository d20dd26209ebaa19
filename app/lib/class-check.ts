import { twMerge } from "tailwind-merge";
import { setClassCheck } from "./utils";

/**
 * The classes tailwind-merge would drop from a list because a later class overrides them
 * (`px-2 px-4` → `px-2`). With `cn` joining rather than merging, both would reach the page
 * and the stylesheet's order, not the author, would decide which one wins.
 */
export function overriddenClasses(classes: string): string[] {
  const kept = new Set(twMerge(classes).split(" "));
  const all = new Set(classes.split(/\s+/).filter(Boolean));
  return [...all].filter((c) => !kept.has(c));
}

export class ClassConflictError extends Error {}

/**
 * Makes every `cn` call check its result: "throw" for builds and tests (a conflict fails
 * them), "warn" to only report. Server-side only; the browser bundle never loads this file.
 */
export function installClassCheck(mode: "throw" | "warn", warn: (message: string) => void) {
  const reported = new Set<string>();
  setClassCheck((classes) => {
    const lost = overriddenClasses(classes);
    if (lost.length === 0) return;
    const message = `Conflicting classes: "${lost.join(" ")}" overridden in "${classes}". Give the component a prop instead of an overriding class.`;
    if (mode === "throw") throw new ClassConflictError(message);
    if (!reported.has(classes)) {
      reported.add(classes);
      warn(message);
    }
  });
}
