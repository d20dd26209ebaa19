import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { AccountPrivacyNotice, NewPasswordField } from "~/components/auth/new-account";
import { MarketingOptIn } from "~/components/marketing/marketing-opt-in";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsLink, TabsList } from "~/components/ui/tabs";
import { site } from "~/content/site";
import { useCookieToast, useFormOutcome } from "~/hooks/use-form-outcome";
import { type ActionResult, failed } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { notify } from "~/lib/notify";
import { afterSignIn, PORTAL_HOME } from "~/lib/portal-paths";
import { authCodeSchema } from "~/lib/validation/account";
import { SIGN_UP_CLOSED } from "~/lib/validation/account-values";
import { signInSchema, signUpSchema } from "~/lib/validation/auth";
import { MARKETING_FIELD, marketingOptIn } from "~/lib/validation/privacy-values";
import { firstIssue } from "~/lib/validation/zod";
import { AUTH_FAILURE_TEXT } from "~/server/accounts/auth-errors.server";
import { recordMarketingConsent } from "~/server/accounts/consents.server";
import { getSignUpPolicy } from "~/server/accounts/security-policy.server";
import { needsSecondFactor } from "~/server/accounts/two-factor.server";
import { now } from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { FORM_UNREADABLE, readFormData } from "../form.server";
import { deletionScheduledToast } from "../portal/delete-account.server";
import { getCurrentSession } from "../session.server";
import { readToast, redirectWithToast } from "../toast.server";
import type { Route } from "./+types/auth";
import { hasPendingSecondFactor, signIn, signUp, verifySignInCode } from "./accounts.server";

export const meta: Route.MetaFunction = () => [
  { title: `Sign in | ${site.name}` },
  { name: "description", content: `Sign in to the ${site.name} customer portal.` },
  { name: "robots", content: "noindex" },
];

const SECOND_STEP = "/auth?step=two-factor";

