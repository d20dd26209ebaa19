/**
 * npm run upload-bench [-- --size-mb 20 --storage all|disk|s3|db --port 3569 --s3-port 3568
 *                        --database-url postgres://…  --repeat 1]
 * Upload and download of one file (20 MB by default) through the production build over
 * loopback, in MB/s, for each file store (decision 091; S3 is a local s3rver), beside `cp` and
 * `dd` (write with fsync; read back without the page cache and from it) of the same size on the
 * same disk in the same run. The timed upload and download are curl's (a client that is not the
 * bottleneck: Node's fetch hashing what it downloads was, decision 109); the download is then
 * checked byte for byte, untimed. And the
 * server's resident memory (RSS) before and at its peak during the upload and the download,
 * sampled from /proc every 20 ms; and a resumable upload (tus, decision 092) of the same file
 * in pieces sized as the page sizes them (`nextPieceBytes`, decision 116), each streamed from the
 * file by Node's http (decision 127). Times are the tools' own (dd's report, curl's time_total):
 * starting curl took 0.2–1.5 s of wall time on this loaded machine, more than a 20 MB upload
 * itself. A 5-byte upload gives a request's fixed cost. `--repeat N`: N runs on one server, each
 * with a dd write beside it (the disk's speed in that minute), the medians reported, with each
 * upload's share of dd's write (the median of the runs' ratios) and the load average.
 * After `npm run build`. A script, not a test (decision 018).
 */
import { execFile, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs, promisify } from "node:util";
import S3rver from "s3rver";
import { FIRST_PIECE_BYTES, nextPieceBytes } from "../app/lib/files.ts";
import { createProjectOver, patchFileOver, versionLinks } from "./lib/upload-client.ts";
import { signUpOver, startBuiltServer } from "./serve-build.ts";

const { values } = parseArgs({
  options: {
    "size-mb": { type: "string", default: "20" },
    storage: { type: "string", default: "all" },
    port: { type: "string", default: "3569" },
    "s3-port": { type: "string", default: "3568" },
    "database-url": { type: "string", default: "" },
    repeat: { type: "string", default: "1" },
  },
});
const sizeMb = Number(values["size-mb"]);
const size = sizeMb * 1024 * 1024;
const repeat = Math.max(1, Number(values.repeat));
const storages = values.storage === "all" ? ["disk", "s3", "db"] : [values.storage as string];

const work = mkdtempSync(path.join(tmpdir(), "upload-bench-"));
const source = path.join(work, "design.pdf");
// Written in pieces, so the bench itself does not hold the file either.
const sourceHash = createHash("sha256");
{
  const out = createWriteStream(source);
  for (let left = size; left > 0; ) {
    const piece = randomBytes(Math.min(left, 4 * 1024 * 1024));
    if (left === size) piece.write("%PDF-1.7\n", 0, "latin1");
    sourceHash.update(piece);
    left -= piece.length;
    if (!out.write(piece)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}
const expected = sourceHash.digest("hex");

/** The 1-minute load average (other sessions' work on the same cores). */
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ")[0] as string;
const startLoad = loadAverage();
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[half] as number)
    : ((sorted[half - 1] as number) + (sorted[half] as number)) / 2;
};
/** `seconds` against dd's `ddSeconds` for the same bytes, as a share of dd's speed. */
const percent = (ddSeconds: number, seconds: number) =>
  `${Math.round((100 * ddSeconds) / seconds)} %`;

interface Sampled {
  seconds: number;
  before: number;
  peak: number;
}
interface Rep {
  load: string;
  ddWrite: number;
  up: Sampled;
  resumable: Sampled;
  down: Sampled;
  pieces: number;
}

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
const mbps = (s: number) => Math.round((sizeMb / s) * 10) / 10;
const row = (what: string, s: number) => ({ what, seconds: s.toFixed(3), "MB/s": mbps(s) });

function timed(command: string, args: string[]) {
  const started = process.hrtime.bigint();
  const done = spawnSync(command, args);
  if (done.status !== 0) throw new Error(`${command} failed: ${done.stderr}`);
  return seconds(started);
}

/** dd, timed by dd itself ("… copied, 0.0421 s, …"): not the time to start it. */
function dd(args: string[]) {
  const done = spawnSync("dd", args);
  const took = String(done.stderr).match(/copied, ([\d.]+) s/)?.[1];
  if (done.status !== 0 || !took) throw new Error(`dd failed: ${done.stderr}`);
  return Number(took);
}

/** dd's write with an fsync of the file's size, in the bench's folder (the store's disk). */
function ddWriteSeconds() {
  const target = path.join(work, "dd.bin");
  const took = dd(["if=/dev/zero", `of=${target}`, "bs=1M", `count=${sizeMb}`, "conv=fsync"]);
  rmSync(target);
  return took;
}

