import { useState } from "react";
import { Mail, RotateCw, UserPlus, X } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DialogFormFooter, FormDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { DialogOpener, useDialogAsked } from "~/components/ui/no-js-dialog";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDate } from "~/lib/dates";
import { refusalFields } from "~/lib/refusal-fields";
import { TEAM_ROLES } from "~/lib/validation/clients";

export interface InvitationItem {
  id: string;
  name: string;
  email: string;
  sentAt: Date | string;
  expiresAt: Date | string;
  status: "pending" | "expired";
}

/**
 * 'Invite contact' / 'Invite team member': a dialog with the person's name and e-mail address,
 * posting `intent=invite` to the page's action.
 */
export function InviteButton({
  label,
  title,
  description,
  chooseRole = false,
}: {
  label: string;
  title: string;
  description: string;
  /** The team's invitation: 'Role', Team member or Administrator (decision 065). */
  chooseRole?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const inPlace = useDialogAsked(INVITE_DIALOG);
  const form = { title, description, chooseRole };
  return (
    <>
      <DialogOpener dialog={INVITE_DIALOG} onOpen={() => setOpen(true)}>
        <UserPlus aria-hidden />
        {label}
      </DialogOpener>
      {inPlace ? (
        <InviteDialog {...form} open onOpenChange={() => {}} inline />
      ) : (
        <InviteDialog {...form} open={open} onOpenChange={setOpen} />
      )}
    </>
  );
}

const INVITE_DIALOG = "invite";

/**
 * The invitation's form: in a dialog opened from state, or in place when the address asked for
 * it (decision 142), with a refusal by its field and what was typed.
 */
function InviteDialog({
  title,
  description,
  chooseRole,
  open,
  onOpenChange,
  inline = false,
}: {
  title: string;
  description: string;
  chooseRole: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inline?: boolean;
}) {
  const {
    fetcher,
    busy,
    result,
    inline: answered,
  } = useFormOutcome({
    intent: "invite",
    onSuccess: () => onOpenChange(false),
  });
  const refused = answered && !answered.ok ? answered : null;
  const { errorFor, typed } = refusalFields(inline ? refused : null);
  return (
    <>
      {/* Without JavaScript, an answer that came back to the page (not a request that did not
          get through: that one is said in the dialog). */}
      {inline || (answered && "unsent" in answered) ? null : <FormResult result={answered} />}
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        busy={busy}
        title={title}
        description={description}
        inline={inline}
      >
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="invite" />
          <Field label="Name" error={errorFor("name")}>
            <Input
              name="name"
              autoComplete="off"
              required
              maxLength={100}
              defaultValue={typed("name", "")}
            />
          </Field>
          <Field label="Email" error={errorFor("email")}>
            <Input
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={255}
              defaultValue={typed("email", "")}
            />
          </Field>
          {chooseRole ? (
            <Field
              label="Role"
              description="A team member sees only the clients an administrator assigns them to; an administrator sees everything."
              error={errorFor("role")}
            >
              <NativeSelect name="role" defaultValue={typed("role", "team") || "team"} required>
                {TEAM_ROLES.map((role) => (
                  <option key={role.value} value={role.value}>
                    {role.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : null}
          <DialogFormFooter
            submitLabel="Send invitation"
            busyLabel="Sending..."
            busy={busy}
            onCancel={() => onOpenChange(false)}
            result={result}
          />
        </fetcher.Form>
      </FormDialog>
    </>
  );
}

/** The invitations not yet accepted, with 'Resend' and 'Revoke'. */
export function PendingInvitations({
  invitations,
  empty,
}: {
  invitations: InvitationItem[];
  empty: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Pending invitations</CardTitle>
        <CardDescription>
          Links work once and for 7 days. Resending sends a new link; the old one stops working.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y" aria-label="Pending invitations">
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationItem }) {
  const resend = useFormOutcome({ intent: "resend", instance: invitation.id });
  const revoke = useFormOutcome({ intent: "revoke", instance: invitation.id });
  const expired = invitation.status === "expired";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <Mail className="size-4 text-muted-foreground" aria-hidden />
          <span className="min-w-0">{invitation.name}</span>
          {expired ? (
            <Badge variant="outline">Expired</Badge>
          ) : (
            <Badge variant="secondary">Pending</Badge>
          )}
        </p>
        <p className="break-all text-sm text-muted-foreground">{invitation.email}</p>
        <p className="text-xs text-muted-foreground">
          Sent {formatDate(invitation.sentAt)} · {expired ? "expired" : "valid until"}{" "}
          {formatDate(invitation.expiresAt)}
        </p>
        <FormResult result={resend.inline ?? revoke.inline} className="mt-2" />
      </div>
      <div className="flex shrink-0 gap-2">
        <resend.fetcher.Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="invitationId" value={invitation.id} />
          <Button type="submit" variant="outline" size="sm" disabled={resend.busy}>
            <RotateCw aria-hidden />
            Resend
            <span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
        </resend.fetcher.Form>
        <revoke.fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="invitationId" value={invitation.id} />
          <Button type="submit" variant="outline" size="sm" disabled={revoke.busy}>
            <X aria-hidden />
            Revoke
            <span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
        </revoke.fetcher.Form>
      </div>
    </li>
  );
}
