import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import { AuthShell, FormAlert } from "~/components/auth/auth-shell";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { site } from "~/content/site";
import { RESET_LINK_INVALID, resetPasswordSchema } from "~/lib/validation/account";
import { firstIssue, PASSWORD_MIN } from "~/lib/validation/auth";
import { resetPassword, resetTokenIsValid } from "~/server/accounts.server";
import { toastCookie } from "~/server/toast.server";
import type { Route } from "./+types/reset-password";

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

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const parsed = resetPasswordSchema.safeParse({
    token: field("token"),
    newPassword: field("newPassword"),
  });
  if (!parsed.success) {
    return data({ error: firstIssue(parsed.error).message }, { status: 400 });
  }
  const result = await resetPassword(request, parsed.data.token, parsed.data.newPassword);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirect("/auth", {
    headers: {
      "Set-Cookie": toastCookie({
        type: "success",
        title: "Success",
        description: "Your password has been reset. Sign in with your new password.",
      }),
    },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (actionData?.error) toast.error("Error", { description: actionData.error });
  }, [actionData]);

  if (!loaderData.token) {
    return (
      <AuthShell title="Reset password" description="Choose a new password for your account.">
        <div className="space-y-4 text-center">
          <FormAlert>{RESET_LINK_INVALID}</FormAlert>
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
        <FormAlert>{actionData?.error}</FormAlert>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Reset password"}
        </Button>
      </Form>
    </AuthShell>
  );
}
