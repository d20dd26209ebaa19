/**
 * npm run upload-bench [-- --size-mb 20 --storage all|disk|s3|db --port 3569 --s3-port 3568
 *                        --database-url postgres://…]
 * Upload and download of one file (20 MB by default) through the production build over
 * loopback, in MB/s, for each file store (decision 091; S3 is a local s3rver), beside `cp` and
 * `dd` (write with fsync; read back without the page cache and from it) of the same size on the
 * same disk in the same run. The timed upload and download are curl's (a client that is not the
 * bottleneck: Node's fetch hashing what it downloads was, decision 109); the download is then
 * checked byte for byte, untimed. And the
 * server's resident memory (RSS) before and at its peak during the upload and the download,
 * sampled from /proc every 20 ms; and a resumable upload (tus, decision 092) of the same file
 * in pieces sized as the page sizes them (`nextPieceBytes`, decision 116). Times are the tools'
 * own (dd's report, curl's time_total): starting curl took 0.2–1.5 s of wall time on this loaded
 * machine, more than a 20 MB upload itself. A 5-byte upload gives a request's fixed cost.
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
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs, promisify } from "node:util";
import S3rver from "s3rver";
import { FIRST_PIECE_BYTES, nextPieceBytes } from "../app/lib/files.ts";
import { createProjectOver, patchOver, versionLinks } from "./lib/upload-client.ts";
import { signUpOver, startBuiltServer } from "./serve-build.ts";

const { values } = parseArgs({
  options: {
    "size-mb": { type: "string", default: "20" },
    storage: { type: "string", default: "all" },
    port: { type: "string", default: "3569" },
    "s3-port": { type: "string", default: "3568" },
    "database-url": { type: "string", default: "" },
  },
});
const sizeMb = Number(values["size-mb"]);
const size = sizeMb * 1024 * 1024;
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

      const up = await sampled(() => upload(source, "design.pdf"));
      if (up.result.status !== "200") throw new Error(`Upload failed: ${up.result.status}`);

      // The page's way (decision 092): a resumable upload, created, then sent in PATCHes sized
      // as the page sizes them (decision 116).
      const tus = { "Tus-Resumable": "1.0.0", origin: app.url, cookie };
      let pieces = 0;
      const resumable = await sampled(async () => {
        const created = await fetch(`${app.url}/portal/projects/${projectId}/uploads`, {
          method: "POST",
          headers: {
            ...tus,
            "Upload-Length": String(size),
            "Upload-Metadata": `filename ${Buffer.from("resumable.pdf").toString("base64")}`,
          },
        });
        const location = created.headers.get("Location");
        if (created.status !== 201 || !location) throw new Error(`Create: ${created.status}`);
        const handle = await open(source, "r");
        try {
          let pieceBytes = FIRST_PIECE_BYTES;
          for (let offset = 0; offset < size; ) {
            const piece = Buffer.alloc(Math.min(pieceBytes, size - offset));
            await handle.read(piece, 0, piece.length, offset);
            const began = performance.now();
            const res = await patchOver(app.url, location, tus, offset, piece);
            if (res.status !== 204) throw new Error(`PATCH: ${res.status} ${await res.text()}`);
            offset = Number(res.headers.get("Upload-Offset"));
            pieces += 1;
            pieceBytes = nextPieceBytes(piece.length, performance.now() - began);
          }
        } finally {
          await handle.close();
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
        {
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
        }
        if (got.digest("hex") !== expected)
          throw new Error("The downloaded file differs from the uploaded one");
      }
      results.push(row(`${storage}: upload (curl, multipart POST)`, up.seconds));
      results.push(row(`${storage}: download (curl, GET)`, down.seconds));
      results.push(
        row(`${storage}: resumable upload (tus, ${pieces} PATCHes, Node fetch)`, resumable.seconds),
      );
      fixed.sort((a, b) => a - b);
      results.push({
        what: `${storage}: a 5-byte upload (a request's fixed cost, median of 3)`,
        seconds: ((fixed[1] ?? 0) / 1000).toFixed(3),
        "MB/s": "",
      });
      memory.push(
        `${storage}: server RSS ${up.before} MB before; peak ${up.peak} MB during the upload (+${up.peak - up.before}), ${down.peak} MB during the download (+${down.peak - down.before}), ${resumable.peak} MB during the resumable upload (+${resumable.peak - resumable.before})`,
      );
    } finally {
      await app.stop();
    }
  }
  const database = values["database-url"] ? "PostgreSQL" : "PGlite (embedded)";
  console.log(`\n${sizeMb} MB file over loopback, ${database}`);
  console.table([...baseline, ...results]);
  for (const line of memory) console.log(line);
} finally {
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
}
