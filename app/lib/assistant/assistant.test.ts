/**
 * The site assistant's quality, size and speed (decisions 015 and 038). Accuracy is asserted on
 * both halves of the evaluation (eval-held-out.ts, eval-tuning.ts) and on the first, older set
 * (eval-set.ts); the figures and every miss are printed. Size is asserted against the budget;
 * speed is measured and reported.
 */
import { gzipSync } from "node:zlib";
import indexData from "virtual:assistant-index";
import { describe, expect, it } from "vitest";
import { answer, answerConversation } from "~/server/leads/assistant.server";
import { serverEvalSubject } from "~/server/leads/assistant-eval.server";
import { buildIndexData } from "./build-index";
import { Assistant, asksForPerson, type PriorTurn, type Reply } from "./engine";
import type { EvalCase } from "./eval-case";
import { heldOut } from "./eval-held-out";
import { heldOutSecond } from "./eval-held-out-2";
import { heldOutThird } from "./eval-held-out-3";
import { heldOutFourth } from "./eval-held-out-4";
import { heldOutFifth } from "./eval-held-out-5";
import { heldOutSixth } from "./eval-held-out-6";
import { heldOutSeventh } from "./eval-held-out-7";
import { heldOutEighth } from "./eval-held-out-8";
import { heldOutNinth } from "./eval-held-out-9";
import { heldOutTenth } from "./eval-held-out-10";
import { heldOutEleventh } from "./eval-held-out-11";
import { heldOutTwelfth } from "./eval-held-out-12";
import { heldOutThirteenth } from "./eval-held-out-13";
import { heldOutFourteenth } from "./eval-held-out-14";
import { heldOutFifteenth } from "./eval-held-out-15";
import { heldOutSixteenth } from "./eval-held-out-16";
import { evalSet } from "./eval-set";
import { tuning } from "./eval-tuning";
import { type EvalReport, evaluate, formatReport } from "./evaluate";
import { buildPassages } from "./passages";
import {
  conceptWords,
  editDistance,
  nearestWord,
  processTerm,
  questionTerms,
  readWords,
} from "./text";

const assistant = new Assistant(indexData);

/** The first evaluation set (decision 015), in the new shape. */
const firstSet: EvalCase[] = evalSet.map((c) => ({
  question: c.question,
  before: c.previous ? [c.previous] : undefined,
  page: c.page,
}));

const share = (n: number, of: number) => (of === 0 ? 1 : n / of);

function expectAims(r: EvalReport) {
  expect(share(r.top1, r.answerable), `${r.name}: top-1`).toBeGreaterThanOrEqual(0.85);
  expect(
    share(r.handedOver, r.answerable),
    `${r.name}: answerable handed over`,
  ).toBeLessThanOrEqual(0.05);
  expect(
    share(r.outHandedOver, r.outOfScope),
    `${r.name}: out of scope handed over`,
  ).toBeGreaterThan(0.9);
  // No "top-3 ≥ top-1" here since decision 154: top-3 is the engine's ranking, and the sentence
  // model may answer with any of the engine's first eight passages (set 4: 37/37 right, 36 in
  // the engine's first three).
}

const text = (reply: Reply) => reply.text;

/**
 * A held-out set's floors: every question was scored, at least `top1` answered right, at most
 * `handedOver` answerable ones handed over, and `outHandedOver` ("all", or at least a number) of
 * the out-of-scope ones handed over.
 */
function expectFloors(
  r: {
    answerable: number;
    outOfScope: number;
    top1: number;
    handedOver: number;
    outHandedOver: number;
  },
  set: readonly unknown[],
  floors: { top1: number; handedOver: number; outHandedOver: "all" | number },
) {
  expect(r.answerable + r.outOfScope).toBe(set.length);
  expect(r.top1).toBeGreaterThanOrEqual(floors.top1);
  expect(r.handedOver).toBeLessThanOrEqual(floors.handedOver);
  if (floors.outHandedOver === "all") expect(r.outHandedOver).toBe(r.outOfScope);
  else expect(r.outHandedOver).toBeGreaterThanOrEqual(floors.outHandedOver);
}

const subject = await serverEvalSubject(
  assistant,
  [
    heldOutSixteenth,
    heldOutFifteenth,
    heldOutFourteenth,
    heldOutThirteenth,
    heldOutTwelfth,
    heldOutEleventh,
    heldOutTenth,
    heldOutNinth,
    heldOutEighth,
    heldOutSeventh,
    heldOutSixth,
    heldOutFifth,
    heldOutFourth,
    heldOutThird,
    heldOutSecond,
    heldOut,
    tuning,
    firstSet,
  ].flat(),
);

