import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "sonner";

/** What portal actions answer: a success text for the 'Success' toast, or an error. */
export type ActionOutcome = { ok: true; success: string } | { error: string } | undefined;

/**
 * Watch a fetcher's submission: toast 'Success' with the action's text and call onSuccess, or
 * toast 'Error' with the server's message (the form keeps what the user typed).
 */
export function useFetcherOutcome<T extends ActionOutcome>(
  fetcher: FetcherWithComponents<T>,
  onSuccess?: (outcome: Extract<T, { success: string }>) => void,
  /** The action may answer with a redirect (no data): the next page says what happened. */
  options: { redirects?: boolean } = {},
) {
  const redirects = options.redirects ?? false;
  const submitted = useRef(false);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  useEffect(() => {
    if (fetcher.state === "submitting") submitted.current = true;
    if (fetcher.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    const outcome = fetcher.data;
    if (outcome && "error" in outcome) {
      toast.error("Error", { description: outcome.error });
    } else if (outcome && "success" in outcome) {
      toast.success("Success", { description: outcome.success });
      onSuccessRef.current?.(outcome as Extract<T, { success: string }>);
    } else if (!redirects) {
      toast.error("Error", { description: "Something went wrong. Please try again." });
    }
  }, [fetcher.state, fetcher.data, redirects]);
}
