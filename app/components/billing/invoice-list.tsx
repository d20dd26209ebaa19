import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
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

/** Invoices as a list: number, what for, total, due date and state. */
export function InvoiceList({
  invoices,
  showClient,
  empty = "No invoices yet.",
}: {
  invoices: InvoiceListRow[];
  showClient: boolean;
  empty?: string;
}) {
  if (invoices.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
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
