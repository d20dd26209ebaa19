import { type FetcherWithComponents, useActionData, useFetcher } from "react-router";
import type { SettingsResult } from "~/lib/validation/account";
import { useFetcherOutcome } from "../use-action-error";

type Success<T> = Extract<T, { success: string }>;

/**
 * One Settings form. With JavaScript it posts through a fetcher and toasts 'Success' or 'Error';
 * without it the browser posts the form and the page comes back with the action's answer, which
 * `inline` holds so the card can show it as text.
 */
export function useSettingsForm<T extends SettingsResult = SettingsResult>(
  intent: string,
  onSuccess?: (outcome: Success<T>) => void,
  /** Tells apart several forms of one intent on the page (one per list item). */
  instance?: string,
) {
  const key = instance ? `settings-${intent}-${instance}` : `settings-${intent}`;
  const fetcher = useFetcher({ key }) as FetcherWithComponents<T>;
  const actionData = useActionData() as T | undefined;
  useFetcherOutcome(fetcher, onSuccess, { redirects: true });
  const inline = actionData?.intent === intent ? actionData : undefined;
  const result = fetcher.data?.intent === intent ? fetcher.data : inline;
  return { fetcher, result, inline, busy: fetcher.state !== "idle" };
}

/** The answer of a form posted without JavaScript, as text (toasts need JavaScript). */
export function InlineResult({ result }: { result: SettingsResult | undefined }) {
  if (!result) return null;
  if ("error" in result) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {result.error}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm font-medium text-green-700 dark:text-green-400">
      {result.success}
    </p>
  );
}
