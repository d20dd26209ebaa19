import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { PASSWORD_MIN } from "~/lib/validation/auth-values";

export function PasswordCard() {
  const formRef = useRef<HTMLFormElement>(null);
  const { fetcher, inline, busy } = useFormOutcome({
    intent: "change-password",
    redirects: true,
    onSuccess: () => formRef.current?.reset(),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Password</CardTitle>
        <CardDescription>Change the password you sign in with.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="space-y-4" ref={formRef}>
          <input type="hidden" name="intent" value="change-password" />
          <Field id="current-password" label="Current password">
            <Input
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
          </Field>
          <Field
            id="new-password"
            label="New password"
            description={`At least ${PASSWORD_MIN} characters.`}
          >
            <Input
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
            />
          </Field>
          <Field id="sign-out-others" label="Sign out of all other sessions" layout="checkbox">
            <Checkbox name="signOutOthers" defaultChecked />
          </Field>
          <FormResult result={inline} />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Change password"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
