/**
 * npm run bench (second part) — or alone:
 *   tsx --tsconfig tsconfig.json scripts/bench-analytics.ts [-- --leads 100000 --duration 10]
 *
 * The Analytics page of the production build with 100,000 leads (and their status history),
 * 1,000 clients, 20,000 projects (and their activity) and 100,000 messages seeded, on PGlite
 * and on PostgreSQL (when it answers on 127.0.0.1:5432), for the default period (90 days) and
 * the longest preset (365 days): repeated views (latency p50/p99, one visitor and several at
 * once), the page as first computed after each change (a lead arrives, or the agency sends a
 * message, then the page is viewed; decision 028 keeps each section's figures until its own
 * tables change), and each figure's own query time, to say which query dominates. Issue 16's
 * budget: p99 < 300 ms.
 * A script, not a test. */
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { resolvePeriod } from "../app/lib/validation/period";
import { buildFigures } from "../app/server/analytics/figures.server";
import {
  type DatabaseHandle,
  migrateDatabase,
  openPglite,
  openPostgres,
} from "../app/server/db/client.server";
import { maintainTables } from "../app/server/db/maintenance.server";
import { seedLeads, seedWork } from "./lib/analytics-seed";
import { signUpOver, startBuiltServer } from "./serve-build";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "100000" },
    clients: { type: "string", default: "1000" },
    projects: { type: "string", default: "20000" },
    messages: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    port: { type: "string", default: "3413" },
    postgres: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const LEADS = Number(values.leads);
const WORK = {
  clients: Number(values.clients),
  projects: Number(values.projects),
  messages: Number(values.messages),
};
const DURATION = Number(values.duration);
/** Views measured one by one, each after a new lead (the page as first computed). */
const COLD_SAMPLES = 100;
const PORT = Number(values.port);
/** The cold rows post a lead before each view: no rate limit in the way. */
const NO_LEAD_LIMITS = { LEAD_RATE_LIMIT_IP: "100000", LEAD_RATE_LIMIT_EMAIL: "100000" };
const ADMIN = { email: "bench-admin@bench.test", password: "bench-pass-1", name: "Bench Admin" };

interface Row {
  db: string;
  target: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}
const rows: Row[] = [];
const queryRows: { db: string; period: string; figure: string; ms: number }[] = [];

async function postgresAnswers(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Seed, grant the bench administrator, and time each figure's queries in this process. */
async function prepare(handle: DatabaseHandle, label: string): Promise<string> {
  const started = performance.now();
  await seedLeads(handle.db, LEADS);
  await seedWork(handle.db, WORK);
  await handle.db.execute(sql`
    insert into user_roles (user_id, role)
    select id, 'admin' from "user" where email = ${ADMIN.email}
    on conflict do nothing`);
  // What the database's own upkeep does after a bulk load: autovacuum on PostgreSQL, the
  // scheduled vacuum job on PGlite (which the server also runs within a minute of starting).
  if (handle.driver === "pglite") await maintainTables(handle.db);
  else await handle.db.execute(sql`vacuum (analyze)`);
  console.log(
    `${label}: seeded ${LEADS} leads, ${WORK.clients} clients, ${WORK.projects} projects, ${WORK.messages} messages in ${Math.round(performance.now() - started)} ms`,
  );
  for (const range of ["90", "365"] as const) {
    const period = resolvePeriod({ range }, new Date());
    const times = new Map<string, number[]>();
    for (let i = 0; i < 5; i++) {
      await buildFigures(
        { db: handle.db, scope: { kind: "all" }, isAdmin: true, period, now: new Date() },
        { oneByOne: true, onTiming: (id, ms) => times.set(id, [...(times.get(id) ?? []), ms]) },
      );
    }
    for (const [figure, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      queryRows.push({ db: label, period: `${range} days`, figure, ms: sorted[2] ?? 0 });
    }
  }
  const client = await handle.db.execute(sql`select id from clients order by name, id limit 1`);
  return (client.rows[0] as { id: string }).id;
}

async function measure(
  label: string,
  env: Record<string, string>,
  cookie: string,
  /** A seeded client the agency writes to between views. */
  clientId: string,
) {
  const app = await startBuiltServer(PORT, env);
  try {
    const check = await fetch(`${app.url}/portal/analytics`, {
      headers: { cookie },
      redirect: "manual",
    });
    if (check.status !== 200) {
      throw new Error(
        `${label}: /portal/analytics answered ${check.status} ${check.headers.get("location") ?? ""}`,
      );
    }
    // The same signed-in portal shell without figures, in the same run: what the machine gives
    // any portal page at this moment (the machine is shared; its load shows in every line).
    const base = await autocannon({
      url: `${app.url}/portal/settings`,
      headers: { cookie },
      connections: 1,
      duration: DURATION,
    });
    rows.push({
      db: label,
      target: "/portal/settings (baseline)",
      connections: 1,
      rps: Math.round(base.requests.average),
      p50: base.latency.p50,
      p99: base.latency.p99,
      non2xx: base.non2xx,
    });
    // Repeated views first: nothing is posted meanwhile, so they show the page as kept.
    for (const range of ["90", "365"]) {
      const url = `${app.url}/portal/analytics?range=${range}`;
      await autocannon({ url, headers: { cookie }, connections: 1, duration: 2 }); // warm-up
      for (const connections of [1, 4]) {
        const r = await autocannon({ url, headers: { cookie }, connections, duration: DURATION });
        if (r.non2xx > 0)
          console.log(`${label} ${url}: status codes`, JSON.stringify(r.statusCodeStats));
        rows.push({
          db: label,
          target: `/portal/analytics?range=${range}`,
          connections,
          rps: Math.round(r.requests.average),
          p50: r.latency.p50,
          p99: r.latency.p99,
          non2xx: r.non2xx,
        });
      }
    }
    // The first view after a change, one visitor at a time, for each kind of change: a lead
    // arrives (through the website's endpoint: the leads figures are recomputed) or the agency
    // sends a client a message (through the portal's form: the work figures are recomputed).
    const changes: { name: string; post: (i: number, range: string) => Promise<Response> }[] = [
      {
        name: "after each new lead",
        post: (i, range) =>
          fetch(`${app.url}/functions/v1/send-contact-email`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: app.url },
            body: JSON.stringify({
              name: "Bench lead",
              email: `cold${range}-${i}@bench.test`,
              message: "A lead that arrives between two views of Analytics.",
            }),
          }),
      },
      {
        name: "after each new message",
        post: (i, range) =>
          fetch(`${app.url}/portal/messages`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie, origin: app.url },
            body: new URLSearchParams({
              intent: "send",
              clientId,
              subject: `Bench update ${range}-${i}`,
              content: "A message sent between two views of Analytics.",
            }),
          }),
      },
    ];
    for (const change of changes) {
      for (const range of ["90", "365"]) {
        const url = `${app.url}/portal/analytics?range=${range}`;
        const cold: number[] = [];
        let coldFailures = 0;
        for (let i = 0; i < COLD_SAMPLES; i++) {
          const posted = await change.post(i, range);
          await posted.arrayBuffer();
          const started = performance.now();
          const page = await fetch(url, { headers: { cookie } });
          await page.arrayBuffer();
          cold.push(performance.now() - started);
          if (posted.status >= 400 || !page.ok) coldFailures++;
        }
        cold.sort((a, b) => a - b);
        const at = (q: number) =>
          Math.round(cold[Math.min(cold.length - 1, Math.floor(q * cold.length))] ?? 0);
        rows.push({
          db: label,
          target: `/portal/analytics?range=${range} ${change.name} (${COLD_SAMPLES} views)`,
          connections: 1,
          rps: Math.round(1000 / (cold.reduce((a, b) => a + b, 0) / cold.length)),
          p50: at(0.5),
          p99: at(0.99),
          non2xx: coldFailures,
        });
      }
    }
  } finally {
    await app.stop();
  }
}

