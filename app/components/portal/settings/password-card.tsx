import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { PASSWORD_MIN } from "~/lib/validation/auth";

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
          <div className="space-y-2">
            <Label htmlFor="current-password">Current password</Label>
            <Input
              id="current-password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="new-password">New password</Label>
            <Input
              id="new-password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              aria-describedby="new-password-hint"
            />
            <p id="new-password-hint" className="text-xs text-muted-foreground">
              At least {PASSWORD_MIN} characters.
            </p>
          </div>
          <div className="flex items-center gap-2">
            <input
              id="sign-out-others"
              name="signOutOthers"
              type="checkbox"
              defaultChecked
              className="size-4 accent-primary"
            />
            <Label htmlFor="sign-out-others" weight="normal">
              Sign out of all other sessions
            </Label>
          </div>
          <FormResult result={inline} />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Change password"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
