/** Builds the assistant's index from its passages (at build time; tests call it directly). */
import MiniSearch from "minisearch";
import { type AssistantIndexData, MINISEARCH_OPTIONS } from "./engine";
import { buildPassages, type EntityKind, type Passage } from "./passages";
import { plainWords } from "./plain-words";
import { conceptWords, processTerm, tokenize } from "./text";

/** The terms that name a thing: each word's first term ("phone", not also "call"). */
const terms = (words: string): string[] =>
  tokenize(words).flatMap((w) => {
    const t = processTerm(w);
    return t === null ? [] : Array.isArray(t) ? t.slice(0, 1) : [t];
  });

/** What an answer states, read from its words: a price, a duration. */
const STATES: [string, RegExp][] = [
  ["price", /\bR\d[\d,.]*\b|\bquoted per project\b|\bfree\b(?! up)/i],
  [
    "duration",
    /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|fifteen)[- ](minute|hour|business day|day|week|month|year)s?\b|\b\d+ to \d+ (weeks|days)\b|\btwo to six weeks\b/i,
  ],
  // A number of things ("1,000 conversations", "500+ projects"), not an amount or a time.
  [
    "quantity",
    /(?<![R\d,.])\b\d{1,3}(,\d{3})*\+? (?!(minute|hour|day|week|month|year|business)s?\b)[a-z]{4,}/i,
  ],
];

export function buildIndexData(passages: Passage[]): AssistantIndexData {
  // The things passages are about, by kind; a word naming things of one kind twice
  // ("service" in "Financial Services" and "Professional Services") names neither.
  const named = new Map<string, Set<string>>();
  for (const p of passages) {
    for (const about of p.about ?? []) {
      const [kind, words] = about.replace(/^~/, "").split(/:(.*)/s) as [EntityKind, string];
      for (const t of terms(words)) {
        const key = `${kind}:${t}`;
        const owners = named.get(key) ?? new Set<string>();
        owners.add(words);
        named.set(key, owners);
      }
    }
  }
  const entities: Record<string, string> = {};
  for (const [key, owners] of named) {
    if (owners.size !== 1) continue;
    const [kind, term] = key.split(/:(.*)/s) as [string, string];
    if (!Object.hasOwn(entities, term)) entities[term] = kind;
  }

  const documents = passages.map((p) => {
    // A case study's rand figures are its client's results, not what the agency charges.
    const aboutCase = (p.about ?? []).some((a) => a.startsWith("case:"));
    const states = STATES.filter(
      ([name, pattern]) => pattern.test(p.answer) && !(aboutCase && name === "price"),
    ).map(([name]) => name);
    const tags = [
      ...(p.about ?? []).flatMap((about) => {
        const passing = about.startsWith("~") ? "~" : "";
        const [kind, words] = about.replace(/^~/, "").split(/:(.*)/s) as [string, string];
        return terms(words)
          .filter((t) => entities[t] === kind)
          .map((t) => `${passing}${kind}:${t}`);
      }),
      ...states.map((s) => `states:${s}`),
    ];
    return { ...p, keywords: [p.keywords ?? "", ...states].join(" ").trim(), tags };
  });

  const search = new MiniSearch<(typeof documents)[number]>(MINISEARCH_OPTIONS);
  search.addAll(documents);

  // How many passages each term is in (for how much a word says), and the words themselves
  // (to correct a typing slip in a question).
  const df: Record<string, number> = {};
  const vocabulary = new Set<string>();
  for (const d of documents) {
    const seen = new Set<string>();
    for (const field of [d.title, d.text, d.keywords]) {
      for (const word of tokenize(field)) {
        if (word.length >= 5 && !/\d/.test(word)) vocabulary.add(word);
        const t = processTerm(word);
        for (const term of t === null ? [] : Array.isArray(t) ? t : [t]) seen.add(term);
      }
    }
    for (const t of seen) df[t] = (df[t] ?? 0) + 1;
  }
  for (const word of conceptWords()) if (word.length >= 5) vocabulary.add(word);
  // Plain words the site never uses, as the reader has them (decision 135).
  const plain = new Set<string>();
  for (const word of plainWords.split(/\s+/)) {
    const t = word ? processTerm(word) : null;
    for (const term of t === null ? [] : Array.isArray(t) ? t : [t])
      if (!Object.hasOwn(df, term)) plain.add(term);
  }

  return {
    passages: documents.map(({ id, url, page, answer, tags, prior }) => ({
      id,
      url,
      page,
      answer,
      tags,
      ...(prior ? { prior } : {}),
    })),
    search: search.toJSON(),
    df,
    vocabulary: [...vocabulary].sort().join(" "),
    entities,
    plain: [...plain].sort().join(" "),
  };
}

/** The index of the site's own content (what the build writes into virtual:assistant-index). */
export function siteIndexData(): AssistantIndexData {
  return buildIndexData(buildPassages());
}
