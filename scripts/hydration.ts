/**
 * npm run hydration [-- --runs 3 --routes /,/pricing]
 * When each public page paints and when it becomes interactive, under Lighthouse 13's mobile
 * conditions (Slow 4G, 4× CPU slowdown) applied to the browser (devtools throttling), so both
 * moments are observed rather than simulated. "Interactive" is the `hydrated` user-timing mark
 * the root sets once React has hydrated the page (app/lib/hydration-mark.ts, decision 016).
 * Prints a table (median of N runs per route); exits non-zero when a page is not interactive
 * within the aim of 1.5 s or never hydrates.
 */
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { publicPaths } from "../app/content/public-paths.ts";
import { HYDRATED_MARK } from "../app/lib/hydration-mark.ts";
import { withServerAndChrome } from "./lib/lighthouse-session.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    routes: { type: "string" },
    port: { type: "string", default: "3412" },
  },
});
const runs = Math.max(1, Number(values.runs));
const routes = values.routes ? values.routes.split(",") : publicPaths;
const AIM_MS = 1500;

interface Row {
  route: string;
  fcpMs: number;
  /** NaN when the page never set the mark. */
  hydratedMs: number;
}

interface UserTiming {
  name: string;
  timingType: string;
  startTime: number;
}

const rows: Row[] = [];
await withServerAndChrome(Number(values.port), async ({ url, chromePort }) => {
  for (const route of routes) {
    const results: Row[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(
        `${url}${route}`,
        { port: chromePort, output: "json", logLevel: "error", onlyCategories: ["performance"] },
        // Mobile form factor and throttling are Lighthouse's defaults; devtools applies them.
        { extends: "lighthouse:default", settings: { throttlingMethod: "devtools" } },
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
      const timings = ((lhr.audits["user-timings"]?.details as { items?: UserTiming[] })?.items ??
        []) as UserTiming[];
      const mark = timings.find((t) => t.timingType === "Mark" && t.name === HYDRATED_MARK);
      results.push({
        route,
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN),
        hydratedMs: mark ? Math.round(mark.startTime) : Number.NaN,
      });
    }
    // Median by the moment of hydration; a run that never hydrated sorts last.
    results.sort(
      (a, b) =>
        (a.hydratedMs || Number.POSITIVE_INFINITY) - (b.hydratedMs || Number.POSITIVE_INFINITY),
    );
    const median = results[Math.floor(results.length / 2)] as Row;
    rows.push(median);
    console.log(`${route}: first paint ${median.fcpMs} ms, interactive ${median.hydratedMs} ms`);
  }
});

const settings = `mobile, Slow 4G, 4× CPU, devtools throttling; ${runs === 1 ? "1 run" : `median of ${runs}`}`;
console.log(`\nFirst paint and interactive (hydrated), ${settings}:\n`);
console.log("| route | first contentful paint ms | interactive (hydrated) ms | gap ms |");
console.log("|---|---|---|---|");
for (const r of rows) {
  const gap = r.hydratedMs - r.fcpMs;
  console.log(
    `| ${r.route} | ${r.fcpMs} | ${Number.isNaN(r.hydratedMs) ? "never" : r.hydratedMs} | ${Number.isNaN(gap) ? "–" : gap} |`,
  );
}
const late = rows.filter((r) => !(r.hydratedMs <= AIM_MS));
if (late.length > 0) {
  console.log(
    `\nNot interactive within ${AIM_MS} ms:\n${late.map((r) => `  - ${r.route}: ${Number.isNaN(r.hydratedMs) ? "never hydrated" : `${r.hydratedMs} ms`}`).join("\n")}`,
  );
  process.exit(1);
}
console.log(`\nEvery route interactive within ${AIM_MS} ms.`);
