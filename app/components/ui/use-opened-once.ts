import { useState } from "react";

/**
 * True from the first render where `open` is true, and from then on: a dialog opened from state
 * renders nothing (and loads nothing) until it is first asked for, then stays mounted so it can
 * close with its animation and hand focus back (decisions 025 and 031).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
