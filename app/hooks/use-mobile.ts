import * as React from "react";

export const MOBILE_BREAKPOINT = 768;
const QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/**
 * True below 768px. Always `false` during SSR and hydration, then follows the media query.
 *
 * The change after hydration is a transition, not `useSyncExternalStore`: a store whose server
 * snapshot differs from the browser's forces a synchronous re-render at the end of hydration,
 * which also runs every pending effect in the same task, one long task on every portal page
 * on a phone (decision 025).
 */
export function useIsMobile(): boolean {
  const [isMobile, setIsMobile] = React.useState(false);
  React.useEffect(() => {
    const mql = window.matchMedia(QUERY);
    const update = () => React.startTransition(() => setIsMobile(mql.matches));
    update();
    mql.addEventListener("change", update);
    return () => mql.removeEventListener("change", update);
  }, []);
  return isMobile;
}
