import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { AccountPrivacyNotice, NewPasswordField } from "~/components/auth/new-account";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { site } from "~/content/site";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { type ActionResult, failed } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { formatDate } from "~/lib/dates";
import {
  acceptInvitationSchema,
  INVITATION_TEXT,
  invitationSignInSchema,
} from "~/lib/validation/clients";
import { firstIssue } from "~/lib/validation/zod";
import { getCurrentSession } from "~/routes/session.server";
import { needsSecondFactor } from "~/server/accounts/two-factor.server";
import { now } from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import {
  type Accepted,
  acceptAsUser,
  acceptWithNewAccount,
  findInvitation,
  invitationPath,
  linkProblem,
} from "~/server/invitations/invitations.server";
import { FORM_UNREADABLE, readFormData } from "../form.server";
import { redirectWithToast } from "../toast.server";
import type { Route } from "./+types/invitation";
import { signIn, signOut } from "./accounts.server";

export const meta: Route.MetaFunction = () => [
  { title: `Invitation | ${site.name}` },
  { name: "robots", content: "noindex" },
  // The token is in the URL: never send it on to other sites.
  { name: "referrer", content: "same-origin" },
];

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

/**
 * "claim": an account holds the invited address without having proved it. Whoever follows the
 * link reads the address: they may sign in to that account if it is theirs, or make their own,
 * which takes the address (decision 034). Never only "sign in to an account you may not control".
 */
type Mode = "create" | "sign-in" | "claim" | "accept" | "wrong-account";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const invitation = await findInvitation(db, params.token, now());
  const problem = linkProblem(invitation);
  if (problem || !invitation) {
    const message = problem?.message ?? INVITATION_TEXT.invalid;
    return data(
      { message, invitation: null },
      { status: problem?.status ?? 404, headers: NO_STORE },
    );
  }
  const session = await getCurrentSession(request);
  const signedInAs = session?.user.email.toLowerCase() ?? null;
  const mode: Mode = signedInAs
    ? signedInAs === invitation.email
      ? "accept"
      : "wrong-account"
    : invitation.accountExists
      ? invitation.accountProven
        ? "sign-in"
        : "claim"
      : "create";
  return data(
    {
      message: null,
      invitation: {
        email: invitation.email,
        name: invitation.name,
        clientName: invitation.clientName,
        staff: invitation.clientId === null,
        teamMember: invitation.clientId === null && invitation.role === "team",
        expiresAt: invitation.expiresAt,
        mode,
        signedInAs,
      },
    },
    { headers: NO_STORE },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

function welcome(accepted: Accepted, headers?: Headers) {
  return redirectWithToast(
    "/portal",
    {
      type: "success",
      title: "Welcome!",
      description: accepted.clientName
        ? `You've joined ${accepted.clientName} in the portal.`
        : "You've joined the team as an administrator.",
    },
    headers,
  );
}

type Answer = ActionResult<{ intent: string }>;

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readFormData(request);
  if (!form) return failed(400, FORM_UNREADABLE, { intent: "create" });
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const intent = field("intent");
  const db = await getDb();

  if (intent === "sign-out") {
    // Back to the link (a malformed one names no page: the sign-in page instead).
    return redirect(invitationPath(params.token) ?? "/auth", {
      headers: await signOut(request),
    });
  }

  if (intent === "accept") {
    const session = await getCurrentSession(request);
    if (!session) return failed(401, "Sign in to accept the invitation.", { intent });
    const accepted = await acceptAsUser(db, params.token, session.user.id, now());
    if (!accepted.ok) return failed(accepted.status, accepted.message, { intent });
    return welcome(accepted, session.headers);
  }

  if (intent === "sign-in") {
    const parsed = invitationSignInSchema.safeParse({ password: field("password") });
    if (!parsed.success) return failed(400, firstIssue(parsed.error).message, { intent });
    const invitation = await findInvitation(db, params.token, now());
    const problem = linkProblem(invitation);
    if (problem || !invitation) {
      return failed(problem?.status ?? 404, problem?.message ?? INVITATION_TEXT.invalid, {
        intent,
      });
    }
    const signedIn = await signIn(request, {
      email: invitation.email,
      password: parsed.data.password,
    });
    if (!signedIn.ok) return failed(signedIn.status, signedIn.message, { intent });
    // Two-factor is on: the second step first; the link, opened again, then accepts.
    if (needsSecondFactor(signedIn.body)) {
      return redirect("/auth?step=two-factor", { headers: signedIn.headers });
    }
    const userId = (signedIn.body as { user?: { id?: unknown } } | null)?.user?.id;
    if (typeof userId !== "string") return failed(503, "Please try again.", { intent });
    const accepted = await acceptAsUser(db, params.token, userId, now());
    if (!accepted.ok) return failed(accepted.status, accepted.message, { intent });
    return welcome(accepted, signedIn.headers);
  }

  // A new account: name and password.
  const values = { fullName: field("fullName") ?? "" };
  const parsed = acceptInvitationSchema.safeParse({
    fullName: field("fullName"),
    password: field("password"),
  });
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return failed(400, issue.message, { intent: "create", field: issue.field, values });
  }
  const accepted = await acceptWithNewAccount(db, params.token, parsed.data, now());
  if (!accepted.ok) {
    return failed(accepted.status, accepted.message, { intent: "create", values });
  }
  const signedIn = await signIn(request, { email: accepted.email, password: parsed.data.password });
  if (!signedIn.ok) {
    // The account is there: only signing in failed (a rate limit, say).
    return redirectWithToast("/auth", {
      type: "success",
      title: "Your account is ready",
      description: "Sign in with your e-mail address and new password.",
    });
  }
  return welcome(accepted, signedIn.headers);
}

