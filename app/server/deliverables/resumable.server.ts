/**
 * Resumable uploads (decision 092): the tus 1.0.0 protocol's core with its creation and
 * termination extensions, for a project's files. An upload is created with its length and name
 * (POST), its bytes arrive in one or more PATCH requests, each at the offset the server holds
 * (HEAD tells it after a dropped connection or a restart), and once every byte is there it goes
 * through `storeFile` like a form's file: sniffed, held to MAX_UPLOAD_MB, stored in the chosen
 * store, made the next version of the uploader's side's file (decisions 050, 051, 066). Until
 * then nothing is listed: the bytes wait under DATA_DIR/files/uploads/<id> with a small JSON
 * record beside them, both belonging to the person and project that created the upload.
 *
 * Several instances: the record and the bytes are files, so an upload continues on any instance
 * that shares DATA_DIR/files (compose's shared volume, decision 091); one PATCH at a time per
 * upload is held in the process (a second request for the same upload stops the first).
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { cleanFileName, formatFileSize } from "~/lib/files";
import type { Database } from "../db/client.server";
import { env } from "../env.server";
import type { Job } from "../jobs.server";
import { type Outcome, type Refused, refused } from "../outcome.server";
import type { Side } from "../workspace/permissions.server";
import {
  discardReceived,
  type ProjectKey,
  type ReceivedFile,
  receiveFile,
  type StoredFile,
  storeFile,
  type UploadOwner,
} from "./files.server";
import { type ThreadHash, threadHash } from "./hash-thread.server";
import { SNIFF_BYTES, sniffFileType } from "./sniff.server";
import { fileWriter } from "./storage.server";

export const TUS_VERSION = "1.0.0";
export const TUS_EXTENSIONS = "creation,termination,checksum";
/** The checksum extension's algorithms (decision 128), with their digests' sizes in bytes. */
const CHECKSUM_BYTES: Record<string, number> = { sha1: 20, sha256: 32, md5: 16 };
export const TUS_CHECKSUM_ALGORITHMS = Object.keys(CHECKSUM_BYTES).join(",");
/** The checksum extension's status for a piece that does not match its Upload-Checksum. */
export const CHECKSUM_MISMATCH = 460;

/** A piece's Upload-Checksum: the algorithm and the digest it should have. */
export interface PieceChecksum {
  algorithm: string;
  digest: Buffer;
}

/**
 * Upload-Checksum ("sha1 <base64 digest>"): the checksum, null when absent, or a message when it
 * names an algorithm not offered or is not a digest of its size.
 */
export function parseUploadChecksum(header: string | null): PieceChecksum | null | string {
  if (header === null) return null;
  const [algorithm = "", encoded = "", ...rest] = header.trim().split(" ");
  const bytes = CHECKSUM_BYTES[algorithm];
  if (!bytes) return `Upload-Checksum: the algorithms are ${TUS_CHECKSUM_ALGORITHMS}.`;
  const digest = Buffer.from(encoded, "base64");
  if (rest.length > 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || digest.length !== bytes)
    return `Upload-Checksum: not a ${algorithm} digest in base64.`;
  return { algorithm, digest };
}

/** An unfinished upload untouched this long is removed (a phone may come back the next day). */
export const RESUMABLE_KEEP_MS = 24 * 60 * 60 * 1000;
/** A finished upload's record is kept this long, so a repeated last request gets its answer. */
const FINISHED_KEEP_MS = 60 * 60 * 1000;

export const UPLOAD_NOT_FOUND = "Upload not found";
const CUT = "The upload was cut off; it continues from where it stopped.";

export interface ResumableUpload {
  id: string;
  /** The project's ids; empty for a message's attachment (its client is known when it is sent). */
  projectId: string;
  clientId: string;
  /**
   * "attachment": a file for a message not yet sent (decision 133). Once complete it stays
   * staged here until a message takes it (`takeAttachmentUploads`), then becomes the message's
   * attachment in the message's transaction.
   */
  for?: "attachment";
  /** An attachment's every byte arrived (it waits for its message). */
  complete?: boolean;
  /** An attachment's SHA-256, when the process that received it hashed every byte. */
  sha256?: string | null;
  uploaderId: string;
  side: Side;
  internal: boolean;
  name: string;
  length: number;
  createdAt: string;
  /** Once every byte arrived and it became a file's version. */
  stored: StoredFile | null;
}

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uploadsDir = () => path.resolve(env().DATA_DIR, "files", "uploads");
const bytesPath = (id: string) => path.join(uploadsDir(), id);
const recordPath = (id: string) => path.join(uploadsDir(), `${id}.json`);

