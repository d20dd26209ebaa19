/**
 * How the assistant writes the site's phrases into its replies: a list item in the middle of a
 * sentence loses the capital it had at the start of its line, unless the first word is a name
 * or an acronym ("AI chatbots", "English, Afrikaans…", "CRM", "WhatsApp", "isiZulu" keep theirs);
 * lists whose items have commas of their own are separated by semicolons; long lists are
 * bullets, one a line ("• "), which the chat shows as a list and WhatsApp shows as written.
 */

/** Words that are names wherever they stand (their first letter alone is a capital). */
const NAMES = new Set([
  // Languages
  "English",
  "Afrikaans",
  "Sesotho",
  "Setswana",
  // Products and companies the site names
  "Google",
  "Microsoft",
  "Sage",
  "Salesforce",
  "Shopify",
  "Xero",
  "Calendly",
  "OpenStreetMap",
  // Places
  "Africa",
  "Benoni",
  "Cape",
  "Durban",
  "Gauteng",
  "Johannesburg",
  "South",
  // Days and months
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
  "Mon",
  "Fri",
  // The packages, by name
  "Starter",
  "Growth",
  "Enterprise",
]);

/** The first word of a phrase. */
function firstWord(text: string): string {
  return /^[\p{L}\p{N}][\p{L}\p{N}'’-]*/u.exec(text)?.[0] ?? "";
}

/**
 * A phrase as it reads inside a sentence: "Email support" → "email support", but
 * "AI chatbots…", "CRM, accounting…", "English, Afrikaans…" and "WhatsApp…" are unchanged.
 */
export function inSentence(phrase: string): string {
  const word = firstWord(phrase);
  if (!word) return phrase;
  const rest = word.slice(1);
  // An acronym or a name spelt with capitals inside it (AI, CRM, FICA, WhatsApp, HubSpot),
  // a word that already starts in lower case (isiZulu, e-mail), or a name.
  if (/\p{Lu}/u.test(rest) || word.charAt(0) === word.charAt(0).toLowerCase()) return phrase;
  const base = word.replace(/['’]s$/, "");
  if (NAMES.has(base)) return phrase;
  return phrase.charAt(0).toLowerCase() + phrase.slice(1);
}

/** "a, b and c"; items with commas of their own: "a, b; c; and d". */
export function inlineList(items: string[]): string {
  const parts = items.map((s) => s.trim().replace(/[.;]$/, "")).filter(Boolean);
  if (parts.length <= 1) return parts[0] ?? "";
  const last = parts[parts.length - 1] as string;
  const init = parts.slice(0, -1);
  if (parts.some((p) => p.includes(","))) return `${init.join("; ")}; and ${last}`;
  return `${init.join(", ")} and ${last}`;
}

/** Phrases as they read inside a sentence, as an inline list. */
export function phraseList(items: string[]): string {
  return inlineList(items.map(inSentence));
}

/** One item a line, each after a bullet; the items keep their own capitals. */
export function bulletList(items: string[]): string {
  return items.map((s) => `• ${s.trim().replace(/[.;]$/, "")}`).join("\n");
}

/** Ends a phrase with a full stop unless it has one. */
export function sentence(text: string): string {
  const t = text.trim();
  return /[.!?:]$/.test(t) ? t : `${t}.`;
}
