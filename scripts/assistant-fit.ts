/**
 * The site assistant's fits of decisions 123 and 135, on the tuning half only, leaving one set
 * out. The tuning half is held-out sets 1–13 (all measured and used up; 12 and 13 joined it in
 * decision 139), the tuning rounds and decision 015's set; sets 14 and 15 joined it after their last runs (decisions 144, 154, 161); held-out set 16 is never loaded here. (Decision 123's modes ran before
 * set 11 joined and before the plain-word gate; run now, their "main" includes both.)
 *
 * For every question (asked after its earlier questions, as evaluate.ts does) it keeps the
 * engine's reply, its words the site never uses, and the best-ranked passage's figures.
 *
 *   npx tsx scripts/assistant-fit.ts          familiar words: words the site never uses that
 *       came up in ≥ 1/2/3 answerable questions of the other sets and in no out-of-scope one,
 *       read like filler words (Assistant's `familiar`); then the same with a gate for what the
 *       engine still hands over (unknown words ≤ 1–3, coverage of the known words, support,
 *       share, BM25 score, put to us, nothing bought or sold), the grid point chosen on the
 *       other sets (top-1 − ½ × handed over, no more out-of-scope answered than main's); then
 *       with a guard against words learned from the other sets' out-of-scope questions
 *       (nested: a training question's guard words come from the training sets but its own).
 *       Ends with the words fitted on the whole half and each set's figures with them.
 *   npx tsx scripts/assistant-fit.ts weights  the re-ranker's weights (engine.ts `W`: unasked,
 *       otherThing, coverage, states), chosen per left-out set the same way.
 *   npx tsx scripts/assistant-fit.ts reranker  which of the first three pages to show when main
 *       answers (main's answer-or-hand-over decision kept), by a logistic model.
 *   npx tsx scripts/assistant-fit.ts plain TABLE  decision 135's plain-word gate, on the engine
 *       without it: answer what it hands over when its one unknown word is a common word
 *       (rank in SUBTLEX below `top`) whose WordNet noun share is at most `ns`, with support,
 *       share and BM25 thresholds; the grid point chosen per left-out set as above. TABLE is the
 *       JSON scripts/assistant-plain-words.ts writes as its fourth argument.
 */
import { readFileSync } from "node:fs";
import { buildIndexData } from "~/lib/assistant/build-index";
import { Assistant, type PriorTurn, type Ranked } from "~/lib/assistant/engine";
import type { EvalCase } from "~/lib/assistant/eval-case";
import { heldOut } from "~/lib/assistant/eval-held-out";
import { heldOutSecond } from "~/lib/assistant/eval-held-out-2";
import { heldOutThird } from "~/lib/assistant/eval-held-out-3";
import { heldOutFourth } from "~/lib/assistant/eval-held-out-4";
import { heldOutFifth } from "~/lib/assistant/eval-held-out-5";
import { heldOutSixth } from "~/lib/assistant/eval-held-out-6";
import { heldOutSeventh } from "~/lib/assistant/eval-held-out-7";
import { heldOutEighth } from "~/lib/assistant/eval-held-out-8";
import { heldOutNinth } from "~/lib/assistant/eval-held-out-9";
import { heldOutTenth } from "~/lib/assistant/eval-held-out-10";
import { heldOutEleventh } from "~/lib/assistant/eval-held-out-11";
import { heldOutTwelfth } from "~/lib/assistant/eval-held-out-12";
import { heldOutThirteenth } from "~/lib/assistant/eval-held-out-13";
import { heldOutFourteenth } from "~/lib/assistant/eval-held-out-14";
import { heldOutFifteenth } from "~/lib/assistant/eval-held-out-15";
import { evalSet } from "~/lib/assistant/eval-set";
import { tuning } from "~/lib/assistant/eval-tuning";
import { acceptsPage } from "~/lib/assistant/evaluate";
import { buildPassages } from "~/lib/assistant/passages";
import { processTerm } from "~/lib/assistant/text";

