import { data } from "react-router";
import { CompanyCard } from "~/components/portal/settings/company-card";
import { EmailCard } from "~/components/portal/settings/email-card";
import { NotificationsCard } from "~/components/portal/settings/notifications-card";
import { PasskeysCard } from "~/components/portal/settings/passkeys-card";
import { PasswordCard } from "~/components/portal/settings/password-card";
import { AccountDeletionsCard, PrivacyCard } from "~/components/portal/settings/privacy-card";
import { SecurityPolicyCard } from "~/components/portal/settings/security-policy-card";
import { SessionsCard } from "~/components/portal/settings/sessions-card";
import {
  TwoFactorCard,
  TwoFactorRequiredAlert,
} from "~/components/portal/settings/two-factor-card";
import { usePortalUser } from "~/components/portal/use-portal-user";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { portalMeta } from "~/lib/seo";
import { addressIsProven } from "~/server/accounts/address-proof.server";
import { listPasskeys } from "~/server/accounts/passkeys.server";
import { blockedByPolicy, getSecurityPolicy } from "~/server/accounts/security-policy.server";
import { listSessions } from "~/server/accounts/sessions.server";
import { backupCodesFor } from "~/server/accounts/two-factor.server";
import { notificationChoices } from "~/server/notifications/notifications.server";
import { reviewReminderDays } from "~/server/notifications/reminders.server";
import { whatsappEnabled, whatsappNumberOf } from "~/server/notifications/whatsapp.server";
import { listAccountDeletions } from "~/server/privacy/privacy.server";
import { readTwoFactorFlash } from "../auth/accounts.server";
import { readForm } from "../form.server";
import type { Route } from "./+types/settings";
import { requireUser } from "./context.server";
import { settingsAction } from "./settings.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Settings", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, user, sessionId, isAdmin, isStaff, viewingAs } = await requireUser(request);
  const flash = await readTwoFactorFlash(db, request, user.id);
  const query = new URL(request.url).searchParams;
  const emailChange: "changed" | "invalid" | null =
    query.get("email") === "changed" ? (query.get("error") ? "invalid" : "changed") : null;
  // Back from the link that confirms the address (decision 034).
  const addressConfirmation: "confirmed" | "invalid" | null =
    query.get("email") === "confirmed" ? (query.get("error") ? "invalid" : "confirmed") : null;
  const showCodes = flash.notice === "on" && user.twoFactorEnabled;
  // Only administrators see the policy, and only they can be held by it.
  const policy = isAdmin ? await getSecurityPolicy(db) : null;
  return data(
    {
      sessions: await listSessions(db, user.id, sessionId),
      passkeys: await listPasskeys(db, user.id),
      twoFactorRequired: policy ? blockedByPolicy(user, policy) : false,
      securityPolicy: policy,
      accountDeletions: isAdmin ? await listAccountDeletions(db) : null,
      // A contact renames their own client; an administrator only sees it while viewing as one
      // (where writing is refused anyway).
      company: viewingAs
        ? { name: viewingAs.name }
        : !isStaff && user.clientName
          ? { name: user.clientName }
          : null,
      // Settings → Notifications: per kind, per channel (decision 057).
      notificationChoices: await notificationChoices(db, user.id),
      reviewReminderDays: isAdmin ? await reviewReminderDays(db) : null,
      // Hidden when WhatsApp is not configured (decision 078).
      whatsapp: whatsappEnabled() ? { number: await whatsappNumberOf(db, user.id) } : null,
      twoFactorNotice: flash.notice,
      emailChange,
      addressConfirmed: await addressIsProven(db, user.id),
      addressConfirmation,
      backupCodes: showCodes ? await backupCodesFor(user.id) : null,
    },
    flash.clearHeader ? { headers: { "Set-Cookie": flash.clearHeader } } : undefined,
  );
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireUser(request);
  return settingsAction(ctx, await readForm(request), request);
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const user = usePortalUser();
  const twoFactor = (
    <TwoFactorCard
      enabled={user.twoFactorEnabled}
      notice={loaderData.twoFactorNotice}
      backupCodes={loaderData.backupCodes}
    />
  );
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      {loaderData.twoFactorRequired ? <TwoFactorRequiredAlert /> : null}
      {loaderData.twoFactorRequired ? twoFactor : null}
      <ProfileCard
        addressConfirmed={loaderData.addressConfirmed}
        confirmation={loaderData.addressConfirmation}
      />
      {loaderData.company ? <CompanyCard name={loaderData.company.name} /> : null}
      <NotificationsCard
        choices={loaderData.notificationChoices}
        reviewReminderDays={loaderData.reviewReminderDays}
        whatsapp={loaderData.whatsapp}
      />
      <EmailCard result={loaderData.emailChange} />
      <PasswordCard />
      {loaderData.twoFactorRequired ? null : twoFactor}
      <PasskeysCard passkeys={loaderData.passkeys} />
      <SessionsCard sessions={loaderData.sessions} />
      {loaderData.securityPolicy ? (
        <SecurityPolicyCard
          policy={loaderData.securityPolicy}
          twoFactorEnabled={user.twoFactorEnabled}
        />
      ) : null}
      {loaderData.accountDeletions ? (
        <AccountDeletionsCard deletions={loaderData.accountDeletions} />
      ) : null}
      <PrivacyCard twoFactorEnabled={user.twoFactorEnabled} />
    </div>
  );
}

function ProfileCard({
  addressConfirmed,
  confirmation,
}: {
  addressConfirmed: boolean;
  confirmation: "confirmed" | "invalid" | null;
}) {
  const user = usePortalUser();
  const { fetcher, inline, busy: saving } = useFormOutcome({ intent: "profile" });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile Settings</CardTitle>
        <CardDescription>Update your personal information.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="profile" />
          <Field
            id="settings-email"
            label="Email"
            description="To change it, use Change e-mail address below."
          >
            <Input type="email" value={user.email} readOnly aria-readonly="true" />
          </Field>
          <Field id="settings-name" label="Full Name">
            <Input
              name="fullName"
              autoComplete="name"
              maxLength={100}
              defaultValue={user.fullName ?? ""}
            />
          </Field>
          <FormResult result={inline} />
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </fetcher.Form>
        <AddressConfirmation confirmed={addressConfirmed} result={confirmation} />
      </CardContent>
    </Card>
  );
}

/**
 * Whether the account's address is confirmed, and the way to confirm it: until then what was
 * sent to us from the address is not matched to the account (decision 034).
 */
function AddressConfirmation({
  confirmed,
  result,
}: {
  confirmed: boolean;
  result: "confirmed" | "invalid" | null;
}) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "confirm-email" });
  if (confirmed) {
    return result === "confirmed" ? (
      <p role="status" className="mt-4 text-sm font-medium text-green-700 dark:text-green-400">
        Your e-mail address is confirmed.
      </p>
    ) : null;
  }
  return (
    <fetcher.Form method="post" className="mt-6 space-y-3 border-t pt-6">
      <input type="hidden" name="intent" value="confirm-email" />
      {result === "invalid" ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          That confirmation link is invalid or has expired. Ask for a new one below.
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Your e-mail address is not confirmed yet. Once it is, 'Download my data' also holds what was
        sent to us from it: contact messages, quote requests and invitations.
      </p>
      <FormResult result={inline} />
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Sending..." : "Confirm my e-mail address"}
      </Button>
    </fetcher.Form>
  );
}
