import { ShieldCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormResult } from "~/components/ui/form-result";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { POLICY_NEEDS_OWN_TWO_FACTOR } from "~/lib/validation/account";

export interface SecurityPolicyView {
  requireAdminTwoFactor: boolean;
  enforcedByOperator: boolean;
}

/** Administrators only: whether every administrator must use two-factor authentication. */
export function SecurityPolicyCard({
  policy,
  twoFactorEnabled,
}: {
  policy: SecurityPolicyView;
  twoFactorEnabled: boolean;
}) {
  const form = useFormOutcome({ intent: "security-policy", redirects: true });
  const hintId = "security-policy-hint";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Security policy</CardTitle>
        <CardDescription>Rules for every administrator account of the portal.</CardDescription>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="security-policy" />
          <div className="flex items-start gap-3">
            <input
              id="require-admin-two-factor"
              name="requireAdminTwoFactor"
              type="checkbox"
              // Remounts when the saved value changes, so the box shows what is in force.
              key={String(policy.requireAdminTwoFactor)}
              defaultChecked={policy.requireAdminTwoFactor}
              disabled={policy.enforcedByOperator}
              aria-describedby={hintId}
              className="mt-0.5 size-4 accent-primary"
            />
            <div className="space-y-1">
              <label htmlFor="require-admin-two-factor" className="text-sm font-medium">
                Require two-factor authentication for administrators
              </label>
              <p id={hintId} className="text-sm text-muted-foreground">
                {policy.enforcedByOperator
                  ? "Set by the server's configuration (REQUIRE_ADMIN_2FA); it can't be switched off here."
                  : "Administrators without it can only open Settings until they turn it on."}
                {!twoFactorEnabled && !policy.requireAdminTwoFactor
                  ? ` ${POLICY_NEEDS_OWN_TWO_FACTOR}`
                  : null}
              </p>
            </div>
          </div>
          <FormResult result={form.inline} />
          {policy.enforcedByOperator ? null : (
            <Button type="submit" disabled={form.busy}>
              <ShieldCheck aria-hidden />
              {form.busy ? "Saving..." : "Save policy"}
            </Button>
          )}
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}
