import { Link } from "react-router";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { privacyNotice } from "~/content/privacy-notice";
import { PASSWORD_MIN } from "~/lib/validation/auth-values";

/** A new account's password: sign-up and accepting an invitation. */
export function NewPasswordField({ id }: { id: string }) {
  return (
    <Field id={id} label="Password" description={`At least ${PASSWORD_MIN} characters.`}>
      <Input
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
      />
    </Field>
  );
}

/** The privacy notice a new account is made under (its version is recorded as the consent). */
export function AccountPrivacyNotice() {
  return (
    <p className="text-xs text-muted-foreground">
      We use your details to run your portal account, as our{" "}
      <Link to="/legal/privacy" className="underline underline-offset-4">
        Privacy Policy
      </Link>{" "}
      (version {privacyNotice.version}) explains.
    </p>
  );
}
