/**
 * A chart's horizontal grid: one line across the plot and its label at the left for each tick
 * (the column and step charts share it).
 */
export function GridLines({
  ticks,
  y,
  left,
  right,
  format = String,
}: {
  ticks: number[];
  /** Where a value sits on the SVG's y axis. */
  y: (value: number) => number;
  left: number;
  right: number;
  format?: (value: number) => string;
}) {
  return ticks.map((t) => (
    <g key={t}>
      <line x1={left} x2={right} y1={y(t)} y2={y(t)} className="stroke-border" strokeWidth={1} />
      <text
        x={left - 6}
        y={y(t)}
        textAnchor="end"
        dominantBaseline="middle"
        className="fill-current text-[14px]"
      >
        {format(t)}
      </text>
    </g>
  ));
}
