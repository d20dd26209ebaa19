import { Form } from "react-router";
import { OneOffInvoiceFields } from "~/components/billing/one-off-invoice-card";
import { BackLink } from "~/components/portal/back-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormResult } from "~/components/ui/form-result";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import type { LiveHandle } from "~/lib/live-events";
import { centsToDecimal } from "~/lib/money";
import { portalMeta } from "~/lib/seo";
import { INVOICE_DRAFT_LABEL, oneOffInvoiceSchema } from "~/lib/validation/billing";
import { firstIssue } from "~/lib/validation/zod";
import {
  deleteInvoiceDraft,
  getInvoiceDraft,
  INVOICE_DRAFT_NOT_FOUND,
  issueInvoiceDraft,
  updateInvoiceDraft,
} from "~/server/billing/invoice-drafts.server";
import { invoiceLink } from "~/server/billing/invoices.server";
import { proposalClients } from "~/server/billing/proposals.server";
import { now } from "~/server/clock.server";
import { parseId } from "~/server/workspace/scope.server";
import { readForm, typedValues, UNKNOWN_ACTION, valuesAfterRefusal } from "../form.server";
import { notFound } from "../refuse.server";
import { redirectWithToast } from "../toast.server";
import type { Route } from "./+types/invoice-draft";
import { requireBilling } from "./billing.server";
import { assertCanWrite, type PortalContext } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Draft invoice", matches);

export const handle: LiveHandle = { live: ["billing"] };

/** Drafts are the agency's own work in progress: anyone else finds no such page. */
function draftsOf(ctx: PortalContext) {
  if (!ctx.isAdmin || ctx.scope.kind !== "all") throw notFound(INVOICE_DRAFT_NOT_FOUND);
}

/** A draft one-off invoice (administrators): change it, issue it, or delete it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireBilling(request);
  draftsOf(ctx);
  const id = parseId(params.id);
  const draft = id ? await getInvoiceDraft(ctx.db, id) : null;
  if (!draft) throw notFound(INVOICE_DRAFT_NOT_FOUND);
  return {
    draft: {
      id: draft.id,
      clientName: draft.clientName,
      values: {
        clientId: draft.clientId,
        description: draft.description,
        amount: centsToDecimal(draft.amountCents),
        recipientVatNumber: draft.recipientVatNumber ?? "",
      },
    },
    clients: await proposalClients(ctx.db),
    canWrite: !ctx.readOnly,
  };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireBilling(request);
  draftsOf(ctx);
  assertCanWrite(ctx);
  const id = parseId(params.id);
  if (!id) return failed(404, INVOICE_DRAFT_NOT_FOUND);
  const form = await readForm(request);
  if (form.intent === "delete-draft") {
    const deleted = await deleteInvoiceDraft(ctx.db, ctx.user.id, id);
    if (!deleted.ok) return failed(deleted.status, deleted.message);
    return redirectWithToast("/portal/billing", {
      type: "success",
      title: "Success",
      description: "Draft deleted",
    });
  }
  if (form.intent !== "save-draft" && form.intent !== "issue-draft") {
    return failed(400, UNKNOWN_ACTION);
  }
  const parsed = oneOffInvoiceSchema.safeParse(form);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return failed(400, issue.message, { field: issue.field, values: typedValues(form) });
  }
  // 'Issue invoice' issues what the form holds now: the draft is saved first.
  const saved = await updateInvoiceDraft(
    ctx.db,
    ctx.user.id,
    id,
    {
      clientId: parsed.data.clientId,
      description: parsed.data.description,
      amountCents: parsed.data.amount,
      recipientVatNumber: parsed.data.recipientVatNumber,
    },
    now(),
  );
  if (!saved.ok)
    return failed(saved.status, saved.message, {
      values: valuesAfterRefusal(saved.status, typedValues(form)),
    });
  if (form.intent === "save-draft") return succeeded("Draft saved");
  const issued = await issueInvoiceDraft(ctx.db, ctx.user.id, id, now());
  if (!issued.ok) return failed(issued.status, issued.message);
  return redirectWithToast(invoiceLink(issued.invoiceId), {
    type: "success",
    title: "Success",
    description: `Invoice ${issued.number} issued`,
  });
}

export default function InvoiceDraft({ loaderData, actionData }: Route.ComponentProps) {
  const { draft, clients, canWrite } = loaderData;
  const result = actionData ?? null;
  const refused = result && !result.ok ? result : null;
  return (
    <div className="max-w-3xl space-y-6">
      <BackLink to="/portal/billing">Back to Billing</BackLink>
      <div className="space-y-2">
        <h1 className="break-words font-bold text-3xl tracking-tight">Draft invoice</h1>
        <p className="break-words text-muted-foreground">{draft.clientName}</p>
        <Badge variant="outline">{INVOICE_DRAFT_LABEL}</Badge>
      </div>
      <FormResult result={result} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Invoice details</CardTitle>
          <CardDescription>
            A draft is not a tax invoice: it has no number and the client does not see it. 'Issue
            invoice' issues it with the next invoice number, VAT of today and the business details
            of now; after that it is never edited.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <OneOffInvoiceFields clients={clients} refusal={refused} values={draft.values} />
            {canWrite ? (
              <div className="flex flex-wrap gap-2 sm:col-span-2">
                <Button type="submit" name="intent" value="save-draft">
                  Save draft
                </Button>
                <Button type="submit" name="intent" value="issue-draft" variant="outline">
                  Issue invoice
                </Button>
              </div>
            ) : null}
          </Form>
        </CardContent>
      </Card>
      {canWrite ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Delete draft</CardTitle>
            <CardDescription>The draft goes for good; no invoice number is used.</CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post">
              <input type="hidden" name="intent" value="delete-draft" />
              <Button type="submit" variant="destructive">
                Delete draft
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
