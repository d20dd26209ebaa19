import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { LoadMore } from "~/components/ui/load-more";
import { formatDate } from "~/lib/dates";
import { formatRand } from "~/lib/money";
import { INVOICE_STATE_LABELS, type InvoiceState } from "~/lib/validation/billing-values";

export interface InvoiceListRow {
  id: string;
  number: string;
  description: string;
  clientName: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  state: InvoiceState;
}

/** The search parameter of the invoice lists' cursor (the Billing page has several lists). */
export const INVOICES_CURSOR = "invoices-cursor";

/**
 * Invoices as a list: number, what for, total, due date and state; a page of them, newest
 * first, with 'Load more' when there is a next page (`next`, app/lib/pagination.ts).
 */
export function InvoiceList({
  invoices,
  showClient,
  next = null,
  empty = "No invoices yet.",
}: {
  invoices: InvoiceListRow[];
  showClient: boolean;
  next?: string | null;
  empty?: string;
}) {
  return (
    <>
      {invoices.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <InvoiceRows invoices={invoices} showClient={showClient} />
      )}
      <LoadMore
        next={next}
        param={INVOICES_CURSOR}
        label="Load more invoices"
        navLabel="More invoices"
      />
    </>
  );
}

function InvoiceRows({
  invoices,
  showClient,
}: {
  invoices: InvoiceListRow[];
  showClient: boolean;
}) {
  return (
    <ul className="divide-y">
      {invoices.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0">
            <Link
              to={`/portal/billing/invoices/${i.id}`}
              className="break-words font-medium text-primary hover:underline"
            >
              {i.number}: {i.description}
            </Link>
            <p className="text-muted-foreground text-sm">
              {showClient ? `${i.clientName} · ` : ""}
              {formatRand(i.totalCents)} incl. VAT · issued {formatDate(i.issuedOn)} · due{" "}
              {formatDate(i.dueOn)}
            </p>
          </div>
          <Badge variant={i.state === "overdue" ? "destructive" : "secondary"}>
            {INVOICE_STATE_LABELS[i.state]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