async function saveRecord(upload: ResumableUpload) {
  const target = recordPath(upload.id);
  await writeFile(`${target}.tmp`, JSON.stringify(upload), { mode: 0o600 });
  await rename(`${target}.tmp`, target);
}

async function readRecord(id: string): Promise<ResumableUpload | null> {
  if (!UPLOAD_ID.test(id)) return null;
  try {
    return JSON.parse(await readFile(recordPath(id), "utf8")) as ResumableUpload;
  } catch {
    return null;
  }
}

/**
 * The SHA-256 of each upload's bytes so far, kept by the process that received them, with how
 * many bytes it covers: the request that brings the last byte then need not read the whole
 * file again (decision 116). Another process's upload, or one this process saw only part of
 * (it restarted, another instance took a piece), has none here and is read again at the end.
 * The hash is taken in the worker thread as the bytes are written (decision 127).
 */
const running = new Map<string, { hash: ThreadHash; offset: number }>();

async function removeUpload(id: string) {
  running.get(id)?.hash.drop();
  running.delete(id);
  await rm(bytesPath(id), { force: true });
  await rm(recordPath(id), { force: true });
}

/** How many bytes the server holds: what is on disk (all of it once stored). */
export async function uploadOffset(upload: ResumableUpload): Promise<number> {
  if (upload.stored) return upload.length;
  const info = await stat(bytesPath(upload.id)).catch(() => null);
  return info?.size ?? 0;
}

// One request at a time per upload, in this process: a new one (the client came back after a
// dropped connection the server has not noticed yet) stops the one still reading.
const active = new Map<string, { stop: () => void; released: Promise<void> }>();

async function hold(id: string) {
  for (let current = active.get(id); current; current = active.get(id)) {
    current.stop();
    await current.released;
  }
  const controller = new AbortController();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  active.set(id, { stop: () => controller.abort(), released });
  return {
    signal: controller.signal,
    release: () => {
      active.delete(id);
      release();
    },
  };
}

/** The upload `id` if it is this person's, in this project; else null (answered 404). */
export async function findUpload(
  id: string | undefined,
  project: ProjectKey,
  uploaderId: string,
): Promise<ResumableUpload | null> {
  const upload = id ? await readRecord(id) : null;
  if (
    !upload ||
    upload.for === "attachment" ||
    upload.projectId !== project.id ||
    upload.uploaderId !== uploaderId
  )
    return null;
  return upload;
}

/** The attachment upload `id` if it is this person's; else null (answered 404). */
export async function findAttachmentUpload(
  id: string | undefined,
  uploaderId: string,
): Promise<ResumableUpload | null> {
  const upload = id ? await readRecord(id) : null;
  if (upload?.for !== "attachment" || upload.uploaderId !== uploaderId) return null;
  return upload;
}

/**
 * A new upload of `length` bytes named `rawName` into the project, or, with no project, a
 * message's attachment (decision 133). Refused when the name is unusable, the length missing,
 * zero or above `maxBytes`.
 */
export async function createUpload(
  project: ProjectKey | null,
  uploader: { id: string; side: Side; internal: boolean },
  file: { name: string; length: number },
  maxBytes: number,
): Promise<Outcome<{ upload: ResumableUpload }>> {
  const name = cleanFileName(file.name);
  if (!name) return refused(400, "A file needs a name.");
  if (!Number.isSafeInteger(file.length) || file.length < 0)
    return refused(400, "Upload-Length must be the file's size in bytes.");
  if (file.length === 0) return refused(400, `"${name}" is empty.`);
  if (file.length > maxBytes)
    return refused(413, `"${name}" is larger than ${formatFileSize(maxBytes)}.`);
  const upload: ResumableUpload = {
    id: randomUUID(),
    projectId: project?.id ?? "",
    clientId: project?.clientId ?? "",
    ...(project ? {} : { for: "attachment" as const, complete: false, sha256: null }),
    uploaderId: uploader.id,
    side: uploader.side,
    internal: uploader.side === "agency" && uploader.internal,
    name,
    length: file.length,
    createdAt: new Date().toISOString(),
    stored: null,
  };
  await mkdir(uploadsDir(), { recursive: true, mode: 0o700 });
  await writeFile(bytesPath(upload.id), new Uint8Array(0), { mode: 0o600 });
  await saveRecord(upload);
  return { ok: true, upload };
}

