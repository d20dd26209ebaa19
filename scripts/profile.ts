/**
 * npm run profile -- [--path /portal] [--signed-in] [--postgres postgres://…/postgres]
 *   [--duration 10] [--connections 10] [--port 3413] [--top 40]
 * A CPU profile of the production build under load on one path: the server runs with the
 * inspector on (its port is `--port` + 1), autocannon asks for the path (with a new account's
 * session cookie when `--signed-in`), and the profile, taken over the measured load only (not
 * start-up or warm-up), is summarised: where the time goes by package, the functions with the
 * most self time and the most inclusive time, per request. The .cpuprofile file is kept (open
 * it in Chrome DevTools). A script, not a test.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { connectInspector } from "./lib/inspector.ts";
import { temporaryDatabase } from "./lib/temp-database.ts";
import { signUpOver, startBuiltServer } from "./serve-build.ts";

const { values } = parseArgs({
  options: {
    path: { type: "string", default: "/portal" },
    "signed-in": { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "3413" },
    postgres: { type: "string" },
    top: { type: "string", default: "40" },
  },
});

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const dir = mkdtempSync(path.join(tmpdir(), "cpu-profile-"));
const database = values.postgres ? await temporaryDatabase(values.postgres, "profile") : null;
const app = await startBuiltServer(Number(values.port), {
  DATABASE_URL: database?.url ?? "",
  AUTH_RATE_LIMIT: "1000",
  NODE_OPTIONS: `--inspect=127.0.0.1:${Number(values.port) + 1}`,
});
let requests = 0;
let profile: Profile | undefined;
let cpuPerRequest = 0;
try {
  const headers: Record<string, string> = {};
  if (values["signed-in"]) {
    headers.cookie = await signUpOver(app.url, {
      email: `profile-${Date.now()}@example.co.za`,
      password: "profile-pass-1",
      name: "Profile User",
    });
  }
  const url = `${app.url}${values.path}`;
  await autocannon({ url, headers, connections: 2, duration: 2 }); // warm up
  const inspector = await connectInspector(Number(values.port) + 1);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 200 });
  await inspector.send("Profiler.start");
  const cpuBefore = cpuMs(app.process.pid as number);
  const r = await autocannon({
    url,
    headers,
    connections: Number(values.connections),
    duration: Number(values.duration),
  });
  requests = r.requests.total;
  cpuPerRequest = (cpuMs(app.process.pid as number) - cpuBefore) / requests;
  profile = ((await inspector.send("Profiler.stop")) as { profile: Profile }).profile;
  inspector.close();
  console.log(`${url}: ${r.requests.average} req/s, non-2xx ${r.non2xx}, errors ${r.errors}`);
} finally {
  await app.stop();
  await database?.drop();
}

if (!profile) throw new Error("No profile was taken");
const file = path.join(dir, "server.cpuprofile");
writeFileSync(file, JSON.stringify(profile));
console.log(`profile: ${file} (${requests} requests, ${cpuPerRequest.toFixed(2)} CPU ms/req)`);

/** CPU time a process has used so far, in ms (user + system, from /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfMs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i] as number;
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}

function where(url: string): string {
  if (!url) return "(native/V8)";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1] as string;
  if (url.startsWith("node:")) return "node:internal";
  if (url.includes("/build/server/")) return "app (build/server)";
  return path.basename(url);
}
const label = (n: Node) =>
  `${n.callFrame.functionName || "(anonymous)"} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
const idle = [...selfMs].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)");
const busy = total - idle.reduce((a, [, ms]) => a + ms, 0);
console.log(`busy ${busy.toFixed(0)} ms of ${total.toFixed(0)} ms sampled`);

function table(title: string, rows: Map<string, number>, top: number) {
  console.log(`\n${title}`);
  const sorted = [...rows].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, ms] of sorted) {
    const perRequest = requests ? (ms / requests).toFixed(3) : "—";
    console.log(
      `${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${perRequest.padStart(7)} ms/req  ${name}`,
    );
  }
}

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const n = byId.get(id) as Node;
  if (n.callFrame.functionName === "(idle)") continue;
  const pkg = where(n.callFrame.url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  byFunction.set(label(n), (byFunction.get(label(n)) ?? 0) + ms);
}
table("self time by package", byPackage, 25);
table("self time by function", byFunction, Number(values.top));

// Inclusive time: each sample counted once for every distinct function on its stack.
const inclusive = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur) as Node;
    const name = label(n);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
}
for (const key of [...inclusive.keys()]) {
  if (key.startsWith("(root)") || key.startsWith("(idle)")) inclusive.delete(key);
}
table("inclusive time by function", inclusive, Number(values.top) * 2);