export const tuningHalf: [string, EvalCase[]][] = [
  ["s1", heldOut],
  ["s2", heldOutSecond],
  ["s3", heldOutThird],
  ["s4", heldOutFourth],
  ["s5", heldOutFifth],
  ["s6", heldOutSixth],
  ["s7", heldOutSeventh],
  ["s8", heldOutEighth],
  ["s9", heldOutNinth],
  ["s10", heldOutTenth],
  ["s11", heldOutEleventh],
  ["tuning", tuning],
  [
    "015",
    evalSet.map((c) => ({
      question: c.question,
      before: c.previous ? [c.previous] : undefined,
      page: c.page,
    })),
  ],
  // Used up: set 12 after decision 135, set 13 after decision 139, set 14 after decision 144
  // (each after its last run; set 14's misses were never read).
  ["s12", heldOutTwelfth],
  ["s13", heldOutThirteenth],
  ["s14", heldOutFourteenth],
  // Set 15 after its one run (decision 154; its misses were never read), decision 161.
  ["s15", heldOutFifteenth],
];

export interface Row {
  set: string;
  question: string;
  answerable: boolean;
  /** Main's reply: answered, and right. */
  answered: boolean;
  right: boolean;
  /** Main hands it over for lack of confidence only (a gate could answer it). */
  gateable: boolean;
  top?: Ranked;
  topRight: boolean;
  unknown: string[];
  own: string[];
  putToUs: boolean;
  trade: boolean;
  /** Has a word learned as another topic's (set per fold, from other sets only). */
  foreignHit?: boolean;
}

interface Internals {
  read(q: string): { own: string[]; unknown: string[] };
  entities: Map<string, string>;
}

/** The conversation as evaluate.ts asks it: each earlier question of the case and its reply. */
export function conversationBefore(assistant: Assistant, c: EvalCase): PriorTurn[] {
  const history: PriorTurn[] = [];
  for (const q of c.before ?? []) {
    const earlier = assistant.reply(q, [...history]);
    history.push({ role: "user", text: q }, { role: "assistant", text: earlier.text });
  }
  return history;
}

export function dump(assistant: Assistant, sets = tuningHalf): Row[] {
  const inside = assistant as unknown as Internals;
  const rows: Row[] = [];
  for (const [set, cases] of sets) {
    for (const c of cases) {
      const history = conversationBefore(assistant, c);
      const reply = assistant.reply(c.question, history);
      const text = c.question.trim();
      const { own, unknown } = inside.read(text);
      const top = assistant.rank(text, history)[0];
      const ok = (url: string | undefined, answer: string) =>
        acceptsPage(c, url) && (!c.says || c.says.test(answer));
      const namesOffer = own.some((t) => {
        const kind = inside.entities.get(t);
        return kind !== undefined && kind !== "industry";
      });
      const trade = TRADE.test(text);
      const onlyIndustry =
        (top?.passage.tags.some((t) => /^~?industry:/.test(t)) ?? false) && !namesOffer;
      const makeLegal = ASKS_TO_MAKE.test(text) && top?.passage.url.startsWith("/legal/");
      rows.push({
        set,
        question: [...(c.before ?? []), c.question].join(" → "),
        answerable: c.page !== null,
        answered: reply.kind === "answer",
        right: reply.kind === "answer" && ok(reply.url, reply.text),
        gateable:
          reply.kind === "unsure" &&
          top !== undefined &&
          !own.every((t) => /^\d+$/.test(t)) &&
          !(trade && onlyIndustry) &&
          !makeLegal,
        top,
        topRight: top !== undefined && ok(top.passage.url, top.passage.answer),
        unknown,
        own,
        putToUs: ADDRESSES_US.test(text) || namesOffer,
        trade,
      });
    }
  }
  return rows;
}

// The engine's guards, as decision 114 has them (engine.ts).
const ADDRESSES_US = /\b(you|your|yours|u|ur|ya|yall)\b/i;
const TRADE =
  /\b(sell|sells|selling|sold|buy|buying|purchase|recommend|recommendation|repair|repairs|fix|rent|lend|loan|loans|prescribe)\b/i;
const ASKS_TO_MAKE =
  /\b(can|could|will|would|do|does) (you|u|ya|you guys)\b.*\b(do|design|make|build|create|offer|provide|supply|write|install|print|develop)\b/i;

