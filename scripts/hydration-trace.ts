/**
 * npm run hydration:trace [-- --routes /,/pricing --save /tmp/traces]
 * What the time to hydration of a page is made of, under the conditions `npm run hydration`
 * measures (Lighthouse 13's mobile defaults applied by devtools: Slow 4G, 4× CPU): one
 * Lighthouse run per route, its trace and network log read into
 * - each script's request: when it was asked for, when its last byte arrived, its size;
 * - the main thread's tasks of 5 ms or more from navigation to the `hydrated` mark, each with
 *   what it mostly was (compiling or running a module, a timer, a message, parsing, layout);
 * - a summary: first paint, the last script's arrival, hydrated; the main thread's busy time
 *   and its idle time between first paint and hydrated, and the idle time while no script was
 *   on the wire (waiting that only a timer or a frame can explain).
 * `--save` keeps each trace (JSON, loadable in Chromium's Performance panel).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { HYDRATED_MARK } from "../app/lib/hydration-mark.ts";
import { withServerAndChrome } from "./lib/lighthouse-session.ts";

const { values } = parseArgs({
  options: {
    routes: { type: "string", default: "/,/pricing" },
    port: { type: "string", default: "3413" },
    save: { type: "string" },
    "min-task-ms": { type: "string", default: "5" },
  },
});
const minTaskMs = Number(values["min-task-ms"]);
if (values.save) mkdirSync(values.save, { recursive: true });

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; frame?: string; name?: string };
}
interface LogEntry {
  method: string;
  params: Record<string, unknown> & { requestId?: string; timestamp?: number };
}

const ms = (n: number) => Math.round(n);
const shortUrl = (u: string) => new URL(u).pathname.replace(/^\/assets\//, "");

/** The names of trace events that say what a task was doing, in the words of the table. */
const KINDS: [RegExp, string][] = [
  [/^v8\.compileModule$/, "compile module"],
  [/^v8\.evaluateModule$/, "run module"],
  [/^(v8\.compile|V8\.CompileCode|v8\.parseOnBackground)$/, "compile"],
  [/^EvaluateScript$/, "run script"],
  [/^TimerFire$/, "timer"],
  [/^FireAnimationFrame$/, "animation frame"],
  [/^FireIdleCallback$/, "idle callback"],
  [/^ParseHTML$/, "parse HTML"],
  [/^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|Commit)$/, "style/layout/paint"],
  [/^ParseAuthorStyleSheet$/, "parse CSS"],
  [/^(FunctionCall|V8\.Execute|EventDispatch|HandlePostMessage)$/, "script"],
  [/^(MajorGC|MinorGC|V8\.GC.*)$/, "GC"],
];

function kindOf(children: TraceEvent[]): string {
  const total = new Map<string, number>();
  for (const e of children) {
    const kind = KINDS.find(([re]) => re.test(e.name))?.[1];
    if (kind) total.set(kind, (total.get(kind) ?? 0) + (e.dur ?? 0));
  }
  const sorted = [...total].sort((a, b) => b[1] - a[1]);
  return sorted.length === 0
    ? "other"
    : sorted
        .slice(0, 2)
        .map(([k, d]) => `${k} ${ms(d / 1000)}`)
        .join(", ");
}

/** The URL a task's script came from, when the trace says it. */
function urlOf(children: TraceEvent[]): string {
  for (const e of children) {
    const data = e.args?.data as { url?: string; fileName?: string } | undefined;
    const u = data?.url ?? data?.fileName;
    if (typeof u === "string" && u.includes("/assets/")) return shortUrl(u);
  }
  return "";
}

