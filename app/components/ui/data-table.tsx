import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** One column of a DataTable's head; `false` leaves the column out (a column shown to some). */
export type DataTableColumn = { label: ReactNode; className?: string } | false;

/**
 * The portal's list table: scrolls sideways on a phone instead of squeezing (in a named box a
 * keyboard can reach), a caption for
 * screen readers that says what the rows are and in which order, and a head of column labels.
 * The rows are the caller's, so each list keeps its own cells.
 */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: DataTableColumn[];
  children: ReactNode;
}) {
  // On a phone the box scrolls sideways: it is a group named by the caption and takes focus, so
  // a keyboard can scroll it and a screen reader says what it holds (as the billing lines').
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around a table, not a form group
    <div
      className="overflow-x-auto rounded-lg border"
      role="group"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50">
          <tr>
            {columns.map((column, i) =>
              column ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
                <th key={i} scope="col" className={cn("px-4 py-3 font-medium", column.className)}>
                  {column.label}
                </th>
              ) : null,
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
