/**
 * npm run upload-bench [-- --size-mb 20 --storage all|disk|s3|db|disk,s3 --port 3569 --s3-port 3568
 *                        --database-url postgres://…  --repeat 1]
 * Upload and download of one file (20 MB by default) through the production build over
 * loopback, in MB/s, for each file store (decision 091; S3 is a local s3rver), beside the
 * disk's own speeds of the same file on the same disk in the same minute (decision 132): dd's
 * write without a sync (it ends in the page cache), with `conv=fsync` (the store writes a temp
 * file, fsyncs it and renames it), with `oflag=direct conv=fsync`, and cp + fsync; dd's read
 * cold (after `sync; echo 3 > /proc/sys/vm/drop_caches` — run as root only; without root it is
 * left out and said so), with `iflag=direct`, and warm (from the page cache). Each upload is
 * given as a share of both writes (no sync, fsync); the download of the file just uploaded as a
 * share of the warm read, and, as root, the same download after dropping the page cache as a
 * share of the cold read. Dropping the page cache slows every process's next reads on the
 * machine for a moment: the bench does it only to measure, and only as root.
 * The timed upload and download are curl's (a client that is not the
 * bottleneck: Node's fetch hashing what it downloads was, decision 109); the download is then
 * checked byte for byte, untimed. And the
 * server's resident memory (RSS) before and at its peak during the upload and the download,
 * sampled from /proc every 20 ms; and a resumable upload (tus, decision 092) of the same file
 * in pieces sized as the page sizes them (`nextPieceBytes`, `pieceLength`, decisions 116, 134), each
 * sent by curl from a file cut from the source beforehand, untimed (decision 146; Node's http
 * before). And the CPU each transfer cost the server, by thread, and the client (curl), from
 * /proc (decision 146). Times are the tools' own (dd's report, curl's time_total):
 * starting curl took 0.2–1.5 s of wall time on this loaded machine, more than a 20 MB upload
 * itself. A 5-byte upload gives a request's fixed cost. `--repeat N`: N runs on one server, each
 * with the disk's speeds measured beside it, the medians reported, with each transfer's share
 * of dd (the median of the runs' ratios) and the load average. Like for like (decision 159):
 * each of dd's writes and each upload writes a new file (the source's last 4 KB are new random
 * bytes before each upload) from a settled disk (`sync`, untimed, before each), each dd write
 * is the median of three, and the reads that drop the page cache come after a run's uploads. `--cpu-prof DIR`: the server
 * writes a CPU profile there when it stops (`node --cpu-prof`).
 * After `npm run build`. A script, not a test (decision 018).
 */
import { execFile, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  accessSync,
  closeSync,
  constants,
  copyFileSync,
  createWriteStream,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs, promisify } from "node:util";
import S3rver from "s3rver";
import { FIRST_PIECE_BYTES, nextPieceBytes, pieceLength } from "../app/lib/files.ts";
import { createProjectOver, versionLinks } from "./lib/upload-client.ts";
import { signUpOver, startBuiltServer } from "./serve-build.ts";

const { values } = parseArgs({
  options: {
    "size-mb": { type: "string", default: "20" },
    storage: { type: "string", default: "all" },
    port: { type: "string", default: "3569" },
    "s3-port": { type: "string", default: "3568" },
    "database-url": { type: "string", default: "" },
    repeat: { type: "string", default: "1" },
    "cpu-prof": { type: "string", default: "" },
  },
});
const sizeMb = Number(values["size-mb"]);
const size = sizeMb * 1024 * 1024;
const repeat = Math.max(1, Number(values.repeat));
// "all", one store, or several separated by commas ("disk,s3").
const storages =
  values.storage === "all" ? ["disk", "s3", "db"] : (values.storage as string).split(",");

