/**
 * npm run lighthouse [-- --runs 3 --routes /,/auth,/portal --save /tmp/lhr]
 * Lighthouse 13 (mobile defaults) on every public route, the sign-in page and every portal page
 * (signed in as a seeded administrator: the session cookie goes with each request) of the
 * production build, in Debian's Chromium; the median of N runs per route; a table; a non-zero
 * exit when a budget fails. `--save` keeps each run's full report (JSON) in a folder.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { publicPaths } from "../app/content/public-paths.ts";
import { withServerAndChrome } from "./lib/lighthouse-session.ts";
import { adminSession, SCRIPT_ADMIN } from "./lib/portal-session.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    routes: { type: "string" },
    port: { type: "string", default: "3411" },
    save: { type: "string" },
  },
});
const runs = Math.max(1, Number(values.runs));

/**
 * Pages measured signed in. ":lead", ":client" and ":project" are the ids of the records
 * `adminSession` seeds (a lead; a client with a project, its milestones and a message).
 */
const portalPaths = [
  "/portal",
  "/portal/projects",
  "/portal/projects/:project",
  "/portal/messages",
  "/portal/reports",
  "/portal/reports/:project",
  "/portal/analytics",
  "/portal/team",
  "/portal/clients",
  "/portal/clients/:client",
  "/portal/leads",
  "/portal/leads/:lead",
  "/portal/settings",
];
const routes = values.routes ? values.routes.split(",") : [...publicPaths, "/auth", ...portalPaths];
if (values.save) mkdirSync(values.save, { recursive: true });

const BUDGET = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0,
};

interface Row {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Everything the page transferred, in KB (not a budget: shown beside the others). */
  kb: number;
}

/**
 * One Lighthouse run. A run whose trace Lighthouse itself could not read (`runtimeError`, such
 * as NO_NAVSTART: it scores 0 with no metrics) is run again, twice at most, then reported.
 */
async function measure(target: string, chromePort: number, cookie: string | undefined) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(target, {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    const lhr = result?.lhr;
    if (!lhr?.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${target}: ${lhr.runtimeError.code}`);
    console.log(`${target}: Lighthouse ${lhr.runtimeError.code}; measuring again`);
  }
}

const rows: Row[] = [];
await withServerAndChrome(
  Number(values.port),
  async ({ url, chromePort, dataDir }) => {
    const signedIn = routes.some((r) => r.startsWith("/portal"))
      ? await adminSession(url, dataDir)
      : null;
    for (const route of routes) {
      const results: Row[] = [];
      const portal = route.startsWith("/portal");
      const target = route
        .replace(":lead", signedIn?.leadId ?? "")
        .replace(":client", signedIn?.clientId ?? "")
        .replace(":project", signedIn?.projectId ?? "");
      for (let i = 0; i < runs; i++) {
        const lhr = await measure(
          `${url}${target}`,
          chromePort,
          portal ? signedIn?.cookie : undefined,
        );
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
        if (lhr.finalDisplayedUrl !== `${url}${target}`)
          throw new Error(`${route} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
        if (values.save) {
          const name = `${route.replace(/[^a-z0-9]+/gi, "_")}-${i + 1}.json`;
          writeFileSync(path.join(values.save, name), JSON.stringify(lhr));
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        results.push({
          route,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          lcpMs: Math.round(num("largest-contentful-paint")),
          tbtMs: Math.round(num("total-blocking-time")),
          cls: Number(num("cumulative-layout-shift").toFixed(3)),
          kb: Math.round(num("total-byte-weight") / 1024),
        });
      }
      results.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      const median = results[Math.floor(results.length / 2)] as Row;
      rows.push(median);
      console.log(`${route}: performance ${median.performance}, LCP ${median.lcpMs} ms`);
    }
  },
  { ADMIN_EMAILS: SCRIPT_ADMIN },
);

const failures: string[] = [];
for (const r of rows) {
  if (r.performance < BUDGET.performance)
    failures.push(`${r.route}: performance ${r.performance} < ${BUDGET.performance}`);
  if (r.accessibility < BUDGET.accessibility)
    failures.push(`${r.route}: accessibility ${r.accessibility}`);
  if (r.bestPractices < BUDGET.bestPractices)
    failures.push(`${r.route}: best practices ${r.bestPractices}`);
  // Sign-in and portal pages are `noindex` on purpose: search engines have no budget there.
  const indexed = publicPaths.includes(r.route);
  if (indexed && r.seo < BUDGET.seo) failures.push(`${r.route}: SEO ${r.seo}`);
  if (r.lcpMs > BUDGET.lcpMs) failures.push(`${r.route}: LCP ${r.lcpMs} ms > ${BUDGET.lcpMs}`);
  if (r.tbtMs > BUDGET.tbtMs) failures.push(`${r.route}: TBT ${r.tbtMs} ms > ${BUDGET.tbtMs}`);
  if (r.cls > BUDGET.cls) failures.push(`${r.route}: CLS ${r.cls}`);
}

console.log(`\nLighthouse ${runs === 1 ? "(1 run)" : `(median of ${runs})`}, mobile:\n`);
console.log("| route | perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS | KB |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.kb} |`,
  );
}
if (failures.length > 0) {
  console.log(`\nBudget failures:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  process.exit(1);
}
console.log("\nAll budgets met.");