export interface Gate {
  unknown: number;
  /** The share of the question's known words (weighted) the passage has. */
  known: number;
  support: number;
  share: number;
  score: number;
  putToUs: boolean;
  /** Words learned as other people's topics: a question with one is never opened. */
  foreign?: ReadonlySet<string>;
}

export function opens(g: Gate, r: Row): boolean {
  const t = r.top;
  return (
    r.gateable &&
    t !== undefined &&
    r.unknown.length <= g.unknown &&
    t.support >= g.support &&
    knownCoverage(t) >= g.known &&
    t.share >= g.share &&
    t.score >= g.score &&
    (!g.putToUs || r.putToUs) &&
    !r.trade &&
    !(g.foreign && r.foreignHit)
  );
}

/** The share of the question's words the site uses (weighted by rarity) the passage has. */
export function knownCoverage(t: Ranked): number {
  if (t.coverage === 0) return 0;
  const knownWeight = t.found / t.coverage - t.unknownWeight;
  return knownWeight > 0 ? t.found / knownWeight : 0;
}

export interface Score {
  n: number;
  oos: number;
  right: number;
  handed: number;
  oosHanded: number;
}

export function score(rows: Row[], g: Gate | null): Score {
  const s = { n: 0, oos: 0, right: 0, handed: 0, oosHanded: 0 };
  for (const r of rows) {
    const extra = g !== null && opens(g, r);
    const answered = r.answered || extra;
    const right = r.right || (extra && r.topRight);
    if (r.answerable) {
      s.n++;
      if (right) s.right++;
      if (!answered) s.handed++;
    } else {
      s.oos++;
      if (!answered) s.oosHanded++;
    }
  }
  return s;
}

export const grid: Gate[] = [];
for (const unknown of [1, 2, 3])
  for (const known of [0.6, 0.7, 0.8, 0.9, 1])
    for (const support of [0, 0.2, 0.3])
      for (const share of [0.25, 0.33, 0.4, 0.5])
        for (const sc of [10, 20, 40, 60, 100])
          grid.push({ unknown, known, support, share, score: sc, putToUs: true });

const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
export const fmt = (s: Score) =>
  `${pct(s.right, s.n)} (${s.right}/${s.n}) · ${pct(s.handed, s.n)} (${s.handed}) · ${pct(s.oosHanded, s.oos)} (${s.oosHanded}/${s.oos})`;

/** Top-1 − ½ × handed over, answering no more out-of-scope questions than main's engine. */
export function choose(rows: Row[], points: Gate[] = grid): Gate {
  const base = score(rows, null);
  let best: { g: Gate; v: number } | null = null;
  for (const g of points) {
    const s = score(rows, g);
    if (s.oosHanded < base.oosHanded) continue;
    const v = s.right - 0.5 * s.handed;
    // Ties go to the stricter point (the grid runs from lenient to strict within each axis:
    // keep the later one).
    if (!best || v >= best.v) best = { g, v };
  }
  return (best as { g: Gate }).g;
}

/** Words the site never uses that came up in an out-of-scope question of these rows. */
export function learnForeign(rows: Row[]): Set<string> {
  return new Set(rows.filter((r) => !r.answerable).flatMap((r) => r.unknown));
}

/**
 * Words the site never uses that came up in at least `min` answerable questions of these rows
 * and in no out-of-scope one (as the reader has them: stemmed, and with no familiar words).
 */
export function learnFamiliar(rows: Row[], min: number): Set<string> {
  const answerable = new Map<string, number>();
  const outOfScope = new Set<string>();
  for (const r of rows) {
    for (const t of new Set(r.unknown)) {
      if (r.answerable) answerable.set(t, (answerable.get(t) ?? 0) + 1);
      else outOfScope.add(t);
    }
  }
  return new Set(
    [...answerable]
      .filter(([t, n]) => n >= min && !outOfScope.has(t) && !/\d/.test(t))
      .map(([t]) => t),
  );
}

const add = (a: Score, b: Score): Score => ({
  n: a.n + b.n,
  oos: a.oos + b.oos,
  right: a.right + b.right,
  handed: a.handed + b.handed,
  oosHanded: a.oosHanded + b.oosHanded,
});
const zero = (): Score => ({ n: 0, oos: 0, right: 0, handed: 0, oosHanded: 0 });

