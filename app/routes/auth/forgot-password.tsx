import { Form, Link, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { site } from "~/content/site";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { type ActionResult, failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { forgotPasswordSchema, RESET_REQUESTED } from "~/lib/validation/account";
import { firstIssue } from "~/lib/validation/zod";
import { readForm } from "~/routes/form.server";
import type { Route } from "./+types/forgot-password";
import { requestPasswordReset } from "./accounts.server";

export const meta: Route.MetaFunction = () => [
  { title: `Forgot password | ${site.name}` },
  { name: "robots", content: "noindex" },
];

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  const { email } = await readForm(request);
  const parsed = forgotPasswordSchema.safeParse({ email });
  if (!parsed.success) {
    return failed(400, firstIssue(parsed.error).message, { values: { email: email ?? "" } });
  }
  const result = await requestPasswordReset(request, parsed.data.email);
  if (!result.ok) {
    return failed(result.status, result.message, { values: { email: parsed.data.email } });
  }
  // The same answer whether or not the address has an account.
  return succeeded(RESET_REQUESTED);
}

export default function ForgotPassword() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { inline } = useFormOutcome<ActionResult>({ navigates: true });
  return (
    <AuthShell
      title="Forgot password?"
      description="Enter your account's e-mail address and we'll send you a link to choose a new password."
    >
      <Form method="post" className="space-y-4">
        <Field id="forgot-email" label="Email">
          <Input
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={inline && !inline.ok ? inline.values?.email : undefined}
          />
        </Field>
        <FormResult result={inline} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/auth" className="underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </AuthShell>
  );
}