/** The second step's address, carrying where to go after it. */
function secondStepPath(next: string) {
  return next === PORTAL_HOME ? SECOND_STEP : `${SECOND_STEP}&next=${encodeURIComponent(next)}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  // The page to open after signing in (decision 053): a portal page, else /portal.
  const searchParams = new URL(request.url).searchParams;
  const next = afterSignIn(searchParams.get("next"));
  if (await getCurrentSession(request)) throw redirect(next);
  const read = await readToast(request);
  const { clearHeader } = read;
  // A scheduled account deletion is said on every sign-in page for a few minutes.
  const toast = read.toast ?? deletionScheduledToast(request);
  const secondStep = searchParams.get("step") === "two-factor" && hasPendingSecondFactor(request);
  // By invitation only (decision 052): the sign-up tab explains, and offers the contact form.
  const signUpOpen = (await getSignUpPolicy(await getDb())) === "anyone";
  return data(
    { toast, secondStep, next: next === PORTAL_HOME ? null : next, signUpOpen },
    clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined,
  );
}

type Intent = "signin" | "signup" | "two-factor";
type AuthAnswer = ActionResult<{ intent: Intent }>;

/** After sign-up: the marketing box was ticked (the privacy notice is recorded by sign-up). */
async function recordSignUpMarketing(body: unknown, email: string) {
  const userId = (body as { user?: { id?: unknown } } | null)?.user?.id;
  if (typeof userId !== "string") return;
  await recordMarketingConsent(await getDb(), { userId, email, source: "sign-up", now: now() });
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  if (!form) return failed(400, FORM_UNREADABLE, { intent: "signin" as Intent, values: {} });
  const requested = form.get("intent");
  const intent: Intent =
    requested === "signup" || requested === "two-factor" ? requested : "signin";
  const next = afterSignIn(form.get("next"));
  if (intent === "two-factor") return secondFactor(request, form.get("code"), next);
  const raw = Object.fromEntries(
    ["email", "password", "fullName"].map((k) => {
      const v = form.get(k);
      return [k, typeof v === "string" ? v : undefined];
    }),
  );
  const marketing = marketingOptIn(form.get(MARKETING_FIELD));
  // What was typed (never the password), so the page rendered again keeps it.
  const typed = { email: raw.email, fullName: raw.fullName, marketing: marketing ? "yes" : "" };
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(typed)) if (v !== undefined) values[k] = v;

  if (intent === "signup") {
    const parsed = signUpSchema.safeParse(raw);
    if (!parsed.success) return failed(400, firstIssue(parsed.error).message, { intent, values });
    const created = await signUp(request, parsed.data);
    if (!created.ok) return failed(created.status, created.message, { intent, values });
    if (marketing) await recordSignUpMarketing(created.body, parsed.data.email);
    return redirectWithToast(
      "/portal",
      {
        type: "success",
        title: "Success!",
        description: "Account created successfully. You can now log in.",
      },
      created.headers,
    );
  }

  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return failed(400, firstIssue(parsed.error).message, { intent, values });
  const signedIn = await signIn(request, parsed.data);
  if (!signedIn.ok) return failed(signedIn.status, signedIn.message, { intent, values });
  // Two-factor is on: better-auth kept the session back until the code is given.
  if (needsSecondFactor(signedIn.body)) {
    return redirect(secondStepPath(next), { headers: signedIn.headers });
  }
  return redirect(next, { headers: signedIn.headers });
}

/** Sign-in's second step: an authenticator app code or a backup code. */
async function secondFactor(request: Request, code: FormDataEntryValue | null, next: string) {
  const expired = () =>
    redirectWithToast("/auth", {
      type: "error",
      title: "Error",
      description: AUTH_FAILURE_TEXT["second-step-expired"],
    });
  if (!hasPendingSecondFactor(request)) return expired();
  const parsed = authCodeSchema.safeParse({ code: typeof code === "string" ? code : undefined });
  const intent: Intent = "two-factor";
  if (!parsed.success) return failed(400, firstIssue(parsed.error).message, { intent, values: {} });
  const result = await verifySignInCode(request, parsed.data.code);
  if (result.ok) return redirect(next, { headers: result.headers });
  if (result.reason === "second-step-expired") return expired();
  return failed(result.status, result.message, { intent, values: {} });
}

/**
 * Shown once JavaScript runs, in browsers that have WebAuthn. Its space is kept from the first
 * paint (hidden until then), so the centred card does not move when it appears (CLS 0).
 */
function PasskeySignIn({ next }: { next: string }) {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setSupported(typeof window.PublicKeyCredential === "function");
  }, []);

  async function signInWithPasskey() {
    setBusy(true);
    try {
      const passkeys = await import("~/lib/passkeys.client");
      const outcome = await passkeys.signInWithPasskey();
      if (outcome.ok) {
        window.location.assign(next);
        return;
      }
      notify("error", "Error", { description: outcome.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={supported ? "mt-4 space-y-4" : "invisible mt-4 space-y-4"}>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={signInWithPasskey}
        disabled={busy || !supported}
      >
        <KeyRound aria-hidden />
        {busy ? "Waiting for your device..." : "Sign in with a passkey"}
      </Button>
    </div>
  );
}

function SubmitButton({ intent, label }: { intent: Intent; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} className="w-full" disabled={busy}>
      {busy ? "Sending..." : label}
    </Button>
  );
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const tab: Intent = params.get("tab") === "signup" ? "signup" : "signin";
  const [active, setActive] = useState<"signin" | "signup">(
    actionData?.intent === "signup" ? "signup" : tab,
  );

  const { inline } = useFormOutcome<AuthAnswer>({ navigates: true });
  useCookieToast(loaderData.toast);

  const errorFor = (intent: Intent) => (
    <FormResult result={inline?.intent === intent ? inline : undefined} />
  );
  const values = (inline && !inline.ok ? inline.values : undefined) ?? {};
  const next = loaderData.next;
  const nextField = next ? <input type="hidden" name="next" value={next} /> : null;

  if (loaderData.secondStep) {
    return (
      <AuthShell
        title="Two-factor authentication"
        description="Enter the 6-digit code from your authenticator app to finish signing in."
      >
        <Form method="post" action={SECOND_STEP} className="space-y-4">
          {nextField}
          <Field
            id="two-factor-code"
            label="Authentication code"
            description="Lost your phone? Enter one of your backup codes instead."
          >
            <Input
              name="code"
              autoComplete="one-time-code"
              autoFocus
              required
              maxLength={40}
              className="font-mono tracking-widest"
            />
          </Field>
          {errorFor("two-factor")}
          <SubmitButton intent="two-factor" label="Verify" />
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to={signInPage(next)} className="underline underline-offset-4">
            Back to sign in
          </Link>
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Welcome" description="Sign in to your account or create a new one">
      {loaderData.toast?.description ? (
        <FormResult
          className="mb-4 text-center"
          result={
            loaderData.toast.type === "error"
              ? { ok: false, error: loaderData.toast.description }
              : { ok: true, success: loaderData.toast.description }
          }
        />
      ) : null}
      <Tabs
        value={active}
        onValueChange={(v) => {
          setActive(v as "signin" | "signup");
          const kept: Record<string, string> = next ? { next } : {};
          setParams(v === "signup" ? { ...kept, tab: "signup" } : kept, { replace: true });
        }}
      >
        <TabsList fill>
          <TabsLink value="signin" href={signInPage(next)}>
            Sign In
          </TabsLink>
          <TabsLink value="signup" href={signUpPage(next)}>
            Sign Up
          </TabsLink>
        </TabsList>

        <TabsContent value="signin">
          <Form method="post" className="mt-4 space-y-4" key="signin">
            {nextField}
            <Field id="signin-email" label="Email">
              <Input
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={actionData?.intent === "signin" ? values.email : undefined}
              />
            </Field>
            <Field
              id="signin-password"
              label="Password"
              labelAside={
                <Link
                  to="/auth/forgot-password"
                  className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  Forgot password?
                </Link>
              }
            >
              <Input name="password" type="password" autoComplete="current-password" required />
            </Field>
            {errorFor("signin")}
            <SubmitButton intent="signin" label="Sign In" />
          </Form>
          <PasskeySignIn next={next ?? PORTAL_HOME} />
        </TabsContent>

        <TabsContent value="signup">
          {loaderData.signUpOpen ? null : (
            <div className="mt-4 space-y-3 text-sm">
              <p>{SIGN_UP_CLOSED}</p>
              <p>
                <Link to="/contact" className="font-medium underline">
                  Contact us
                </Link>
              </p>
            </div>
          )}
          <Form
            method="post"
            className="mt-4 space-y-4"
            key="signup"
            hidden={!loaderData.signUpOpen}
          >
            <Field id="signup-name" label="Full Name">
              <Input
                name="fullName"
                autoComplete="name"
                required
                maxLength={100}
                defaultValue={actionData?.intent === "signup" ? values.fullName : undefined}
              />
            </Field>
            <Field id="signup-email" label="Email">
              <Input
                name="email"
                type="email"
                autoComplete="email"
                required
                defaultValue={actionData?.intent === "signup" ? values.email : undefined}
              />
            </Field>
            <NewPasswordField id="signup-password" />
            <MarketingOptIn id="signup-marketing" defaultChecked={values.marketing === "yes"} />
            <AccountPrivacyNotice />
            {errorFor("signup")}
            <SubmitButton intent="signup" label="Sign Up" />
          </Form>
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}

/** The sign-in page, keeping where to go after it. */
function signInPage(next: string | null) {
  return next ? `/auth?next=${encodeURIComponent(next)}` : "/auth";
}

/** The sign-up tab's page, keeping where to go after it. */
function signUpPage(next: string | null) {
  return next ? `/auth?tab=signup&next=${encodeURIComponent(next)}` : "/auth?tab=signup";
}