if (process.argv[1]?.endsWith("assistant-fit.ts") && process.argv[2] === undefined) {
  const data = buildIndexData(buildPassages());
  const none = new Set<string>();
  const rows = dump(new Assistant(data, none));
  const sets = tuningHalf.map(([s]) => s);
  console.log(`tuning half, main's engine: ${fmt(score(rows, null))}`);
  for (const min of [1, 2, 3]) {
    let loso = zero();
    const lines: string[] = [];
    for (const left of sets) {
      const familiar = learnFamiliar(
        rows.filter((r) => r.set !== left),
        min,
      );
      const test = dump(
        new Assistant(data, familiar),
        tuningHalf.filter(([s]) => s === left),
      );
      const s = score(test, null);
      loso = add(loso, s);
      lines.push(
        `  ${left.padEnd(7)} ${fmt(
          score(
            rows.filter((r) => r.set === left),
            null,
          ),
        )} → ${fmt(s)}`,
      );
      for (const r of test) {
        if (!r.answerable && r.answered)
          lines.push(`     out of scope answered: ${r.question} → ${r.top?.passage.url}`);
      }
    }
    console.log(
      `familiar words seen in ≥ ${min} answerable questions, leave-one-set-out: ${fmt(loso)}`,
    );
    console.log(lines.join("\n"));
  }
  // The gate for questions main's engine hands over, with the familiar words learned on the
  // same training sets (each fold: words and gate from the other sets only).
  for (const min of [2, 1]) {
    let loso = zero();
    for (const left of sets) {
      const familiar = learnFamiliar(
        rows.filter((r) => r.set !== left),
        min,
      );
      const a = new Assistant(data, familiar);
      const train = dump(
        a,
        tuningHalf.filter(([s]) => s !== left),
      );
      const test = dump(
        a,
        tuningHalf.filter(([s]) => s === left),
      );
      const g = choose(train);
      const s = score(test, g);
      loso = add(loso, s);
      console.log(`  ${left.padEnd(7)} → ${fmt(s)} ${JSON.stringify(g)}`);
      for (const r of test)
        if (!r.answerable && (r.answered || opens(g, r)))
          console.log(`     out of scope answered: ${r.question}`);
    }
    console.log(`familiar (≥ ${min}) + gate, leave-one-set-out: ${fmt(loso)}`);
  }
  // The same, with a guard: a question with a word learned from the other sets' out-of-scope
  // questions is never opened by the gate.
  for (const min of [2, 1]) {
    let loso = zero();
    for (const left of sets) {
      const trainRows = rows.filter((r) => r.set !== left);
      const familiar = learnFamiliar(trainRows, min);
      const foreign = learnForeign(trainRows);
      const a = new Assistant(data, familiar);
      const train = dump(
        a,
        tuningHalf.filter(([s]) => s !== left),
      );
      const test = dump(
        a,
        tuningHalf.filter(([s]) => s === left),
      );
      // Nested: a training question's guard words come from the training sets other than its
      // own, as the left-out set's come from the training sets.
      const foreignOf = new Map(
        sets
          .filter((x) => x !== left)
          .map((x) => [x, learnForeign(trainRows.filter((r) => r.set !== x))]),
      );
      for (const r of train) r.foreignHit = r.unknown.some((w) => foreignOf.get(r.set)?.has(w));
      for (const r of test) r.foreignHit = r.unknown.some((w) => foreign.has(w));
      const g = choose(
        train,
        grid.map((p) => ({ ...p, foreign })),
      );
      const s = score(test, g);
      loso = add(loso, s);
      console.log(
        `  ${left.padEnd(7)} → ${fmt(s)} ${JSON.stringify({ ...g, foreign: foreign.size })}`,
      );
      for (const r of test)
        if (!r.answerable && (r.answered || opens(g, r)))
          console.log(`     out of scope answered: ${r.question}`);
    }
    console.log(
      `familiar (≥ ${min}) + gate with foreign-word guard, leave-one-set-out: ${fmt(loso)}`,
    );
  }
  const min = Number(process.env.FAMILIAR_MIN ?? 2);
  const all = learnFamiliar(rows, min);
  console.log(`fitted on all (≥ ${min}): ${all.size} words\n${JSON.stringify([...all].sort())}`);
  const withAll = dump(new Assistant(data, all));
  console.log(`tuning half with them: ${fmt(score(withAll, null))}`);
  for (const x of sets) {
    const before = score(
      rows.filter((r) => r.set === x),
      null,
    );
    console.log(
      `  ${x.padEnd(7)} ${fmt(before)} → ${fmt(
        score(
          withAll.filter((r) => r.set === x),
          null,
        ),
      )}`,
    );
  }
}

