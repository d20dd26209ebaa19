/**
 * npm run bench [-- --duration 5 --rounds 5 --warm-up 5 --connections 20 --port 3412
 *   --postgres postgres://…/postgres --only public|ssr|post --env KEY=VALUE …]
 * Requests/s and latency (p50/p99) of the production build, in the same run:
 * - a plain Node static server answering the prerendered home page from memory, and the app's
 *   prerendered pages: their ratio is the cost of serving a public page through the app;
 * - a page the app renders per request with no data (/auth signed out: no session, no query),
 *   the signed-in portal's data alone (/portal.data: the session check and the queries, no
 *   render) and the signed-in portal page: the portal's ratio to the no-data page is the cost
 *   of the session and the queries;
 * - the contact endpoint (a write).
 * The app runs on PGlite (in its own process, as with no DATABASE_URL), or with `--postgres` on
 * a fresh database of that PostgreSQL server, dropped afterwards.
 * Targets compared with each other run in turn, `--rounds` times over (5), after a `--warm-up`
 * of 5 s each; each figure is the median of its rounds. This machine's speed moves by a fifth
 * or more from one 5 s run to the next: a median of five is not moved by two slow rounds
 * (decision 030). A script, not a test.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { temporaryDatabase } from "./lib/temp-database.ts";
import { signUpOver, startBuiltServer } from "./serve-build.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3412" },
    rounds: { type: "string", default: "5" },
    "warm-up": { type: "string", default: "5" },
    postgres: { type: "string" },
    /** One group only, while working on it: "public", "ssr" (/auth against the portal) or "post". */
    only: { type: "string" },
    /** A setting for the server, KEY=VALUE (repeatable): e.g. LOG_LEVEL=info, OTEL_EXPORTER_OTLP_ENDPOINT=… */
    env: { type: "string", multiple: true, default: [] },
  },
});
const only = (group: string) => !values.only || values.only === group;
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const WARM_UP_SECONDS = Number(values["warm-up"]);
const connections = Number(values.connections);

interface Result {
  name: string;
  /** Server CPU time (user + system) per request: what the answer costs, whatever the load. */
  cpuMs: number;
  /** The row this one is compared with. */
  versus?: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Each round's run (a group's rows). */
  rounds?: Result[];
}

interface Target {
  name: string;
  options: autocannon.Options;
  /** The row this one is compared with. */
  versus?: string;
}

