import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LoadMore } from "~/components/ui/load-more";
import { formatDate } from "~/lib/dates";
import { formatRand } from "~/lib/money";
import type { BillingTotals, ClientBilling } from "~/lib/validation/billing-values";

/** A row's figures as a wrapping list of terms (fits a 320 px phone, no sideways scroll). */
function Figures({ row }: { row: BillingTotals }) {
  const items: [string, string][] = [
    ["Proposals", `${row.proposals} (${row.awaitingAnswer} awaiting an answer)`],
    ["Invoices", String(row.invoices)],
    ["Invoiced", formatRand(row.invoicedCents)],
    ["Paid", formatRand(row.paidCents)],
    ["Outstanding", formatRand(row.outstandingCents)],
    ["Overdue", formatRand(row.overdueCents)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm min-[400px]:grid-cols-2 md:grid-cols-3">
      {items.map(([term, value]) => (
        <div key={term} className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The agency's Billing overview: every client's proposals and invoices, and the total. */
export function BillingOverview({
  clients,
  totals,
}: {
  clients: ClientBilling[];
  totals: BillingTotals;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Overview</CardTitle>
        <CardDescription>
          Proposals and invoices per client. Invoiced leaves out credited invoices; amounts include
          VAT.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <section aria-labelledby="billing-all-clients" className="rounded-md bg-muted/50 p-3">
          <h3 id="billing-all-clients" className="mb-1 font-medium">
            All clients
          </h3>
          <Figures row={totals} />
        </section>
        {clients.length === 0 ? (
          <p className="text-muted-foreground text-sm">No client has a proposal or invoice yet.</p>
        ) : (
          <ul className="divide-y" aria-label="Billing per client">
            {clients.map((c) => (
              <li key={c.clientId} className="space-y-1 py-3">
                <Link
                  to={`/portal/billing?client=${c.clientId}`}
                  className="break-words font-medium text-primary hover:underline"
                >
                  {c.clientName}
                </Link>
                <Figures row={c} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export interface OverdueRow {
  id: string;
  clientName: string;
  number: string;
  description: string;
  dueOn: string;
  daysLate: number;
  owedCents: number;
}

/** The search parameter of the overdue list's cursor (the Billing page has several lists). */
export const OVERDUE_CURSOR = "overdue-cursor";

/** Open invoices past their due date, the longest late first, each with 'Record payment'. */
export function OverdueList({
  invoices,
  total,
  next,
  canRecord,
}: {
  invoices: OverdueRow[];
  total: number;
  /** The next page's cursor (app/lib/pagination.ts), or null on the last. */
  next: string | null;
  canRecord: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Overdue</CardTitle>
        <CardDescription>
          {total === 0
            ? "No invoice is overdue."
            : `${total} overdue ${total === 1 ? "invoice" : "invoices"}, the longest late first.`}
        </CardDescription>
      </CardHeader>
      {invoices.length > 0 ? (
        <CardContent>
          <ul className="divide-y" aria-label="Overdue invoices">
            {invoices.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <Link
                    to={`/portal/billing/invoices/${i.id}`}
                    className="break-words font-medium text-primary hover:underline"
                  >
                    {i.number}: {i.description}
                  </Link>
                  <p className="break-words text-muted-foreground text-sm">
                    {i.clientName} · {formatRand(i.owedCents)} owed · due {formatDate(i.dueOn)} (
                    {i.daysLate} {i.daysLate === 1 ? "day" : "days"} late)
                  </p>
                </div>
                {canRecord ? (
                  <Link
                    to={`/portal/billing/invoices/${i.id}#record-payment`}
                    className="text-primary text-sm hover:underline"
                    aria-label={`Record payment for ${i.number}`}
                  >
                    Record payment
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <LoadMore
            next={next}
            param={OVERDUE_CURSOR}
            label="Load more overdue invoices"
            backLabel="Back to the longest late"
            navLabel="More overdue invoices"
          />
        </CardContent>
      ) : null}
    </Card>
  );
}
