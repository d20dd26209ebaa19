/**
 * Lists a new assistant evaluation set's questions that repeat or closely paraphrase a question
 * of an earlier set (decisions 114, 123, 135, 139 and 144; now set 16 against sets 1–15 and the question bank): word overlap (Jaccard of lower-cased word sets)
 * at or above a threshold. Compares the questions' text only, never the assistant's replies, so
 * it can be run on a held-out set before its first measurement.
 *
 *   npx tsx scripts/assistant-near-copies.ts [threshold=0.45]
 */
import type { EvalCase } from "../app/lib/assistant/eval-case";
import { heldOut } from "../app/lib/assistant/eval-held-out";
import { heldOutSecond } from "../app/lib/assistant/eval-held-out-2";
import { heldOutThird } from "../app/lib/assistant/eval-held-out-3";
import { heldOutFourth } from "../app/lib/assistant/eval-held-out-4";
import { heldOutFifth } from "../app/lib/assistant/eval-held-out-5";
import { heldOutSixth } from "../app/lib/assistant/eval-held-out-6";
import { heldOutSeventh } from "../app/lib/assistant/eval-held-out-7";
import { heldOutEighth } from "../app/lib/assistant/eval-held-out-8";
import { heldOutNinth } from "../app/lib/assistant/eval-held-out-9";
import { heldOutTenth } from "../app/lib/assistant/eval-held-out-10";
import { heldOutEleventh } from "../app/lib/assistant/eval-held-out-11";
import { heldOutTwelfth } from "../app/lib/assistant/eval-held-out-12";
import { heldOutThirteenth } from "../app/lib/assistant/eval-held-out-13";
import { heldOutFourteenth } from "../app/lib/assistant/eval-held-out-14";
import { heldOutFifteenth } from "../app/lib/assistant/eval-held-out-15";
import { heldOutSixteenth } from "../app/lib/assistant/eval-held-out-16";
import { evalSet } from "../app/lib/assistant/eval-set";
import { tuning } from "../app/lib/assistant/eval-tuning";
import { questionBank } from "../app/lib/assistant/question-bank";

const threshold = Number(process.argv[2] ?? 0.45);
const words = (q: string) => new Set(q.toLowerCase().match(/[a-z0-9]+/g) ?? []);
const jaccard = (a: Set<string>, b: Set<string>) => {
  let both = 0;
  for (const w of a) if (b.has(w)) both++;
  return both / (a.size + b.size - both || 1);
};
const earlier: { set: string; question: string }[] = [
  ...(
    [
      ["1", heldOut],
      ["2", heldOutSecond],
      ["3", heldOutThird],
      ["4", heldOutFourth],
      ["5", heldOutFifth],
      ["6", heldOutSixth],
      ["7", heldOutSeventh],
      ["8", heldOutEighth],
      ["9", heldOutNinth],
      ["10", heldOutTenth],
      ["11", heldOutEleventh],
      ["12", heldOutTwelfth],
      ["13", heldOutThirteenth],
      ["14", heldOutFourteenth],
      ["15", heldOutFifteenth],
      ["tuning", tuning],
    ] as [string, EvalCase[]][]
  ).flatMap(([set, cases]) => cases.map((c) => ({ set, question: c.question }))),
  ...evalSet.map((c) => ({ set: "015", question: c.question })),
  ...questionBank.map((b) => ({ set: "bank", question: b.question })),
];
let n = 0;
for (const c of heldOutSixteenth) {
  const w = words(c.question);
  const near = earlier
    .map((e) => ({ ...e, overlap: jaccard(w, words(e.question)) }))
    .filter((e) => e.overlap >= threshold)
    .sort((a, b) => b.overlap - a.overlap);
  if (near.length === 0) continue;
  n++;
  console.log(
    `${c.question}\n${near.map((e) => `   ${e.overlap.toFixed(2)} [${e.set}] ${e.question}`).join("\n")}`,
  );
}
console.log(
  `${n} of ${heldOutSixteenth.length} questions near an earlier one (overlap ≥ ${threshold})`,
);
