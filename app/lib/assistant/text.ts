/**
 * How the assistant reads words, the same for the index (at build time) and for questions:
 * lower case, no stop words, a light English stemmer, and the words visitors use for the same
 * thing folded into one ("cost", "fee", "how much" → "price").
 */

const STOP_WORDS = new Set(
  `a an the and or but if of for to in on at by with from as into about over than then so
  is are was were be been being am do does did doing done have has had having can could will
  would shall should may might must i me my mine we us our ours you your yours he she him her
  his they them their it its this that these those there here what which whom whose when
  where why how any some all each every no not yes please tell know want need like just also
  too very really more much many get got give let make made one ones thing things hi hello hey
  thanks thank ok okay kind sort well good great else other im ive id dont`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that point back at the previous question ("how much is it?"). */
export const FOLLOW_UP_WORDS = new Set([
  "it",
  "its",
  "that",
  "this",
  "these",
  "those",
  "they",
  "them",
  "their",
  "one",
  "there",
]);

/** Variants folded into one term (after stemming). */
const SYNONYMS: Record<string, string> = {
  prices: "price",
  pricing: "price",
  priced: "price",
  cost: "price",
  costs: "price",
  costing: "price",
  fee: "price",
  fees: "price",
  charge: "price",
  rate: "price",
  expensive: "price",
  cheap: "price",
  cheapest: "price",
  afford: "price",
  affordable: "price",
  budget: "price",
  pay: "price",
  monthly: "month",
  telephone: "phone",
  cell: "phone",
  mail: "email",
  emails: "email",
  open: "hour",
  opening: "hour",
  closed: "hour",
  close: "hour",
  chatbots: "chatbot",
  bot: "chatbot",
  bots: "chatbot",
  assistant: "chatbot",
  assistants: "chatbot",
  chat: "chatbot",
  automate: "automat",
  automated: "automat",
  automation: "automat",
  automations: "automat",
  automating: "automat",
  workflow: "automat",
  workflows: "automat",
  websites: "website",
  site: "website",
  web: "website",
  webpage: "website",
  include: "include",
  includes: "include",
  included: "include",
  including: "include",
  feature: "include",
  features: "include",
  outcome: "result",
  outcomes: "result",
  results: "result",
  impact: "result",
  roi: "result",
  located: "address",
  location: "address",
  based: "address",
  office: "address",
  plan: "package",
  plans: "package",
  tier: "package",
  tiers: "package",
  packages: "package",
  cancel: "contract",
  commitment: "contract",
  term: "contract",
  "e-mail": "email",
  popia: "privacy",
  gdpr: "privacy",
  personal: "privacy",
  cookies: "cookie",
  seo: "search-engine",
  reduce: "reduce",
  reduced: "reduce",
  reduces: "reduce",
  reducing: "reduce",
  cut: "reduce",
  cuts: "reduce",
  lower: "reduce",
  fewer: "reduce",
  less: "reduce",
  halve: "reduce",
  halves: "reduce",
  // Industries: the words people use for their own sector.
  clinic: "healthcare",
  clinics: "healthcare",
  doctor: "healthcare",
  doctors: "healthcare",
  medical: "healthcare",
  hospital: "healthcare",
  health: "healthcare",
  school: "education",
  schools: "education",
  university: "education",
  college: "education",
  shop: "retail",
  shops: "retail",
  store: "retail",
  stores: "retail",
  retailer: "retail",
  retailers: "retail",
  estate: "property",
  properties: "property",
  rental: "property",
  rentals: "property",
  lawyer: "legal",
  lawyers: "legal",
  attorney: "legal",
  attorneys: "legal",
  insurance: "financial",
  insurer: "financial",
  bank: "financial",
  banks: "financial",
  broker: "financial",
  brokerage: "financial",
};

function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("ing") && word.length > 6) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 5) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** One word → its index term, or null for a stop word. */
export function processTerm(raw: string): string | null {
  const word = raw
    .toLowerCase()
    .replace(/'(s|re|ll|ve|d|m)$|n't$/, "")
    .replace(/^[-']+|[-']+$/g, "");
  if (word.length < 2 && !/\d/.test(word)) return null;
  if (word === "much") return "price"; // "how much"
  // Own keys only: "constructor" or "__proto__" are words, not the object's inherited members.
  const synonym = (key: string) => (Object.hasOwn(SYNONYMS, key) ? SYNONYMS[key] : undefined);
  const direct = synonym(word);
  if (direct) return direct;
  if (STOP_WORDS.has(word)) return null;
  const stemmed = stem(word);
  return synonym(stemmed) ?? stemmed;
}

/** Two-word names for one thing. */
const PHRASES: [RegExp, string][] = [
  [/\be-?mail address(es)?\b/gi, "email"],
  [/\b(real )?estate agen(t|ts|cy|cies)\b/gi, "property"],
  [/\breal estate\b/gi, "property"],
];

/** Words of a text: letters, digits and inner hyphens/apostrophes. */
export function tokenize(text: string): string[] {
  // Markup is read as the words inside it: "<b>Where</b>" is "Where".
  let normal = text
    .normalize("NFKC")
    .replace(/<[^>]*>/g, " ")
    .replace(/[’‘]/g, "'");
  for (const [pattern, replacement] of PHRASES) normal = normal.replace(pattern, replacement);
  return normal.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
}

/** The index terms of a question, unique, in order. */
export function questionTerms(text: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const term = processTerm(token);
    if (term && !out.includes(term)) out.push(term);
  }
  return out;
}

/** True when the question seems to refer back to the previous one. */
export function refersBack(text: string): boolean {
  return tokenize(text).some((t) => FOLLOW_UP_WORDS.has(t.toLowerCase()));
}
