/**
 * A held-out set's one run (decisions 154 and 161): the assistant of the checkout this script
 * runs in (the engine, read again by the sentence model, as the server answers) scores the set
 * named on the command line and prints its figures only — never its misses. The rule, fixed in
 * assistant.test.ts before the run: a set is run once, main's engine and one candidate side by
 * side (this script in a copy of main's commit and in the candidate's checkout, started
 * together, both outputs read together). Sets 15 and 16 are used up; a new set is added below.
 *
 *   npx tsx --tsconfig tsconfig.json scripts/assistant-held-out.ts 16
 */
import { buildIndexData } from "~/lib/assistant/build-index";
import { Assistant } from "~/lib/assistant/engine";
import { heldOutFifteenth } from "~/lib/assistant/eval-held-out-15";
import { heldOutSixteenth } from "~/lib/assistant/eval-held-out-16";
import { evaluate } from "~/lib/assistant/evaluate";
import { buildPassages } from "~/lib/assistant/passages";
import { serverEvalSubject } from "~/server/leads/assistant-eval.server";

const sets = { "15": heldOutFifteenth, "16": heldOutSixteenth };
const name = process.argv[2] ?? "";
if (!(name in sets)) {
  console.error(`Which held-out set? One of: ${Object.keys(sets).join(", ")}`);
  process.exit(2);
}
const cases = sets[name as keyof typeof sets];
const assistant = new Assistant(buildIndexData(buildPassages()));
const subject = await serverEvalSubject(assistant, cases);
const r = evaluate(`held-out set ${name}`, subject, cases);
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
console.log(
  `held-out set ${name}: top-1 ${pct(r.top1, r.answerable)} (${r.top1}/${r.answerable}), top-3 ${pct(r.top3, r.answerable)}, answerable handed over ${pct(r.handedOver, r.answerable)} (${r.handedOver}), out of scope and unanswerable handed over ${r.outHandedOver}/${r.outOfScope}`,
);
// Misses by kind only (counts), never the questions.
const kinds = { handedOver: 0, otherPage: 0, rightPageWithoutFact: 0, outAnswered: 0 };
for (const m of r.misses) {
  if (m.startsWith("[out of scope")) kinds.outAnswered++;
  else if (/ → handed over \(/.test(m)) kinds.handedOver++;
  else if (m.includes(", but not ")) kinds.rightPageWithoutFact++;
  else kinds.otherPage++;
}
console.log(`misses by kind: ${JSON.stringify(kinds)}`);
process.exit(0);
