/**
 * The invitation forms of a client's page and the Team page (intent invite, resend, revoke):
 * parse, one domain call, one answer naming the intent.
 */
import { failed, succeeded } from "~/lib/action-result";
import { inviteSchema } from "~/lib/validation/clients";
import { firstIssue } from "~/lib/validation/zod";
import { now } from "~/server/clock.server";
import {
  createInvitation,
  type InvitationOwner,
  resendInvitation,
  revokeInvitation,
} from "~/server/invitations/invitations.server";
import type { Form } from "../form.server";
import type { PortalContext } from "./context.server";

export const INVITATION_INTENTS = ["invite", "resend", "revoke"] as const;

export function isInvitationIntent(intent: unknown): intent is (typeof INVITATION_INTENTS)[number] {
  return INVITATION_INTENTS.includes(intent as (typeof INVITATION_INTENTS)[number]);
}

/** Handle one invitation form for `owner` (a client, or the team). */
export async function invitationAction(
  { db, user }: PortalContext,
  form: Form,
  owner: InvitationOwner,
) {
  const inviter = { id: user.id, name: user.fullName };
  const intent = form.intent;
  if (intent === "invite") {
    const parsed = inviteSchema.safeParse(form);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      return failed(400, issue.message, {
        intent,
        field: issue.field,
        values: { name: form.name ?? "", email: form.email ?? "" },
      });
    }
    const created = await createInvitation(
      db,
      inviter,
      { clientId: owner.clientId, ...parsed.data },
      now(),
    );
    if (!created.ok) {
      const values = { name: form.name ?? "", email: form.email ?? "", role: form.role ?? "" };
      return failed(created.status, created.message, { intent, values });
    }
    return succeeded(`Invitation sent to ${parsed.data.email.toLowerCase()}`, { intent });
  }
  if (intent === "resend") {
    const resent = await resendInvitation(db, inviter, owner, form.invitationId, now());
    if (!resent.ok) return failed(resent.status, resent.message, { intent });
    return succeeded("Invitation sent again with a new link", { intent });
  }
  const revoked = await revokeInvitation(db, user.id, owner, form.invitationId, now());
  if (!revoked.ok) return failed(revoked.status, revoked.message, { intent: "revoke" });
  return succeeded("Invitation revoked", { intent: "revoke" });
}