// The disk's own speed, in the same folder the disk store writes to.
const baseline = [
  row("cp (same file, same disk; wall time)", timed("cp", [source, path.join(work, "copy.pdf")])),
  row(
    "dd write, fsync (same disk)",
    dd([
      "if=/dev/zero",
      `of=${path.join(work, "dd.bin")}`,
      "bs=1M",
      `count=${sizeMb}`,
      "conv=fsync",
    ]),
  ),
  row(
    "dd read, O_DIRECT (same disk, no page cache)",
    dd([`if=${path.join(work, "dd.bin")}`, "of=/dev/null", "bs=1M", "iflag=direct"]),
  ),
  // A download of a file just uploaded is served from the page cache too.
  row(
    "dd read (same file, from the page cache)",
    dd([`if=${path.join(work, "dd.bin")}`, "of=/dev/null", "bs=1M"]),
  ),
];
rmSync(path.join(work, "copy.pdf"));
rmSync(path.join(work, "dd.bin"));

const tiny = path.join(work, "small.txt");
writeFileSync(tiny, "hello");

const s3Dir = path.join(work, "s3");
mkdirSync(s3Dir);
const s3 = storages.includes("s3")
  ? new S3rver({
      address: "127.0.0.1",
      port: Number(values["s3-port"]),
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "bench-files", configs: [] }],
    })
  : null;
await s3?.run();

const run = promisify(execFile);

/** curl, discarding the answer: its status and its own time for the transfer. */
async function curl(cookie: string, args: string[]) {
  const { stdout } = await run(
    "curl",
    [
      "-sS",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code} %{time_total}",
      "-H",
      `cookie: ${cookie}`,
      ...args,
    ],
    { maxBuffer: 1024 * 1024 },
  );
  const [status = "", total = "0"] = stdout.trim().split(" ");
  return { status, seconds: Number(total) };
}

