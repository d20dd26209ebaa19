import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/**
 * Radix hands focus back to its own Trigger when a dialog closes. A dialog opened from state
 * (a button that calls `setOpen`) has no Trigger, so focus would fall to <body>. This remembers
 * what had focus when the dialog opened and returns focus there when it closes, unless the
 * caller's own `onCloseAutoFocus` has already placed it (by calling `preventDefault`).
 */
export function useReturnFocus(
  onOpenAutoFocus?: AutoFocusHandler,
  onCloseAutoFocus?: AutoFocusHandler,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
