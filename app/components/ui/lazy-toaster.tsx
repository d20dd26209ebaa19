import { type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import { toasterRequest } from "~/lib/notify";

/**
 * The toaster of every layout (public site, sign-in, portal), loaded only when a page first
 * raises a toast (see `notify`), so pages that never toast ship no toast code at all.
 */
export function LazyToaster() {
  const wanted = useSyncExternalStore(toasterRequest.subscribe, toasterRequest.get, () => false);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let active = true;
    import("./sonner").then(
      (m) => {
        if (active) setToaster(() => m.Toaster);
      },
      (error: unknown) => {
        if (active) toasterRequest.failed(error);
      },
    );
    return () => {
      active = false;
    };
  }, [wanted]);
  return Toaster ? <Toaster /> : null;
}
