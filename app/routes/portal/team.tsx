import { useState } from "react";
import { ShieldCheck, UserMinus } from "~/components/icons";
import { InviteButton, PendingInvitations } from "~/components/portal/invitations";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormResult } from "~/components/ui/form-result";
import { DialogOpener, useRequestedDialog } from "~/components/ui/no-js-dialog";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { formatDate } from "~/lib/dates";
import { requestedDialog } from "~/lib/dialog-params";
import { portalMeta } from "~/lib/seo";
import { redirectWithToast } from "~/routes/toast.server";
import { setBillingAccess } from "~/server/billing/access.server";
import { now } from "~/server/clock.server";
import { listOpenInvitations } from "~/server/invitations/invitations.server";
import { TEAM_MEMBER_NOT_FOUND } from "~/server/team/assignments.server";
import {
  listTeam,
  NOT_A_TEAM_MEMBER_MESSAGE,
  removeAdministrator,
  removeTeamMember,
} from "~/server/team/team.server";
import { parseUserId } from "~/server/workspace/scope.server";
import { closeDialogOnSuccess } from "../dialog.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import { notFound } from "../refuse.server";
import type { Route } from "./+types/team";
import { assertCanWrite, requireAdmin } from "./context.server";
import { invitationAction, isInvitationIntent } from "./invitation-actions.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Team", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, user } = await requireAdmin(request);
  const team = await listTeam(db);
  // 'Remove role' asked for by the address about someone not on the team: said plainly.
  const asked = requestedDialog(new URL(request.url).searchParams);
  if (asked?.name === "remove-role" && asked.item && !team.some((m) => m.id === asked.item)) {
    throw notFound(TEAM_MEMBER_NOT_FOUND);
  }
  return {
    me: user.id,
    team,
    invitations: await listOpenInvitations(db, null, now()),
  };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action(args: Route.ActionArgs) {
  // A dialog's form posted from its page (`?dialog=…`): back to the page once it succeeds (142).
  return closeDialogOnSuccess(args.request, await handleTeamForm(args));
}

async function handleTeamForm({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request);
  assertCanWrite(ctx);
  const form = await readForm(request);
  if (isInvitationIntent(form.intent)) return invitationAction(ctx, form, { clientId: null });
  if (form.intent === "remove-team-member") {
    const userId = parseUserId(form.userId) ?? "";
    const removed = await removeTeamMember(ctx.db, userId);
    if (!removed.ok) return failed(removed.status, removed.message, { intent: "remove-admin" });
    return succeeded("Team member role removed", { intent: "remove-admin" });
  }
  if (form.intent === "billing-access") {
    const userId = parseUserId(form.userId) ?? "";
    const on = form.billing === "on";
    if (!(await setBillingAccess(ctx.db, userId, on))) {
      return failed(404, NOT_A_TEAM_MEMBER_MESSAGE, { intent: "billing-access" });
    }
    return succeeded(on ? "Billing access given" : "Billing access removed", {
      intent: "billing-access",
    });
  }
  if (form.intent === "remove-admin") {
    const userId = parseUserId(form.userId) ?? "";
    const removed = await removeAdministrator(ctx.db, userId);
    if (!removed.ok) return failed(removed.status, removed.message, { intent: "remove-admin" });
    if (userId === ctx.user.id) {
      // Their own role: the Team page is no longer theirs to see.
      return redirectWithToast("/portal", {
        type: "success",
        title: "Success",
        description: "You are no longer an administrator",
      });
    }
    return succeeded("Administrator role removed", { intent: "remove-admin" });
  }
  return failed(400, UNKNOWN_ACTION);
}

