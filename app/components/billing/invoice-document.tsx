import { formatDate } from "~/lib/dates";
import { formatRate } from "~/lib/money";
import { TO_BE_CONFIRMED } from "~/lib/validation/billing-values";
import { LineItemsTable, type PricedLine, TotalsList } from "./line-items";

export interface InvoiceDocumentView {
  number: string;
  issuedOn: string;
  dueOn: string;
  description: string;
  clientName: string;
  recipientAddress: string | null;
  recipientVatNumber: string | null;
  supplier: {
    legalName: string | null;
    address: string | null;
    vatNumber: string | null;
    registrationNumber: string | null;
    bankName: string | null;
    accountHolder: string | null;
    accountNumber: string | null;
    branchCode: string | null;
  };
  vatBasisPoints: number;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  lines: PricedLine[];
}

const or = (v: string | null) => v ?? TO_BE_CONFIRMED;

/** A tax invoice on the page: the same facts as its PDF. */
export function InvoiceDocument({
  invoice: i,
  showBank,
}: {
  invoice: InvoiceDocumentView;
  showBank: boolean;
}) {
  return (
    <div className="space-y-6">
      <p className="font-bold text-xl">Tax Invoice</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Number</dt>
        <dd>{i.number}</dd>
        <dt className="text-muted-foreground">Date</dt>
        <dd>{formatDate(i.issuedOn)}</dd>
        <dt className="text-muted-foreground">Due</dt>
        <dd>{formatDate(i.dueOn)}</dd>
      </dl>
      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <section aria-labelledby="invoice-from" className="space-y-1">
          <h3 id="invoice-from" className="font-semibold">
            From (supplier)
          </h3>
          <p className="break-words">{or(i.supplier.legalName)}</p>
          <p className="whitespace-pre-line break-words">{or(i.supplier.address)}</p>
          <p>VAT number: {or(i.supplier.vatNumber)}</p>
          {i.supplier.registrationNumber ? (
            <p>Registration: {i.supplier.registrationNumber}</p>
          ) : null}
        </section>
        <section aria-labelledby="invoice-to" className="space-y-1">
          <h3 id="invoice-to" className="font-semibold">
            To (recipient)
          </h3>
          <p className="break-words">{i.clientName}</p>
          {i.recipientAddress ? (
            <p className="whitespace-pre-line break-words">{i.recipientAddress}</p>
          ) : null}
          <p>VAT number: {i.recipientVatNumber ?? "Not given"}</p>
        </section>
      </div>
      <LineItemsTable
        caption="Invoice lines"
        itemHeading="Description"
        amountHeading="Amount excl. VAT"
        lines={i.lines}
      />
      <TotalsList
        rows={[
          { label: "Total excluding VAT", cents: i.subtotalCents },
          { label: `VAT at ${formatRate(i.vatBasisPoints)}`, cents: i.vatCents },
          { label: "Total including VAT", cents: i.totalCents, strong: true },
        ]}
      />
      {showBank ? (
        <section aria-labelledby="invoice-eft" className="space-y-1 text-sm">
          <h3 id="invoice-eft" className="font-semibold">
            Pay by EFT
          </h3>
          <p>Bank: {or(i.supplier.bankName)}</p>
          <p>Account holder: {or(i.supplier.accountHolder)}</p>
          <p>Account number: {or(i.supplier.accountNumber)}</p>
          <p>Branch code: {or(i.supplier.branchCode)}</p>
          <p>
            Reference: <strong>{i.number}</strong>
          </p>
        </section>
      ) : null}
    </div>
  );
}
