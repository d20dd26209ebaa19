import type { Figure } from "~/lib/analytics";
import { BarChart } from "./bar-chart";
import { ChartFigure } from "./chart-figure";
import { ColumnChart } from "./column-chart";

/** A figure from the server: its chart drawn from its own table, the table, its CSV link. */
export function FigureView({
  figure,
  csvHref,
  tableOpen,
}: {
  figure: Figure;
  csvHref?: string;
  tableOpen?: boolean;
}) {
  const { table, chart } = figure;
  let drawn: React.ReactNode = null;
  if (chart?.kind === "columns") {
    drawn = (
      <ColumnChart
        label={table.title}
        categories={chart.labels}
        series={chart.series.map((col) => ({
          name: table.columns[col] ?? "",
          values: table.rows.map((row) => Number(row[col] ?? 0)),
        }))}
      />
    );
  } else if (chart?.kind === "bars") {
    drawn = (
      <BarChart
        label={table.title}
        bars={table.rows.map((row) => ({
          label: String(row[0] ?? ""),
          value: Number(row[chart.value] ?? 0),
        }))}
      />
    );
  }
  return (
    <ChartFigure
      table={table}
      description={figure.description}
      chart={drawn ?? undefined}
      csvHref={csvHref}
      tableOpen={tableOpen}
      empty={figure.empty}
      more={figure.more}
    />
  );
}
