/**
 * Money in rand (issue 32, decision 071): every amount is a whole number of cents, and people
 * read it in one house format, `R12,500.00` (the rand sign, comma thousands, a point and always
 * two decimals), on the pricing page, in the portal, in PDFs, mail and CSVs alike.
 */

/** The house format for people: 1250000 cents → "R12,500.00"; negative amounts "-R150.00". */
export function formatRand(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const rands = Math.floor(abs / 100).toString();
  const rest = (abs % 100).toString().padStart(2, "0");
  return `${sign}R${rands.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${rest}`;
}

/** An amount for a CSV or a form field: 1250000 → "12500.00" (no sign, no separators). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${(abs % 100).toString().padStart(2, "0")}`;
}

/**
 * The largest amount a line, a proposal's once-off or monthly total, or an invoice may hold
 * before VAT (decision 124): R10 million. Amounts are stored in `integer` columns (at most
 * 2,147,483,647 cents, R21,474,836.47), so this amount with its VAT, even at a rate of 100%,
 * still fits.
 */
export const MAX_CENTS = 1_000_000_000;

/**
 * What a person typed as an amount in rand, in cents, or null when it is not one: "12500",
 * "12 500", "12,500.50", "R 12 500,50" (a comma with one or two digits after it is the decimal
 * mark, as South Africans also write it). Never through floating point. It may be more than
 * `MAX_CENTS`: the form that reads it says so in words (`randAmount`).
 */
export function parseRand(input: string): number | null {
  let text = input
    .trim()
    .replace(/^R\s*/i, "")
    .replace(/[\s\u00a0]/g, "");
  if (text === "") return null;
  if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(",", ".");
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text)) text = text.replace(/,/g, "");
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").padEnd(2, "0");
  if (whole.length > 12) return null;
  return Number(whole) * 100 + Number(fraction);
}

/** A VAT rate in basis points (1500 = 15%) for people: "15%", "15.5%". */
export function formatRate(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0
    ? `${whole}%`
    : `${whole}.${rest.toString().padStart(2, "0").replace(/0$/, "")}%`;
}

/**
 * The VAT on an amount excluding VAT, rounded to the cent, half up (SARS accepts rounding per
 * invoice; we round once, on the invoice's total excluding VAT, so lines never drift from it).
 */
export function vatOn(exclusiveCents: number, basisPoints: number): number {
  const product = exclusiveCents * basisPoints;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5_000) / 10_000);
}

/** A percentage of an amount, to the cent, half up (a proposal's deposit). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}
