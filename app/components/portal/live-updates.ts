import { useEffect, useRef } from "react";
import { useFetchers, useMatches, useNavigation, useRevalidator } from "react-router";
import { CLIENT_ID_HEADER, liveKinds, parseChangeMessage, shouldReload } from "~/lib/live-events";
import { signInPath } from "~/lib/portal-paths";

const SIGNING_OUT = "portal:signing-out";

/** Called as this tab signs out: its own stream must not send it to /auth instead of /. */
export function announceSigningOut() {
  window.dispatchEvent(new Event(SIGNING_OUT));
}

/** This tab's id for this page load: its form posts name it, and it skips its own events. */
function newTabId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `tab-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
let tabId: string | undefined;

/** This tab's id (once the portal has mounted), for requests made without fetch (uploads). */
export function currentTabId(): string | undefined {
  return tabId;
}

/**
 * Send this tab's id with every same-origin post (React Router's form and fetcher submissions
 * go through fetch), so the events they cause say which tab caused them. Returns the undo.
 */
function nameTabInPosts(id: string): () => void {
  const original = window.fetch;
  const named: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    const url = new URL(request ? request.url : String(input), window.location.href);
    if (method === "GET" || method === "HEAD" || url.origin !== window.location.origin) {
      return original(input, init);
    }
    const headers = new Headers(init?.headers ?? request?.headers);
    headers.set(CLIENT_ID_HEADER, id);
    return original(input, { ...init, headers });
  };
  window.fetch = named;
  return () => {
    if (window.fetch === named) window.fetch = original;
  };
}

/**
 * Does this browser still hold a valid session? 'unknown' while the server does not answer (a
 * restart, a dropped line) or answers with its own failure.
 */
async function sessionState(): Promise<"signed-in" | "signed-out" | "unknown"> {
  try {
    const response = await fetch("/api/auth/get-session", {
      credentials: "same-origin",
      cache: "no-store",
    });
    if (response.status >= 500) return "unknown";
    if (!response.ok) return "signed-out";
    const body = (await response.json()) as { session?: unknown } | null;
    return body?.session ? "signed-in" : "signed-out";
  } catch {
    return "unknown";
  }
}

/**
 * Keep the open portal live: the server's event stream says what changed (reload the page's
 * data when a route on it depends on that kind, unless this tab made the change) or that this
 * session ended (leave for /auth). After a drop it reconnects with backoff and reloads, since
 * events may have been missed; never while the server does not answer. Decisions 012, 148.
 */
export function useLiveUpdates() {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const kinds = liveKinds(useMatches());
  const kindsRef = useRef(kinds);
  kindsRef.current = kinds;
  // While this tab sends a form or moves to another page, a reload waits until it is done: a
  // reload started during a fetcher's action makes React Router drop the redirect that action
  // answers with (a new client's page was not opened when another administrator's change
  // arrived meanwhile), and the router reloads the page's data after an action anyway.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const waiting = useRef(false);
  useEffect(() => {
    if (busy || !waiting.current) return;
    waiting.current = false;
    void revalidateRef.current();
  }, [busy]);

  useEffect(() => {
    tabId ??= newTabId();
    const clientId = tabId;
    const unnameTab = nameTabInPosts(clientId);
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    let stopped = false;
    let hadError = false;

    const refresh = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => {
        if (busyRef.current) waiting.current = true;
        else void revalidateRef.current();
      }, 100);
    };

    const connect = () => {
      source = new EventSource("/api/events");
      source.addEventListener("ready", () => {
        delay = 1000;
        if (hadError) refresh();
        hadError = false;
      });
      source.addEventListener("change", (event) => {
        const change = parseChangeMessage((event as MessageEvent<string>).data);
        if (change && shouldReload(change, { clientId, kinds: kindsRef.current })) refresh();
      });
      source.addEventListener("session-ended", () => {
        source?.close();
        // Turning two-factor on or off replaces this browser's session with a new one: then
        // follow it. Otherwise this browser was signed out.
        void sessionState().then((state) => {
          if (stopped) return;
          if (state === "signed-in") connect();
          else if (state === "signed-out") leaveForSignIn();
          else retryLater();
        });
      });
      source.onerror = () => {
        source?.close();
        if (stopped) return;
        hadError = true;
        // Not a reload of the page's data here: while the server restarts it would fail, put
        // the error page in place of this one and lose what is typed in it (decision 148).
        // 'ready' reloads once the stream is back. A session that is gone: the page's data
        // reloads as before, and its loaders send it to /auth (a page being left for another
        // must not be sent there itself: auth.spec once saw its next page.goto interrupted).
        void sessionState().then((state) => {
          if (!stopped && state === "signed-out") refresh();
        });
        retryLater();
      };
    };
    const retryLater = () => {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 30_000);
    };
    const leaveForSignIn = () => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
      // Signing in again comes back to this page (decision 053).
      window.location.assign(signInPath(window.location.href));
    };
    connect();

    const onSigningOut = () => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
    };
    window.addEventListener(SIGNING_OUT, onSigningOut);

    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      void sessionState().then((state) => {
        if (!stopped && state !== "unknown") refresh();
      });
    };
    document.addEventListener("visibilitychange", onVisible);

    return () => {
      stopped = true;
      unnameTab();
      source?.close();
      clearTimeout(retryTimer);
      clearTimeout(debounce);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener(SIGNING_OUT, onSigningOut);
    };
  }, []);
}
