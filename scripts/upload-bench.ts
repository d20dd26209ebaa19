/**
 * npx tsx scripts/upload-bench.ts [-- --size-mb 20 --port 3569 --database-url postgres://…]
 * Upload and download of one file (20 MB by default) through the production build over
 * loopback, in MB/s, beside a plain `cp` of the same file in the same run; and the server's
 * resident memory (RSS) before and at its peak during the upload, sampled from /proc every
 * 20 ms. After `npm run build`. A script, not a test (decision 018).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { createProjectOver, uploadOver, versionLinks } from "./lib/upload-client.ts";
import { signUpOver, startBuiltServer } from "./serve-build.ts";

const { values } = parseArgs({
  options: {
    "size-mb": { type: "string", default: "20" },
    port: { type: "string", default: "3569" },
    "database-url": { type: "string", default: "" },
  },
});
const sizeMb = Number(values["size-mb"]);
const size = sizeMb * 1024 * 1024;

const work = mkdtempSync(path.join(tmpdir(), "upload-bench-"));
const source = path.join(work, "design.pdf");
const content = randomBytes(size);
content.write("%PDF-1.7\n", 0, "latin1");
writeFileSync(source, content);

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
const mbps = (s: number) => Math.round((sizeMb / s) * 10) / 10;

// The same file copied by cp (the page cache is warm for both).
let started = process.hrtime.bigint();
const copied = spawnSync("cp", [source, path.join(work, "copy.pdf")]);
if (copied.status !== 0) throw new Error(`cp failed: ${copied.stderr}`);
const cpSeconds = seconds(started);

const app = await startBuiltServer(Number(values.port), {
  MAX_UPLOAD_MB: String(Math.max(25, sizeMb + 1)),
  AUTH_RATE_LIMIT: "1000",
  ...(values["database-url"] ? { DATABASE_URL: values["database-url"] } : { DATABASE_URL: "" }),
});

/** The server's resident memory in MB (VmRSS), from /proc. */
function rssMb(): number {
  const status = readFileSync(`/proc/${app.process.pid}/status`, "utf8");
  const kb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

try {
  const cookie = await signUpOver(app.url, {
    email: `bench-${Date.now()}@example.co.za`,
    password: "secret-1",
    name: "Upload Bench",
  });
  const projectId = await createProjectOver(app.url, cookie, "Upload bench");

  // A small upload first, so the route and the database are warm.
  await uploadOver(app.url, cookie, projectId, {
    name: "warm.txt",
    size: 5,
    source: Readable.from([Buffer.from("hello")]),
  }).done;

  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 20);
  started = process.hrtime.bigint();
  const up = await uploadOver(app.url, cookie, projectId, {
    name: "design.pdf",
    size,
    source: createReadStream(source, { highWaterMark: 256 * 1024 }),
  }).done;
  const upSeconds = seconds(started);
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  if (up.status !== 200) throw new Error(`Upload failed: ${up.status} ${up.body}`);

  const [link] = await versionLinks(app.url, cookie, projectId);
  const target = path.join(work, "downloaded.pdf");
  started = process.hrtime.bigint();
  const down = await fetch(`${app.url}${link}`, { headers: { cookie } });
  if (!down.ok || !down.body) throw new Error(`Download failed: ${down.status}`);
  await pipeline(
    Readable.fromWeb(down.body as import("node:stream/web").ReadableStream),
    createWriteStream(target),
  );
  const downSeconds = seconds(started);
  if (statSync(target).size !== size || !readFileSync(target).equals(content))
    throw new Error("The downloaded file differs from the uploaded one");

  const database = values["database-url"] ? "PostgreSQL" : "PGlite (embedded)";
  console.log(`\n${sizeMb} MB file over loopback, ${database}`);
  console.table([
    { what: "cp (same file, same run)", seconds: cpSeconds.toFixed(3), "MB/s": mbps(cpSeconds) },
    { what: "upload (POST, streamed)", seconds: upSeconds.toFixed(3), "MB/s": mbps(upSeconds) },
    {
      what: "download (GET, streamed)",
      seconds: downSeconds.toFixed(3),
      "MB/s": mbps(downSeconds),
    },
  ]);
  console.log(
    `server RSS: ${before} MB before the upload, ${peak} MB at its peak during it (+${peak - before} MB for a ${sizeMb} MB file)`,
  );
} finally {
  await app.stop();
  rmSync(work, { recursive: true, force: true });
}
