import { niceTicks, SERIES_FILL } from "./scale";

export interface Bar {
  label: string;
  value: number;
}

const W = 640;
const ROW = 36;
const LABEL_W = 190;
const VALUE_W = 60;

/** Horizontal bars, one per row, longest scaled to the width. Plain SVG; numbers in the table. */
export function BarChart({ label, bars }: { label: string; bars: Bar[] }) {
  const top = niceTicks(Math.max(0, ...bars.map((b) => b.value))).at(-1) ?? 1;
  const plotW = W - LABEL_W - VALUE_W;
  const H = Math.max(1, bars.length) * ROW + 4;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={`${label}: bar chart. The numbers are in the table that follows.`}
    >
      {bars.map((b, i) => {
        const yMid = i * ROW + ROW / 2 + 2;
        const width = top > 0 ? (b.value / top) * plotW : 0;
        const shown = b.label.length > 20 ? `${b.label.slice(0, 19)}…` : b.label;
        return (
          <g key={b.label}>
            <text
              x={LABEL_W - 8}
              y={yMid}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-foreground text-[16px]"
            >
              {shown}
            </text>
            <rect
              x={LABEL_W}
              y={yMid - 12}
              height={24}
              width={Math.max(b.value > 0 ? 2 : 0, width)}
              rx={2}
              className={SERIES_FILL[0]}
            />
            <text
              x={LABEL_W + width + 6}
              y={yMid}
              dominantBaseline="middle"
              className="fill-foreground text-[16px]"
            >
              {b.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