/** Where the upload stands, once any request still writing to it has stopped (HEAD). */
export async function currentOffset(
  upload: ResumableUpload,
): Promise<ResumableUpload & { offset: number }> {
  const lock = await hold(upload.id);
  try {
    const now = (await readRecord(upload.id)) ?? upload;
    return { ...now, offset: await uploadOffset(now) };
  } finally {
    lock.release();
  }
}

/** Termination: the upload and its bytes are removed (a stored file stays). */
export async function cancelUpload(upload: ResumableUpload) {
  const lock = await hold(upload.id);
  try {
    await removeUpload(upload.id);
  } finally {
    lock.release();
  }
}

export interface Appended {
  offset: number;
  /** Set by the request that delivered the last byte (and repeated to a retry of it). */
  stored: StoredFile | null;
}

/**
 * A PATCH's bytes: a Request's body (the route), or a Node request's pieces as they arrive and
 * how to stop reading them (file-transfers.server.ts, decision 116).
 */
export type PatchBody =
  | ReadableStream<Uint8Array>
  | { pieces: AsyncIterator<Uint8Array>; stop(): void };

/**
 * `stop` ends the request (another request took the upload over); `release` only stops reading
 * it, for a refusal: the caller then reads and drops the rest while the answer goes out (the
 * `discard` of project-uploads.server.ts). Ending the request on a refusal cut the connection
 * before the answer whenever Node had not yet seen the body's end, and the browser never read it.
 */
function patchReader(body: PatchBody) {
  if (body instanceof ReadableStream) {
    const reader = body.getReader();
    return {
      next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
      stop: () => void reader.cancel().catch(() => {}),
      release: () => reader.releaseLock(),
    };
  }
  return {
    next: () => body.pieces.next(),
    stop: body.stop,
    // The pieces are read with `destroyOnReturn: false`: returning leaves the request open.
    release: () => void body.pieces.return?.()?.catch(() => {}),
  };
}

/**
 * The bytes of a PATCH at `offset`: appended as they arrive (kept when the connection drops), the
 * first ones sniffed (a type not on the list ends the upload), and, with the last byte, the
 * file stored as a version. Refused 409 when `offset` is not where the upload stands, 413 past
 * its length. The bytes go through `fileWriter` (reused 1 MB buffers, the disk writing while
 * the next fills, decision 134) and are hashed as they arrive.
 */