function analyse(route: string, events: TraceEvent[], log: LogEntry[]) {
  const nav = events.find(
    (e) =>
      e.name === "navigationStart" &&
      (e.args?.data as { isLoadingMainFrame?: boolean })?.isLoadingMainFrame,
  );
  if (!nav) throw new Error(`${route}: no navigationStart in the trace`);
  const t0 = nav.ts;
  const main = { pid: nav.pid, tid: nav.tid };
  const at = (ts: number) => (ts - t0) / 1000;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === main.pid);
  const hydrated = events.find(
    (e) => e.cat.includes("blink.user_timing") && e.name === HYDRATED_MARK && e.pid === main.pid,
  );
  const fcpMs = fcp ? at(fcp.ts) : Number.NaN;
  const hydratedMs = hydrated ? at(hydrated.ts) : Number.NaN;

  // Requests from the network log (timestamps in seconds, the trace's clock in µs).
  const requests = new Map<
    string,
    { url: string; type: string; start: number; end?: number; bytes?: number }
  >();
  for (const { method, params } of log) {
    const id = params.requestId as string;
    if (method === "Network.requestWillBeSent") {
      const request = params.request as { url: string };
      requests.set(id, {
        url: request.url,
        type: (params.type as string) ?? "",
        start: at((params.timestamp as number) * 1e6),
      });
    } else if (method === "Network.loadingFinished") {
      const r = requests.get(id);
      if (r) {
        r.end = at((params.timestamp as number) * 1e6);
        r.bytes = params.encodedDataLength as number;
      }
    }
  }
  const all = [...requests.values()].filter((r) => r.url.startsWith("http"));
  const scripts = all.filter((r) => r.type === "Script");

  console.log(`\n## ${route}\n`);
  console.log("| request | type | asked for ms | last byte ms | KB on the wire |");
  console.log("|---|---|---|---|---|");
  for (const r of all.sort((a, b) => a.start - b.start)) {
    console.log(
      `| ${shortUrl(r.url)} | ${r.type} | ${ms(r.start)} | ${r.end === undefined ? "–" : ms(r.end)} | ${r.bytes === undefined ? "–" : (r.bytes / 1000).toFixed(1)} |`,
    );
  }

  // Main thread tasks between navigation and hydrated (and a little after).
  const end = Number.isNaN(hydratedMs) ? Number.POSITIVE_INFINITY : hydratedMs + 50;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  const tasks = onMain
    .filter((e) => e.name === "RunTask" && at(e.ts) >= 0 && at(e.ts) <= end)
    .sort((a, b) => a.ts - b.ts);
  console.log(`\nMain-thread tasks of ${minTaskMs} ms or more (throttled CPU):\n`);
  console.log("| starts ms | lasts ms | mostly (ms) | script |");
  console.log("|---|---|---|---|");
  for (const task of tasks) {
    const dur = (task.dur ?? 0) / 1000;
    if (dur < minTaskMs) continue;
    const children = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0),
    );
    console.log(`| ${ms(at(task.ts))} | ${ms(dur)} | ${kindOf(children)} | ${urlOf(children)} |`);
  }

  // Busy and idle time from first paint to hydrated; idle while no script was on the wire.
  const lastScript = Math.max(...scripts.map((r) => r.end ?? 0));
  let busy = 0;
  let idle = 0;
  let idleNoScriptInFlight = 0;
  const from = fcpMs;
  const step = 1; // ms
  const busyAt = (t: number) =>
    tasks.some((e) => at(e.ts) <= t && t < at(e.ts) + (e.dur ?? 0) / 1000);
  const scriptInFlight = (t: number) =>
    scripts.some((r) => r.start <= t && t < (r.end ?? Number.POSITIVE_INFINITY));
  for (let t = from; t < hydratedMs; t += step) {
    if (busyAt(t)) busy += step;
    else {
      idle += step;
      if (!scriptInFlight(t)) idleNoScriptInFlight += step;
    }
  }
  const firstScriptAsked = Math.min(...scripts.map((r) => r.start));
  console.log(
    `\nfirst paint ${ms(fcpMs)} ms · first script asked for ${ms(firstScriptAsked)} ms · last script in ${ms(lastScript)} ms · hydrated ${ms(hydratedMs)} ms`,
  );
  console.log(
    `from first paint to hydrated (${ms(hydratedMs - fcpMs)} ms): main thread busy ${busy} ms, idle ${idle} ms, of which ${idleNoScriptInFlight} ms with no script on the wire; ${scripts.length} scripts, ${(scripts.reduce((a, r) => a + (r.bytes ?? 0), 0) / 1000).toFixed(1)} KB`,
  );
  const afterLast = tasks.filter((e) => at(e.ts) >= lastScript && at(e.ts) <= hydratedMs);
  const busyAfterLast = afterLast.reduce((a, e) => a + (e.dur ?? 0) / 1000, 0);
  console.log(
    `from the last script's arrival to hydrated (${ms(hydratedMs - lastScript)} ms): ${afterLast.length} tasks, ${ms(busyAfterLast)} ms busy`,
  );
}

await withServerAndChrome(Number(values.port), async ({ url, chromePort }) => {
  for (const route of (values.routes as string).split(",")) {
    const result = await lighthouse(
      `${url}${route}`,
      { port: chromePort, output: "json", logLevel: "error", onlyCategories: ["performance"] },
      { extends: "lighthouse:default", settings: { throttlingMethod: "devtools" } },
    );
    const artifacts = result?.artifacts as unknown as
      | { Trace: { traceEvents: TraceEvent[] }; DevtoolsLog: LogEntry[] }
      | undefined;
    if (!artifacts?.Trace) throw new Error(`Lighthouse returned no trace for ${route}`);
    if (values.save) {
      const name = `${route.replace(/[^a-z0-9]+/gi, "_")}.trace.json`;
      writeFileSync(path.join(values.save, name), JSON.stringify(artifacts.Trace));
    }
    analyse(route, artifacts.Trace.traceEvents, artifacts.DevtoolsLog);
  }
});
