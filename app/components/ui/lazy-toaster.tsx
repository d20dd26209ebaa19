import { type ComponentType, useEffect, useState } from "react";

/**
 * The toaster for the public site, loaded after hydration so the first paint ships no toast
 * code; forms only raise toasts on user actions, long after it has mounted.
 */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let active = true;
    void import("./sonner").then((m) => {
      if (active) setToaster(() => m.Toaster);
    });
    return () => {
      active = false;
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
