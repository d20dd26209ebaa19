import { ShieldCheck } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { POLICY_NEEDS_OWN_TWO_FACTOR } from "~/lib/validation/account-values";

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
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Security policy</CardTitle>
        <CardDescription>Rules for every administrator account of the portal.</CardDescription>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="security-policy" />
          <Field
            id="require-admin-two-factor"
            label="Require two-factor authentication for administrators"
            layout="checkbox"
            labelWeight="medium"
            description={
              <>
                {policy.enforcedByOperator
                  ? "Set by the server's configuration (REQUIRE_ADMIN_2FA); it can't be switched off here."
                  : "Administrators without it can only open Settings until they turn it on."}
                {!twoFactorEnabled && !policy.requireAdminTwoFactor
                  ? ` ${POLICY_NEEDS_OWN_TWO_FACTOR}`
                  : null}
              </>
            }
          >
            <Checkbox
              name="requireAdminTwoFactor"
              // Remounts when the saved value changes, so the box shows what is in force.
              key={String(policy.requireAdminTwoFactor)}
              defaultChecked={policy.requireAdminTwoFactor}
              disabled={policy.enforcedByOperator}
            />
          </Field>
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
