import { SERIES_BG } from "./scale";

/** The series of a chart, each with its colour (the chart itself is hidden from screen readers). */
export function Legend({ names }: { names: string[] }) {
  if (names.length < 2) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
      {names.map((name, i) => (
        <li key={name} className="flex items-center gap-1.5">
          <span className={`inline-block size-3 rounded-sm ${SERIES_BG[i % SERIES_BG.length]}`} />
          {name}
        </li>
      ))}
    </ul>
  );
}
