import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { toast } from "sonner";
import { AuthShell, FormAlert, FormStatus } from "~/components/auth/auth-shell";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { site } from "~/content/site";
import { forgotPasswordSchema, RESET_REQUESTED } from "~/lib/validation/account";
import { firstIssue } from "~/lib/validation/auth";
import { requestPasswordReset } from "~/server/accounts.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: `Forgot password | ${site.name}` },
  { name: "robots", content: "noindex" },
];

type Result = { ok: true; success: string } | { error: string; email?: string };

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = form.get("email");
  const parsed = forgotPasswordSchema.safeParse({
    email: typeof email === "string" ? email : undefined,
  });
  if (!parsed.success) {
    return data<Result>(
      { error: firstIssue(parsed.error).message, email: String(email ?? "") },
      { status: 400 },
    );
  }
  const result = await requestPasswordReset(request, parsed.data.email);
  if (!result.ok) {
    return data<Result>(
      { error: result.message, email: parsed.data.email },
      { status: result.status },
    );
  }
  // The same answer whether or not the address has an account.
  return data<Result>({ ok: true, success: RESET_REQUESTED });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (!actionData) return;
    if ("error" in actionData) toast.error("Error", { description: actionData.error });
    else toast.success("Success", { description: actionData.success });
  }, [actionData]);

  const sent = actionData && "success" in actionData;
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
            defaultValue={actionData && "email" in actionData ? actionData.email : undefined}
          />
        </Field>
        <FormAlert>{actionData && "error" in actionData ? actionData.error : null}</FormAlert>
        <FormStatus>{sent ? actionData.success : null}</FormStatus>
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
