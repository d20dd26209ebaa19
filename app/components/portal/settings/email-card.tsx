import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { useFormOutcome } from "~/hooks/use-form-outcome";

/** `result`: the page the e-mail's link led to ("changed", or "invalid" for a bad link). */
export function EmailCard({ result }: { result: "changed" | "invalid" | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher, inline, busy } = useFormOutcome({
    intent: "change-email",
    redirects: true,
    onSuccess: () => formRef.current?.reset(),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change e-mail address</CardTitle>
        <CardDescription>
          We send a link to the new address. It becomes your sign-in e-mail when you open it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {result === "changed" ? (
          <p role="status" className="mb-4 text-sm font-medium text-green-700 dark:text-green-400">
            Your e-mail address has been changed.
          </p>
        ) : result === "invalid" ? (
          <p role="alert" className="mb-4 text-sm font-medium text-destructive">
            That confirmation link is invalid or has expired. Ask for a new one below.
          </p>
        ) : null}
        <fetcher.Form method="post" className="space-y-4" ref={formRef}>
          <input type="hidden" name="intent" value="change-email" />
          <Field id="new-email" label="New e-mail address">
            <Input name="newEmail" type="email" autoComplete="email" required />
          </Field>
          <FormResult result={inline} />
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : "Send confirmation link"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
