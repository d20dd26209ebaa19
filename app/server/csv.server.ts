/**
 * The one CSV writer, for every file people download as CSV (an Analytics table, the CSVs of
 * 'Download my data'): RFC 4180 quoting and CRLF line ends, a byte-order mark so spreadsheets
 * read the text as UTF-8, and no cell a spreadsheet would run as a formula, whatever its type
 * (a number such as -5 starts with a formula character too).
 */
import { centsToDecimal } from "~/lib/money";

/**
 * An amount in rand written as a plain decimal ("-2000.00"): made only from whole cents, so it
 * can never hold a formula, and an accounting system reads a credit's minus sign as a number.
 */
export class CsvAmount {
  constructor(readonly cents: number) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  }
}

/** A cell as the spreadsheet gets it: empty for null, a date in ISO 8601, text defused. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof CsvAmount) return centsToDecimal(value.cents);
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file of these rows (the first is the header). */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
