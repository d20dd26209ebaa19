import type { ReactNode } from "react";
import { formatRand } from "~/lib/money";

/** One priced line of an invoice or a proposal, as both documents show it. */
export interface PricedLine {
  position: number;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/**
 * The lines table of a billing document: the description with its unit price, the quantity and
 * the amount; `billed` adds a column (a proposal's once-off or monthly) before the quantity.
 */
export function LineItemsTable<L extends PricedLine>({
  caption,
  itemHeading,
  amountHeading,
  lines,
  billed,
}: {
  caption: string;
  itemHeading: string;
  amountHeading: string;
  lines: L[];
  billed?: (line: L) => string;
}) {
  // A long word breaks anywhere, so the table fits a 320 px phone; should it still be wider,
  // the box scrolls, named and focusable so a keyboard can scroll it (as a figure's table).
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around a table, not a form group
    <div
      className="overflow-x-auto"
      role="group"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-2 pr-3 font-medium">
              {itemHeading}
            </th>
            {billed ? (
              <th scope="col" className="py-2 pr-3 font-medium">
                Billed
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {amountHeading}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.position} className="border-b align-top">
              <td className="break-words py-2 pr-3 [overflow-wrap:anywhere]">
                {l.description}
                <span className="block text-muted-foreground text-xs">
                  {formatRand(l.unitCents)} each
                </span>
              </td>
              {billed ? <td className="py-2 pr-3">{billed(l)}</td> : null}
              <td className="py-2 pr-3 text-right">{l.quantity}</td>
              <td className="whitespace-nowrap py-2 text-right">{formatRand(l.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One row of a document's totals; `strong` for a total that includes VAT. */
export interface TotalRow {
  label: ReactNode;
  cents: number;
  strong?: boolean;
}

/** A billing document's totals: labels on the left, amounts in the house format on the right. */
export function TotalsList({ rows }: { rows: TotalRow[] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map((row, index) => (
        // The rows are fixed per document and never reordered.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <TotalRowView key={index} row={row} />
      ))}
    </dl>
  );
}

function TotalRowView({ row }: { row: TotalRow }) {
  const weight = row.strong ? "font-semibold" : undefined;
  return (
    <>
      <dt className={weight}>{row.label}</dt>
      <dd className={row.strong ? "text-right font-semibold" : "text-right"}>
        {formatRand(row.cents)}
      </dd>
    </>
  );
}
