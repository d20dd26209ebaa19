import { GridLines } from "./grid-lines";
import { Legend } from "./legend";
import { labelEvery, niceTicks, SERIES_FILL } from "./scale";

export interface ColumnSeries {
  name: string;
  values: number[];
}

const W = 640;
const H = 240;
const PAD = { top: 12, right: 8, bottom: 30, left: 40 };

/**
 * Stacked columns, one per category (a week), one colour per series. Plain SVG drawn on the
 * server and in the page: no chart library. The numbers are in the figure's table.
 */
export function ColumnChart({
  label,
  categories,
  series,
}: {
  /** What the chart shows, for screen readers ("New leads per week, by kind"). */
  label: string;
  /** One short label per column ("3 Nov"). */
  categories: string[];
  series: ColumnSeries[];
}) {
  const totals = categories.map((_, i) => series.reduce((n, s) => n + (s.values[i] ?? 0), 0));
  const ticks = niceTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1] ?? 1;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, categories.length);
  const bar = Math.max(2, Math.min(40, slot * 0.7));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const every = labelEvery(categories.length, 6);
  return (
    <div className="space-y-2">
      <Legend names={series.map((s) => s.name)} />
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full text-muted-foreground"
        role="img"
        aria-label={`${label}: column chart. The numbers are in the table that follows.`}
      >
        <GridLines ticks={ticks} y={y} left={PAD.left} right={W - PAD.right} />
        {categories.map((category, i) => {
          const x = PAD.left + slot * i + (slot - bar) / 2;
          let base = 0;
          return (
            <g key={category}>
              {series.map((s, k) => {
                const v = s.values[i] ?? 0;
                if (v <= 0) return null;
                const rect = (
                  <rect
                    key={s.name}
                    x={x}
                    width={bar}
                    y={y(base + v)}
                    height={y(base) - y(base + v)}
                    className={SERIES_FILL[k % SERIES_FILL.length]}
                  />
                );
                base += v;
                return rect;
              })}
              {i % every === 0 ? (
                <text
                  x={x + bar / 2}
                  y={H - PAD.bottom + 16}
                  textAnchor="middle"
                  className="fill-current text-[14px]"
                >
                  {category}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