describe("the site assistant's evaluation", () => {
  it("has at least 150 questions in visitors' words, held out and for tuning, with follow-ups", () => {
    expect(
      heldOutSixth.length +
        heldOutFourth.length +
        heldOutThird.length +
        heldOutSecond.length +
        heldOut.length,
    ).toBeGreaterThanOrEqual(150);
    // Set 6 has 3 follow-ups (decision 100), the others at least 4.
    expect(heldOutSixth.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(10);
    expect(heldOutSixth.filter((c) => c.before).length).toBe(3);
    // Set 7 (decision 105): 92 questions, 16 out of scope, 4 follow-ups.
    expect(heldOutSeventh.length).toBeGreaterThanOrEqual(80);
    expect(heldOutSeventh.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(13);
    expect(heldOutSeventh.filter((c) => c.before).length).toBe(4);
    // Set 8 (decision 105): 64 questions, 12 out of scope, 2 follow-ups.
    expect(heldOutEighth.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(10);
    expect(heldOutEighth.filter((c) => c.before).length).toBe(2);
    // Set 9 (decision 114): 79 questions, 12 out of scope, 3 follow-ups.
    expect(heldOutNinth.length).toBeGreaterThanOrEqual(60);
    expect(heldOutNinth.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(10);
    expect(heldOutNinth.filter((c) => c.before).length).toBe(3);
    // Set 10 (decision 114): 73 questions, 11 out of scope, 3 follow-ups.
    expect(heldOutTenth.length).toBeGreaterThanOrEqual(60);
    expect(heldOutTenth.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(10);
    expect(heldOutTenth.filter((c) => c.before).length).toBe(3);
    // Set 11 (decision 123): 79 questions, 13 out of scope, 3 follow-ups.
    expect(heldOutEleventh.length).toBeGreaterThanOrEqual(72);
    expect(heldOutEleventh.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(12);
    expect(heldOutEleventh.filter((c) => c.before).length).toBe(3);
    // Set 12 (decision 135): 94 questions, 14 out of scope, 4 follow-ups.
    expect(heldOutTwelfth.length).toBeGreaterThanOrEqual(80);
    expect(heldOutTwelfth.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(12);
    expect(heldOutTwelfth.filter((c) => c.before).length).toBe(4);
    // Set 13 (decision 135): 89 questions, 13 out of scope, 3 follow-ups.
    expect(heldOutThirteenth.length).toBeGreaterThanOrEqual(80);
    expect(heldOutThirteenth.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(12);
    expect(heldOutThirteenth.filter((c) => c.before).length).toBe(3);
    // Set 14 (decision 139): 92 questions, 14 out of scope, 4 follow-ups.
    expect(heldOutFourteenth.length).toBeGreaterThanOrEqual(80);
    expect(heldOutFourteenth.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(12);
    expect(heldOutFourteenth.filter((c) => c.before).length).toBe(4);
    // Set 15 (decision 144): 97 questions, 16 handed to the team (14 out of scope, 2 the site
    // does not answer), 4 follow-ups. Run once (decision 154).
    expect(heldOutFifteenth.length).toBeGreaterThanOrEqual(90);
    expect(heldOutFifteenth.filter((c) => c.page === null).length).toBe(16);
    expect(heldOutFifteenth.filter((c) => c.before).length).toBe(4);
    // Set 16 (decision 161): 124 questions, 24 handed to the team (20 out of scope, 4 the site
    // does not answer), 5 follow-ups. Run once.
    expect(heldOutSixteenth.length).toBe(124);
    expect(heldOutSixteenth.filter((c) => c.page === null).length).toBe(24);
    expect(heldOutSixteenth.filter((c) => c.before).length).toBe(5);
    for (const set of [heldOutFifth, heldOutFourth, heldOutThird, heldOutSecond, heldOut, tuning]) {
      expect(set.filter((c) => c.page === null).length).toBeGreaterThanOrEqual(10);
      expect(set.filter((c) => c.before).length).toBeGreaterThanOrEqual(4);
    }
    const key = (c: EvalCase) => [...(c.before ?? []), c.question].join(" → ").toLowerCase();
    // No question is in two sets.
    const sets = [
      heldOutSixteenth,
      heldOutFifteenth,
      heldOutFourteenth,
      heldOutThirteenth,
      heldOutTwelfth,
      heldOutEleventh,
      heldOutTenth,
      heldOutNinth,
      heldOutEighth,
      heldOutSeventh,
      heldOutSixth,
      heldOutFifth,
      heldOutFourth,
      heldOutThird,
      heldOutSecond,
      heldOut,
      tuning,
    ];
    const all = sets.flat().map(key);
    expect(all.filter((k, i) => all.indexOf(k) !== i)).toEqual([]);
  });

  it("fixes held-out set 14's ship rule before its first run (decision 139)", () => {
    // Decision 139: written before any change or run of that session, from app/content and the
    // spec only; 56 near-copies of earlier sets' questions (word overlap ≥ 0.45, text only,
    // scripts/assistant-near-copies.ts) reworded before any run; misses never printed or read.
    // It is not evaluated until the session's engine is final, so that its first run is that
    // engine's and the engines tried on the tuning half never see it.
    // The ship rule, fixed here before the first run: set 14 is run at most twice, first with
    // the engine decision 139 lands, then with one later candidate chosen on the tuning half
    // alone; that candidate ships only if its one run has more right answers (top-1) than the
    // first run, fewer answerable questions handed over, and no fewer out-of-scope questions
    // handed over. What counts is as for sets 12 and 13: a reply of kind "answer" is an answer
    // (not handed over), right only if its first link is an accepted page and it says what the
    // case requires; an out-of-scope question answered that way is answered.
    expect(heldOutFourteenth.filter((c) => c.page !== null).length).toBe(78);
    expect(heldOutFourteenth.filter((c) => c.page === null).length).toBe(14);
  });

  it("fixes held-out set 15's ship rule before its first run (decision 154)", () => {
    // Decision 144: written after set 14's last run and before any run on it, from app/content
    // and the spec only; 36 near-copies of sets 1–14 reworded before any run; misses never
    // printed or read. 81 answerable (4 follow-ups), 14 out of scope, 2 the site does not
    // answer (to be handed over): 16 to hand over.
    // The ship rule, fixed here before its first run (decision 154, narrowing decision 144's
    // "at most twice"): set 15 is run ONCE, main's engine and one candidate chosen on the tuning
    // half alone side by side (scripts/assistant-held-out.ts 15 in a copy of main's commit and
    // in the candidate's checkout, started together; only figures and counts of misses by kind
    // printed). The candidate ships only if it has more right answers (top-1) than main's engine
    // on set 15, fewer answerable questions handed over, and no fewer of the 16 handed over.
    // What counts is as for sets 12–14: a reply of kind "answer" is an answer (not handed over),
    // right only if its first link is an accepted page and it says what the case requires.
    expect(heldOutFifteenth.filter((c) => c.page !== null).length).toBe(81);
    expect(heldOutFifteenth.filter((c) => c.page === null).length).toBe(16);
  });

  it("fixes held-out set 16's ship rule before its first run (decision 161)", () => {
    // Decision 161: written after set 15's run and before any change or fit of that session,
    // from app/content only, without running the assistant or its retrieval on it; 43
    // near-copies of sets 1–15 and the question bank (word overlap ≥ 0.6, text only,
    // scripts/assistant-near-copies.ts) reworded before any run; misses never printed or read.
    // 100 answerable (5 follow-ups), 20 out of scope, 4 the site does not answer (to be handed
    // over): 24 to hand over.
    // The ship rule, fixed here before its run and before any candidate was fitted: set 16 is
    // run ONCE, main's engine and one candidate chosen on the tuning half alone (sets 1–15, the
    // tuning rounds, decision 015's set and the question bank; leaving one set out) side by side
    // (scripts/assistant-held-out.ts 16 in a copy of main's commit and in the candidate's
    // checkout; only figures and counts of misses by kind printed). The candidate ships only if
    // it has more right answers (top-1) than main's engine on set 16, fewer answerable questions
    // handed over, and no fewer of the 24 handed over. What counts is as for sets 12–15: a reply
    // of kind "answer" is an answer (not handed over), right only if its first link is an
    // accepted page and it says what the case requires.
    expect(heldOutSixteenth.filter((c) => c.page !== null).length).toBe(100);
    expect(heldOutSixteenth.filter((c) => c.page === null).length).toBe(24);
  });

  it("keeps held-out set 16 (never tuned on) where its one run left it: 65.0 % top-1, 26.0 % handed over, 23 of 24 handed over that the site does not answer", () => {
    // Its one run (decision 161, 18:27 UTC), by the rule above: main's engine (fb8453e, run
    // from an archive of that commit) 65/100 · 26 handed over · 23/24 · top-3 90.0 %; the
    // candidate (set 15 among the labelled questions and the reader refitted on sets 1–15)
    // 66/100 · 26 · 23/24 · top-3 90.0 %: one more right, but not fewer handed over: not
    // shipped. Set 16 is used up; the next change needs a set 17, written first. Its misses are
    // not printed.
    expectFloors(reports.heldOutSixteenth, heldOutSixteenth, {
      top1: 65,
      handedOver: 26,
      outHandedOver: 23,
    });
  });

  it("keeps held-out set 15 (never tuned on) where its one run left it: 70.4 % top-1, 17.3 % handed over, 14 of 16 handed over that the site does not answer", () => {
    // Its one run (decision 154), by the rule above: main's engine (35e28cc) 54/81 · 15 handed
    // over · 14/16 · top-3 88.9 %; the candidate (223f9f2: the question bank, sets 13 and 14
    // among the labelled questions, nearest 3, re-ranking among 8) 57/81 · 14 · 14/16 · top-3
    // 88.9 %: more right, fewer handed over, no fewer of the 16 handed over: shipped. Set 15 is
    // used up; the next change needs a set 16, written first. Its misses are not printed.
    expectFloors(reports.heldOutFifteenth, heldOutFifteenth, {
      top1: 57,
      handedOver: 14,
      outHandedOver: 14,
    });
  });

  it("keeps held-out set 14 (never tuned on) at least at its first run: 60.3 % top-1, 28.2 % handed over, 14 of 14 out-of-scope handed over", () => {
    // First run, decision 139's engine (the sentence model's gate and re-ranking):
    // 47/78 · 22 handed over · 14/14 · top-3 87.2 %. By the rule above, a later candidate ships
    // only with more than 47 right, fewer than 22 handed over and all 14 out of scope handed
    // over. Second and last run, decision 144's candidate (chosen on the tuning half alone,
    // leaving one set out: the mean of the three nearest labelled questions, re-ranking among
    // the first eight passages, set 13 among the labelled questions): 48/78 · 22 · 14/14 ·
    // top-3 87.2 %: one more right, but not fewer handed over: not shipped. Set 14 is used up;
    // the next change needs a set 15, written first.
    expectFloors(reports.heldOutFourteenth, heldOutFourteenth, {
      top1: 47,
      handedOver: 22,
      outHandedOver: "all",
    });
  });

  it("keeps the questions issue 34 quotes in the first held-out set", () => {
    const asked = heldOut.map((c) => c.question);
    for (const q of [
      "What's the difference between Starter and Enterprise?",
      "Will my new website show up on Google?",
      "We are a school, can you help us?",
      "Do you sell my data to anyone?",
      "Can a voice bot book appointments over the phone?",
      "We want an AI receptionist that picks up the phone",
      "How much is a WhatsApp bot?",
      "How long does a voice agent take?",
      "Do you integrate with Sage?",
      "and the Growth one?",
    ]) {
      expect(asked).toContain(q);
    }
  });

  const reports = {
    heldOutSixteenth: evaluate(
      "held-out set 16 (one run, decision 161: main's engine 65.0 % top-1, 26.0 % handed over, 23/24 handed over that the site does not answer; the candidate, not shipped: 66.0 %, 26.0 %, 23/24; its misses are not printed)",
      subject,
      heldOutSixteenth,
    ),
    heldOutFifteenth: evaluate(
      "held-out set 15 (one run, decision 154: main's engine 66.7 % top-1, 18.5 % handed over, 14/16 handed over that the site does not answer; the candidate, shipped: 70.4 %, 17.3 %, 14/16; its misses are not printed)",
      subject,
      heldOutFifteenth,
    ),
    heldOutFourteenth: evaluate(
      "held-out set 14 (first run, decision 139's engine: 60.3 % top-1, 28.2 % handed over, 14/14 out of scope handed over; second and last run with decision 144's candidate, not shipped: 61.5 %, 28.2 %, 14/14; a labelled set of the sentence model since decision 154, so its figures are not estimates; its misses are not printed)",
      subject,
      heldOutFourteenth,
    ),
    heldOutThirteenth: evaluate(
      "held-out set 13 (first run, decision 135's engine: 53.9 % top-1, 32.9 % handed over, 12/13 out of scope handed over; second and last run with decision 139's sentence model, shipped: 63.2 %, 23.7 %, 12/13; a labelled set of the sentence model since decision 154, so its figures are not estimates; its misses are not printed)",
      subject,
      heldOutThirteenth,
    ),
    heldOutTwelfth: evaluate(
      "held-out set 12 (first run 41.3 % top-1, 46.3 % handed over, 14/14 out of scope handed over; second and last run with decision 135's plain-word gate, shipped; a labelled set of decision 139's sentence model since, so its figures are not estimates; its misses are not printed)",
      subject,
      heldOutTwelfth,
    ),
    heldOutEleventh: evaluate(
      "held-out set 11 (first run 48.5 % top-1, 42.4 % handed over, 12/13 out of scope handed over; second and last run with decision 123's candidate, not shipped; its misses are not printed)",
      subject,
      heldOutEleventh,
    ),
    heldOutTenth: evaluate(
      "held-out set 10 (first run 56.5 % top-1, 33.9 % handed over, 11/11 out of scope handed over; second and last run with decision 114's engine; its misses are not printed)",
      subject,
      heldOutTenth,
    ),
    heldOutNinth: evaluate(
      "set 9 (first run 35.8 % top-1, 53.7 % handed over, 11/12 out of scope handed over; measured once with decision 114's first candidate, then its misses read for the second)",
      subject,
      heldOutNinth,
    ),
    heldOutEighth: evaluate(
      "set 8 (first run 50.0 % top-1, 42.3 % handed over, 100 % out of scope handed over; measured once with decision 114's first candidate, then its misses read for the second)",
      subject,
      heldOutEighth,
    ),
    heldOutSeventh: evaluate(
      "set 7 (first run 47.4 % top-1, 44.7 % handed over, 100 % out of scope handed over; its misses read for decision 114's second candidate)",
      subject,
      heldOutSeventh,
    ),
    heldOutSixth: evaluate(
      "set 6 (first run 56.5 % top-1, 33.9 % handed over, 100 % out of scope handed over; its misses read and tuned on in decision 105)",
      subject,
      heldOutSixth,
    ),
    heldOutFifth: evaluate(
      "set 5 (first run 86.4 % top-1, 9.1 % handed over, 90.9 % out of scope handed over; moved to tuning in decision 100)",
      subject,
      heldOutFifth,
    ),
    heldOutFourth: evaluate("held-out set 4 (never tuned on)", subject, heldOutFourth),
    heldOutThird: evaluate(
      "held-out set 3 (first run 96.2 % top-1, 0 % handed over, 85.7 % out of scope handed over; then seen)",
      subject,
      heldOutThird,
    ),
    heldOutSecond: evaluate(
      "held-out set 2 (first run 81.3 % top-1, 9.3 % handed over, 87.5 % out of scope handed over; then seen)",
      subject,
      heldOutSecond,
    ),
    heldOut: evaluate(
      "held-out set 1 (first run 80.8 % top-1, 17.9 % handed over, 100 % out of scope handed over; then seen)",
      subject,
      heldOut,
    ),
    tuning: evaluate("tuning set", subject, tuning),
    first: evaluate("first set (decision 015)", subject, firstSet),
  };

  it("prints the figures and every miss", () => {
    // Decisions 139 and 154: sets 1–14, the tuning rounds and decision 015's set are the
    // sentence model's labelled questions, so each of their questions is nearest to itself and
    // their figures here are not estimates; the estimates are scripts/assistant-semantic.mjs's,
    // leaving one set out, and held-out sets 15's and 16's.
    // Held-out sets 10 to 13 keep their misses unread (decisions 114, 123 and 135): only
    // their figures are printed. Sets 7 to 9 are tuning sets now (their misses were read for
    // decision 114).
    const unread: EvalReport[] = [
      reports.heldOutSixteenth,
      reports.heldOutFifteenth,
      reports.heldOutFourteenth,
      reports.heldOutThirteenth,
      reports.heldOutTwelfth,
      reports.heldOutEleventh,
      reports.heldOutTenth,
    ];
    const printed = Object.values(reports).map((r) =>
      unread.includes(r) ? { ...r, misses: [] } : r,
    );
    console.info(["assistant evaluation", ...printed.map(formatReport)].join("\n"));
    expect(reports.heldOutFourth.answerable + reports.heldOutFourth.outOfScope).toBe(
      heldOutFourth.length,
    );
    expect(reports.heldOutFifth.answerable + reports.heldOutFifth.outOfScope).toBe(
      heldOutFifth.length,
    );
  });

  it("meets the aims on the sets it was tuned on: top-1 ≥ 85 %, ≤ 5 % handed over, out-of-scope questions handed over", () => {
    const tuned = [
      reports.heldOutFifth,
      reports.heldOutThird,
      reports.heldOutSecond,
      reports.heldOut,
      reports.tuning,
      reports.first,
    ];
    for (const r of tuned) expectAims(r);
    // The out-of-scope questions of all of them it still answers (site words only: a rand
    // amount and a month; "movies" read as the site's "moves"; VAT, which the prices exclude);
    // any other is a regression.
    expect(tuned.flatMap((r) => r.misses.filter((m) => m.startsWith("[out of scope")))).toEqual([
      "[out of scope, answered] Do you do website hosting for R99 a month? → /services#how-heading",
      "[out of scope, answered] what movies are showing this weekend → /contact",
      "[out of scope, answered] what is the VAT rate in SA → /pricing",
    ]);
  });

  it("keeps held-out set 4 (never tuned on) where decision 094 left it: 86.5 % top-1, 5.4 % handed over, 100 % of out-of-scope handed over", () => {
    // First run 86.5 % · 5.4 % · 80 % (decision 038). Decision 094 says what moved it.
    const r = reports.heldOutFourth;
    expect(r.top1).toBeGreaterThanOrEqual(32);
    expect(r.handedOver).toBeLessThanOrEqual(2);
    expect(r.outHandedOver).toBe(r.outOfScope);
  });

  it("keeps held-out set 13 (never tuned on) where decision 139 left it: 63.2 % top-1, 23.7 % handed over, 12 of 13 out-of-scope handed over", () => {
    // Decision 135: written after decision 135's engine landed and before any further change,
    // from app/content and the spec only; 25 near-copies of earlier sets' questions (word
    // overlap ≥ 0.45, text only) reworded before its first run; misses never printed or read.
    // The ship rule, fixed before the first run: a change ships only if its one run here has
    // more right answers than the first run, fewer answerable questions handed over, and no
    // fewer out-of-scope questions handed over. What counts is as for set 12: a reply of kind
    // "answer" is an answer (not handed over), right only by its first link and what it says.
    // First run, decision 135's engine: 41/76 · 25 handed over · 12/13 · top-3 90.8 %. So a
    // change ships only with more than 41 right, fewer than 25 handed over and at least 12 of
    // 13 out of scope handed over. Second and last run, decision 139's sentence model (chosen
    // on the tuning half alone, leaving one set out): 48/76 · 18 · 12/13 · top-3 90.8 %:
    // shipped. Set 13 is used up; it may join the tuning half (it is not among the sentence
    // model's labelled questions yet).
    expectFloors(reports.heldOutThirteenth, heldOutThirteenth, {
      top1: 48,
      handedOver: 18,
      outHandedOver: 12,
    });
  });

  it("keeps held-out set 12 (never tuned on) where decision 135 left it: 45.0 % top-1, 42.5 % handed over, 14 of 14 out-of-scope handed over", () => {
    // Decision 135: written before any change or run of that session, from app/content and the
    // spec only; 32 near-copies of earlier sets' questions (word overlap ≥ 0.45, text only)
    // reworded before its first run; misses never printed or read.
    // The ship rule, fixed before the first run: a change ships only if its one run here has
    // more right answers (top-1) than main's first run, fewer answerable questions handed over,
    // and no fewer out-of-scope questions handed over. Set 12 is run at most twice: main's
    // engine, then one candidate chosen on the tuning half alone.
    // What counts: a reply of kind "answer" is an answer, whatever it adds (a 'Did you mean'
    // list of other pages included): it is not handed over, and it is right only if the page
    // it answers with (its first link) is right and it says what the case requires. An
    // out-of-scope question answered that way is answered, not handed over.
    // First run with main's engine: 33/80 · 37 handed over · 14/14 · top-3 85.0 %. So a change
    // ships only with more than 33 right, fewer than 37 handed over and all 14 out of scope
    // handed over. Second and last run, decision 135's plain-word gate (chosen on the tuning
    // half alone): 36/80 · 34 · 14/14 · top-3 85.0 %: shipped. Set 12 is used up: the next
    // change needs a set 13, written first.
    expectFloors(reports.heldOutTwelfth, heldOutTwelfth, {
      top1: 36,
      handedOver: 34,
      outHandedOver: "all",
    });
  });

  it("keeps held-out set 11 (never tuned on) at least at its first run: 48.5 % top-1, 42.4 % handed over, 12 of 13 out-of-scope handed over", () => {
    // Decision 123: written before any change or run of that session, 50 near-copies of
    // earlier sets' questions reworded before its first run; misses never printed or read.
    // First run with main's engine (decision 114's): 32/66 · 28 handed over · 12/13 · top-3
    // 92.4 %. Rule fixed then: a change ships only if its one run here has more than 32 right,
    // fewer than 28 handed over and at least 12 of 13 out of scope handed over. Second and last
    // run, decision 123's familiar words: 32/66 · 27 · 12/13 · top-3 93.9 %: not shipped. Set
    // 11 is used up: the next change needs a set 12, written first.
    expectFloors(reports.heldOutEleventh, heldOutEleventh, {
      top1: 32,
      handedOver: 28,
      outHandedOver: 12,
    });
  });

  it("keeps held-out set 10 (never tuned on) where decision 114 left it: 59.7 % top-1, 27.4 % handed over, 100 % of out-of-scope handed over", () => {
    // Decision 114: written after sets 8 and 9 were used up and before any further change;
    // misses never printed or read. First run with main's engine 56.5 % · 33.9 % · 100 %;
    // second (and last) with decision 114's engine, which it was shipped on.
    expectFloors(reports.heldOutTenth, heldOutTenth, {
      top1: 37,
      handedOver: 17,
      outHandedOver: "all",
    });
  });

  it("keeps set 9 where decision 114 left it: 46.3 % top-1, 43.3 % handed over, 11 of 12 out-of-scope handed over", () => {
    // Decision 114: first run with main's engine 35.8 % · 53.7 % · 11/12; a tuning set since.
    expectFloors(reports.heldOutNinth, heldOutNinth, {
      top1: 31,
      handedOver: 29,
      outHandedOver: 11,
    });
  });

  it("keeps set 8 where decision 114 left it: 53.8 % top-1, 38.5 % handed over, 100 % of out-of-scope handed over", () => {
    // Decision 105: first run with main's engine 50.0 % · 42.3 % · 100 %. Decision 114
    // measured it once more, then read its misses: a tuning set since.
    expectFloors(reports.heldOutEighth, heldOutEighth, {
      top1: 28,
      handedOver: 20,
      outHandedOver: "all",
    });
  });

  it("keeps set 7 where decision 114 left it: 52.6 % top-1, 38.2 % handed over, 100 % of out-of-scope handed over", () => {
    // Decision 105: first run with main's engine 47.4 % · 44.7 % · 100 %. Its misses were
    // read for decision 114: a tuning set since.
    expectFloors(reports.heldOutSeventh, heldOutSeventh, {
      top1: 40,
      handedOver: 29,
      outHandedOver: "all",
    });
  });

  it("keeps set 6 at least at its first run: 56.5 % top-1, 33.9 % handed over, 100 % of out-of-scope handed over", () => {
    // Decision 100: written before any measurement. Decision 105 read its misses (it is a
    // tuning set now) but changed nothing it measured.
    // After decision 100's tuning (its second and last run): 58.1 % · 32.3 % · 100 %.
    expectFloors(reports.heldOutSixth, heldOutSixth, {
      top1: 35,
      handedOver: 21,
      outHandedOver: "all",
    });
  });
});

describe("the site assistant's answers", () => {
  it("answers a question put to it with one word the site never uses, when the rest matches well (decision 114)", () => {
    const reply = assistant.reply("how many convos do we get on the growth plan");
    expect(reply.kind).toBe("answer");
    expect(reply.kind === "answer" && reply.url).toBe("/pricing");
    const cope = assistant.reply("my customers mostly write in afrikaans, will the bot cope");
    expect(cope.kind === "answer" && cope.url).toBe("/services/ai");
    // Not put to the agency, or asking to buy or repair: still handed over.
    expect(assistant.reply("Who is the president of South Africa?").kind).toBe("unsure");
    expect(assistant.reply("is Home Affairs open on saturdays").kind).toBe("unsure");
    expect(assistant.reply("my cellphone screen is cracked, do you repair phones").kind).toBe(
      "unsure",
    );
  });

  it("answers despite one plain word the site never uses, and hands over for a thing it never mentions (decision 135)", () => {
    // Verbs and adjectives the site never uses ("insists", "tight"): a paraphrase.
    const insists = assistant.reply(
      "if a patient insists on a human, can the voice agent hand the call over?",
    );
    expect(insists.kind === "answer" && insists.url).toBe("/services/voice-agents");
    const tight = assistant.reply("can we downgrade at month end if things get tight");
    expect(tight.kind === "answer" && tight.url).toBe("/pricing");
    // A thing the site never mentions ("petrol", "furniture", "airtime"): still the team's.
    expect(assistant.reply("What's the petrol price this month?").kind).toBe("unsure");
    expect(assistant.reply("do you sell office furniture").kind).toBe("unsure");
    expect(assistant.reply("can I buy airtime or data bundles from you").kind).toBe("unsure");
  });

  it("answers a follow-up from the conversation ('and the Growth one?')", () => {
    const turns: PriorTurn[] = [];
    const ask = (question: string) => {
      const reply = assistant.reply(question, turns);
      turns.push({ role: "user", text: question }, { role: "assistant", text: reply.text });
      return reply;
    };
    expect(text(ask("How much is Starter?"))).toMatch(/^The Starter package is from R4,500/);
    const growth = text(ask("and the Growth one?"));
    expect(growth).toMatch(/^The Growth package is from R12,500/);
    // …with what it includes, one bullet a line.
    expect(growth).toContain(
      "It includes:\n• Advanced chatbot\n• Up to 10,000 conversations per month",
    );
    expect(text(ask("and Enterprise?"))).toMatch(/^The Enterprise package is quoted/);
    // Without the conversation the same words are not about Growth's price.
    expect(text(assistant.reply("how much?"))).not.toMatch(/^The Growth package/);
  });

  it("borrows the thing an earlier question was about, and the question replaces it", () => {
    const voice: PriorTurn[] = [{ role: "user", text: "Tell me about voice agents" }];
    expect(assistant.reply("how much?", voice)).toMatchObject({
      url: "/pricing",
      text: expect.stringMatching(/^Voice Agents come with Growth and Enterprise/),
    });
    const phone: PriorTurn[] = [{ role: "user", text: "What's your phone number?" }];
    expect(text(assistant.reply("and email?", phone))).toContain("hello@kopano.ai");
  });

  it("answers a question on a new topic on its own, not as a follow-up", () => {
    const before: PriorTurn[] = [{ role: "user", text: "Is there a setup fee?" }];
    expect(assistant.reply("What is your e-mail address?", before)).toMatchObject({
      kind: "answer",
      url: "/contact",
    });
  });

  it("gives the price and what is included when asked what something costs", () => {
    const bot = assistant.reply("How much is a WhatsApp bot?");
    expect(bot).toMatchObject({ kind: "answer", url: "/pricing" });
    expect(text(bot)).toMatch(/R4,500.*\n.*R12,500/s);
    expect(text(bot)).toContain("exclude VAT");
    expect(assistant.reply("What does the Starter package cost?")).toMatchObject({
      url: "/pricing",
      text: expect.stringMatching(
        /^The Starter package is from R4,500\.00 a month \(excluding VAT\)[\s\S]*It includes:\n• Basic AI chatbot\n/,
      ),
    });
    expect(text(assistant.reply("What do I get with the Growth plan?"))).toContain(
      "• Up to 10,000 conversations per month",
    );
  });

  it("gives durations from the process when asked how long", () => {
    const reply = assistant.reply("How long does a voice agent take?");
    expect(reply.kind).toBe("answer");
    expect(text(reply)).toMatch(/2 to 6 weeks/);
    expect(text(reply)).toMatch(/script, connect, test and go live/i);
  });

  it("names the tools it integrates with", () => {
    expect(assistant.reply("Do you integrate with Sage?")).toMatchObject({
      url: "/services/automations",
      text: expect.stringContaining("Sage"),
    });
  });

  it("keeps the capitals of names and acronyms inside sentences and lists (the 'aI chatbots' bug)", () => {
    const answers = indexData.passages.map((p) => p.answer).join("\n");
    expect(answers).not.toMatch(/\baI\b|\bcRM\b|\bfICA\b|\bwhatsApp\b|\bhubSpot\b/);
    expect(answers).not.toMatch(/(^|[^.!?\n]\s)(english|afrikaans|xero|sage|shopify)\b/);
    expect(text(assistant.reply("What does your AI service include?"))).toContain(
      "• AI chatbots for your website, WhatsApp and social channels",
    );
    expect(text(assistant.reply("Does the chatbot speak isiZulu?"))).toContain(
      "English, Afrikaans, isiZulu and isiXhosa support",
    );
  });

  it("passes the conversation on when the visitor asks for a person", () => {
    expect(assistant.reply("Can I speak to a real person please?").kind).toBe("handover");
    expect(asksForPerson("I want to talk to someone")).toBe(true);
    // …but not when the question is about what their own callers get.
    expect(asksForPerson("Can callers still get hold of a real person?")).toBe(false);
    expect(asksForPerson("I want a voice agent")).toBe(false);
  });

  it("reads markup in a question as its words", () => {
    expect(assistant.reply("<b>Where</b> is your office?")).toMatchObject({
      kind: "answer",
      text: expect.stringContaining("Strand Street"),
    });
  });

  it("answers small talk without pretending to search, and figures alone are no question", () => {
    expect(assistant.reply("Hello").kind).toBe("smalltalk");
    expect(assistant.reply("howzit").kind).toBe("smalltalk");
    expect(assistant.reply("thanks!").kind).toBe("smalltalk");
    expect(assistant.reply("???").kind).toBe("unsure");
    expect(assistant.reply("What's 2+2?").kind).toBe("unsure");
  });

  it("reads a new topic on its own on the server, however long the conversation before it (decision 139)", async () => {
    const turns: PriorTurn[] = [];
    for (const q of [
      "How much is the Growth package?",
      "And what does Starter include?",
      "how much is it?",
      "and the Growth one?",
    ]) {
      const reply = await answer(q, turns);
      turns.push({ role: "user", text: q }, { role: "assistant", text: reply.text });
    }
    expect(turns[7]?.text).toMatch(/^The Growth package/);
    expect(await answer("What does your AI service include?", turns)).toMatchObject({
      kind: "answer",
      url: expect.stringMatching(/^\/services\/ai/),
      text: expect.stringContaining("AI chatbots for your website, WhatsApp"),
    });
  });

  it("gives any channel the answer, its links and a hand-over flag", async () => {
    expect(
      await answerConversation({
        question: "and the Growth one?",
        turns: [
          { role: "user", text: "How much is Starter?" },
          { role: "assistant", text: "The Starter package is from R4,500 a month." },
        ],
      }),
    ).toMatchObject({
      text: expect.stringMatching(/^The Growth package/),
      links: [{ url: "/pricing", page: "Packages & Pricing" }],
      handOver: false,
    });
    expect(await answerConversation({ question: "Can you fix my printer?" })).toMatchObject({
      links: [],
      handOver: true,
    });
    expect((await answerConversation({ question: "I'd like to talk to a person" })).handOver).toBe(
      true,
    );
  });
});

describe("how the assistant reads words", () => {
  it("takes words that name an object's inherited members as plain words", () => {
    for (const word of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const term = processTerm(word);
      expect(typeof term === "string" || Array.isArray(term)).toBe(true);
    }
  });

  it("folds every word of its concept table into terms that read the same again", () => {
    for (const word of conceptWords()) {
      const first = processTerm(word);
      for (const term of Array.isArray(first) ? first : first ? [first] : []) {
        const again = processTerm(term);
        expect(Array.isArray(again) ? again : [again], `${word} → ${term}`).toContain(term);
      }
    }
  });

  it("reads South African usage, phrases and numbers", () => {
    expect(questionTerms("Howzit, how much in rand?")).toEqual(["price"]);
    expect(questionTerms("Kan die chatbot Afrikaans praat?")).toEqual([
      "chatbot",
      "afrikaans",
      "language",
    ]);
    expect(questionTerms("How long until we go live?")).toEqual(["duration", "launch"]);
    expect(questionTerms("during load shedding")).toEqual(["during", "loadshedd"]);
    expect(questionTerms("sharp, eish, do u have a bakkie?")).toEqual(["bakkie"]);
    expect(questionTerms("10,000 conversations")).toEqual(["10000", "conversation"]);
    expect(questionTerms("cancel within seven days")).toEqual([
      "contract",
      "cancel",
      "within",
      "7",
      "day",
    ]);
  });

  it("reads the fifth and sixth tuning rounds' words (decision 100)", () => {
    expect(questionTerms("howzit, wat kos die growth pakket?")).toEqual([
      "price",
      "growth",
      "package",
    ]);
    expect(questionTerms("is die prys met BTW?")).toEqual(["price", "vat"]);
    expect(questionTerms("can it link google sheets and xero")).toEqual([
      "link",
      "integrat",
      "spreadsheet",
      "xero",
    ]);
    expect(questionTerms("any joining fee?")).toEqual(["setup"]);
    expect(questionTerms("who is your info officer")).toEqual(["who", "informationofficer"]);
    // Fillers the site never uses say how, not what.
    expect(questionTerms("we were honestly wondering, probably both")).toEqual([]);
  });

  it("reads a word the stemmer cut differently from the site's, and drops an adverb it does not use", () => {
    const known = (t: string) => ["update", "brows", "separate", "month"].includes(t);
    const read = (q: string) => readWords(q, known, new Set()).flatMap((w) => w.terms);
    expect(read("updated")).toEqual(["update"]);
    expect(read("browse")).toEqual(["brows"]);
    expect(read("separately")).toEqual(["separate"]);
    expect(read("roughly")).toEqual([]);
  });

  it("hands over a request to make something that only a legal page's words answer", () => {
    expect(assistant.reply("can you design a logo for us").kind).toBe("unsure");
    expect(assistant.reply("Can you do my tax return?").kind).toBe("unsure");
    expect(assistant.reply("do you sell my info to marketers").kind).toBe("answer");
  });

  it("corrects a typing slip to the nearest word the site uses", () => {
    const vocabulary = new Set(["pricing", "growth", "integrate", "automation"]);
    expect(nearestWord("pricng", vocabulary)).toBe("pricing");
    expect(nearestWord("growht", vocabulary)).toBe("growth");
    expect(nearestWord("integrte", vocabulary)).toBe("integrate");
    expect(nearestWord("loan", vocabulary)).toBeNull();
    expect(nearestWord("bitcoin", vocabulary)).toBeNull();
    expect(editDistance("growht", "growth", 1)).toBe(1);
    expect(editDistance("abc", "xyz", 1)).toBe(2);
  });
});

describe("the site assistant's index", () => {
  it("has a passage for every fact the site states, each with an answer and a site page", () => {
    const passages = buildPassages();
    expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
    for (const p of passages) {
      expect(p.url, p.id).toMatch(/^\/[a-z0-9\-/#]*$/);
      expect(p.answer.trim().length, p.id).toBeGreaterThan(10);
      expect(p.answer, p.id).not.toMatch(/\.\.|undefined|\[object/);
    }
    expect(passages.length).toBeGreaterThan(200);
  });

  it("is what the build ships (the same passages from the same content)", () => {
    const built = buildIndexData(buildPassages());
    expect(built.passages).toEqual(indexData.passages);
  });

  it("keeps as plain words only common words the site never uses, not nouns such as 'petrol' (words WordNet also reads as verbs, such as 'weather', are among them)", () => {
    const plain = new Set((indexData.plain ?? "").split(" "));
    expect(plain.size).toBeGreaterThan(3000);
    for (const t of plain) expect(Object.hasOwn(indexData.df, t), t).toBe(false);
    for (const word of ["cope", "insist", "tight", "want", "dial"])
      expect(plain, word).toContain(word);
    for (const word of ["petrol", "laptop", "geyser", "pizza", "furniture", "rugby"])
      expect(plain.has(processTerm(word) as string), word).toBe(false);
  });

  it("keeps its index under 60 KB gzip", () => {
    const bytes = gzipSync(JSON.stringify(indexData)).length;
    console.info(
      `assistant index: ${(bytes / 1024).toFixed(1)} KB gzip, ${indexData.passages.length} passages`,
    );
    expect(bytes).toBeLessThan(60 * 1024);
  });

  it("reports its start-up and the server's answer time (p50, p95)", async () => {
    const loadStart = performance.now();
    new Assistant(indexData);
    const load = performance.now() - loadStart;
    const cases = [
      ...heldOutFifth,
      ...heldOutFourth,
      ...heldOutThird,
      ...heldOutSecond,
      ...heldOut,
      ...tuning,
    ];
    const turnsOf = (c: EvalCase): PriorTurn[] =>
      (c.before ?? []).flatMap((q) => [
        { role: "user" as const, text: q },
        { role: "assistant" as const, text: "…" },
      ]);
    const at = (times: number[], q: number) =>
      times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(3);
    // The engine alone (what decision 135 measured), ten rounds.
    const engine: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (const c of cases) {
        const turns = turnsOf(c);
        const start = performance.now();
        assistant.reply(c.question, turns);
        engine.push(performance.now() - start);
      }
    }
    engine.sort((a, b) => a - b);
    // The server's answer: the engine and, where it may change the reply, the sentence model.
    const server: number[] = [];
    await answer("warm up");
    for (const c of cases) {
      const turns = turnsOf(c);
      const start = performance.now();
      await answer(c.question, turns);
      server.push(performance.now() - start);
    }
    server.sort((a, b) => a - b);
    console.info(
      `assistant start-up ${load.toFixed(1)} ms; engine alone over ${engine.length} answers: p50 ${at(engine, 0.5)} ms, p95 ${at(engine, 0.95)} ms; server's answer (with the sentence model) over ${server.length}: p50 ${at(server, 0.5)} ms, p95 ${at(server, 0.95)} ms, max ${at(server, 1)} ms`,
    );
    expect(engine.length).toBe(cases.length * 10);
    expect(server.length).toBe(cases.length);
  }, 120_000);
});
