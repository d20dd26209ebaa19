import { ProposalForm } from "~/components/billing/proposal-form";
import { BackLink } from "~/components/portal/back-link";
import { failed } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { portalMeta } from "~/lib/seo";
import {
  createProposal,
  proposalClients,
  proposalDraft,
  proposalLink,
} from "~/server/billing/proposals.server";
import { now } from "~/server/clock.server";
import { parseId } from "~/server/workspace/scope.server";
import { readForm, typedValues, valuesAfterRefusal } from "../form.server";
import { redirectWithToast } from "../toast.server";
import type { Route } from "./+types/proposal-new";
import { parseProposalForm } from "./billing.server";
import { assertCanWrite, requireAdmin } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("New proposal", matches);

/** 'New proposal' (administrators): for a client (?client=), or from a quote request (?lead=). */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const url = new URL(request.url);
  const draft = await proposalDraft(
    db,
    parseId(url.searchParams.get("lead")),
    parseId(url.searchParams.get("client")),
    now(),
  );
  return { draft, clients: await proposalClients(db) };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request);
  assertCanWrite(ctx);
  const form = await readForm(request);
  const parsed = parseProposalForm(form);
  if (!parsed.ok) return parsed.answer;
  const created = await createProposal(ctx.db, ctx.user.id, parsed.input, now());
  if (!created.ok) {
    return failed(created.status, created.message, {
      values: valuesAfterRefusal(created.status, typedValues(form)),
    });
  }
  return redirectWithToast(proposalLink(created.id), {
    type: "success",
    title: "Success",
    description: "Proposal saved as a draft",
  });
}

export default function NewProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { draft, clients } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="max-w-3xl space-y-6">
      <BackLink to="/portal/billing">Back to Billing</BackLink>
      <div>
        <h1 className="font-bold text-3xl tracking-tight">New proposal</h1>
        <p className="mt-1 text-muted-foreground">
          Saved as a draft: the client sees it once you send it.
        </p>
      </div>
      {draft.notice ? <p role="status">{draft.notice}</p> : null}
      <ProposalForm
        values={draft}
        clients={clients}
        refused={refused}
        submitLabel="Create proposal"
      />
    </div>
  );
}
