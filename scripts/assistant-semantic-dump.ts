/**
 * Decision 139's first step: for every question of the tuning half (scripts/assistant-fit.ts's
 * `tuningHalf`; `shipped` leaves out set 13, as the shipped fit did), the engine's reply and its
 * first eight passages with their figures, whether each answers the question (its page accepted
 * and saying what the case requires), and the passages' answers — the input of
 * scripts/assistant-semantic.mjs. Held-out set 14 is never loaded here.
 *
 *   npx tsx --tsconfig tsconfig.json scripts/assistant-semantic-dump.ts DIR [shipped]
 *
 * writes DIR/rows-tuning.json and DIR/passages.json.
 */
import { writeFileSync } from "node:fs";
import { buildIndexData } from "~/lib/assistant/build-index";
import { Assistant } from "~/lib/assistant/engine";
import { acceptsPage } from "~/lib/assistant/evaluate";
import { buildPassages } from "~/lib/assistant/passages";
import { questionBank } from "~/lib/assistant/question-bank";
import { conversationBefore, tuningHalf } from "./assistant-fit";

const dir = process.argv[2] ?? "/tmp";
const sets = process.argv[3] === "shipped" ? tuningHalf.filter(([s]) => s !== "s13") : tuningHalf;
const data = buildIndexData(buildPassages());
const assistant = new Assistant(data);
const rows: unknown[] = [];
for (const [set, cases] of sets) {
  for (const c of cases) {
    const history = conversationBefore(assistant, c);
    const considered = assistant.consider(c.question, history);
    const ok = (url: string, answer: string) =>
      acceptsPage(c, url) && (!c.says || c.says.test(answer));
    const reply = considered.reply;
    rows.push({
      set,
      pages: c.page === null ? [] : Array.isArray(c.page) ? c.page : [c.page],
      q: c.question,
      before: c.before ?? [],
      answerable: c.page !== null,
      answered: reply.kind === "answer",
      right: reply.kind === "answer" && ok(reply.url, reply.text),
      gateable: considered.gateable,
      unknown: considered.unknown,
      putToUs: considered.putToUs,
      cands: (considered.ranked.length > 0
        ? considered.ranked
        : assistant.rank(c.question.trim(), history).slice(0, 8)
      ).map((t) => ({
        id: t.passage.id,
        url: t.passage.url,
        ok: ok(t.passage.url, t.passage.answer),
        rank: t.rank,
        score: t.score,
        support: t.support,
        share: t.share,
        coverage: t.coverage,
      })),
    });
  }
}
// The question bank (decision 154): labelled questions only, never scored.
if (process.argv.includes("bank"))
  for (const b of questionBank)
    rows.push({
      set: "bank",
      bank: true,
      pages: b.pages,
      q: b.question,
      before: [],
      answerable: b.pages.length > 0,
      cands: [],
    });
writeFileSync(`${dir}/rows-tuning.json`, JSON.stringify(rows));
writeFileSync(
  `${dir}/passages.json`,
  JSON.stringify(data.passages.map((p) => ({ id: p.id, url: p.url, answer: p.answer }))),
);
console.log(`${rows.length} questions, ${data.passages.length} passages → ${dir}`);
