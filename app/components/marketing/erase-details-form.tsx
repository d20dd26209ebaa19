import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import type { ActionResult } from "~/lib/action-result";

export type EraseDetailsResult = ActionResult;

/**
 * 'Ask us to delete my details': the e-mail address the details were sent from. The answer is
 * the same whether or not we hold any; the link to confirm arrives by e-mail.
 */
export function EraseDetailsForm({ documentResult }: { documentResult?: EraseDetailsResult }) {
  const id = useId();
  const fetcher = useFetcher<EraseDetailsResult>();
  const result = fetcher.data ?? documentResult;
  const busy = fetcher.state !== "idle";
  const error = result && !result.ok ? result : null;
  return (
    <fetcher.Form
      method="post"
      action="/privacy/delete-my-details"
      className="space-y-3"
      aria-label="Ask us to delete my details"
    >
      <Field id={`${id}-email`} label="Your e-mail address">
        <Input
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={255}
          defaultValue={error?.values?.email}
          aria-invalid={error?.field === "email" || undefined}
          aria-describedby={`${id}-outcome`}
        />
      </Field>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Sending..." : "Ask us to delete my details"}
      </Button>
      <div id={`${id}-outcome`} aria-live="polite">
        <FormResult result={result} />
      </div>
    </fetcher.Form>
  );
}
