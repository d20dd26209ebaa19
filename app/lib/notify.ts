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
let waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];

function toasterReady(): Promise<void> {
  if (mountedToasters > 0) return Promise.resolve();
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}

/**
 * The toast's code did not arrive (the network failed): the toasts waiting for it are dropped
 * (a form says a failed request in its own text too), and the next toast asks for it again.
 */
function toasterFailed(error: unknown) {
  requested = false;
  for (const listener of listeners) listener();
  const queued = waiting;
  waiting = [];
  for (const { reject } of queued) reject(error);
}

/**
 * Resolves once the toast is on the page (its toaster loaded and listening): true; or false when
 * its code could not be loaded.
 */
export function notify(kind: Kind, title: string, options?: ExternalToast): Promise<boolean> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([import("sonner"), toasterReady()]).then(
    ([{ toast }]) => {
      if (kind === "message") toast(title, options);
      else toast[kind](title, options);
      return true;
    },
    (error: unknown) => {
      if (mountedToasters === 0) toasterFailed(error);
      return false;
    },
  );
}

/** For <LazyToaster> and <Toaster>: whether a toast has been asked for, and when one can show. */
export const toasterRequest = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => requested,
  /** The toaster's code could not be loaded: asked for again with the next toast. */
  failed: toasterFailed,
  /** A toaster has mounted: queued toasts show. Returns the cleanup for its unmount. */
  mounted: () => {
    mountedToasters += 1;
    const queued = waiting;
    waiting = [];
    for (const { resolve } of queued) resolve();
    return () => {
      mountedToasters -= 1;
    };
  },
};
