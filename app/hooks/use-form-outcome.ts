import { useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, useActionData, useFetcher } from "react-router";
import type { ActionResult, ActionSuccess } from "~/lib/action-result";
import { notify } from "~/lib/notify";

type Result = ActionResult<{ intent?: string }>;

export interface FormOutcomeOptions<T extends Result> {
  /** Forms that share one action (Settings): only answers with this `intent` are this form's. */
  intent?: string;
  /** Tells apart several forms of one intent on a page (one per list item). */
  instance?: string;
  onSuccess?: (result: ActionSuccess<T>) => void;
  /** A success may answer with a redirect (no data): the next page's toast says what happened. */
  redirects?: boolean;
  /**
   * The form is a plain <Form> (a navigation, as on the sign-in pages), not the fetcher: its
   * answer arrives as the route's action data, and is toasted from there.
   */
  navigates?: boolean;
  /** The 'Error' text when the answer is not an ActionResult (the request itself failed). */
  fallback?: string;
  /** The toast's title and text; by default 'Success' or 'Error' with the action's text. */
  describe?: (result: T) => { title: string; description: string };
}

const FALLBACK = "Something went wrong. Please try again.";

function defaultText(result: Result) {
  return result.ok
    ? { title: "Success", description: result.success }
    : { title: "Error", description: result.error };
}

/** Toast an answer ('Success' or 'Error', or the form's own texts) and run onSuccess. */
function announce<T extends Result>(result: T, options: FormOutcomeOptions<T>) {
  const { title, description } = (options.describe ?? defaultText)(result);
  notify(result.ok ? "success" : "error", title, { description });
  if (result.ok) options.onSuccess?.(result as ActionSuccess<T>);
}

/**
 * The one way a form says what happened. With JavaScript the form posts through the returned
 * fetcher and the outcome is a toast ('Success' or 'Error' with the action's text). Without
 * JavaScript the browser posts the form, the page comes back with the action's answer, and
 * `inline` holds it for <FormResult>. `result` is the latest answer either way.
 */
export function useFormOutcome<T extends Result = Result>(options: FormOutcomeOptions<T> = {}) {
  const { intent, instance } = options;
  const key = intent ? ["form", intent, instance].filter(Boolean).join("-") : undefined;
  const fetcher = useFetcher({ key }) as FetcherWithComponents<T | undefined>;
  const actionData = useActionData() as T | undefined;
  const answer = (r: T | undefined): r is T => !!r && typeof r === "object" && "ok" in r;
  const mine = (r: T | undefined): r is T => answer(r) && (!intent || r.intent === intent);
  // A request that did not get through is said beside the form as well: its toast's code may not
  // have arrived either (decision 143). The fetcher's own, whatever intent the form posted (one
  // confirmation posts 'remove-admin' or 'remove-team-member').
  const unsent = answer(fetcher.data) && !fetcher.data.ok && "unsent" in fetcher.data;
  const inline = mine(actionData) ? actionData : unsent ? fetcher.data : undefined;
  const result = mine(fetcher.data) || unsent ? fetcher.data : inline;

  const latest = useRef(options);
  latest.current = options;

  // A fetcher submission came back: the fetcher was seen busy, or its answer is a new one. React
  // may commit only the end of a submission (idle, with the answer) when the update that carried
  // it waited, e.g. for a part of the page that hydrates on first use (decision 113).
  const submitted = useRef(false);
  const answered = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      submitted.current = true;
      return;
    }
    const data = fetcher.data;
    const fresh = data !== answered.current;
    answered.current = data;
    if (!submitted.current && !fresh) return;
    submitted.current = false;
    if (data && typeof data === "object" && "ok" in data) announce(data, latest.current);
    else if (!latest.current.redirects)
      notify("error", "Error", { description: latest.current.fallback ?? FALLBACK });
  }, [fetcher.state, fetcher.data]);

  // A plain <Form> (a navigation) came back with this form's answer.
  useEffect(() => {
    if (inline && latest.current.navigates) announce(inline, latest.current);
  }, [inline]);

  return { fetcher, result, inline, busy: fetcher.state !== "idle" };
}

/** A toast the server carried across a redirect in the signed cookie (`redirectWithToast`). */
export interface CookieToast {
  type: "success" | "error" | "message";
  title: string;
  description?: string;
  /** The page it lands on says it in place: a toast only, never `<CookieToastText>`. */
  inPage?: boolean;
}

/**
 * Whether this document has hydrated (a `useCookieToast` effect has run): from then on a cookie
 * toast (after a client-side navigation) is a toast only, never text as well. False on the
 * server and while hydrating, so the hydrating render matches the server's HTML.
 */
let hydrated = false;

/**
 * Show the toast a loader read from the cookie (once per toast). Returns whether the page
 * should also show it as text (`<CookieToastText>`): as the server rendered it (without
 * JavaScript, and before the scripts run) until the toast is on the page, so it is never said
 * twice. The state changes when the toast has shown, well after hydration committed: nothing
 * updates while hydration commits (decision 031).
 */
export function useCookieToast(toast: CookieToast | null | undefined): boolean {
  const [toasted, setToasted] = useState<CookieToast | null>(null);
  useEffect(() => {
    hydrated = true;
    if (!toast) return;
    let current = true;
    void notify(toast.type, toast.title, { description: toast.description }).then((shown) => {
      if (current && shown) setToasted(toast);
    });
    return () => {
      current = false;
    };
  }, [toast]);
  return !!toast && toast !== toasted && !hydrated;
}
