import { BusinessDetailsCard } from "~/components/billing/business-details-card";
import { InvoiceList } from "~/components/billing/invoice-list";
import { OneOffInvoiceCard } from "~/components/billing/one-off-invoice-card";
import { ProposalList } from "~/components/billing/proposal-list";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { failed, succeeded } from "~/lib/action-result";
import { todayInSouthAfrica } from "~/lib/dates";
import type { LiveHandle } from "~/lib/live-events";
import { formatRate } from "~/lib/money";
import { portalMeta } from "~/lib/seo";
import { businessDetailsSchema, oneOffInvoiceSchema } from "~/lib/validation/billing";
import { firstIssue } from "~/lib/validation/zod";
import {
  getBusinessDetails,
  saveBusinessDetails,
  vatRateOn,
} from "~/server/billing/business.server";
import { createOneOffInvoice, listInvoices } from "~/server/billing/invoices.server";
import { listProposals, proposalClients } from "~/server/billing/proposals.server";
import { now } from "~/server/clock.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/billing";
import { billingViewer, typedValues as typed } from "./billing.server";
import { assertCanWrite, requireAdmin, requireUser } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Billing", matches);

export const handle: LiveHandle = { live: ["billing"] };

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await requireUser(request);
  const { db, isAdmin, scope } = ctx;
  const staff = isAdmin && scope.kind === "all";
  return {
    staff,
    proposals: await listProposals(db, billingViewer(ctx), now()),
    invoices: await listInvoices(db, billingViewer(ctx), now()),
    clients: staff ? await proposalClients(db) : [],
    seesClients: scope.kind !== "client",
    business: staff ? await getBusinessDetails(db) : null,
    vatRate: await vatRateOn(db, todayInSouthAfrica(now())),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request);
  assertCanWrite(ctx);
  const form = await readForm(request);
  if (form.intent === "one-off-invoice") {
    const parsed = oneOffInvoiceSchema.safeParse(form);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      return failed(400, issue.message, {
        intent: "one-off-invoice",
        field: issue.field,
        values: typed(form),
      });
    }
    const issued = await createOneOffInvoice(
      ctx.db,
      ctx.user.id,
      {
        clientId: parsed.data.clientId,
        description: parsed.data.description,
        amountCents: parsed.data.amount,
        recipientVatNumber: parsed.data.recipientVatNumber,
      },
      now(),
    );
    if (!issued.ok) {
      return failed(issued.status, issued.message, {
        intent: "one-off-invoice",
        values: typed(form),
      });
    }
    return succeeded(`Invoice ${issued.number} issued`, { intent: "one-off-invoice" });
  }
  if (form.intent !== "business-details") return failed(400, UNKNOWN_ACTION);
  const parsed = businessDetailsSchema.safeParse(form);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return failed(400, issue.message, {
      intent: "business-details",
      field: issue.field,
      values: typed(form),
    });
  }
  await saveBusinessDetails(ctx.db, ctx.user.id, parsed.data);
  return succeeded("Business details saved", { intent: "business-details" });
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  const { staff, business, vatRate, proposals, invoices, clients, seesClients } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Billing</h1>
        <p className="mt-1 text-muted-foreground">
          Amounts are in South African rand. VAT is charged at {formatRate(vatRate)}.
        </p>
      </div>
      <ProposalList proposals={proposals} canCreate={staff} showClient={seesClients} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Invoices</CardTitle>
          <CardDescription>
            Tax invoices, newest first. Open one for its details, how to pay and its PDF.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <InvoiceList invoices={invoices} showClient={seesClients} />
        </CardContent>
      </Card>
      {staff ? <OneOffInvoiceCard clients={clients} /> : null}
      {staff && business ? <BusinessDetailsCard details={business} /> : null}
    </div>
  );
}