const results: Record<string, unknown>[] = [];
const memory: string[] = [];
try {
  for (const storage of storages) {
    const dataDir = path.join(work, `data-${storage}`);
    const app = await startBuiltServer(Number(values.port), {
      MAX_UPLOAD_MB: String(Math.max(25, sizeMb + 1)),
      AUTH_RATE_LIMIT: "1000",
      DATA_DIR: dataDir,
      FILE_STORAGE: storage,
      ...(storage === "s3"
        ? {
            S3_ENDPOINT: `http://127.0.0.1:${values["s3-port"]}`,
            S3_BUCKET: "bench-files",
            S3_ACCESS_KEY_ID: "S3RVER",
            S3_SECRET_ACCESS_KEY: "S3RVER",
          }
        : {}),
      ...(values["database-url"] ? { DATABASE_URL: values["database-url"] } : { DATABASE_URL: "" }),
    });
    const cookie = await signUpOver(app.url, {
      email: `bench-${storage}-${Date.now()}@example.co.za`,
      password: "secret-1",
      name: "Upload Bench",
    });
    const projectId = await createProjectOver(app.url, cookie, "Upload bench");
    /** The server's resident memory in MB (VmRSS), from /proc. */
    const rssMb = () => {
      const status = readFileSync(`/proc/${app.process.pid}/status`, "utf8");
      return Math.round(Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0) / 1024);
    };
    /** `work`'s result, its time (its own, else the wall's), and the server's RSS around it. */
    const sampled = async <T extends { seconds?: number }>(work: () => Promise<T>) => {
      const before = rssMb();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb());
      }, 20);
      const started = process.hrtime.bigint();
      try {
        const result = await work();
        const took = result.seconds ?? seconds(started);
        return { result, seconds: took, before, peak: Math.max(peak, rssMb()) };
      } finally {
        clearInterval(sampler);
      }
    };
    const upload = (file: string, name: string) =>
      curl(cookie, [
        "-H",
        `origin: ${app.url}`,
        "-H",
        "accept: application/json",
        "-H",
        "Expect:",
        "-F",
        `files=@${file};filename=${name};type=application/pdf`,
        `${app.url}/portal/projects/${projectId}/files`,
      ]);
    try {
      // A small upload first, so the route and the store are warm; then three more: a
      // request's fixed cost (the session, the pending row, the sync, the version's transaction).
      const fixed: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const small = await upload(tiny, `small-${i}.txt`);
        if (small.status !== "200") throw new Error(`Upload failed: ${small.status}`);
        if (i > 0) fixed.push(small.seconds * 1000);
      }

      // Each repetition: dd's write beside the upload (the disk's speed in that minute), the
      // form's upload, the page's resumable upload, the download. Medians are reported.
      const tus = { "Tus-Resumable": "1.0.0", origin: app.url, cookie };
      const reps: Rep[] = [];
      for (let rep = 0; rep < repeat; rep += 1) {
        const load = loadAverage();
        const ddWrite = ddWriteSeconds();
        const up = await sampled(() => upload(source, `design-${rep}.pdf`));
        if (up.result.status !== "200") throw new Error(`Upload failed: ${up.result.status}`);

        // The page's way (decision 092): a resumable upload, created, then sent in PATCHes
        // sized as the page sizes them (decision 116), each streamed from the file by Node's
        // http as a browser sends a slice of a File (decision 127: Node's fetch, copying and
        // wrapping a 64 MB Buffer in the bench's process, was a third slower than curl).
        const pieceTimes: string[] = [];
        const resumable = await sampled(async () => {
          const creating = performance.now();
          const created = await fetch(`${app.url}/portal/projects/${projectId}/uploads`, {
            method: "POST",
            headers: {
              ...tus,
              "Upload-Length": String(size),
              "Upload-Metadata": `filename ${Buffer.from(`resumable-${rep}.pdf`).toString("base64")}`,
            },
          });
          const location = created.headers.get("Location");
          if (created.status !== 201 || !location) throw new Error(`Create: ${created.status}`);
          pieceTimes.push(`create ${Math.round(performance.now() - creating)} ms`);
          let pieceBytes = FIRST_PIECE_BYTES;
          for (let offset = 0; offset < size; ) {
            const length = Math.min(pieceBytes, size - offset);
            const began = performance.now();
            const res = await patchFileOver(app.url, location, tus, source, offset, length);
            if (res.status !== 204) throw new Error(`PATCH: ${res.status} ${res.body}`);
            offset = res.offset;
            const took = performance.now() - began;
            pieceTimes.push(`${(length / 1024 / 1024).toFixed(1)} MB ${Math.round(took)} ms`);
            pieceBytes = nextPieceBytes(length, took);
          }
          return {}; // timed by the wall clock
        });

        // The newest link is the resumable upload's; the one after it the curl upload's.
        const [link, curlLink] = await versionLinks(app.url, cookie, projectId);
        const down = await sampled(() => curl(cookie, [`${app.url}${curlLink}`]));
        if (down.result.status !== "200") throw new Error(`Download failed: ${down.result.status}`);
        // Untimed: both uploads arrived whole.
        for (const check of [link, curlLink]) {
          const got = createHash("sha256");
          const res = await fetch(`${app.url}${check}`, { headers: { cookie } });
          if (!res.ok || !res.body) throw new Error(`Download failed: ${res.status}`);
          await pipeline(
            Readable.fromWeb(res.body as import("node:stream/web").ReadableStream),
            new Transform({
              transform(piece, _encoding, done) {
                got.update(piece);
                done();
              },
            }),
          );
          if (got.digest("hex") !== expected)
            throw new Error("The downloaded file differs from the uploaded one");
        }
        reps.push({ load, ddWrite, up, resumable, down, pieces: pieceTimes.length - 1 });
        memory.push(
          `${storage} #${rep + 1} (load ${load}): dd write ${mbps(ddWrite)} MB/s, upload ${mbps(up.seconds)} MB/s (${percent(ddWrite, up.seconds)} of dd), resumable ${mbps(resumable.seconds)} MB/s (${percent(ddWrite, resumable.seconds)}; ${pieceTimes.join(", ")}), download ${mbps(down.seconds)} MB/s`,
        );
      }
      const mid = (pick: (r: Rep) => number) => median(reps.map(pick));
      const ddMid = mid((r) => r.ddWrite);
      // The median of each run's ratio to the dd write beside it.
      const of = (pick: (r: Rep) => number) =>
        `${Math.round(100 * mid((r) => r.ddWrite / pick(r)))} %`;
      results.push(row(`${storage}: dd write, fsync, beside each run (median)`, ddMid));
      results.push({
        ...row(
          `${storage}: upload (curl, multipart POST; median)`,
          mid((r) => r.up.seconds),
        ),
        "vs dd": of((r) => r.up.seconds),
      });
      results.push(
        row(
          `${storage}: download (curl, GET; median)`,
          mid((r) => r.down.seconds),
        ),
      );
      results.push({
        ...row(
          `${storage}: resumable upload (tus, ${reps[0]?.pieces} PATCHes, Node http; median)`,
          mid((r) => r.resumable.seconds),
        ),
        "vs dd": of((r) => r.resumable.seconds),
      });
      fixed.sort((a, b) => a - b);
      results.push({
        what: `${storage}: a 5-byte upload (a request's fixed cost, median of 3)`,
        seconds: ((fixed[1] ?? 0) / 1000).toFixed(3),
        "MB/s": "",
      });
      const peak = (pick: (r: Rep) => { peak: number }) =>
        Math.max(...reps.map((r) => pick(r).peak));
      const first = reps[0] as Rep;
      memory.push(
        `${storage}: server RSS ${first.up.before} MB before; peak ${peak((r) => r.up)} MB during the uploads (+${peak((r) => r.up) - first.up.before}), ${peak((r) => r.down)} MB during the downloads, ${peak((r) => r.resumable)} MB during the resumable uploads`,
      );
    } finally {
      await app.stop();
    }
  }
  const database = values["database-url"] ? "PostgreSQL" : "PGlite (embedded)";
  console.log(
    `\n${sizeMb} MB file over loopback, ${database}; load average ${startLoad} at the start, ${loadAverage()} at the end`,
  );
  console.table([...baseline, ...results]);
  for (const line of memory) console.log(line);
} finally {
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
}
