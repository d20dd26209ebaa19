import { useState } from "react";
import { Download } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import {
  CancelDialogLink,
  DialogOpener,
  InlineDialog,
  useDialogAsked,
} from "~/components/ui/no-js-dialog";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDate } from "~/lib/dates";
import { DELETE_ACCOUNT_INTENT, DELETION_GRACE_DAYS } from "~/lib/validation/privacy-values";

/** Settings → your data: 'Download my data' and 'Delete my account' (POPIA sections 23 and 24). */
export function PrivacyCard({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  // Opened from state: the page mounts no dialog until it is asked for (decision 031).
  const [deleting, setDeleting] = useState(false);
  const asked = useDialogAsked("delete-account");
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your data</CardTitle>
        <CardDescription>
          Take a copy of everything we store about you, or delete your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-2">
          <p className="text-sm text-muted-foreground">
            A zip file with your profile, projects, messages, sessions, consents, passkeys and, once
            your e-mail address is confirmed, the enquiries sent from it, as JSON and CSV. It is
            made when you ask.
          </p>
          <form method="get" action="/portal/settings/my-data">
            <Button type="submit" variant="outline">
              <Download aria-hidden />
              Download my data
            </Button>
          </form>
        </div>
        <div className="space-y-2 border-t pt-6">
          <p className="text-sm text-muted-foreground">
            Your account is deleted {DELETION_GRACE_DAYS} days after you ask. Signing in before then
            cancels it.
          </p>
          <DialogOpener
            variant="destructive"
            dialog="delete-account"
            onOpen={() => setDeleting(true)}
          >
            Delete my account
          </DialogOpener>
          <Dialog open={deleting} onOpenChange={setDeleting}>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>{DELETE_ACCOUNT.title}</DialogTitle>
                <DialogDescription>{DELETE_ACCOUNT.description}</DialogDescription>
              </DialogHeader>
              <DeleteAccountForm twoFactorEnabled={twoFactorEnabled} inDialog />
            </DialogContent>
          </Dialog>
          {/* Asked for by the address: pressed before the scripts ran, or without them (142). */}
          {asked ? (
            <InlineDialog {...DELETE_ACCOUNT}>
              <DeleteAccountForm twoFactorEnabled={twoFactorEnabled} />
            </InlineDialog>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

const DELETE_ACCOUNT = {
  title: "Delete my account",
  description: `We delete your account ${DELETION_GRACE_DAYS} days from now. Until then you can change your mind: signing in cancels the deletion.`,
};

function DeleteAccountForm({
  twoFactorEnabled,
  inDialog = false,
}: {
  twoFactorEnabled: boolean;
  inDialog?: boolean;
}) {
  const { fetcher, inline, busy } = useFormOutcome({
    intent: DELETE_ACCOUNT_INTENT,
    redirects: true,
  });
  const prefix = inDialog ? "delete-account" : "delete-account-nojs";
  return (
    <fetcher.Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
      <div className="space-y-1 text-sm">
        <h3 className="font-semibold">What is deleted</h3>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          <li>your name, e-mail address, password, passkeys and two-factor settings;</li>
          <li>your sessions, projects and the notes you sent yourself;</li>
          <li>your consents, and the enquiries and quote requests sent from your address.</li>
        </ul>
        <h3 className="pt-2 font-semibold">What we must keep</h3>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          <li>
            messages you exchanged with our team stay in their inbox, shown as from 'Deleted user';
          </li>
          <li>
            records the law requires us to keep, such as invoices and contracts (five years, for
            tax), without your name where we can.
          </li>
        </ul>
      </div>
      <Field id={`${prefix}-password`} label="Password">
        <Input name="password" type="password" autoComplete="current-password" required />
      </Field>
      {twoFactorEnabled ? (
        <Field id={`${prefix}-code`} label="Authentication code">
          <Input
            name="code"
            autoComplete="one-time-code"
            required
            maxLength={40}
            className="font-mono tracking-widest"
          />
        </Field>
      ) : null}
      <FormResult result={inline} />
      {inDialog ? (
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting..." : "Schedule deletion"}
          </Button>
        </DialogFooter>
      ) : (
        <DialogFooter>
          <CancelDialogLink />
          <Button type="submit" variant="destructive">
            Schedule deletion
          </Button>
        </DialogFooter>
      )}
    </fetcher.Form>
  );
}

export interface AccountDeletionView {
  userId: string;
  email: string | null;
  name: string | null;
  requestedAt: Date | string;
  dueAt: Date | string;
  erasedAt: Date | string | null;
}

/**
 * Administrators: accounts waiting to be erased (the job erases them on the date shown), then
 * the latest erasures, which read 'Deleted user'.
 */
export function AccountDeletionsCard({ deletions }: { deletions: AccountDeletionView[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account deletions</CardTitle>
        <CardDescription>
          Accounts whose owners asked to delete them. Each is erased on its date unless its owner
          signs in before.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {deletions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No account is waiting to be deleted.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Account deletions</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Account
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Asked on
                </th>
                <th scope="col" className="py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {deletions.map((d) => (
                <tr key={d.userId} className="border-b last:border-0">
                  <td className="py-2 pr-3 break-all">
                    {d.email ? (d.name ? `${d.name} (${d.email})` : d.email) : d.name}
                  </td>
                  <td className="py-2 pr-3">{formatDate(d.requestedAt)}</td>
                  <td className="py-2">
                    {d.erasedAt
                      ? `Deleted on ${formatDate(d.erasedAt)}`
                      : `To be deleted on ${formatDate(d.dueAt)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