async function signUpAdmin(env: Record<string, string>) {
  const app = await startBuiltServer(PORT, env);
  try {
    return await signUpOver(app.url, ADMIN);
  } finally {
    await app.stop();
  }
}

// PGlite: the server owns the data folder while it runs, so seed between two runs.
{
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-analytics-"));
  const env = { DATA_DIR: dataDir, DATABASE_URL: "", ...NO_LEAD_LIMITS };
  const cookie = await signUpAdmin(env);
  const handle = await openPglite({ dataDir: path.join(dataDir, "pgdata") });
  await migrateDatabase(handle);
  const clientId = await prepare(handle, "PGlite");
  await handle.close();
  await measure("PGlite", env, cookie, clientId);
}

if (await postgresAnswers(values.postgres)) {
  const name = `bench_analytics_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: values.postgres });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(values.postgres);
  url.pathname = `/${name}`;
  try {
    // One data folder for both runs: it holds the generated AUTH_SECRET the cookie is signed with.
    const env = {
      ...NO_LEAD_LIMITS,
      DATABASE_URL: url.toString(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-analytics-")),
    };
    const cookie = await signUpAdmin(env);
    const handle = await openPostgres(url.toString(), 2);
    const clientId = await prepare(handle, "PostgreSQL");
    await handle.close();
    await measure("PostgreSQL", env, cookie, clientId);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log(`PostgreSQL does not answer at ${values.postgres}: measured on PGlite only.`);
}

console.log(
  `\nAnalytics with ${LEADS} leads, ${WORK.clients} clients, ${WORK.projects} projects and ${WORK.messages} messages seeded; autocannon ${DURATION} s per line, loopback\n`,
);
console.log("| database | page | connections | req/s | p50 ms | p99 ms | non-2xx | p99 < 300 ms |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.db} | ${r.target} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.p99 < 300 ? "yes" : "NO"} |`,
  );
}
console.log(
  "\nEach figure's queries (median of 5, in process, one at a time; a query several figures share counts for the first: leads-by-week runs both lead queries, projects-by-status the project counts):\n",
);
console.log("| database | period | figure | ms |");
console.log("|---|---|---|---|");
for (const q of queryRows) {
  console.log(`| ${q.db} | ${q.period} | ${q.figure} | ${q.ms.toFixed(1)} |`);
}
for (const db of new Set(queryRows.map((q) => q.db))) {
  for (const period of ["90 days", "365 days"]) {
    const top = queryRows
      .filter((q) => q.db === db && q.period === period)
      .sort((a, b) => b.ms - a.ms)[0];
    if (top) console.log(`${db}, ${period}: ${top.figure} dominates (${top.ms.toFixed(1)} ms)`);
  }
}
console.log(
  `\nLoad average at the end (1, 5, 15 min, 2 cores): ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}`,
);
const failed = rows.some((r) => r.p99 >= 300 || r.non2xx > 0);
process.exitCode = failed ? 1 : 0;
