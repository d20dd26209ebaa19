/**
 * npm run soak [-- --duration 60 --postgres postgres://…/postgres]
 * Mixed traffic against the production build for a minute: public pages, sign-in, portal
 * pages, project writes and contact posts at once. Reports errors (must be 0), p99 latency and
 * the server's memory (RSS): idle after start, at the start of the traffic, over it, at its
 * end and idle again 10 s after it, and what it is made of at those points: the JavaScript heap,
 * memory outside it (buffers), the largest single anonymous mapping (PGlite's WebAssembly
 * memory) and the code mapped from files (the server asked through its inspector and
 * /proc/<pid>/smaps), and once more after a full garbage collection (what is really kept).
 * PGlite by default, or a fresh database of the PostgreSQL server `--postgres` names. A
 * script, not a test. Exits 1 on any error.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { connectInspector } from "./lib/inspector.ts";
import { temporaryDatabase } from "./lib/temp-database.ts";
import { signUpOver, startBuiltServer } from "./serve-build.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    port: { type: "string", default: "3413" },
    postgres: { type: "string" },
  },
});
const duration = Number(values.duration);

function rssMb(pid: number | undefined) {
  if (!pid) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

interface Breakdown {
  when: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  largestAnonymous: number;
  files: number;
}

/** RSS in MB by mapping: the largest anonymous one, and everything mapped from files. */
function mappings(pid: number | undefined) {
  let largestAnonymous = 0;
  let files = 0;
  let current = { file: false, rss: 0 };
  const finish = () => {
    if (current.file) files += current.rss;
    else largestAnonymous = Math.max(largestAnonymous, current.rss);
  };
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = line.match(/^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/);
    if (head) {
      finish();
      current = { file: head[1] !== "0" && (head[2] ?? "").startsWith("/"), rss: 0 };
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    if (rss) current.rss = Number(rss[1]);
  }
  finish();
  return { largestAnonymous: Math.round(largestAnonymous / 1024), files: Math.round(files / 1024) };
}

const breakdowns: Breakdown[] = [];
/**
 * The server's memory now, from its own process.memoryUsage() and its smaps (no GC is forced:
 * the RSS figures stay comparable with runs before this breakdown existed).
 */
async function breakdown(when: string) {
  const usage = await inspector.evaluate<Record<string, number>>(
    "JSON.parse(JSON.stringify(process.memoryUsage()))",
  );
  const mb = (bytes: number | undefined) => Math.round((bytes ?? 0) / 1024 / 1024);
  breakdowns.push({
    when,
    rss: rssMb(pid),
    heapUsed: mb(usage.heapUsed),
    heapTotal: mb(usage.heapTotal),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    ...mappings(pid),
  });
}

const database = values.postgres ? await temporaryDatabase(values.postgres, "soak") : null;
const inspectPort = Number(values.port) + 1;
const app = await startBuiltServer(Number(values.port), {
  DATABASE_URL: database?.url ?? "",
  AUTH_RATE_LIMIT: "100000",
  LEAD_RATE_LIMIT_IP: "100000",
  LEAD_RATE_LIMIT_EMAIL: "100000",
  // The inspector answers the memory questions; it costs nothing while nobody profiles.
  NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}`,
});
const pid = app.process.pid;
const inspector = await connectInspector(inspectPort);
const email = `soak-${Date.now()}@example.co.za`;
const json = { "content-type": "application/json", origin: app.url };
const memoryIdle = rssMb(pid);
await breakdown("idle after start");
const cookie = await signUpOver(app.url, { email, password: "soak-pass-1", name: "Soak User" });
const memoryStart = rssMb(pid);

const form = { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie };
const streams: [string, autocannon.Options][] = [
  [
    "public pages",
    {
      url: app.url,
      connections: 6,
      requests: [
        { path: "/" },
        { path: "/pricing" },
        { path: "/services/ai" },
        { path: "/case-studies" },
      ],
    },
  ],
  [
    "sign-in",
    {
      url: `${app.url}/api/auth/sign-in/email`,
      connections: 2,
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: "soak-pass-1" }),
    },
  ],
  [
    "portal pages",
    {
      url: app.url,
      connections: 3,
      headers: { cookie },
      requests: [{ path: "/portal" }, { path: "/portal/projects" }, { path: "/portal/messages" }],
    },
  ],
  [
    "project writes",
    {
      url: `${app.url}/portal/projects`,
      connections: 2,
      method: "POST",
      headers: form,
      body: "intent=create&title=Soak+project&status=active&priority=medium&progress=10",
    },
  ],
  [
    "contact posts",
    {
      url: `${app.url}/functions/v1/send-contact-email`,
      connections: 2,
      method: "POST",
      headers: json,
      body: JSON.stringify({
        name: "Soak",
        email: "soak-lead@example.co.za",
        message: "Soak test",
      }),
    },
  ],
];

console.log(`Soaking for ${duration} s (server RSS at start: ${memoryStart} MB)…`);
// RSS over time: growth that levels off is caches and heaps warming up; a steady climb is a leak.
const samples: number[] = [];
const sampler = setInterval(() => samples.push(rssMb(pid)), (duration * 1000) / 6);
const results = await Promise.all(
  streams.map(([name, options]) => autocannon({ duration, ...options }).then((r) => ({ name, r }))),
);
clearInterval(sampler);
const memoryEnd = rssMb(pid);
await breakdown("end of traffic");
// Idle again: what stays once the traffic has gone (caches, heaps grown and not returned).
await new Promise((resolve) => setTimeout(resolve, 10_000));
const memoryAfter = rssMb(pid);
await breakdown("idle 10 s later");
// What is really kept: a full collection first (the rows above count garbage not yet collected).
await inspector.send("HeapProfiler.collectGarbage");
await breakdown("after a full GC");
inspector.close();
await app.stop();
await database?.drop();

let errors = 0;
console.log("\n| traffic | requests | req/s | p50 ms | p99 ms | errors | non-2xx |");
console.log("|---|---|---|---|---|---|---|");
for (const { name, r } of results) {
  const bad = r.errors + r.timeouts + r.non2xx;
  errors += bad;
  console.log(
    `| ${name} | ${r.requests.total} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} |`,
  );
}
console.log(
  `\nServer memory (RSS), ${database ? "PostgreSQL" : "PGlite"}: ${memoryIdle} MB idle after start, ${memoryStart} MB after sign-up, ${memoryEnd} MB at the end, ${memoryAfter} MB idle 10 s later.`,
);
console.log(`RSS every ${Math.round(duration / 6)} s: ${[...samples, memoryEnd].join(" → ")} MB`);
console.log(
  "\n| server memory, MB | RSS | JS heap used / total | external (of it array buffers) | largest anonymous mapping | mapped files (code) |",
);
console.log("|---|---|---|---|---|---|");
for (const b of breakdowns) {
  console.log(
    `| ${b.when} | ${b.rss} | ${b.heapUsed} / ${b.heapTotal} | ${b.external} (${b.arrayBuffers}) | ${b.largestAnonymous} | ${b.files} |`,
  );
}
console.log(errors === 0 ? "No errors." : `${errors} failed requests.`);
process.exit(errors === 0 ? 0 : 1);