export async function appendToUpload(
  db: Database,
  upload: ResumableUpload,
  offset: number,
  body: PatchBody | null,
  maxBytes: number,
  checksum: PieceChecksum | null = null,
): Promise<Outcome<Appended>> {
  const lock = await hold(upload.id);
  try {
    const now = await readRecord(upload.id);
    if (!now) return refused(404, UPLOAD_NOT_FOUND);
    const at = await uploadOffset(now);
    if (offset !== at) return refused(409, `The upload is at byte ${at}, not ${offset}.`);
    if (now.stored) return { ok: true, offset: at, stored: now.stored };
    if (now.complete) return { ok: true, offset: at, stored: null };
    let size = at;
    let cut = false;
    if (body) {
      const reader = patchReader(body);
      let hashed = running.get(now.id);
      running.delete(now.id);
      if (hashed?.offset !== at) {
        hashed?.hash.drop();
        hashed = at === 0 ? { hash: threadHash(), offset: 0 } : undefined;
      }
      let keptHash = false;
      let refusal: Outcome<Appended> | null = null;
      let badType = false;
      const handle = await open(bytesPath(now.id), "r+");
      const file = fileWriter(handle, at, hashed?.hash);
      lock.signal.addEventListener("abort", reader.stop, { once: true });
      const need = Math.min(SNIFF_BYTES, now.length);
      // The checksum extension: this request's bytes, hashed apart from the file's.
      const pieceHash = checksum ? createHash(checksum.algorithm) : null;
      try {
        for (;;) {
          let next: IteratorResult<Uint8Array>;
          try {
            next = await reader.next();
          } catch {
            cut = true;
            break;
          }
          if (next.done) break;
          const piece = next.value;
          if (size + piece.byteLength > now.length) {
            reader.release();
            refusal = refused(413, "More bytes than the upload's length.");
            break;
          }
          await file.write(piece);
          pieceHash?.update(piece);
          const before = size;
          size += piece.byteLength;
          if (before < need && size >= need) {
            await file.flush();
            const head = Buffer.alloc(need);
            await handle.read(head, 0, need, 0);
            const sniffed = sniffFileType(head, now.name, need === now.length);
            if (!sniffed.ok) {
              reader.release();
              badType = true;
              refusal = refused(415, sniffed.message);
              break;
            }
          }
        }
        if (lock.signal.aborted) cut = true;
        // With a checksum, the piece is kept only whole and matching: bytes that cannot be
        // checked (a cut, a refusal) or do not match are dropped, and the upload stays where
        // it was (its running hash, which took them, is dropped too: the file is hashed again
        // at the end).
        const unchecked =
          pieceHash !== null &&
          (cut ||
            refusal !== null ||
            !pieceHash.digest().equals(checksum?.digest ?? Buffer.alloc(0)));
        if (unchecked && !badType) {
          await file.flush();
          await handle.truncate(at);
          await handle.datasync();
          if (!cut && !refusal)
            refusal = refused(CHECKSUM_MISMATCH, "The piece does not match its Upload-Checksum.");
          size = at;
        } else if (!badType) {
          // What arrived is kept, whatever ended the request: that is where it resumes.
          await file.flush();
          await handle.datasync();
          if (hashed) running.set(now.id, { hash: hashed.hash, offset: size });
          keptHash = true;
        }
      } finally {
        if (!keptHash) hashed?.hash.drop();
        lock.signal.removeEventListener("abort", reader.stop);
        await file.settled();
        await handle.close().catch(() => {});
      }
      if (badType) await removeUpload(now.id);
      if (refusal) return refusal;
    }
    if (size < now.length) {
      return cut ? refused(400, CUT) : { ok: true, offset: size, stored: null };
    }
    // Every byte is here: the file goes where a form's file goes. On disk the staged file
    // becomes the version's, not a copy (decision 109), and a hash taken as the bytes arrived
    // spares reading them all again (decision 116).
    const hashed = running.get(now.id);
    running.delete(now.id);
    const whole = hashed?.offset === now.length;
    if (hashed && !whole) hashed.hash.drop();
    const known = whole ? { size: now.length, sha256: await hashed.hash.digest() } : undefined;
    if (now.for === "attachment") {
      // A message's file waits, staged, for the message that takes it (decision 133).
      await saveRecord({ ...now, complete: true, sha256: known?.sha256 ?? null });
      return { ok: true, offset: now.length, stored: null };
    }
    const stored = await storeFile(
      db,
      { id: now.projectId, clientId: now.clientId },
      { id: now.uploaderId, side: now.side, internal: now.internal },
      now.name,
      readBytes(bytesPath(now.id)),
      maxBytes,
      {
        staged: bytesPath(now.id),
        known,
      },
    );
    if (!stored.ok) {
      await removeUpload(now.id);
      return stored;
    }
    await saveRecord({ ...now, stored: stored.file });
    await rm(bytesPath(now.id), { force: true });
    return { ok: true, offset: now.length, stored: stored.file };
  } finally {
    lock.release();
  }
}

async function* readBytes(file: string): AsyncIterable<Uint8Array> {
  yield* createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Uint8Array>;
}

/** What a message's form names as its finished attachment uploads (decision 133). */
export const ATTACHMENT_UPLOADS_FIELD = "uploads";
export const ATTACHMENT_NOT_READY = "An attached file has not finished uploading.";

/** Attachment uploads taken for a message: received files, and what to do once it is settled. */
export interface TakenUploads {
  received: ReceivedFile[];
  /** The message was stored (the uploads are removed) or not (they stay, to be sent again). */
  settle(kept: boolean): Promise<void>;
}