/**
 * The re-ranker's weights (engine.ts `W`), chosen per left-out set on the other sets: each grid
 * point's top-1 − ½ × handed over, answering no more out-of-scope questions than main's.
 *   npx tsx scripts/assistant-fit.ts weights
 */
if (process.argv[1]?.endsWith("assistant-fit.ts") && process.argv[2] === "weights") {
  const { W } = await import("~/lib/assistant/engine");
  const data = buildIndexData(buildPassages());
  const none = new Set<string>();
  const main = { ...W };
  const points: Partial<typeof W>[] = [];
  for (const unasked of [0.15, 0.3, 0.45])
    for (const otherThing of [0.4, 0.6, 0.8])
      for (const coverage of [1.2, 1.4, 1.7])
        for (const states of [0.45, 0.6]) points.push({ unasked, otherThing, coverage, states });
  const byPoint = points.map((p) => {
    Object.assign(W, main, p);
    return dump(new Assistant(data, none));
  });
  Object.assign(W, main);
  const sets = tuningHalf.map(([s]) => s);
  const baseRows = dump(new Assistant(data, none));
  let loso = zero();
  let losoBoth = zero();
  for (const left of sets) {
    const train = (rows: Row[]) => rows.filter((r) => r.set !== left);
    const base = score(train(baseRows), null);
    let best = { i: -1, v: base.right - 0.5 * base.handed };
    byPoint.forEach((rows, i) => {
      const s = score(train(rows), null);
      if (s.oosHanded < base.oosHanded) return;
      const v = s.right - 0.5 * s.handed;
      if (v > best.v) best = { i, v };
    });
    const test = (best.i < 0 ? baseRows : (byPoint[best.i] as Row[])).filter((r) => r.set === left);
    const s = score(test, null);
    loso = add(loso, s);
    // With the familiar words learned on the same other sets.
    const familiar = learnFamiliar(train(baseRows), 2);
    Object.assign(W, main, best.i < 0 ? {} : points[best.i]);
    const both = score(
      dump(
        new Assistant(data, familiar),
        tuningHalf.filter(([x]) => x === left),
      ),
      null,
    );
    Object.assign(W, main);
    losoBoth = add(losoBoth, both);
    console.log(
      `  ${left.padEnd(7)} ${fmt(s)} | with familiar words ${fmt(both)} ${JSON.stringify(points[best.i] ?? "main")}`,
    );
  }
  console.log(`weights, leave-one-set-out: ${fmt(loso)}`);
  console.log(`weights + familiar words, leave-one-set-out: ${fmt(losoBoth)}`);
  let all = { i: -1, v: -1e9 };
  const base = score(baseRows, null);
  byPoint.forEach((rows, i) => {
    const s = score(rows, null);
    if (s.oosHanded < base.oosHanded) return;
    const v = s.right - 0.5 * s.handed;
    if (v > all.v) all = { i, v };
  });
  console.log(
    `fitted on all: ${JSON.stringify(points[all.i])} ${fmt(score(byPoint[all.i] as Row[], null))}`,
  );
}

/**
 * A re-ranker that only chooses which of the engine's first three passages (distinct pages) to
 * show, when main's engine answers: the decision to answer or hand over stays main's, so no
 * out-of-scope question can be answered that main hands over. A logistic model of "this
 * candidate is right" on the candidate's figures relative to the first; the first is replaced
 * when another's probability is higher by a margin chosen on the other sets.
 *   npx tsx scripts/assistant-fit.ts reranker
 */