/** One measured run of a target. */
async function run(target: Target): Promise<Result> {
  // The plain server runs in this process, beside autocannon: its CPU is not measured.
  const pid = target.options.url?.startsWith(plainUrl) ? undefined : app.process.pid;
  const cpuBefore = cpuMs(pid);
  const r = await autocannon({ connections, duration, ...target.options });
  return {
    name: target.name,
    cpuMs: (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests.total),
    versus: target.versus,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/**
 * Targets compared with each other, measured in turn, `rounds` times over (A B C A B C …), each
 * figure the median of its rounds: the machine's speed drifts over seconds on shared cores, and
 * interleaving gives each target the same drift. Each target is warmed up first, so the JIT's
 * compilation of its code path is not counted against whichever target runs first.
 */
async function measureGroup(targets: Target[]): Promise<Result[]> {
  for (const target of targets) {
    await autocannon({ connections, ...target.options, duration: WARM_UP_SECONDS });
  }
  const runs: Result[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) runs[i]?.push(await run(target));
  }
  return runs.map((list) => {
    const first = list[0] as Result;
    const sum = (key: "errors" | "non2xx") => list.reduce((n, r) => n + r[key], 0);
    return {
      ...first,
      rps: median(list.map((r) => r.rps)),
      cpuMs: median(list.map((r) => r.cpuMs)),
      p50: median(list.map((r) => r.p50)),
      p99: median(list.map((r) => r.p99)),
      errors: sum("errors"),
      non2xx: sum("non2xx"),
      rounds: list,
    };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** CPU time a process has used so far, in ms (user + system, from /proc). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

const html = readFileSync("build/client/index.html");
const plain = http.createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": html.length });
  res.end(html);
});
await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;

const database = values.postgres ? await temporaryDatabase(values.postgres, "bench") : null;
const app = await startBuiltServer(Number(values.port), {
  DATABASE_URL: database?.url ?? "",
  LEAD_RATE_LIMIT_IP: "100000",
  LEAD_RATE_LIMIT_EMAIL: "100000",
  AUTH_RATE_LIMIT: "1000",
  ...Object.fromEntries(
    (values.env ?? []).map((pair) => [
      pair.slice(0, pair.indexOf("=")),
      pair.slice(pair.indexOf("=") + 1),
    ]),
  ),
});

const results: Result[] = [];
try {
  const cookie = await signUpOver(app.url, {
    email: `bench-${Date.now()}@example.co.za`,
    password: "bench-pass-1",
    name: "Bench User",
  });

  const PLAIN = "plain static server: /";
  const NO_DATA = "app: /auth (SSR, no data)";
  const gzip = { "accept-encoding": "br, gzip" };
  if (only("public"))
    results.push(
      ...(await measureGroup([
        { name: PLAIN, options: { url: plainUrl } },
        { name: "app: / (prerendered)", options: { url: `${app.url}/` }, versus: PLAIN },
        {
          name: "app: / (prerendered, br)",
          options: { url: `${app.url}/`, headers: gzip },
          versus: PLAIN,
        },
      ])),
    );
  if (only("ssr"))
    results.push(
      ...(await measureGroup([
        { name: NO_DATA, options: { url: `${app.url}/auth` } },
        {
          name: "app: /portal.data (session + queries, no render)",
          options: { url: `${app.url}/portal.data`, headers: { cookie } },
          versus: NO_DATA,
        },
        {
          name: "app: /portal (SSR, signed in)",
          options: { url: `${app.url}/portal`, headers: { cookie } },
          versus: NO_DATA,
        },
      ])),
    );
  if (only("post"))
    results.push(
      ...(await measureGroup([
        {
          name: "app: POST /functions/v1/send-contact-email",
          options: {
            url: `${app.url}/functions/v1/send-contact-email`,
            method: "POST",
            headers: { "content-type": "application/json", origin: app.url },
            body: JSON.stringify({
              name: "Bench",
              email: "bench@example.co.za",
              message: "Benchmark message, please ignore.",
            }),
          },
        },
      ])),
    );
} finally {
  await app.stop();
  plain.close();
  await database?.drop();
}

const load = (await import("node:os")).loadavg()[0]?.toFixed(1);
console.log(
  `\nautocannon: ${connections} connections, ${duration} s each, median of ${rounds} interleaved rounds, loopback, 2 shared cores, load ${load}, database ${database ? "PostgreSQL" : "PGlite"}\n`,
);
console.log("| target | req/s | p50 ms | p99 ms | errors | non-2xx | CPU ms/req | ratio |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const base = results.find((b) => b.name === r.versus);
  // Beside the req/s ratio, the same ratio from CPU per request: what it would be on an idle
  // machine where both are CPU-bound (the machine's other load moves req/s, not CPU/req).
  const cpuRatio =
    base && Number.isFinite(base.cpuMs) ? ` (CPU: ${(base.cpuMs / r.cpuMs).toFixed(2)}×)` : "";
  const ratio = base
    ? `${(r.rps / base.rps).toFixed(2)}× ${base.name.split(" (")[0]}${cpuRatio}`
    : "";
  console.log(
    `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${Number.isFinite(r.cpuMs) ? r.cpuMs.toFixed(2) : "—"} | ${ratio} |`,
  );
}
// Each round, to show the spread the medians come from.
console.log("\nBy round (req/s, CPU ms/req, ratio):");
for (const r of results) {
  const base = results.find((b) => b.name === r.versus);
  const each = (r.rounds ?? []).map((run, i) => {
    const against = base?.rounds?.[i];
    const ratio = against ? ` ${(run.rps / against.rps).toFixed(2)}×` : "";
    const cpu = Number.isFinite(run.cpuMs) ? ` ${run.cpuMs.toFixed(2)} ms` : "";
    return `${run.rps}${cpu}${ratio}`;
  });
  console.log(`- ${r.name}: ${each.join(" · ")}`);
}
