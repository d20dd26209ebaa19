import type { ExternalToast } from "sonner";

/**
 * Toasts for the public site without shipping Sonner with the page: the first toast asks the
 * marketing layout's <LazyToaster> to load and mount the toaster, then shows the toast once
 * the toaster (and its live region) is on the page. Pages that never toast load no toast code.
 */
type Kind = "message" | "success" | "error";

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function notify(kind: Kind, title: string, options?: ExternalToast) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([import("sonner"), mounted]).then(([{ toast }]) => {
    if (kind === "message") toast(title, options);
    else toast[kind](title, options);
  });
}

/** For <LazyToaster>: whether a toast has been asked for, and a way to hear when one is. */
export const toasterRequest = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => requested,
  /** Called once the toaster has mounted (its live region exists); queued toasts then show. */
  mounted: () => markMounted(),
};