if (process.argv[1]?.endsWith("assistant-fit.ts") && process.argv[2] === "reranker") {
  const assistant = new Assistant(buildIndexData(buildPassages()));
  interface Item {
    set: string;
    /** Per candidate: features and whether it is right. */
    cands: { x: number[]; right: boolean }[];
  }
  const kinds = ["package", "service", "industry", "case", "doc", "contact", "page"];
  const items: Item[] = [];
  const extra: Record<string, number> = {};
  for (const [set, cases] of tuningHalf) {
    for (const c of cases) {
      if (c.page === null) continue;
      const history = conversationBefore(assistant, c);
      const reply = assistant.reply(c.question, history);
      if (reply.kind !== "answer") {
        extra[set] = (extra[set] ?? 0) + 1;
        continue;
      }
      const ranked = assistant.rank(c.question, history);
      const seen = new Set<string>();
      const top: Ranked[] = [];
      for (const r of ranked) {
        const page = r.passage.url.split("#")[0] as string;
        if (seen.has(page)) continue;
        seen.add(page);
        top.push(r);
        if (top.length === 3) break;
      }
      const first = top[0] as Ranked;
      const ok = (r: Ranked) =>
        acceptsPage(c, r.passage.url) && (!c.says || c.says.test(r.passage.answer));
      items.push({
        set,
        cands: top.map((r, i) => {
          const kind = (t: string) =>
            r.passage.tags.some((x) => x.replace(/^~/, "").startsWith(`${t}:`)) ? 1 : 0;
          return {
            x: [
              1,
              i === 0 ? 1 : 0,
              r.rank - first.rank,
              r.score / first.score,
              r.coverage - first.coverage,
              r.support - first.support,
              r.share - first.share,
              ...kinds.map(kind),
              r.passage.url.startsWith("/legal/") ? 1 : 0,
              r.passage.url.startsWith("/case-studies/") ? 1 : 0,
            ],
            right: ok(r),
          };
        }),
      });
    }
  }
  const fitLogistic = (data: Item[]): number[] => {
    const xs = data.flatMap((d) => d.cands);
    const dim = xs[0]?.x.length ?? 0;
    const w = new Array<number>(dim).fill(0);
    for (let epoch = 0; epoch < 300; epoch++) {
      const grad = new Array<number>(dim).fill(0);
      for (const { x, right } of xs) {
        const p = 1 / (1 + Math.exp(-x.reduce((s, v, k) => s + v * (w[k] ?? 0), 0)));
        const e = p - (right ? 1 : 0);
        for (let k = 0; k < dim; k++) grad[k] = (grad[k] ?? 0) + e * (x[k] ?? 0);
      }
      for (let k = 0; k < dim; k++)
        w[k] = (w[k] ?? 0) - 0.5 * ((grad[k] ?? 0) / xs.length + 0.01 * (w[k] ?? 0));
    }
    return w;
  };
  const prob = (w: number[], x: number[]) =>
    1 / (1 + Math.exp(-x.reduce((s, v, k) => s + v * (w[k] ?? 0), 0)));
  const pick = (w: number[], d: Item, margin: number) => {
    const ps = d.cands.map((c) => prob(w, c.x));
    let best = 0;
    for (let i = 1; i < ps.length; i++)
      if ((ps[i] ?? 0) > (ps[best] ?? 0) + margin && (ps[i] ?? 0) > (ps[0] ?? 0) + margin) best = i;
    return best;
  };
  const rightOf = (w: number[], data: Item[], margin: number) =>
    data.filter((d) => d.cands[pick(w, d, margin)]?.right).length;
  let mainRight = 0;
  let newRight = 0;
  for (const [left] of tuningHalf) {
    const train = items.filter((d) => d.set !== left);
    const test = items.filter((d) => d.set === left);
    const w = fitLogistic(train);
    let margin = 0;
    let best = -1;
    for (const m of [0, 0.05, 0.1, 0.2, 0.3, 1]) {
      const r = rightOf(w, train, m);
      if (r > best) {
        best = r;
        margin = m;
      }
    }
    const m0 = test.filter((d) => d.cands[0]?.right).length;
    const m1 = rightOf(w, test, margin);
    mainRight += m0;
    newRight += m1;
    console.log(
      `  ${left.padEnd(7)} answered ${test.length}: right ${m0} → ${m1} (margin ${margin})`,
    );
  }
  console.log(
    `answered questions right, leave-one-set-out: main ${mainRight} → re-ranked ${newRight} of ${items.length}`,
  );
}

