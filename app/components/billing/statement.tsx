import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/dates";
import { formatRand } from "~/lib/money";

export interface StatementRow {
  id: string;
  kind: "invoice" | "credit-note" | "payment";
  on: string;
  number: string;
  invoiceId: string;
  description: string;
  amountCents: number;
  balanceCents: number;
}

const KIND_LABEL = { invoice: "Invoice", "credit-note": "Credit note", payment: "Payment" };

/** A client's statement: invoices, credit notes and payments in date order with the balance. */
export function Statement({
  clientName,
  entries,
  balanceCents,
  csvHref,
}: {
  clientName: string | null;
  entries: StatementRow[];
  balanceCents: number;
  csvHref: string;
}) {
  return (
    <Card>
      <CardHeader layout="row" className="flex-wrap">
        <div className="space-y-1.5">
          <CardTitle as="h2">Statement{clientName ? `: ${clientName}` : ""}</CardTitle>
          <CardDescription>
            Invoices, credit notes and payments in date order, with the balance after each. Balance
            owed: {formatRand(balanceCents)}.
          </CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={csvHref} download>
            Download statement (CSV)
          </a>
        </Button>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nothing on the statement yet.</p>
        ) : (
          <ol className="divide-y text-sm" aria-label="Statement entries">
            {entries.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2"
              >
                <div className="min-w-0">
                  <p>
                    {formatDate(e.on)} · {KIND_LABEL[e.kind]}
                    {e.kind === "payment" ? " for" : ""}{" "}
                    <Link
                      to={`/portal/billing/invoices/${e.invoiceId}`}
                      className="text-primary underline underline-offset-2"
                    >
                      {e.number}
                    </Link>
                  </p>
                  <p className="break-words text-muted-foreground">{e.description}</p>
                </div>
                <p className="text-right tabular-nums">
                  {formatRand(e.amountCents)}
                  <br />
                  <span className="text-muted-foreground">
                    Balance {formatRand(e.balanceCents)}
                  </span>
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
