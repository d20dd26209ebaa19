import { useEffect, useRef, useState } from "react";
import { ShieldAlert, ShieldCheck } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import type { TotpSetupView, TwoFactorResult } from "~/lib/validation/account";

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP", easier to type. */
function grouped(key: string) {
  return (
    key
      .replace(/=+$/, "")
      .match(/.{1,4}/g)
      ?.join(" ") ?? key
  );
}

export function TwoFactorCard({
  enabled,
  notice,
  backupCodes,
}: {
  enabled: boolean;
  /** Just turned on or off (the page after the change). */
  notice: "on" | "off" | null;
  /** Shown once, on the page right after turning two-factor on. */
  backupCodes: string[] | null;
}) {
  const form = useFormOutcome<TwoFactorResult>({ intent: "two-factor", redirects: true });
  const { result } = form;
  // Kept when the page's data reloads (live updates), until the user says they saved them.
  const [codes, setCodes] = useState(backupCodes);
  useEffect(() => {
    if (backupCodes?.length) setCodes(backupCodes);
  }, [backupCodes]);
  // 'Show backup codes' (after the password) answers with them.
  const shown = result?.step === "show-codes" ? result.backupCodes : undefined;
  useEffect(() => {
    if (shown?.length) setCodes(shown);
  }, [shown]);
  const setup = !enabled && result && result.step !== "disable" ? result.setup : undefined;

  return (
    <Card id="two-factor">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">Two-factor authentication</CardTitle>
          {enabled ? (
            <Badge
              variant="plain"
              className="gap-1 bg-green-600 text-white"
              data-testid="two-factor-status"
            >
              <ShieldCheck className="size-3.5" aria-hidden />
              On
            </Badge>
          ) : (
            <Badge variant="outline" data-testid="two-factor-status">
              Off
            </Badge>
          )}
        </div>
        <CardDescription>
          Ask for a code from an authenticator app (such as Google Authenticator, Microsoft
          Authenticator or 1Password) as well as your password when you sign in.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {notice ? (
          <p role="status" className="text-sm font-medium text-green-700 dark:text-green-400">
            Two-factor authentication turned {notice}
          </p>
        ) : null}
        {enabled && codes?.length ? (
          <BackupCodes codes={codes} onDone={() => setCodes(null)} />
        ) : null}

        {enabled && !codes?.length ? (
          <PasswordStep form={form} step="show-codes" label="Show backup codes" />
        ) : null}
        {enabled ? (
          <PasswordStep form={form} step="disable" label="Turn off two-factor authentication" />
        ) : setup ? (
          <ConfirmStep form={form} setup={setup} />
        ) : (
          <PasswordStep form={form} step="enable" label="Turn on two-factor authentication" />
        )}
      </CardContent>
    </Card>
  );
}

type Form = ReturnType<typeof useFormOutcome<TwoFactorResult>>;

const PASSWORD_LABELS = {
  enable: "Password",
  disable: "Password to turn it off",
  "show-codes": "Password to show your backup codes",
} as const;

function PasswordStep({
  form,
  step,
  label,
}: {
  form: Form;
  step: "enable" | "disable" | "show-codes";
  label: string;
}) {
  const { fetcher, inline, busy } = form;
  const id = `two-factor-${step}-password`;
  return (
    <fetcher.Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="two-factor" />
      <input type="hidden" name="step" value={step} />
      <Field id={id} label={PASSWORD_LABELS[step]}>
        <Input name="password" type="password" autoComplete="current-password" required />
      </Field>
      <FormResult result={inline?.step === step ? inline : undefined} />
      <Button type="submit" variant={step === "enable" ? "default" : "outline"} disabled={busy}>
        {busy ? "Sending..." : label}
      </Button>
    </fetcher.Form>
  );
}

function ConfirmStep({ form, setup }: { form: Form; setup: TotpSetupView }) {
  const { fetcher, inline, busy } = form;
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    codeRef.current?.focus();
  }, []);
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-6">
        <img
          src={setup.qr}
          alt="QR code to add this account to an authenticator app"
          width={176}
          height={176}
          className="rounded-md border bg-white p-2"
        />
        <dl className="space-y-1">
          <dt className="text-sm font-medium">Setup key</dt>
          <dd>
            <code
              className="block rounded bg-muted px-2 py-1 font-mono text-sm tracking-wider"
              data-testid="two-factor-key"
            >
              {grouped(setup.key)}
            </code>
          </dd>
        </dl>
      </div>
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="step" value="confirm" />
        <input type="hidden" name="totpURI" value={setup.uri} />
        <Field id="two-factor-code" label="Authentication code">
          <Input
            ref={codeRef}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            className="max-w-40 font-mono tracking-widest"
          />
        </Field>
        <FormResult result={inline?.step === "confirm" ? inline : undefined} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Checking..." : "Confirm and turn on"}
          </Button>
          <Button asChild variant="ghost">
            <a href="/portal/settings">Cancel</a>
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section
      aria-labelledby="backup-codes-title"
      className="space-y-3 rounded-md border border-green-600/40 bg-green-50 p-4 dark:bg-green-950"
    >
      <h3 id="backup-codes-title" className="font-semibold">
        Your backup codes
      </h3>
      <p className="text-sm">
        Keep these somewhere safe. Each one signs you in once if you lose your phone. To see them
        again later, you will need your password.
      </p>
      <ul
        className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-3"
        aria-label="Backup codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-background px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" onClick={onDone}>
        I have saved my backup codes
      </Button>
    </section>
  );
}

/** The security policy (Settings, or REQUIRE_ADMIN_2FA): why an administrator was sent here. */
export function TwoFactorRequiredAlert() {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-amber-500/50 bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <ShieldAlert className="size-5 shrink-0" aria-hidden />
      <p>
        Administrator accounts must use two-factor authentication.{" "}
        <a href="#two-factor" className="font-medium underline underline-offset-4">
          Turn it on below
        </a>{" "}
        to use the rest of the portal.
      </p>
    </div>
  );
}
