/**
 * The billing pages' shared request handling: who is looking (as billing's domain reads it),
 * and the form of a proposal turned into its schema's input or the refusal to show.
 */

import { failed } from "~/lib/action-result";
import { proposalSchema } from "~/lib/validation/billing";
import { firstIssue } from "~/lib/validation/zod";
import { hasBillingAccess } from "~/server/billing/access.server";
import type { BillingViewer } from "~/server/billing/proposals.server";
import { typedValues } from "../form.server";
import { forbidden } from "../refuse.server";
import { type PortalContext, requireUser } from "./context.server";

export function billingViewer(ctx: PortalContext): BillingViewer {
  return { scope: ctx.scope, userId: ctx.user.id, isAdmin: ctx.isAdmin };
}

/**
 * The signed-in person, when they may open billing at all: an administrator, a contact (their
 * own client's), or a team member once given billing. A team member without it is refused with
 * 403 and the no-permission text, on every billing page and download, as other pages refuse
 * what a role may not open; their queries would find nothing anyway (`billingScopeWhere`).
 */
export async function requireBilling(request: Request): Promise<PortalContext> {
  const ctx = await requireUser(request);
  if (ctx.scope.kind === "team" && !(await hasBillingAccess(ctx.db, ctx.user.id))) {
    throw forbidden();
  }
  return ctx;
}

/**
 * Whether this person sees the agency's billing figures: an administrator looking at every
 * client, or a team member given billing (their queries still hold only their clients).
 */
export async function seesBillingOf(ctx: PortalContext): Promise<boolean> {
  if (ctx.scope.kind === "all") return ctx.isAdmin;
  if (ctx.scope.kind === "team") return hasBillingAccess(ctx.db, ctx.user.id);
  return false;
}

/** The proposal form parsed, or the 400 answer naming the field (with what was typed). */
export function parseProposalForm(form: Record<string, string | undefined>) {
  const parsed = proposalSchema.safeParse(form);
  if (parsed.success) return { ok: true as const, input: parsed.data };
  const issue = firstIssue(parsed.error);
  return {
    ok: false as const,
    answer: failed(400, issue.message, { field: issue.field, values: typedValues(form) }),
  };
}