const work = mkdtempSync(path.join(tmpdir(), "upload-bench-"));
const source = path.join(work, "design.pdf");
/**
 * The last TAIL_BYTES of the source are new random bytes before each upload (`freshContent`):
 * every upload is then new content, as a real one is. With the same bytes every time, each
 * upload after the first was renamed over the last one's file (the store names files by their
 * SHA-256) and paid for freeing its 200 MB in its own fsyncs; dd writes a new file.
 */
const TAIL_BYTES = 4096;
// Written in pieces, so the bench itself does not hold the file either; hashed up to its tail.
const headHash = createHash("sha256");
{
  const out = createWriteStream(source);
  for (let left = size; left > 0; ) {
    const piece = randomBytes(Math.min(left, 4 * 1024 * 1024));
    if (left === size) piece.write("%PDF-1.7\n", 0, "latin1");
    left -= piece.length;
    // The part of this piece before the tail.
    headHash.update(piece.subarray(0, Math.max(0, piece.length - Math.max(0, TAIL_BYTES - left))));
    if (!out.write(piece)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
}
/** A new tail for the source (untimed); returns the SHA-256 the whole file now has. */
function freshContent(): string {
  const tail = randomBytes(TAIL_BYTES);
  const handle = openSync(source, "r+");
  try {
    writeSync(handle, tail, 0, TAIL_BYTES, size - TAIL_BYTES);
  } finally {
    closeSync(handle);
  }
  return headHash.copy().update(tail).digest("hex");
}

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
  /** The server's CPU during it (ms, every thread), and by thread name. */
  serverCpu: number;
  threads: Record<string, number>;
  /** The client's CPU (curl; ms), from this process's waited-for children. */
  clientCpu: number;
}
interface Rep {
  load: string;
  disk: Disk;
  up: Sampled;
  resumable: Sampled;
  /** The file just uploaded, from the page cache. */
  down: Sampled;
  /** The same file after the page cache was dropped (root only; else null). */
  coldDown: Sampled | null;
  pieces: number;
}

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
const mbps = (s: number) => Math.round((sizeMb / s) * 10) / 10;
const row = (what: string, s: number) => ({ what, seconds: s.toFixed(3), "MB/s": mbps(s) });

/**
 * CPU time in ms from /proc (clock ticks, 10 ms each): a process's threads grouped by name
 * (the server's main thread "node", its hashing thread "sha256", the thread pool
 * "libuv-worker", V8's garbage-collector helpers "V8 DefaultWorke"…), and this process's
 * waited-for children (curl, dd) from its own cutime + cstime.
 */
const TICK_MS = 10;
function threadCpu(pid: number): Record<string, number> {
  const byName: Record<string, number> = {};
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const task of tasks) {
    let stat = "";
    try {
      stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
    } catch {
      continue; // a thread that ended
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    byName[name] = (byName[name] ?? 0) + ms;
  }
  return byName;
}
/** The whole process's CPU (every thread, those ended too), in ms. */
function processCpu(pid: number | "self"): { own: number; children: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    own: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
    children: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
  };
}

/** dd, timed by dd itself ("… copied, 0.0421 s, …"): not the time to start it. */
function dd(args: string[]) {
  const done = spawnSync("dd", args);
  const took = String(done.stderr).match(/copied, ([\d.]+) s/)?.[1];
  if (done.status !== 0 || !took) throw new Error(`dd failed: ${done.stderr}`);
  return Number(took);
}

/** Whether the page cache can be dropped (root only): the cold read below. */
const canDropCaches = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    accessSync("/proc/sys/vm/drop_caches", constants.W_OK);
    return true;
  } catch {
    return false;
  }
})();

/**
 * Every clean page in the machine's page cache dropped (`sync; echo 3 > drop_caches`), so the
 * next read of a file comes from the disk. Root only, and only here, for a measurement: it
 * slows every other process's next reads for a moment (decision 132).
 */
