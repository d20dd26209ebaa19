import type { ExternalToast } from "sonner";

/**
 * Every toast goes through `notify`. It does so without shipping Sonner with the page: the
 * first toast asks the layout's <LazyToaster> (public site, sign-in, portal) to load and mount
 * the toaster, then shows the toast once the toaster (and its live region) is on the page.
 * Pages that never toast load no toast code.
 */
type Kind = "message" | "success" | "error";

let requested = false;
const listeners = new Set<() => void>();
/** Toasters on the page now; toasts wait until one is there (and its live region exists). */
let mountedToasters = 0;
let waiting: (() => void)[] = [];

function toasterReady(): Promise<void> {
  if (mountedToasters > 0) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}

/** Resolves once the toast is on the page (its toaster loaded and listening). */
export function notify(kind: Kind, title: string, options?: ExternalToast): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([import("sonner"), toasterReady()]).then(([{ toast }]) => {
    if (kind === "message") toast(title, options);
    else toast[kind](title, options);
  });
}

/** For <LazyToaster> and <Toaster>: whether a toast has been asked for, and when one can show. */
export const toasterRequest = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => requested,
  /** A toaster has mounted: queued toasts show. Returns the cleanup for its unmount. */
  mounted: () => {
    mountedToasters += 1;
    const queued = waiting;
    waiting = [];
    for (const resolve of queued) resolve();
    return () => {
      mountedToasters -= 1;
    };
  },
};
