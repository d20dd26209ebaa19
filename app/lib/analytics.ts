/**
 * What Analytics and Reports show, in a shape both the page (charts and their tables) and the
 * CSV downloads use: every figure becomes one table of numbers.
 */

export type Cell = string | number | null;

export interface FigureTable {
  /** The CSV's name and the figure's anchor ("leads-by-week"). */
  id: string;
  title: string;
  columns: string[];
  rows: Cell[][];
}

/** A chart drawn from the figure's own table (so the chart and its numbers never differ). */
export type ChartSpec =
  /** Stacked columns: one per row, one series per listed column. */
  | { kind: "columns"; series: number[]; labels: string[] }
  /** Horizontal bars: one per row, the length from `value`'s column. */
  | { kind: "bars"; value: number };

export interface Figure {
  table: FigureTable;
  description?: string;
  chart?: ChartSpec;
  /** Nothing to show yet: what will appear here and when. */
  empty?: string | null;
  /** A headline number for the summary ("12", "3 h 20 min"). */
  headline?: { label: string; value: string };
  /** The table holds only its first rows here: says how many there are and where the rest is. */
  more?: string;
}

/** Median of a duration in seconds, as people say it: "45 min", "3 h 20 min", "2.5 days". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "—";
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = seconds / 3600;
  if (hours < 24) {
    const h = Math.floor(hours);
    const m = Math.round((hours - h) * 60);
    return m === 0 || m === 60 ? `${m === 60 ? h + 1 : h} h` : `${h} h ${m} min`;
  }
  const days = hours / 24;
  return `${days < 10 ? Math.round(days * 10) / 10 : Math.round(days)} days`;
}

/** "42 %" from a share in 0..1 (or "—" when there is nothing to divide). */
export function formatShare(part: number, whole: number): string {
  if (whole === 0) return "—";
  return `${Math.round((part / whole) * 100)} %`;
}
