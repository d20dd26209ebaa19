import { GridLines } from "./grid-lines";
import { SERIES_FILL } from "./scale";

export interface Step {
  /** ISO instant the value took effect. */
  at: string;
  value: number;
}

const W = 640;
const H = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 48 };

/**
 * A value from 0 to 100 over time (a project's progress): it holds until the next change.
 * `steps` are in time order; the line starts at the first step (or the period's start) and
 * runs to `end`. Plain SVG; the changes are listed in the figure's table.
 */
export function StepChart({
  label,
  steps,
  start,
  end,
  axis,
}: {
  label: string;
  steps: Step[];
  start: string;
  end: string;
  /** Labels under the axis: the period's first and last day. */
  axis: [string, string];
}) {
  const t0 = Date.parse(start);
  const t1 = Math.max(t0 + 1, Date.parse(end));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (iso: string) =>
    PAD.left + ((Math.min(t1, Math.max(t0, Date.parse(iso))) - t0) / (t1 - t0)) * plotW;
  const y = (v: number) => PAD.top + plotH - (Math.max(0, Math.min(100, v)) / 100) * plotH;
  let path = "";
  steps.forEach((s, i) => {
    const px = x(s.at);
    path += i === 0 ? `M${px},${y(s.value)}` : `H${px}V${y(s.value)}`;
  });
  if (steps.length > 0) path += `H${W - PAD.right}`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full text-muted-foreground"
      role="img"
      aria-label={`${label}: step chart. The changes are in the table that follows.`}
    >
      <GridLines
        ticks={[0, 25, 50, 75, 100]}
        y={y}
        left={PAD.left}
        right={W - PAD.right}
        format={(t) => `${t}%`}
      />
      <path d={path} fill="none" strokeWidth={2.5} className="stroke-chart-1" />
      {steps.map((s) => (
        <circle key={s.at} cx={x(s.at)} cy={y(s.value)} r={3.5} className={SERIES_FILL[0]} />
      ))}
      <text x={PAD.left} y={H - 8} className="fill-current text-[14px]">
        {axis[0]}
      </text>
      <text x={W - PAD.right} y={H - 8} textAnchor="end" className="fill-current text-[14px]">
        {axis[1]}
      </text>
    </svg>
  );
}
