/**
 * "1 234 567": a whole number as en-ZA writes it (groups of three, a no-break space between),
 * by hand rather than with `toLocaleString`, which loads the browser's locale data on a page's
 * first use (see app/lib/dates.ts).
 */
export function formatCount(n: number): string {
  const sign = n < 0 ? "-" : "";
  return (
    sign +
    Math.abs(Math.round(n))
      .toString()
      .replace(/\B(?=(\d{3})+$)/g, "\u00a0")
  );
}
