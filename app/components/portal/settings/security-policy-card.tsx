import { ShieldCheck } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { NativeSelect } from "~/components/ui/native-select";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import {
  POLICY_NEEDS_OWN_TWO_FACTOR,
  SIGN_UP_POLICIES,
  SIGN_UP_POLICY_LABELS,
  type SignUpPolicy,
} from "~/lib/validation/account-values";

export interface SecurityPolicyView {
  requireAdminTwoFactor: boolean;
  signUpPolicy: SignUpPolicy;
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
        <SignUpPolicyForm policy={policy.signUpPolicy} />
      </CardContent>
    </Card>
  );
}

/** 'Who can create an account': anyone (the spec's sign-up), or by invitation only (052). */
function SignUpPolicyForm({ policy }: { policy: SignUpPolicy }) {
  const form = useFormOutcome({ intent: "sign-up-policy" });
  return (
    <form.fetcher.Form method="post" className="mt-6 space-y-4 border-t pt-6">
      <input type="hidden" name="intent" value="sign-up-policy" />
      <Field
        label="Who can create an account"
        description="By invitation only: the sign-up page sends people to the contact form, and only the people you invite (and the addresses in ADMIN_EMAILS) can make an account."
      >
        <NativeSelect name="signUpPolicy" key={policy} defaultValue={policy}>
          {SIGN_UP_POLICIES.map((value) => (
            <option key={value} value={value}>
              {SIGN_UP_POLICY_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <FormResult result={form.inline} />
      <Button type="submit" disabled={form.busy}>
        {form.busy ? "Saving..." : "Save sign-up policy"}
      </Button>
    </form.fetcher.Form>
  );
}