interface Member {
  id: string;
  name: string | null;
  email: string;
  role: "admin" | "team";
  since: Date | string;
  twoFactorEnabled: boolean;
  billing: boolean;
  clients: { id: string; name: string }[];
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { team, invitations, me } = loaderData;
  const [removing, setRemoving] = useState<Member | null>(null);
  // 'Remove role' asked for by the address (pressed before the scripts ran, decision 142).
  const asked = useRequestedDialog();
  const askedMember =
    asked?.name === "remove-role" ? (team.find((m) => m.id === asked.item) ?? null) : null;
  return (
    <div className="max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Team Management</h1>
          <p className="mt-1 text-muted-foreground">
            The agency's team: administrators see and work on every client; team members on the
            clients they are assigned to (on each client's page).
          </p>
        </div>
        <InviteButton
          label="Invite team member"
          title="Invite team member"
          description="They get an e-mail with a link to join the team in the role you choose."
          chooseRole
        />
      </div>

      {askedMember ? (
        <RemoveAdminDialog member={askedMember} me={me} onClose={() => {}} inline />
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2">Team</CardTitle>
          <CardDescription>{teamCount(team)}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y" aria-label="Team">
            {team.map((member) => (
              <li
                key={member.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="break-words">{member.name ?? member.email}</span>
                    {member.id === me ? <Badge variant="secondary">You</Badge> : null}
                    {member.twoFactorEnabled ? (
                      <Badge variant="outline">
                        <ShieldCheck className="mr-1 size-3" aria-hidden />
                        Two-factor on
                      </Badge>
                    ) : null}
                  </p>
                  <p className="break-all text-sm text-muted-foreground">
                    {member.email} · {member.role === "admin" ? "administrator" : "team member"}{" "}
                    since {formatDate(member.since)}
                  </p>
                  <p className="break-words text-sm text-muted-foreground">
                    {member.role === "admin"
                      ? "Clients: every client"
                      : member.clients.length === 0
                        ? "Clients: none assigned yet"
                        : `Clients: ${member.clients.map((c) => c.name).join(", ")}`}
                  </p>
                </div>
                {member.role === "team" ? <BillingAccessForm member={member} /> : null}
                <DialogOpener
                  variant="outline"
                  size="sm"
                  dialog="remove-role"
                  item={member.id}
                  onOpen={() => setRemoving(member)}
                >
                  <UserMinus aria-hidden />
                  {member.role === "admin"
                    ? "Remove administrator role"
                    : "Remove team member role"}
                  <span className="sr-only"> of {member.name ?? member.email}</span>
                </DialogOpener>
              </li>
            ))}
          </ul>
          <RemoveResult />
        </CardContent>
      </Card>

      <PendingInvitations invitations={invitations} empty="No pending team invitations." />

      <RemoveAdminDialog member={removing} me={me} onClose={() => setRemoving(null)} />
    </div>
  );
}

function teamCount(team: Member[]) {
  const admins = team.filter((m) => m.role === "admin").length;
  const members = team.length - admins;
  const a = admins === 1 ? "1 administrator" : `${admins} administrators`;
  if (members === 0) return a;
  return `${a}, ${members === 1 ? "1 team member" : `${members} team members`}`;
}

/** The answer of a removal posted without JavaScript. */
function RemoveResult() {
  const { inline } = useFormOutcome({ intent: "remove-admin" });
  return <FormResult result={inline} className="mt-3" />;
}

function RemoveAdminDialog({
  member,
  me,
  onClose,
  inline = false,
}: {
  member: Member | null;
  me: string;
  onClose: () => void;
  /** In place, a form that posts without JavaScript (the address asked for it). */
  inline?: boolean;
}) {
  const { fetcher, busy, result } = useFormOutcome({
    intent: "remove-admin",
    redirects: member?.id === me,
    onSuccess: onClose,
  });
  const who = member?.id === me ? "yourself" : (member?.name ?? member?.email);
  const admin = member?.role !== "team";
  const fields = (m: Member) => ({
    intent: admin ? "remove-admin" : "remove-team-member",
    userId: m.id,
  });
  return (
    <ConfirmDialog
      open={member !== null}
      onClose={onClose}
      busy={busy}
      result={result}
      title={admin ? "Remove administrator role?" : "Remove team member role?"}
      description={
        admin
          ? `This removes the administrator role from ${who}. They keep their account, but no longer see the agency's clients, leads or team.`
          : `This removes the team member role from ${who}. They keep their account, but no longer see the clients they were assigned to.`
      }
      confirmLabel="Remove role"
      busyLabel="Removing..."
      onConfirm={() => {
        if (member) fetcher.submit(fields(member), { method: "post" });
      }}
      inline={inline && member ? { fields: fields(member) } : null}
    />
  );
}

/** Give or take a team member's billing (proposals and invoices of their clients). */
function BillingAccessForm({ member }: { member: Member }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "billing-access" });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="billing-access" />
      <input type="hidden" name="userId" value={member.id} />
      <input type="hidden" name="billing" value={member.billing ? "off" : "on"} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {member.billing ? "Take billing access" : "Give billing access"}
        <span className="sr-only"> of {member.name ?? member.email}</span>
      </Button>
      <FormResult result={inline} />
    </fetcher.Form>
  );
}
