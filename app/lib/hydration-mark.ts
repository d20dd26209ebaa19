import { useEffect } from "react";

/** The user-timing mark set once React has hydrated the page (`npm run hydration` reads it). */
export const HYDRATED_MARK = "hydrated";

/** True in the browser once React has hydrated the page (a later render is not hydration). */
export function pageHydrated() {
  return typeof document !== "undefined" && document.documentElement.hasAttribute("data-hydrated");
}

/**
 * Marks the moment the page became interactive: `performance.mark("hydrated")` and
 * `<html data-hydrated>`. The root runs this after every child's effects on the first render,
 * so controls and their handlers are live by then (decision 016).
 */
export function useHydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
    performance.mark(HYDRATED_MARK);
  }, []);
}
