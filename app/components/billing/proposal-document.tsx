import { formatDate, formatDateTime } from "~/lib/dates";
import { formatRate } from "~/lib/money";
import { PROPOSAL_ITEM_KIND_LABELS, type ProposalItemKind } from "~/lib/validation/billing-values";
import { LineItemsTable, type PricedLine, type TotalRow, TotalsList } from "./line-items";

export interface ProposalDocumentView {
  title: string;
  clientName: string;
  validUntil: string;
  terms: string;
  depositPercent: number;
  billingDay: number;
  recipientVatNumber: string | null;
  vatBasisPoints: number;
  lines: (PricedLine & { kind: ProposalItemKind })[];
  totals: {
    onceOffCents: number;
    onceOffVatCents: number;
    onceOffTotalCents: number;
    monthlyCents: number;
    monthlyVatCents: number;
    monthlyTotalCents: number;
    depositCents: number;
    depositTotalCents: number;
  };
  signature: { name: string; at: Date | string; ip: string | null; contentHash: string } | null;
}

/** The once-off and monthly amounts (each only when there is one) and the deposit. */
function totalRows(p: ProposalDocumentView): TotalRow[] {
  const vat = formatRate(p.vatBasisPoints);
  const t = p.totals;
  const rows: TotalRow[] = [];
  if (t.onceOffCents > 0) {
    rows.push(
      { label: "Once-off, excluding VAT", cents: t.onceOffCents },
      { label: `VAT at ${vat}`, cents: t.onceOffVatCents },
      { label: "Once-off total", cents: t.onceOffTotalCents, strong: true },
    );
  }
  if (t.monthlyCents > 0) {
    rows.push(
      { label: "Monthly, excluding VAT", cents: t.monthlyCents },
      { label: `VAT at ${vat}`, cents: t.monthlyVatCents },
      {
        label: `Monthly total (invoiced on day ${p.billingDay})`,
        cents: t.monthlyTotalCents,
        strong: true,
      },
    );
  }
  if (p.depositPercent > 0) {
    rows.push({
      label: `Deposit (${p.depositPercent}% of the once-off amount), including VAT`,
      cents: t.depositTotalCents,
    });
  }
  return rows;
}

/** A proposal as the client reads it: lines, amounts in the house format, VAT, terms. */
export function ProposalDocument({ proposal: p }: { proposal: ProposalDocumentView }) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">For</dt>
        <dd className="break-words">{p.clientName}</dd>
        {p.recipientVatNumber ? (
          <>
            <dt className="text-muted-foreground">Client VAT number</dt>
            <dd>{p.recipientVatNumber}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Valid until</dt>
        <dd>{formatDate(p.validUntil)}</dd>
      </dl>
      <LineItemsTable
        caption="Line items"
        itemHeading="Item"
        amountHeading="Amount"
        lines={p.lines}
        billed={(l) => PROPOSAL_ITEM_KIND_LABELS[l.kind]}
      />
      <TotalsList rows={totalRows(p)} />
      {p.terms ? (
        <section aria-labelledby="proposal-terms-heading" className="space-y-1">
          <h3 id="proposal-terms-heading" className="font-semibold">
            Terms
          </h3>
          <p className="whitespace-pre-line break-words text-sm">{p.terms}</p>
        </section>
      ) : null}
      {p.signature ? (
        <section aria-labelledby="proposal-signature-heading" className="space-y-1 text-sm">
          <h3 id="proposal-signature-heading" className="font-semibold">
            Acceptance
          </h3>
          <p>
            Accepted by {p.signature.name} on {formatDateTime(p.signature.at)}
            {p.signature.ip ? ` from ${p.signature.ip}` : ""}.
          </p>
          <p className="break-all text-muted-foreground text-xs">
            SHA-256 of the accepted proposal: {p.signature.contentHash}
          </p>
        </section>
      ) : null}
    </div>
  );
}
