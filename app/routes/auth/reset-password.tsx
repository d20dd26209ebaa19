import { data, Form, Link, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { site } from "~/content/site";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { type ActionResult, failed } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { RESET_LINK_INVALID, resetPasswordSchema } from "~/lib/validation/account";
import { PASSWORD_MIN } from "~/lib/validation/auth-values";
import { firstIssue } from "~/lib/validation/zod";
import { readForm } from "~/routes/form.server";
import { redirectWithToast } from "~/routes/toast.server";
import type { Route } from "./+types/reset-password";
import { resetPassword, resetTokenIsValid } from "./accounts.server";

export const meta: Route.MetaFunction = () => [
  { title: `Reset password | ${site.name}` },
  { name: "robots", content: "noindex" },
  // The token is in the URL: never send it on to other sites.
  { name: "referrer", content: "same-origin" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const valid = token.length > 0 && (await resetTokenIsValid(request, token));
  return data(
    { token: valid ? token : null },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  const { token, newPassword } = await readForm(request);
  const parsed = resetPasswordSchema.safeParse({ token, newPassword });
  if (!parsed.success) return failed(400, firstIssue(parsed.error).message);
  const result = await resetPassword(request, parsed.data.token, parsed.data.newPassword);
  if (!result.ok) return failed(result.status, result.message);
  return redirectWithToast("/auth", {
    type: "success",
    title: "Success",
    description: "Your password has been reset. Sign in with your new password.",
  });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { inline } = useFormOutcome<ActionResult>({ navigates: true });

  if (!loaderData.token) {
    return (
      <AuthShell title="Reset password" description="Choose a new password for your account.">
        <div className="space-y-4 text-center">
          <FormResult result={{ ok: false, error: RESET_LINK_INVALID }} />
          <Button asChild className="w-full">
            <Link to="/auth/forgot-password">Send a new link</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Reset password" description="Choose a new password for your account.">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          id="reset-password"
          label="New password"
          description={`At least ${PASSWORD_MIN} characters. Resetting signs you out on every device.`}
        >
          <Input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
          />
        </Field>
        <FormResult result={inline} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Reset password"}
        </Button>
      </Form>
    </AuthShell>
  );
}
