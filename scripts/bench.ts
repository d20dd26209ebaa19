/**
 * npm run bench [-- --duration 5 --connections 20]
 * Requests/s and latency (p50/p99) of the production build for a public page, a signed-in
 * portal page and the contact endpoint, beside a plain Node static server answering the same
 * prerendered HTML from memory, in the same run; prints the ratios. A script, not a test.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { signUpOver, startBuiltServer } from "./serve-build.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    port: { type: "string", default: "3412" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Result> {
  const r = await autocannon({ connections, duration, ...options });
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const html = readFileSync("build/client/index.html");
const plain = http.createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": html.length });
  res.end(html);
});
await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;

const app = await startBuiltServer(Number(values.port), {
  LEAD_RATE_LIMIT_IP: "100000",
  LEAD_RATE_LIMIT_EMAIL: "100000",
  AUTH_RATE_LIMIT: "1000",
});

const results: Result[] = [];
try {
  const cookie = await signUpOver(app.url, {
    email: `bench-${Date.now()}@example.co.za`,
    password: "bench-pass-1",
    name: "Bench User",
  });

  // Warm up.
  await measure("warm-up", { url: `${app.url}/`, duration: 1 });

  results.push(await measure("plain static server: /", { url: plainUrl }));
  results.push(await measure("app: / (prerendered)", { url: `${app.url}/` }));
  results.push(
    await measure("app: /portal (SSR, signed in)", {
      url: `${app.url}/portal`,
      headers: { cookie },
    }),
  );
  results.push(
    await measure("app: POST /functions/v1/send-contact-email", {
      url: `${app.url}/functions/v1/send-contact-email`,
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({
        name: "Bench",
        email: "bench@example.co.za",
        message: "Benchmark message, please ignore.",
      }),
    }),
  );
} finally {
  await app.stop();
  plain.close();
}

const base = results[0] as Result;
console.log(
  `\nautocannon: ${connections} connections, ${duration} s each, loopback, 2 shared cores\n`,
);
console.log("| target | req/s | p50 ms | p99 ms | errors | non-2xx | req/s vs plain |");
console.log("|---|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${(r.rps / base.rps).toFixed(2)} |`,
  );
}