/**
 * A message's finished attachment uploads (`ids`, the sender's own), each received into a
 * pending version of `owner` as a form's file is (decision 087): sniffed again, held to
 * `maxBytes`; on disk the staged file itself becomes the version's (a hard link, decision 109).
 * Each upload is held (no PATCH, HEAD or second message takes it) until `settle`. Refused, with
 * nothing received, when one is unknown or another person's (404) or not complete (409).
 */
export async function takeAttachmentUploads(
  db: Database,
  uploaderId: string,
  ids: string[],
  owner: UploadOwner,
  maxBytes: number,
): Promise<Outcome<TakenUploads>> {
  const locks: Awaited<ReturnType<typeof hold>>[] = [];
  const taken: string[] = [];
  const received: ReceivedFile[] = [];
  const release = () => {
    for (const lock of locks.splice(0)) lock.release();
  };
  let refusal: Refused | null = null;
  try {
    for (const id of new Set(ids)) {
      const upload = await findAttachmentUpload(id, uploaderId);
      if (!upload) {
        refusal = refused(404, UPLOAD_NOT_FOUND);
        break;
      }
      // Not finished: refused without holding it (which would stop a PATCH still sending).
      if (!upload.complete) {
        refusal = refused(409, ATTACHMENT_NOT_READY);
        break;
      }
      locks.push(await hold(id));
      taken.push(id);
      const now = await readRecord(id);
      if (!now?.complete || (await uploadOffset(now)) !== now.length) {
        refusal = refused(409, ATTACHMENT_NOT_READY);
        break;
      }
      const got = await receiveFile(
        db,
        owner,
        uploaderId,
        now.name,
        readBytes(bytesPath(id)),
        maxBytes,
        {
          staged: bytesPath(id),
          known: now.sha256 ? { size: now.length, sha256: now.sha256 } : undefined,
        },
      );
      if (!got.ok) {
        refusal = got;
        break;
      }
      received.push(got.received);
    }
  } finally {
    if (refusal !== null || received.length < new Set(ids).size) {
      await discardReceived(
        db,
        received.map((f) => f.versionId),
      );
      release();
    }
  }
  if (refusal) return refusal;
  return {
    ok: true,
    received,
    settle: async (kept) => {
      try {
        if (kept) for (const id of taken) await removeUpload(id);
      } finally {
        release();
      }
    },
  };
}

/**
 * Uploads nobody finished for RESUMABLE_KEEP_MS, records of finished ones after an hour, and
 * stray bytes: removed (by the upload cleanup job). Never one this process is writing.
 */
export async function removeStaleUploads(now = new Date()): Promise<number> {
  const dir = uploadsDir();
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const id = name.replace(/\.json$/, "");
    if (!UPLOAD_ID.test(id) || active.has(id)) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (!info) continue;
    const age = now.getTime() - info.mtime.getTime();
    if (name.endsWith(".json")) {
      const upload = await readRecord(id);
      const keep = upload?.stored ? FINISHED_KEEP_MS : RESUMABLE_KEEP_MS;
      const bytes = await stat(bytesPath(id)).catch(() => null);
      const touched = Math.max(info.mtime.getTime(), bytes?.mtime.getTime() ?? 0);
      if (now.getTime() - touched > keep) {
        await removeUpload(id);
        removed += 1;
      }
    } else if (age > FINISHED_KEEP_MS && !names.includes(`${id}.json`)) {
      await rm(path.join(dir, name), { force: true });
    }
  }
  return removed;
}

/** The tus headers every answer carries. */
export function tusHeaders(extra: Record<string, string> = {}): Headers {
  return new Headers({ "Tus-Resumable": TUS_VERSION, "Cache-Control": "no-store", ...extra });
}

/** Upload-Metadata: "key base64,key base64" → { key: text }. */
export function parseUploadMetadata(header: string | null): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const pair of (header ?? "").split(",")) {
    const [key, value = ""] = pair.trim().split(" ");
    if (!key) continue;
    out[key] = Buffer.from(value, "base64").toString("utf8");
  }
  return out;
}

export const resumableJobs: Job[] = [
  {
    name: "remove-stale-resumable-uploads",
    everyMs: 60 * 60 * 1000,
    run: async (_db, now) => ({ removed: await removeStaleUploads(now) }),
  },
];
