import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

const SIGNING_OUT = "portal:signing-out";

/** Called as this tab signs out: its own stream must not send it to /auth instead of /. */
export function announceSigningOut() {
  window.dispatchEvent(new Event(SIGNING_OUT));
}

/** Does this browser still hold a valid session? */
async function stillSignedIn(): Promise<boolean> {
  try {
    const response = await fetch("/api/auth/get-session", {
      credentials: "same-origin",
      cache: "no-store",
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { session?: unknown } | null;
    return Boolean(body?.session);
  } catch {
    return false;
  }
}

/**
 * Keep the open portal live: the server's event stream says when this user's projects or
 * messages change (reload the data) or when this session ended (leave for /auth). After a drop
 * it reconnects with backoff and reloads, since events may have been missed.
 */
export function useLiveUpdates() {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    let stopped = false;
    let hadError = false;

    const refresh = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => void revalidateRef.current(), 100);
    };

    const connect = () => {
      source = new EventSource("/api/events");
      source.addEventListener("ready", () => {
        delay = 1000;
        if (hadError) refresh();
        hadError = false;
      });
      source.addEventListener("change", refresh);
      source.addEventListener("session-ended", () => {
        source?.close();
        // Turning two-factor on or off replaces this browser's session with a new one: then
        // follow it. Otherwise this browser was signed out.
        void stillSignedIn().then((signedIn) => {
          if (stopped) return;
          if (signedIn) {
            connect();
          } else {
            stopped = true;
            window.location.assign("/auth");
          }
        });
      });
      source.onerror = () => {
        source?.close();
        if (stopped) return;
        hadError = true;
        // The loaders redirect to /auth if the session is gone.
        refresh();
        retryTimer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    connect();

    const onSigningOut = () => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
    };
    window.addEventListener(SIGNING_OUT, onSigningOut);

    const onVisible = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVisible);

    return () => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
      clearTimeout(debounce);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener(SIGNING_OUT, onSigningOut);
    };
  }, []);
}