export default function Invitation({ loaderData }: Route.ComponentProps) {
  const { invitation, message } = loaderData;
  if (!invitation) {
    return (
      <AuthShell title="Invitation" description="Joining the portal by invitation.">
        <div className="space-y-4 text-center">
          <FormResult result={{ ok: false, error: message ?? INVITATION_TEXT.invalid }} />
          <Button asChild className="w-full">
            <Link to="/auth">Go to sign in</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }
  const title = invitation.staff ? `Join the ${site.name} team` : `Join ${invitation.clientName}`;
  const about = invitation.teamMember
    ? "You're invited to the team as a team member: you'll see and work on the clients you are assigned to."
    : invitation.staff
      ? "You're invited to the team as an administrator: you'll see and work on every client."
      : `You're invited to the portal as a contact of ${invitation.clientName}.`;
  return (
    <AuthShell title={title} description={about}>
      {invitation.mode === "create" ? <CreateAccount invitation={invitation} /> : null}
      {invitation.mode === "sign-in" ? <SignInToAccept invitation={invitation} /> : null}
      {invitation.mode === "claim" ? <ClaimAddress invitation={invitation} /> : null}
      {invitation.mode === "accept" ? <AcceptAsSignedIn invitation={invitation} /> : null}
      {invitation.mode === "wrong-account" ? <WrongAccount invitation={invitation} /> : null}
    </AuthShell>
  );
}

interface InvitationInfo {
  mode: Mode;
  email: string;
  name: string;
  staff: boolean;
  teamMember?: boolean;
  clientName: string | null;
  expiresAt: Date | string;
  signedInAs: string | null;
}

/** An existing contact who accepts leaves the client they have. */
function MoveNotice({ invitation }: { invitation: InvitationInfo }) {
  if (invitation.staff) return null;
  return (
    <p className="text-xs text-muted-foreground">
      Accepting moves your account to {invitation.clientName}: you'll see its projects and messages
      instead of those of the client you have now.
    </p>
  );
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") === intent
  );
}

function Email({ email }: { email: string }) {
  return (
    <Field id="invitation-email" label="Email" description="The address this invitation is for.">
      <Input type="email" value={email} readOnly aria-readonly="true" />
    </Field>
  );
}

function CreateAccount({ invitation }: { invitation: InvitationInfo }) {
  const { inline, result } = useFormOutcome<Answer>({ intent: "create", navigates: true });
  const busy = useSubmitting("create");
  const typed = result && !result.ok ? result.values?.fullName : undefined;
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="create" />
      <Email email={invitation.email} />
      <Field id="invitation-name" label="Full Name">
        <Input
          name="fullName"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={typed ?? invitation.name}
        />
      </Field>
      <NewPasswordField id="invitation-password" />
      <AccountPrivacyNotice />
      <FormResult result={inline} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : "Create account and join"}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        This invitation is valid until {formatDate(invitation.expiresAt)}.
      </p>
    </Form>
  );
}

function SignInToAccept({ invitation }: { invitation: InvitationInfo }) {
  const { inline } = useFormOutcome<Answer>({ intent: "sign-in", navigates: true });
  const busy = useSubmitting("sign-in");
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="sign-in" />
      {invitation.mode === "sign-in" ? (
        <>
          <p className="text-sm">{INVITATION_TEXT.accountExists}</p>
          <Email email={invitation.email} />
        </>
      ) : null}
      <Field
        id="invitation-signin-password"
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
      <MoveNotice invitation={invitation} />
      <FormResult result={inline} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in..." : "Sign in and accept"}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        With two-factor authentication you'll be asked for your code first; then open this link
        again to accept.
      </p>
    </Form>
  );
}

/** An account holds the address without having proved it: sign in if it is yours, or make your own. */
function ClaimAddress({ invitation }: { invitation: InvitationInfo }) {
  return (
    <div className="space-y-6">
      <p className="text-sm">{INVITATION_TEXT.unprovenAccount}</p>
      <section aria-labelledby="claim-create" className="space-y-4">
        <h2 id="claim-create" className="font-semibold">
          Create your own account
        </h2>
        <p className="text-sm text-muted-foreground">{INVITATION_TEXT.claimCreates}</p>
        <CreateAccount invitation={invitation} />
      </section>
      <section aria-labelledby="claim-sign-in" className="space-y-4 border-t pt-6">
        <h2 id="claim-sign-in" className="font-semibold">
          Or, if that account is yours, sign in
        </h2>
        <SignInToAccept invitation={invitation} />
      </section>
    </div>
  );
}

function AcceptAsSignedIn({ invitation }: { invitation: InvitationInfo }) {
  const { inline } = useFormOutcome<Answer>({ intent: "accept", navigates: true });
  const busy = useSubmitting("accept");
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="accept" />
      <p className="text-sm">
        You're signed in as <strong className="break-all">{invitation.email}</strong>.
      </p>
      <MoveNotice invitation={invitation} />
      <FormResult result={inline} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Accepting..." : "Accept invitation"}
      </Button>
    </Form>
  );
}

function WrongAccount({ invitation }: { invitation: InvitationInfo }) {
  const busy = useSubmitting("sign-out");
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="sign-out" />
      <FormResult
        result={{
          ok: false,
          error: `This invitation is for ${invitation.email}, but you're signed in as ${invitation.signedInAs}. Sign out, then accept it with the invited address.`,
        }}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing out..." : "Sign out"}
      </Button>
    </Form>
  );
}