if (process.argv[1]?.endsWith("assistant-fit.ts") && process.argv[2] === "plain") {
  const data = buildIndexData(buildPassages());
  const table: Record<string, [number, number]> = JSON.parse(
    readFileSync(process.argv[3] ?? "", "utf8"),
  );
  // Each term the site never uses, with its word's noun share and its most frequent word's rank.
  const lex = new Map<string, { ns: number; rank: number }>();
  for (const [w, [ns, rank]] of Object.entries(table)) {
    const t = processTerm(w);
    for (const term of t === null ? [] : Array.isArray(t) ? t : [t]) {
      if (Object.hasOwn(data.df, term)) continue;
      const had = lex.get(term);
      if (!had || rank < had.rank) lex.set(term, { ns, rank });
    }
  }
  const rows = dump(new Assistant({ ...data, plain: undefined }));
  interface Plain {
    ns: number;
    top: number;
    support: number;
    share: number;
    score: number;
  }
  const opensPlain = (g: Plain, r: Row) =>
    r.gateable &&
    r.top !== undefined &&
    !r.trade &&
    r.unknown.length <= 1 &&
    r.unknown.every((u) => {
      const e = lex.get(u);
      return e !== undefined && e.ns <= g.ns && e.rank < g.top;
    }) &&
    r.top.support >= g.support &&
    r.top.share >= g.share &&
    r.top.score >= g.score;
  const scorePlain = (rs: Row[], g: Plain | null): Score => {
    const s = zero();
    for (const r of rs) {
      const extra = g !== null && opensPlain(g, r);
      const answered = r.answered || extra;
      if (r.answerable) {
        s.n++;
        if (r.right || (extra && r.topRight)) s.right++;
        if (!answered) s.handed++;
      } else {
        s.oos++;
        if (!answered) s.oosHanded++;
      }
    }
    return s;
  };
  const points: Plain[] = [];
  for (const ns of [0.5, 0.6, 0.7])
    for (const top of [10_000, 20_000, 40_000])
      for (const support of [0.2, 0.3, 0.4])
        for (const share of [0.4, 0.5, 0.6])
          for (const sc of [20, 40, 60, 80]) points.push({ ns, top, support, share, score: sc });
  const choosePlain = (rs: Row[]) => {
    const base = scorePlain(rs, null);
    let best: { g: Plain; v: number } | null = null;
    for (const g of points) {
      const s = scorePlain(rs, g);
      if (s.oosHanded < base.oosHanded) continue;
      const v = s.right - 0.5 * s.handed;
      if (!best || v > best.v) best = { g, v };
    }
    return (best as { g: Plain }).g;
  };
  console.log(`tuning half, engine without the gate: ${fmt(scorePlain(rows, null))}`);
  let loso = zero();
  for (const [left] of tuningHalf) {
    const g = choosePlain(rows.filter((r) => r.set !== left));
    const s = scorePlain(
      rows.filter((r) => r.set === left),
      g,
    );
    loso = add(loso, s);
    console.log(`  ${left.padEnd(7)} → ${fmt(s)} ${JSON.stringify(g)}`);
  }
  console.log(`plain-word gate, leave-one-set-out: ${fmt(loso)}`);
  const all = choosePlain(rows);
  console.log(`fitted on all ${JSON.stringify(all)}: ${fmt(scorePlain(rows, all))}`);
  const shipped = { ns: 0.7, top: 10_000, support: 0.3, share: 0.5, score: 60 };
  console.log(`shipped ${JSON.stringify(shipped)}: ${fmt(scorePlain(rows, shipped))}`);
  console.log(`without the noun-share condition: ${fmt(scorePlain(rows, { ...shipped, ns: 1 }))}`);
}
