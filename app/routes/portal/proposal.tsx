import { Form } from "react-router";
import { INVOICES_CURSOR, InvoiceList } from "~/components/billing/invoice-list";
import { ProposalDocument } from "~/components/billing/proposal-document";
import { ProposalForm } from "~/components/billing/proposal-form";
import { BackLink } from "~/components/portal/back-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import type { LiveHandle } from "~/lib/live-events";
import { decodeSerialCursor } from "~/lib/pagination";
import { refusalFields } from "~/lib/refusal-fields";
import { portalMeta } from "~/lib/seo";
import { PROPOSAL_STATE_LABELS, proposalAnswerSchema } from "~/lib/validation/billing";
import { firstIssue } from "~/lib/validation/zod";
import { listInvoices } from "~/server/billing/invoices.server";
import {
  answerProposal,
  getProposal,
  PROPOSAL_NOT_FOUND,
  sendProposal,
  updateProposal,
} from "~/server/billing/proposals.server";
import { now } from "~/server/clock.server";
import { parseId } from "~/server/workspace/scope.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import { forbidden, notFound } from "../refuse.server";
import type { Route } from "./+types/proposal";
import { billingViewer, parseProposalForm, requireBilling } from "./billing.server";
import { assertCanWrite } from "./context.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  portalMeta(loaderData?.proposal.title ?? "Proposal", matches);

export const handle: LiveHandle = { live: ["billing"] };

/** A proposal's page: the document, and what the viewer may do with it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireBilling(request);
  const id = parseId(params.id);
  const proposal = id ? await getProposal(ctx.db, billingViewer(ctx), id, now()) : null;
  if (!proposal) throw notFound(PROPOSAL_NOT_FOUND);
  const open = proposal.state === "draft" || proposal.state === "sent";
  return {
    proposal,
    invoices:
      proposal.state === "accepted"
        ? await listInvoices(ctx.db, billingViewer(ctx), now(), {
            proposalId: proposal.id,
            cursor: decodeSerialCursor(new URL(request.url).searchParams.get(INVOICES_CURSOR)),
          })
        : { rows: [], next: null },
    /** An administrator may still change and send it. */
    canEdit: ctx.isAdmin && !ctx.readOnly && open,
    /** A contact of the client (not staff, not viewing as) may answer it. */
    canAnswer: ctx.scope.kind === "client" && !ctx.readOnly && proposal.state === "sent",
  };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireBilling(request);
  assertCanWrite(ctx);
  const id = parseId(params.id);
  if (!id) return failed(404, PROPOSAL_NOT_FOUND);
  const form = await readForm(request);
  if (form.intent === "save" || form.intent === "send") {
    if (!ctx.isAdmin) throw forbidden();
    if (form.intent === "send") {
      const sent = await sendProposal(ctx.db, ctx.user.id, id, now());
      if (!sent.ok) return failed(sent.status, sent.message);
      return succeeded("Proposal sent to the client");
    }
    const parsed = parseProposalForm(form);
    if (!parsed.ok) return parsed.answer;
    const saved = await updateProposal(ctx.db, ctx.user.id, id, parsed.input, now());
    if (!saved.ok) return failed(saved.status, saved.message);
    return succeeded("Proposal saved");
  }
  if (form.intent === "accept" || form.intent === "decline") {
    const parsed = proposalAnswerSchema.safeParse(form);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      return failed(400, issue.message, {
        field: issue.field,
        values: { signedName: form.signedName ?? "" },
      });
    }
    const answered = await answerProposal(
      ctx.db,
      billingViewer(ctx),
      id,
      parsed.data,
      {
        ip: request.headers.get("x-client-ip"),
        userAgent: request.headers.get("user-agent"),
      },
      now(),
    );
    if (!answered.ok) return failed(answered.status, answered.message);
    return succeeded(
      answered.state === "accepted"
        ? "Proposal accepted. Thank you!"
        : "Proposal declined. We have let the team know.",
    );
  }
  return failed(400, UNKNOWN_ACTION);
}

export default function Proposal({ loaderData, actionData }: Route.ComponentProps) {
  const { proposal, invoices, canEdit, canAnswer } = loaderData;
  const result = actionData ?? null;
  const refused = result && !result.ok ? result : null;
  const { errorFor: answerError, typed } = refusalFields(refused);
  return (
    <div className="max-w-3xl space-y-6">
      <BackLink to="/portal/billing">Back to Billing</BackLink>
      <div className="space-y-2">
        <h1 className="break-words font-bold text-3xl tracking-tight">{proposal.title}</h1>
        <Badge variant="secondary">{PROPOSAL_STATE_LABELS[proposal.state]}</Badge>
      </div>
      <FormResult result={result} />
      <Card>
        <CardHeader layout="row" className="flex-wrap">
          <CardTitle as="h2">Proposal</CardTitle>
          <Button asChild variant="outline" size="sm">
            <a href={`/portal/billing/proposals/${proposal.id}/pdf`} download>
              Download PDF
            </a>
          </Button>
        </CardHeader>
        <CardContent>
          <ProposalDocument proposal={proposal} />
        </CardContent>
      </Card>
      {proposal.state === "accepted" ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Invoices</CardTitle>
            <CardDescription>The invoices issued for this proposal.</CardDescription>
          </CardHeader>
          <CardContent>
            <InvoiceList
              invoices={invoices.rows}
              next={invoices.next}
              showClient={false}
              empty="No invoices issued yet."
            />
          </CardContent>
        </Card>
      ) : null}
      {canAnswer ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Accept or decline</CardTitle>
            <CardDescription>
              Typing your full name and ticking the box is your electronic signature. We record your
              name, the time, your IP address and browser, and a fingerprint of exactly this
              proposal.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="accept" />
              <input type="hidden" name="contentHash" value={proposal.contentHash} />
              <Field
                id="proposal-signedName"
                label="Your full name"
                error={answerError("signedName")}
              >
                <Input
                  name="signedName"
                  required
                  autoComplete="name"
                  maxLength={200}
                  defaultValue={typed("signedName", "")}
                />
              </Field>
              <Field
                id="proposal-agree"
                label="I accept this proposal and its terms"
                layout="checkbox"
                error={answerError("agree")}
              >
                <Checkbox name="agree" required />
              </Field>
              <Button type="submit">Accept proposal</Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="decline" />
              <Button type="submit" variant="outline">
                Decline proposal
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
      {canEdit ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Send to the client</CardTitle>
              <CardDescription>
                {proposal.state === "sent"
                  ? "Sent. Sending again tells the client's contacts again."
                  : "The client's contacts are notified in the portal and by e-mail."}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Form method="post">
                <input type="hidden" name="intent" value="send" />
                <Button type="submit">Send to client</Button>
              </Form>
            </CardContent>
          </Card>
          <details className="rounded-lg border p-4">
            <summary className="cursor-pointer font-medium">Edit proposal</summary>
            <div className="mt-4">
              <ProposalForm
                values={{ ...proposal, items: proposal.lines }}
                clients={null}
                refused={refused?.values && "title" in refused.values ? refused : null}
                submitLabel="Save changes"
              />
            </div>
          </details>
        </>
      ) : null}
    </div>
  );
}
