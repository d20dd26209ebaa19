import { data } from "react-router";
import {
  BillingOverview,
  OVERDUE_CURSOR,
  OverdueList,
} from "~/components/billing/billing-overview";
import { BooksExportCard } from "~/components/billing/books-export-card";
import { BusinessDetailsCard } from "~/components/billing/business-details-card";
import { INVOICES_CURSOR, InvoiceList } from "~/components/billing/invoice-list";
import { InvoiceDraftsCard, OneOffInvoiceCard } from "~/components/billing/one-off-invoice-card";
import { PROPOSALS_CURSOR, ProposalList } from "~/components/billing/proposal-list";
import { Statement } from "~/components/billing/statement";
import { ClientFilter } from "~/components/portal/client-filter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import type { LiveHandle } from "~/lib/live-events";
import { formatRate } from "~/lib/money";
import { decodeCursor, decodeSerialCursor } from "~/lib/pagination";
import { clientFilterError } from "~/lib/portal-text";
import { portalMeta } from "~/lib/seo";
import { businessDetailsSchema, oneOffInvoiceSchema } from "~/lib/validation/billing";
import { firstIssue } from "~/lib/validation/zod";
import {
  getBusinessDetails,
  saveBusinessDetails,
  vatRateOn,
} from "~/server/billing/business.server";
import { createInvoiceDraft, listInvoiceDrafts } from "~/server/billing/invoice-drafts.server";
import { createOneOffInvoice, listInvoices } from "~/server/billing/invoices.server";
import {
  billingByClient,
  clientStatement,
  overdueInvoices,
} from "~/server/billing/overview.server";
import { listProposals, proposalClients } from "~/server/billing/proposals.server";
import { listClientChoices, readClientFilter } from "~/server/clients/client-choices.server";
import { now } from "~/server/clock.server";
import { readForm, typedValues as typed, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/billing";
import { billingViewer, requireBilling } from "./billing.server";
import { assertCanWrite, requireAdmin } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Billing", matches);

export const handle: LiveHandle = { live: ["billing"] };

/**
 * Billing: proposals and invoices. The agency (and team members given billing) see every
 * client's with an overview per client and the overdue list, or one client's (`?client=`) with
 * its statement; a contact sees their own client's and its statement.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await requireBilling(request);
  const { db, isAdmin, scope } = ctx;
  const at = now();
  const staff = isAdmin && scope.kind === "all";
  const seesClients = scope.kind !== "client";
  const url = new URL(request.url);
  const filter = await readClientFilter(db, scope, url.searchParams.get("client"));
  const clientId = scope.kind === "client" ? scope.clientId : filter.clientId;
  const viewer = billingViewer(ctx);
  const overall = seesClients && !filter.clientId;
  return data(
    {
      staff,
      proposals: await listProposals(db, viewer, at, {
        clientId,
        cursor: decodeCursor(url.searchParams.get(PROPOSALS_CURSOR)),
      }),
      invoices: await listInvoices(db, viewer, at, {
        clientId,
        cursor: decodeSerialCursor(url.searchParams.get(INVOICES_CURSOR)),
      }),
      clients: staff ? await proposalClients(db) : [],
      drafts: staff ? await listInvoiceDrafts(db, filter.clientId) : [],
      clientChoices: seesClients ? await listClientChoices(db, scope) : [],
      clientFilter: filter.clientId,
      filterError: filter.invalid ? clientFilterError("proposals and invoices") : null,
      seesClients,
      overview: overall ? await billingByClient(db, scope, at) : null,
      overdue: overall
        ? await overdueInvoices(db, scope, at, {
            cursor: decodeSerialCursor(url.searchParams.get(OVERDUE_CURSOR)),
          })
        : null,
      statement: clientId ? await clientStatement(db, scope, clientId) : null,
      statementCsv: `/portal/billing/statement.csv${filter.clientId ? `?client=${filter.clientId}` : ""}`,
      business: staff ? await getBusinessDetails(db) : null,
      vatRate: await vatRateOn(db, todayInSouthAfrica(at)),
      // The export's default period: last month, the one usually booked.
      ...lastMonth(todayInSouthAfrica(at)),
    },
    { status: filter.invalid ? 400 : 200 },
  );
}

/** The month before today's: its first and last day. */
function lastMonth(today: string): { exportFrom: string; exportTo: string } {
  const firstOfThis = `${today.slice(0, 7)}-01`;
  const exportTo = addDays(firstOfThis, -1);
  return { exportFrom: `${exportTo.slice(0, 7)}-01`, exportTo };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

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
    const input = {
      clientId: parsed.data.clientId,
      description: parsed.data.description,
      amountCents: parsed.data.amount,
      recipientVatNumber: parsed.data.recipientVatNumber,
    };
    if (form.save === "draft") {
      const saved = await createInvoiceDraft(ctx.db, ctx.user.id, input);
      if (!saved.ok) {
        return failed(saved.status, saved.message, {
          intent: "one-off-invoice",
          values: typed(form),
        });
      }
      return succeeded("Draft saved: it is under Draft invoices", { intent: "one-off-invoice" });
    }
    const issued = await createOneOffInvoice(ctx.db, ctx.user.id, input, now());
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
  const { clientChoices, clientFilter, filterError, overview, overdue, statement } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Billing</h1>
        <p className="mt-1 text-muted-foreground">
          Amounts are in South African rand. VAT is charged at {formatRate(vatRate)}.
        </p>
      </div>
      {seesClients ? (
        <ClientFilter
          label="Filter billing"
          clients={clientChoices}
          selected={clientFilter}
          error={filterError}
        />
      ) : null}
      {overview ? <BillingOverview clients={overview.clients} totals={overview.totals} /> : null}
      {overdue ? (
        <OverdueList
          invoices={overdue.invoices}
          total={overdue.total}
          next={overdue.next}
          canRecord={staff}
        />
      ) : null}
      {statement ? (
        <Statement
          clientName={seesClients ? statement.clientName : null}
          entries={statement.entries}
          balanceCents={statement.balanceCents}
          csvHref={loaderData.statementCsv}
        />
      ) : null}
      <ProposalList
        proposals={proposals.rows}
        next={proposals.next}
        canCreate={staff}
        showClient={seesClients}
      />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Invoices</CardTitle>
          <CardDescription>
            Tax invoices, newest first. Open one for its details, how to pay and its PDF.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <InvoiceList invoices={invoices.rows} next={invoices.next} showClient={seesClients} />
        </CardContent>
      </Card>
      {staff && loaderData.drafts.length > 0 ? (
        <InvoiceDraftsCard drafts={loaderData.drafts} showClient={!clientFilter} />
      ) : null}
      {staff ? <OneOffInvoiceCard clients={clients} /> : null}
      {staff ? <BooksExportCard from={loaderData.exportFrom} to={loaderData.exportTo} /> : null}
      {staff && business ? <BusinessDetailsCard details={business} /> : null}
    </div>
  );
}