function dropCaches() {
  spawnSync("sync");
  writeFileSync("/proc/sys/vm/drop_caches", "3\n");
  // The bench's own file back into the page cache: it is dd's input and curl's upload, and a
  // cold source would slow the next write or upload measured, not the disk or the server.
  dd([`if=${source}`, "of=/dev/null", "bs=1M"]);
}

/** The disk's own speeds in one minute (decision 132), in seconds for `size` bytes. */
interface Disk {
  /** dd of the file, no sync: it ends in the page cache (what a plain `dd` reports). */
  pageWrite: number;
  /** dd of the file with `conv=fsync`: written and flushed to the disk, as the store does. */
  fsyncWrite: number;
  /** dd with `oflag=direct conv=fsync`: past the page cache, then flushed. */
  directWrite: number;
  /** cp of the file (copy_file_range) then fsync, in this process (no program to start). */
  cpSync: number;
  /** dd read after the page cache was dropped (root only; else NaN). */
  coldRead: number;
  /** dd read with `iflag=direct` (no page cache; without root the only uncached read). */
  directRead: number;
  /** dd read of the same file from the page cache (a file just uploaded is read from it). */
  warmRead: number;
}

/**
 * What the machine has still to write (dirty pages, freed blocks, a journal commit) written
 * now, untimed: before each timed write, dd's and the upload's alike, so neither pays for the
 * other's leftovers in its fsync. Before, the upload came right after dd's 200 MB file was
 * removed, and its first fsync committed that removal too.
 */
const settle = () => spawnSync("sync");

/** How many times each write of the disk is timed beside each run (the median is kept). */
const WRITE_TIMES = 3;

/**
 * The disk's writes, in the bench's folder (the store's disk: DATA_DIR is under it), with the
 * bench's own file (random bytes, in the page cache) as dd's input: zeros from /dev/zero went
 * 20–40 % faster than the same count of random bytes on this VM's disk. Each is a new file
 * written from a settled disk (as an upload is: the store writes a new temporary file), timed
 * WRITE_TIMES times, the median kept: one 20 MB dd takes 10–25 ms and varied by ±50 % from one
 * run to the next (decision 132). `dd.bin` stays for `readSpeeds`.
 */
function writeSpeeds(): Pick<Disk, "pageWrite" | "fsyncWrite" | "directWrite" | "cpSync"> {
  const target = path.join(work, "dd.bin");
  const copy = path.join(work, "copy.bin");
  const fresh = (file: string) => {
    rmSync(file, { force: true });
    settle();
  };
  const timed = (once: () => number) =>
    median(
      Array.from({ length: WRITE_TIMES }, () => {
        fresh(target);
        fresh(copy);
        return once();
      }),
    );
  const write = (...extra: string[]) =>
    timed(() => dd([`if=${source}`, `of=${target}`, "bs=1M", ...extra]));
  const pageWrite = write();
  const cpSync = timed(() => {
    const started = process.hrtime.bigint();
    copyFileSync(source, copy);
    const handle = openSync(copy, "r+");
    fsyncSync(handle);
    closeSync(handle);
    return seconds(started);
  });
  rmSync(copy, { force: true });
  const directWrite = write("oflag=direct", "conv=fsync");
  // Last, so that dd.bin is this one's (flushed) for the reads.
  const fsyncWrite = write("conv=fsync");
  return { pageWrite, fsyncWrite, directWrite, cpSync };
}

/**
 * The disk's reads of `writeSpeeds`' file: cold (root only: the page cache dropped first),
 * with `iflag=direct`, and warm. Measured after the uploads of a run, not before them: dropping
 * the page cache also drops the server's cached directories and files, which the upload after
 * it then read again from the disk while dd's write before the drop had not.
 */
function readSpeeds(): Pick<Disk, "coldRead" | "directRead" | "warmRead"> {
  const target = path.join(work, "dd.bin");
  const read = (...extra: string[]) => dd([`if=${target}`, "of=/dev/null", "bs=1M", ...extra]);
  let coldRead = Number.NaN;
  if (canDropCaches) {
    dropCaches();
    coldRead = read();
  }
  const directRead = read("iflag=direct");
  read(); // into the page cache
  const warmRead = read();
  rmSync(target);
  return { coldRead, directRead, warmRead };
}

