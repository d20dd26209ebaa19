import { Download } from "lucide-react";
import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { FigureTable } from "~/lib/analytics";

/** A figure's numbers as a table: what screen readers and keyboards use, and what prints. */
export function DataTable({ table, caption }: { table: FigureTable; caption?: string }) {
  // Focusable, so a keyboard can scroll a table wider than its card.
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around a table, not a form group
    <div
      className="overflow-x-auto rounded-md border"
      role="group"
      aria-label={caption ?? table.title}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption ?? table.title}</caption>
        <thead className="bg-muted/50">
          <tr>
            {table.columns.map((c, i) => (
              <th
                key={c}
                scope="col"
                className={`px-3 py-2 font-medium ${i > 0 ? "text-right" : ""}`}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a computed table, in order
            <tr key={r} className="border-t">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={table.columns[i]} scope="row" className="px-3 py-2 font-normal">
                    {cell ?? "—"}
                  </th>
                ) : (
                  <td key={table.columns[i]} className="px-3 py-2 text-right tabular-nums">
                    {cell ?? "—"}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One figure: a heading, an optional chart, its table (open, or behind 'Show the numbers'),
 * a CSV download, or what will appear here and when while there is nothing to show.
 */
export function ChartFigure({
  table,
  description,
  chart,
  csvHref,
  tableOpen = false,
  empty,
  more,
  children,
}: {
  table: FigureTable;
  description?: string;
  chart?: React.ReactNode;
  csvHref?: string;
  tableOpen?: boolean;
  /** Set when there is nothing to show yet: says what will appear and when. */
  empty?: string | null;
  /** The table shows its first rows only: how many there are and where the rest is. */
  more?: string;
  children?: React.ReactNode;
}) {
  const headingId = `figure-${table.id}`;
  return (
    <Card className="break-inside-avoid" aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle as="h3" size="lg" id={headingId}>
          {table.title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {empty ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            {empty}
          </p>
        ) : (
          <>
            {children}
            {chart}
            {tableOpen || !chart ? (
              <DataTable table={table} />
            ) : (
              <details className="group">
                <summary className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline">
                  Show the numbers
                </summary>
                <div className="mt-3">
                  <DataTable table={table} />
                </div>
              </details>
            )}
            {more ? <p className="text-sm text-muted-foreground">{more}</p> : null}
            {csvHref ? (
              <a
                href={csvHref}
                download
                className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline print:hidden"
              >
                <Download className="size-4" aria-hidden />
                Download CSV<span className="sr-only">: {table.title}</span>
              </a>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
