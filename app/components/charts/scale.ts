/** A round upper bound for an axis (1, 2, 5 × 10ⁿ steps) and its ticks, from 0. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const whole = Math.max(1, Math.round(step)) === step ? step : Math.max(1, Math.ceil(step));
  const ticks: number[] = [];
  for (let t = 0; t < max + whole; t += whole) {
    ticks.push(t);
    if (t >= max) break;
  }
  return ticks;
}

/** Every k-th label, so that at most `fit` of them are written under an axis. */
export function labelEvery(count: number, fit: number): number {
  return Math.max(1, Math.ceil(count / fit));
}

/** The chart series colours (app.css: --chart-1…4, at least 3:1 against cards in both palettes). */
export const SERIES_FILL = ["fill-chart-1", "fill-chart-2", "fill-chart-3", "fill-chart-4"];
export const SERIES_BG = ["bg-chart-1", "bg-chart-2", "bg-chart-3", "bg-chart-4"];