// The disk's own speed, in the same folder the disk store writes to, before the servers start.
const first: Disk = { ...writeSpeeds(), ...readSpeeds() };
const baseline = [
  row(`dd write, no sync (ends in the page cache; median of ${WRITE_TIMES})`, first.pageWrite),
  row(
    `dd write, conv=fsync (same disk; the store fsyncs each file; median of ${WRITE_TIMES})`,
    first.fsyncWrite,
  ),
  row(`dd write, oflag=direct conv=fsync (median of ${WRITE_TIMES})`, first.directWrite),
  row(`cp + fsync (copy_file_range, in process; median of ${WRITE_TIMES})`, first.cpSync),
  canDropCaches
    ? row("dd read, cold (page cache dropped first)", first.coldRead)
    : {
        what: "dd read, cold: not measured (dropping the page cache needs root)",
        seconds: "",
        "MB/s": "",
      },
  row("dd read, iflag=direct (no page cache)", first.directRead),
  row("dd read, warm (same file, from the page cache)", first.warmRead),
];

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
async function curl(cookie: string, args: string[], write = "") {
  const { stdout } = await run(
    "curl",
    [
      "-sS",
      "-o",
      "/dev/null",
      "-w",
      `%{http_code} %{time_total}${write}`,
      "-H",
      `cookie: ${cookie}`,
      ...args,
    ],
    { maxBuffer: 1024 * 1024 },
  );
  const [status = "", total = "0", extra = ""] = stdout.trim().split(" ");
  return { status, seconds: Number(total), extra };
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
      ...(values["cpu-prof"]
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(values["cpu-prof"])}` }
        : {}),
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
    const pid = app.process.pid as number;
    const sampled = async <T extends { seconds?: number; notClientCpu?: number }>(
      work: () => Promise<T>,
    ) => {
      const before = rssMb();
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb());
      }, 20);
      const cpuBefore = processCpu(pid).own;
      const threadsBefore = threadCpu(pid);
      const clientBefore = processCpu("self").children;
      const started = process.hrtime.bigint();
      try {
        const result = await work();
        const took = result.seconds ?? seconds(started);
        const threadsAfter = threadCpu(pid);
        const threads: Record<string, number> = {};
        for (const [name, ms] of Object.entries(threadsAfter)) {
          const spent = ms - (threadsBefore[name] ?? 0);
          if (spent > 0) threads[name] = spent;
        }
        return {
          result,
          seconds: took,
          before,
          peak: Math.max(peak, rssMb()),
          serverCpu: processCpu(pid).own - cpuBefore,
          threads,
          clientCpu: processCpu("self").children - clientBefore - (result.notClientCpu ?? 0),
        };
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
        // The disk's writes, then the uploads, each from a settled disk and each of a new file;
        // the reads (which drop the page cache) after them.
        const writes = writeSpeeds();
        const upExpected = freshContent();
        settle();
        const up = await sampled(() => upload(source, `design-${rep}.pdf`));
        if (up.result.status !== "200") throw new Error(`Upload failed: ${up.result.status}`);

        // The page's way (decision 092): a resumable upload, created, then sent in PATCHes
        // sized as the page sizes them (decision 116). Each PATCH is curl's, sending the piece
        // from a file of its own cut from the source beforehand, untimed (a page sends a slice
        // of a File; curl sends whole files): the client is the same lean one as the form's
        // upload. Node's http streaming the slice cost the bench's process more CPU than curl,
        // on the same two cores as the server (decision 146). Timed: the create plus each
        // PATCH's curl time_total.
        const pieceTimes: string[] = [];
        const pieceFile = path.join(work, "piece.bin");
        const resumableExpected = freshContent();
        settle();
        const resumable = await sampled(async () => {
          const creating = process.hrtime.bigint();
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
          let took = seconds(creating);
          pieceTimes.push(`create ${Math.round(took * 1000)} ms`);
          let notClientCpu = 0;
          let pieceBytes = FIRST_PIECE_BYTES;
          for (let offset = 0; offset < size; ) {
            const length = pieceLength(pieceBytes, size - offset);
            const cutting = processCpu("self").children;
            dd([
              `if=${source}`,
              `of=${pieceFile}`,
              "bs=1M",
              `skip=${offset}`,
              `count=${length}`,
              "iflag=skip_bytes,count_bytes",
            ]);
            settle();
            notClientCpu += processCpu("self").children - cutting;
            const res = await curl(
              cookie,
              [
                "-X",
                "PATCH",
                "-H",
                "Tus-Resumable: 1.0.0",
                "-H",
                `origin: ${app.url}`,
                "-H",
                `Upload-Offset: ${offset}`,
                "-H",
                "Content-Type: application/offset+octet-stream",
                "-H",
                "Expect:",
                "-T",
                pieceFile,
                `${app.url}${location}`,
              ],
              " %header{upload-offset}",
            );
            if (res.status !== "204") throw new Error(`PATCH: ${res.status}`);
            offset = Number(res.extra);
            took += res.seconds;
            pieceTimes.push(
              `${(length / 1024 / 1024).toFixed(1)} MB ${Math.round(res.seconds * 1000)} ms`,
            );
            pieceBytes = nextPieceBytes(length, res.seconds * 1000);
          }
          return { seconds: took, notClientCpu };
        });

        // The newest link is the resumable upload's; the one after it the curl upload's.
        const [link, curlLink] = await versionLinks(app.url, cookie, projectId);
        const down = await sampled(() => curl(cookie, [`${app.url}${curlLink}`]));
        if (down.result.status !== "200") throw new Error(`Download failed: ${down.result.status}`);
        const disk: Disk = { ...writes, ...readSpeeds() };
        // The same download from the disk, beside dd's cold read (root only).
        let coldDown: Sampled | null = null;
        if (canDropCaches) {
          dropCaches();
          const cold = await sampled(() => curl(cookie, [`${app.url}${curlLink}`]));
          if (cold.result.status !== "200")
            throw new Error(`Download failed: ${cold.result.status}`);
          coldDown = cold;
        }
        // Untimed: both uploads arrived whole.
        for (const [check, expected] of [
          [link, resumableExpected],
          [curlLink, upExpected],
        ] as const) {
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
        reps.push({ load, disk, up, resumable, down, coldDown, pieces: pieceTimes.length - 1 });
        const cold = coldDown
          ? `, cold ${mbps(coldDown.seconds)} MB/s (${percent(disk.coldRead, coldDown.seconds)} of dd's cold read)`
          : "";
        memory.push(
          `${storage} #${rep + 1} (load ${load}): dd write ${mbps(disk.pageWrite)} MB/s to the page cache, ${mbps(disk.fsyncWrite)} MB/s with fsync; upload ${mbps(up.seconds)} MB/s (${percent(disk.pageWrite, up.seconds)} / ${percent(disk.fsyncWrite, up.seconds)}), resumable ${mbps(resumable.seconds)} MB/s (${percent(disk.pageWrite, resumable.seconds)} / ${percent(disk.fsyncWrite, resumable.seconds)}; ${pieceTimes.join(", ")}), download warm ${mbps(down.seconds)} MB/s (${percent(disk.warmRead, down.seconds)} of dd's warm read)${cold}`,
        );
      }
      // Where the CPU went: the server's threads and the client, per transfer (median).
      const cpu = (what: string, pick: (r: Rep) => Sampled | null) => {
        const runs = reps.map(pick).filter((x): x is Sampled => x !== null);
        if (runs.length === 0) return;
        const names = [...new Set(runs.flatMap((r) => Object.keys(r.threads)))];
        const threads = names
          .map((name) => [name, median(runs.map((r) => r.threads[name] ?? 0))] as const)
          .filter(([, ms]) => ms > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([name, ms]) => `${name} ${ms}`)
          .join(", ");
        memory.push(
          `${storage}: ${what}: server CPU ${median(runs.map((r) => r.serverCpu))} ms (${threads}), client (curl) ${median(runs.map((r) => r.clientCpu))} ms, wall ${Math.round(1000 * median(runs.map((r) => r.seconds)))} ms (median of ${runs.length})`,
        );
      };
      cpu("upload", (r) => r.up);
      cpu("resumable upload", (r) => r.resumable);
      cpu("download, warm", (r) => r.down);
      cpu("download, cold", (r) => r.coldDown);
      const mid = (pick: (r: Rep) => number) => median(reps.map(pick));
      // The median of each run's ratio to the dd figure beside it.
      const of = (dd: (r: Rep) => number, pick: (r: Rep) => number) =>
        `${Math.round(100 * mid((r) => dd(r) / pick(r)))} %`;
      const page = (r: Rep) => r.disk.pageWrite;
      const synced = (r: Rep) => r.disk.fsyncWrite;
      const beside = (what: string, pick: (d: Disk) => number) =>
        row(
          `${storage}: ${what}, beside each run (median)`,
          mid((r) => pick(r.disk)),
        );
      results.push(beside("dd write, no sync", (d) => d.pageWrite));
      results.push(beside("dd write, conv=fsync", (d) => d.fsyncWrite));
      results.push(beside("dd write, oflag=direct conv=fsync", (d) => d.directWrite));
      results.push(beside("cp + fsync", (d) => d.cpSync));
      if (canDropCaches) results.push(beside("dd read, cold", (d) => d.coldRead));
      results.push(beside("dd read, iflag=direct", (d) => d.directRead));
      results.push(beside("dd read, warm", (d) => d.warmRead));
      const upRow = (what: string, pick: (r: Rep) => number) => ({
        ...row(what, mid(pick)),
        "vs dd no sync": of(page, pick),
        "vs dd fsync": of(synced, pick),
      });
      results.push(upRow(`${storage}: upload (curl, multipart POST; median)`, (r) => r.up.seconds));
      results.push(
        upRow(
          `${storage}: resumable upload (tus, ${reps[0]?.pieces} PATCHes, curl; median)`,
          (r) => r.resumable.seconds,
        ),
      );
      results.push({
        ...row(
          `${storage}: download, warm (curl, GET; the file just uploaded; median)`,
          mid((r) => r.down.seconds),
        ),
        "vs dd read": `${of(
          (r) => r.disk.warmRead,
          (r) => r.down.seconds,
        )} of warm`,
      });
      if (canDropCaches) {
        results.push({
          ...row(
            `${storage}: download, cold (page cache dropped first; median)`,
            mid((r) => r.coldDown?.seconds ?? Number.NaN),
          ),
          "vs dd read": `${of(
            (r) => r.disk.coldRead,
            (r) => r.coldDown?.seconds ?? Number.NaN,
          )} of cold`,
        });
      }
      fixed.sort((a, b) => a - b);
      results.push({
        what: `${storage}: a 5-byte upload (a request's fixed cost, median of 3)`,
        seconds: ((fixed[1] ?? 0) / 1000).toFixed(3),
        "MB/s": "",
      });
      const peak = (pick: (r: Rep) => { peak: number }) =>
        Math.max(...reps.map((r) => pick(r).peak));
      const firstRep = reps[0] as Rep;
      memory.push(
        `${storage}: server RSS ${firstRep.up.before} MB before; peak ${peak((r) => r.up)} MB during the uploads (+${peak((r) => r.up) - firstRep.up.before}), ${peak((r) => r.down)} MB during the downloads, ${peak((r) => r.resumable)} MB during the resumable uploads`,
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
