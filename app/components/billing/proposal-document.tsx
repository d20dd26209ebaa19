import { formatDate, formatDateTime } from "~/lib/dates";
import { formatRand, formatRate } from "~/lib/money";
import { PROPOSAL_ITEM_KIND_LABELS, type ProposalItemKind } from "~/lib/validation/billing-values";

export interface ProposalDocumentView {
  title: string;
  clientName: string;
  validUntil: string;
  terms: string;
  depositPercent: number;
  billingDay: number;
  recipientVatNumber: string | null;
  vatBasisPoints: number;
  lines: {
    position: number;
    kind: ProposalItemKind;
    description: string;
    quantity: number;
    unitCents: number;
    amountCents: number;
  }[];
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

/** A proposal as the client reads it: lines, amounts in the house format, VAT, terms. */
export function ProposalDocument({ proposal: p }: { proposal: ProposalDocumentView }) {
  const vat = formatRate(p.vatBasisPoints);
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
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Line items</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-2 pr-3 font-medium">
                Item
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Billed
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {p.lines.map((l) => (
              <tr key={l.position} className="border-b align-top">
                <td className="break-words py-2 pr-3">
                  {l.description}
                  <span className="block text-muted-foreground text-xs">
                    {formatRand(l.unitCents)} each
                  </span>
                </td>
                <td className="py-2 pr-3">{PROPOSAL_ITEM_KIND_LABELS[l.kind]}</td>
                <td className="py-2 pr-3 text-right">{l.quantity}</td>
                <td className="whitespace-nowrap py-2 text-right">{formatRand(l.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {p.totals.onceOffCents > 0 ? (
          <>
            <dt>Once-off, excluding VAT</dt>
            <dd className="text-right">{formatRand(p.totals.onceOffCents)}</dd>
            <dt>VAT at {vat}</dt>
            <dd className="text-right">{formatRand(p.totals.onceOffVatCents)}</dd>
            <dt className="font-semibold">Once-off total</dt>
            <dd className="text-right font-semibold">{formatRand(p.totals.onceOffTotalCents)}</dd>
          </>
        ) : null}
        {p.totals.monthlyCents > 0 ? (
          <>
            <dt>Monthly, excluding VAT</dt>
            <dd className="text-right">{formatRand(p.totals.monthlyCents)}</dd>
            <dt>VAT at {vat}</dt>
            <dd className="text-right">{formatRand(p.totals.monthlyVatCents)}</dd>
            <dt className="font-semibold">Monthly total (invoiced on day {p.billingDay})</dt>
            <dd className="text-right font-semibold">{formatRand(p.totals.monthlyTotalCents)}</dd>
          </>
        ) : null}
        {p.depositPercent > 0 ? (
          <>
            <dt>Deposit ({p.depositPercent}% of the once-off amount), including VAT</dt>
            <dd className="text-right">{formatRand(p.totals.depositTotalCents)}</dd>
          </>
        ) : null}
      </dl>
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
