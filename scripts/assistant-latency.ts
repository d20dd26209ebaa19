/**
 * The site assistant's answer time and start-up, the engine before decision 135 against this
 * one: both answer every question of the tuning half in turn, alternately, in one process,
 * several rounds; prints p50/p95/p99 per engine, the start-up (index parsed and engine built,
 * median of five) and the index's gzip size with and without the plain words. The engine
 * before decision 135 is the same code given the index without its plain words (decision 123's
 * measurement compared familiar words the same way).
 *
 *   flock -o /tmp/heavy.lock npx tsx scripts/assistant-latency.ts [rounds=4]
 */
import { gzipSync } from "node:zlib";
import { buildIndexData } from "~/lib/assistant/build-index";
import { Assistant, type PriorTurn } from "~/lib/assistant/engine";
import { buildPassages } from "~/lib/assistant/passages";
import { tuningHalf } from "./assistant-fit";

const rounds = Number(process.argv[2] ?? 4);
const data = buildIndexData(buildPassages());
const json = JSON.stringify(data);
const before = JSON.stringify({ ...data, plain: undefined });
const engines = {
  main: () => new Assistant(JSON.parse(before)),
  new: () => new Assistant(JSON.parse(json)),
};
const startUp: Record<string, number[]> = { main: [], new: [] };
for (let i = 0; i < 5; i++) {
  for (const [name, make] of Object.entries(engines)) {
    const t = performance.now();
    make();
    startUp[name]?.push(performance.now() - t);
  }
}
const built = { main: engines.main(), new: engines.new() };
const questions = tuningHalf.flatMap(([, cases]) =>
  cases.map((c) => ({ q: c.question, before: c.before ?? [] })),
);
const times: Record<string, number[]> = { main: [], new: [] };
for (let r = 0; r < rounds; r++) {
  for (const { q, before } of questions) {
    for (const name of r % 2 === 0 ? (["main", "new"] as const) : (["new", "main"] as const)) {
      const a = built[name];
      const history: PriorTurn[] = before.map((text) => ({ role: "user", text }));
      const t = performance.now();
      a.reply(q, history);
      times[name]?.push(performance.now() - t);
    }
  }
}
const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))] ?? 0;
for (const name of ["main", "new"]) {
  const xs = times[name] ?? [];
  console.log(
    `${name}: ${xs.length} answers, p50 ${q(xs, 0.5).toFixed(3)} ms, p95 ${q(xs, 0.95).toFixed(3)} ms, p99 ${q(xs, 0.99).toFixed(3)} ms; start-up median ${q(startUp[name] ?? [], 0.5).toFixed(1)} ms`,
  );
}
console.log(
  `index: ${(gzipSync(json).length / 1024).toFixed(1)} KB gzip (${(gzipSync(before).length / 1024).toFixed(1)} KB without the plain words), ${data.passages.length} passages`,
);
