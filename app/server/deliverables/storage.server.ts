/**
 * Where a file version's bytes live (decision 091): one interface, three stores. 'db' keeps them
 * in `file_chunks` (decision 019; every version stored before the setting existed), 'disk' in
 * content-addressed files under DATA_DIR/files (written to a temporary name, fsynced, renamed),
 * 's3' in an S3-compatible bucket (one object per version, visible only once complete). The
 * version row says which store holds it; FILE_STORAGE picks the store of new uploads.
 */
import { createReadStream } from "node:fs";
import {
  copyFile,
  type FileHandle,
  link,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
} from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type FileStorageKind, fileChunks, fileVersions } from "../db/schema.server";
import { type Env, env } from "../env.server";
import { sharedBuffer, type ThreadHash, threadHash } from "./hash-thread.server";
import { s3Store } from "./storage-s3.server";

/** The size of a piece of a version kept in the database. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** The upload stopped being ours: its pending row was cleaned up (a lease that ran out). */
export class LeaseLost extends Error {}

/** Which bytes: the version, and its key in its store (null for the database's chunks). */
export interface BlobRef {
  versionId: string;
  storage: FileStorageKind;
  key: string | null;
}

/** One version's bytes being written. */
export interface BlobWriter {
  /** `adopt`'s writer: the bytes are the staged file's, `write` only keeps the lease. */
  adopts?: boolean;
  write(piece: Uint8Array): Promise<void>;
  /**
   * A writer that hashes what it writes (the disk's, in the worker thread, decision 127): the
   * SHA-256 of every byte given to `write`, once they are all written. Others leave the hash to
   * the caller.
   */
  sha256?(): Promise<string>;
  /** Every byte is written and durable; returns the key the bytes will have. */
  finish(sha256: string): Promise<string | null>;
  /** Drop what was written (a refusal, a cut connection), before it was promoted. */
  abort(): Promise<void>;
}

export interface StoredBlob {
  key: string;
  modifiedAt: Date;
}

export interface FileStore {
  readonly kind: FileStorageKind;
  /** `lease`: renew the pending version's lease as bytes arrive (an upload, not a migration). */
  create(db: Database, versionId: string, options?: { lease?: boolean }): Promise<BlobWriter>;
  /**
   * A writer that takes `file` (whole and durable already, on the store's disk) as the
   * version's bytes at `finish`, by a hard link, never a copy; `write` writes nothing
   * (decision 109).
   */
  adopt?(db: Database, versionId: string, file: string): Promise<BlobWriter>;
  /**
   * Inside the transaction that makes the version ready, under the key's lock (`lockBlobKey`):
   * the finished bytes take their key (disk: the rename).
   */
  promote(versionId: string, key: string | null): Promise<void>;
  read(db: Database, ref: BlobRef, range?: ByteSpan): ReadableStream<Uint8Array>;
  /** Where the store can do better than `read` for a Node response (disk: reused buffers). */
  send?(ref: BlobRef, out: Writable, range?: ByteSpan): Promise<void>;
  /** Remove bytes no version refers to any more (the caller holds the key's lock). */
  remove(db: Database, ref: BlobRef): Promise<void>;
  /** Every blob in the store, and the unfinished writes (for the sweep). */
  list(): AsyncIterable<StoredBlob>;
  listUnfinished(): AsyncIterable<StoredBlob & { versionId: string }>;
  /** An unfinished write of this pending version, if it can be reached (its lease ran out). */
  discard(versionId: string): Promise<void>;
}

export interface ByteSpan {
  start: number;
  end: number;
}

/** The lease of a pending upload, renewed as its bytes arrive. */
export const UPLOAD_LEASE_MS = 2 * 60 * 1000;
const LEASE_END = sql.raw(`now() + interval '${UPLOAD_LEASE_MS} milliseconds'`);

const FOREIGN_KEY_VIOLATION = "23503";
function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** Still ours? Renew the pending version's lease; a row gone (cleaned up) ends the upload. */
export async function renewLease(db: Database, versionId: string) {
  const renewed = await db
    .update(fileVersions)
    .set({ leaseUntil: LEASE_END })
    .where(and(eq(fileVersions.id, versionId), eq(fileVersions.state, "pending")))
    .returning({ id: fileVersions.id });
  if (renewed.length === 0) throw new LeaseLost();
}

/** Pieces of any size in, pieces of exactly `size` out (the last one shorter). */
export class ChunkBuffer {
  private pieces: Buffer[] = [];
  private length = 0;
  constructor(private readonly size: number) {}
  push(piece: Uint8Array) {
    this.pieces.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    this.length += piece.byteLength;
  }
  /** Whole chunks ready to write. */
  *full(): Generator<Buffer> {
    if (this.length < this.size) return;
    let joined = Buffer.concat(this.pieces, this.length);
    while (joined.length >= this.size) {
      // A copy, so the chunk does not keep the joined buffer alive.
      yield Buffer.from(joined.subarray(0, this.size));
      joined = joined.subarray(this.size);
    }
    this.pieces = joined.length ? [Buffer.from(joined)] : [];
    this.length = joined.length;
  }
  rest(): Buffer | null {
    return this.length ? Buffer.concat(this.pieces, this.length) : null;
  }
}

// ---------------------------------------------------------------------------
// The database (decision 019)
// ---------------------------------------------------------------------------

export const dbStore: FileStore = {
  kind: "db",
  async create(db, versionId, { lease = true } = {}) {
    const buffer = new ChunkBuffer(FILE_CHUNK_BYTES);
    let seq = 0;
    const write = async (data: Buffer) => {
      if (lease) await renewLease(db, versionId);
      try {
        await db.insert(fileChunks).values({ versionId, seq, data });
      } catch (error) {
        // The version was removed between the two statements.
        if (errorCode(error) === FOREIGN_KEY_VIOLATION) throw new LeaseLost();
        throw error;
      }
      seq += 1;
    };
    // A migration that stopped half-way left some of these chunks.
    if (!lease) await db.delete(fileChunks).where(eq(fileChunks.versionId, versionId));
    return {
      async write(piece) {
        buffer.push(piece);
        for (const chunk of buffer.full()) await write(chunk);
      },
      async finish() {
        const last = buffer.rest();
        if (last) await write(last);
        return null;
      },
      async abort() {
        await db.delete(fileChunks).where(eq(fileChunks.versionId, versionId));
      },
    };
  },
  async promote() {},
  read(db, ref, range) {
    const versionId = ref.versionId;
    let seq = range ? Math.floor(range.start / FILE_CHUNK_BYTES) : 0;
    let skip = range ? range.start - seq * FILE_CHUNK_BYTES : 0;
    let left = range ? range.end - range.start + 1 : Number.POSITIVE_INFINITY;
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const [row] =
            left > 0
              ? await db
                  .select({ data: fileChunks.data })
                  .from(fileChunks)
                  .where(and(eq(fileChunks.versionId, versionId), eq(fileChunks.seq, seq)))
              : [];
          seq += 1;
          if (!row) return controller.close();
          let data = row.data;
          if (skip > 0 || data.length > left) {
            data = data.subarray(skip, Math.min(data.length, skip + left));
            skip = 0;
          }
          left -= data.length;
          controller.enqueue(data);
        },
      },
      { highWaterMark: 0 },
    );
  },
  async remove(db, ref) {
    await db.delete(fileChunks).where(eq(fileChunks.versionId, ref.versionId));
  },
  async *list() {},
  async *listUnfinished() {},
  async discard() {},
};

// ---------------------------------------------------------------------------
// The disk: DATA_DIR/files/sha256/ab/abcdef…, written as DATA_DIR/files/tmp/<version id>
// ---------------------------------------------------------------------------

/** How often a long upload to disk or S3 renews its lease (each chunk does, on the database). */
const LEASE_RENEW_MS = 20_000;

function leaseKeeper(db: Database, versionId: string, lease: boolean) {
  let renewed = Date.now();
  return async () => {
    if (!lease || Date.now() - renewed < LEASE_RENEW_MS) return;
    renewed = Date.now();
    await renewLease(db, versionId);
  };
}

export function diskStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir, "files");
  const tmpDir = path.join(root, "tmp");
  const blobDir = path.join(root, "sha256");
  const blobPath = (key: string) => {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error("not a SHA-256 key");
    return path.join(blobDir, key.slice(0, 2), key);
  };
  const tmpPath = (versionId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(versionId)) throw new Error("not a version id");
    return path.join(tmpDir, versionId);
  };
  const syncDir = async (dir: string) => {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  return {
    kind: "disk",
    async create(db, versionId, { lease = true } = {}) {
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      const tmp = tmpPath(versionId);
      const handle = await open(tmp, "w", 0o600);
      let open_ = true;
      const keepLease = leaseKeeper(db, versionId, lease);
      const hash = threadHash();
      const file = fileWriter(handle, 0, hash);
      const close = async () => {
        if (!open_) return;
        open_ = false;
        await file.settled();
        await handle.close();
      };
      return {
        async write(piece) {
          await keepLease();
          await file.write(piece);
        },
        async sha256() {
          await file.flush();
          return hash.digest();
        },
        async finish(sha256) {
          hash.drop(); // a caller that hashed the bytes itself
          await file.flush();
          await handle.sync();
          await close();
          return sha256;
        },
        async abort() {
          hash.drop();
          await close().catch(() => {});
          await rm(tmp, { force: true });
        },
      };
    },
    async adopt(db, versionId, file) {
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      const tmp = tmpPath(versionId);
      const keepLease = leaseKeeper(db, versionId, true);
      return {
        adopts: true,
        async write() {
          await keepLease();
        },
        async finish(sha256) {
          // A second name for the same bytes (the same disk, DATA_DIR/files): nothing is copied,
          // and the staged name stays its owner's until the version is stored, so a failure
          // here or in the version's transaction leaves the upload as it was. A file system
          // without hard links gets a copy.
          try {
            await link(file, tmp);
          } catch {
            await copyFile(file, tmp);
            const copy = await open(tmp, "r+");
            try {
              await copy.sync();
            } finally {
              await copy.close();
            }
          }
          await syncDir(tmpDir);
          return sha256;
        },
        async abort() {
          await rm(tmp, { force: true });
        },
      };
    },
    async promote(versionId, key) {
      const target = blobPath(key ?? "");
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Same content, same name: a version whose bytes are already here shares them.
      await rename(tmpPath(versionId), target);
      await syncDir(path.dirname(target));
    },
    send(ref, out, range) {
      return sendFile(blobPath(ref.key ?? ""), out, range);
    },
    read(_db, ref, range) {
      const stream = createReadStream(blobPath(ref.key ?? ""), {
        start: range?.start,
        end: range?.end,
        highWaterMark: 1024 * 1024,
      });
      return nodeToWeb(stream);
    },
    async remove(_db, ref) {
      await rm(blobPath(ref.key ?? ""), { force: true });
    },
    async *list() {
      for (const prefix of await readdir(blobDir).catch(() => [] as string[])) {
        const dir = path.join(blobDir, prefix);
        for (const name of await readdir(dir).catch(() => [] as string[])) {
          const info = await stat(path.join(dir, name)).catch(() => null);
          if (info?.isFile()) yield { key: name, modifiedAt: info.mtime };
        }
      }
    },
    async *listUnfinished() {
      for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
        const info = await stat(path.join(tmpDir, name)).catch(() => null);
        if (info?.isFile()) yield { key: name, versionId: name, modifiedAt: info.mtime };
      }
    },
    async discard(versionId) {
      await rm(tmpPath(versionId), { force: true });
    },
  };
}

/** How much of an upload is gathered before it is written (WRITE_BUFFERS such per upload). */
export const WRITE_BYTES = 1024 * 1024;
/**
 * How many gathered buffers an upload may have in flight (being written and hashed) while it
 * fills the next (decision 134): with two, every megabyte waited for the thread pool and the
 * hashing thread to be scheduled on this loaded 2-core machine; four absorb that wait.
 */
export const WRITE_BUFFERS = 4;
/** How often an upload being written asks the disk to catch up (fdatasync, in the background). */
export const SYNC_EVERY_BYTES = 16 * 1024 * 1024;

/**
 * Writes to a file in WRITE_BYTES pieces gathered from pieces of any size, into WRITE_BUFFERS
 * buffers that take turns: the filled ones are written (in the thread pool, each at its own
 * position) while the next fills, so the network and the disk work at the same time, and
 * nothing is allocated per piece (decisions 109, 134). Every SYNC_EVERY_BYTES it starts an
 * fdatasync of what was handed out so far without waiting for it, so the disk writes the file
 * while it arrives and the final fsync has little left to do. An error of a background write or
 * sync is thrown by the next call. `start`: where in the file the first byte goes (a resumed
 * upload's offset). `hash`: takes every byte written, in order, in the worker thread (decision
 * 127), while the thread pool writes it; the buffers are then shared memory, and one is filled
 * again only once both are done with it.
 */
export function fileWriter(handle: FileHandle, start = 0, hash?: ThreadHash) {
  const allocate = (bytes: number) => (hash ? sharedBuffer(bytes) : Buffer.allocUnsafe(bytes));
  const slots = Array.from({ length: WRITE_BUFFERS }, () => ({
    buffer: allocate(WRITE_BYTES),
    /** Settles once the buffer's last bytes are written and hashed (never rejects). */
    busy: Promise.resolve() as Promise<void>,
  }));
  let turn = 0;
  let filled = 0;
  let written = start;
  let unsynced = 0;
  let syncing: Promise<void> | null = null;
  let failure: unknown = null;
  const check = () => {
    if (failure) throw failure;
  };
  const inFlight = () => Promise.all(slots.map((slot) => slot.busy));
  const writeAll = async (data: Buffer, position: number) => {
    for (let offset = 0; offset < data.length; ) {
      const { bytesWritten } = await handle.write(
        data,
        offset,
        data.length - offset,
        position + offset,
      );
      offset += bytesWritten;
    }
  };
  /** Hand the filled buffer to the thread pool and the hash; wait until the next one is free. */
  const send = async () => {
    check();
    const slot = slots[turn] as (typeof slots)[number];
    const data = slot.buffer.subarray(0, filled);
    const position = written;
    written += filled;
    unsynced += filled;
    filled = 0;
    slot.busy = Promise.all([writeAll(data, position), hash?.update(data)]).then(
      () => {},
      (error) => {
        failure ??= error;
      },
    );
    turn = (turn + 1) % slots.length;
    if (unsynced >= SYNC_EVERY_BYTES && !syncing) {
      unsynced = 0;
      syncing = inFlight()
        .then(() => handle.datasync())
        .catch((error) => {
          failure ??= error;
        })
        .finally(() => {
          syncing = null;
        });
    }
    await (slots[turn] as (typeof slots)[number]).busy;
    check();
  };
  return {
    async write(piece: Uint8Array) {
      check();
      let offset = 0;
      while (offset < piece.byteLength) {
        const buffer = (slots[turn] as (typeof slots)[number]).buffer;
        const take = Math.min(piece.byteLength - offset, WRITE_BYTES - filled);
        copyInto(buffer, piece.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === WRITE_BYTES) await send();
      }
    },
    /** Every byte given is written (not yet durable: the caller syncs). */
    async flush() {
      if (filled > 0) await send();
      await inFlight();
      await syncing;
      check();
    },
    /** Nothing is being written any more (before closing, whatever happened). */
    async settled() {
      await inFlight();
      await syncing;
    },
  };
}

/**
 * `piece` copied into `target` at `at`. Into shared memory (the hashed writer's buffers), V8's
 * `set` copies word by word (its copy that other threads may watch), which `perf` put at about
 * a tenth of a disk upload's CPU, the largest part of the main thread's (decision 152); Node's
 * `fill` with a Buffer as large as the range copies it once with the C library's memcpy.
 */
function copyInto(target: Buffer, piece: Uint8Array, at: number) {
  if (piece.byteLength === 0) return;
  if (target.buffer instanceof SharedArrayBuffer) target.fill(piece, at, at + piece.byteLength);
  else target.set(piece, at);
}

/** How much of a file is read at a time for a Node response (two such buffers per download). */
export const SEND_BYTES = 1024 * 1024;

/** The response was closed (the client went away) before every byte was sent. */
export class SendStopped extends Error {}

/**
 * A file's bytes (`range`: only those) written to `out`, read into two buffers that take turns
 * (one is read into while the other is being sent), so a download allocates nothing per piece:
 * fresh buffers for every piece kept the garbage collector busy for a third of a download's
 * time (decision 109). A buffer is read into again only once `out` has handed it to the
 * socket (its write callback). `out` is not ended.
 */
export async function sendFile(file: string, out: Writable, range?: ByteSpan): Promise<void> {
  const handle = await open(file, "r");
  const closed = new Promise<never>((_, reject) => {
    out.once("close", () => reject(new SendStopped()));
  });
  closed.catch(() => {});
  try {
    const end = range ? range.end + 1 : (await handle.stat()).size;
    let position = range?.start ?? 0;
    const buffers = [Buffer.allocUnsafe(SEND_BYTES), Buffer.allocUnsafe(SEND_BYTES)];
    let turn = 0;
    let sending: Promise<void> | null = null;
    while (position < end) {
      const buffer = buffers[turn] as Buffer;
      turn = 1 - turn;
      const { bytesRead } = await handle.read(
        buffer,
        0,
        Math.min(SEND_BYTES, end - position),
        position,
      );
      if (bytesRead === 0) throw new Error(`${file} is shorter than its version says`);
      position += bytesRead;
      if (sending) await Promise.race([sending, closed]);
      if (out.destroyed) throw new SendStopped();
      const piece = buffer.subarray(0, bytesRead);
      // The callback as the second argument: compression's wrapper of `write` passes only two.
      sending = new Promise<void>((resolve, reject) => {
        out.write(piece, (error) => (error ? reject(error) : resolve()));
      });
    }
    if (sending) await Promise.race([sending, closed]);
  } finally {
    await handle.close();
  }
}

/**
 * A version's bytes (`range`: only those) written to a Node response as they are read, from
 * whichever store holds them: the disk's file through `sendFile`, any other store's pieces
 * as `versionContent` gives them. `out` is ended once every byte is written.
 */
export async function sendVersion(
  db: Database,
  versionId: string,
  out: Writable,
  range?: ByteSpan,
): Promise<void> {
  const [row] = await db
    .select({ storage: fileVersions.storage, key: fileVersions.storageKey })
    .from(fileVersions)
    .where(eq(fileVersions.id, versionId));
  const store = row ? storeOf(row.storage) : null;
  if (row && store?.send) {
    await store.send({ versionId, storage: row.storage, key: row.key }, out, range);
    out.end();
    return;
  }
  await pipeline(
    Readable.fromWeb(
      versionContent(db, versionId, range) as import("node:stream/web").ReadableStream,
    ),
    out,
  );
}

/** A Node stream as a web stream that pulls one piece at a time (no read-ahead past one). */
export function nodeToWeb(stream: NodeJS.ReadableStream & { destroy(): void }) {
  const iterator = stream[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value as Uint8Array);
      },
      cancel() {
        stream.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

// ---------------------------------------------------------------------------
// Choosing
// ---------------------------------------------------------------------------

const stores = new WeakMap<Env, Map<FileStorageKind, FileStore>>();

/** The store of a kind, for these settings (one S3 client per settings). */
export function storeOf(kind: FileStorageKind, settings: Env = env()): FileStore {
  let byKind = stores.get(settings);
  if (!byKind) {
    byKind = new Map();
    stores.set(settings, byKind);
  }
  let store = byKind.get(kind);
  if (!store) {
    store =
      kind === "db"
        ? dbStore
        : kind === "disk"
          ? diskStore(settings.DATA_DIR)
          : s3Store(settings, { leaseKeeper, nodeToWeb });
    byKind.set(kind, store);
  }
  return store;
}

/** The store new uploads go to (FILE_STORAGE). */
export function uploadStore(settings: Env = env()): FileStore {
  return storeOf(settings.FILE_STORAGE, settings);
}

/** A key's lock for this transaction: promoting and removing shared bytes take turns. */
export async function lockBlobKey(tx: Database, storage: FileStorageKind, key: string | null) {
  if (storage === "disk" && key)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`file:${key}`}, 0))`);
}

/**
 * A version's bytes, read from whichever store holds them: one piece per pull, so memory holds
 * one piece whatever the size. `range`: only the bytes `start`…`end` (inclusive).
 */
export function versionContent(
  db: Database,
  versionId: string,
  range?: ByteSpan,
): ReadableStream<Uint8Array> {
  let inner: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!inner) {
          const [row] = await db
            .select({ storage: fileVersions.storage, key: fileVersions.storageKey })
            .from(fileVersions)
            .where(eq(fileVersions.id, versionId));
          if (!row) return controller.close();
          inner = storeOf(row.storage)
            .read(db, { versionId, storage: row.storage, key: row.key }, range)
            .getReader();
        }
        const next = await inner.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: (reason) => inner?.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/**
 * After the transaction that deleted these versions committed: their bytes go, unless another
 * version still refers to the same content (disk's files are shared by content).
 */
export async function releaseBlobs(db: Database, refs: BlobRef[], settings: Env = env()) {
  for (const ref of refs) {
    if (ref.storage === "db") continue; // the chunks went with their version
    try {
      await db.transaction(async (tx) => {
        await lockBlobKey(tx, ref.storage, ref.key);
        if (ref.key && (await referenced(tx, ref.storage, ref.key))) return;
        await storeOf(ref.storage, settings).remove(tx, ref);
      });
    } catch (error) {
      // The sweep finds it later; the deletion itself has happened.
      const { logger } = await import("../logger.server");
      logger.warn({ err: error, ref }, "could not remove a deleted file's bytes");
    }
  }
}

async function referenced(db: Database, storage: FileStorageKind, key: string) {
  const [row] = await db
    .select({ id: fileVersions.id })
    .from(fileVersions)
    .where(and(eq(fileVersions.storage, storage), eq(fileVersions.storageKey, key)))
    .limit(1);
  return row !== undefined;
}

/** The bytes of these versions (before they are deleted), to release once the deletion commits. */
export async function blobRefs(db: Database, where: ReturnType<typeof eq>): Promise<BlobRef[]> {
  return db
    .select({
      versionId: fileVersions.id,
      storage: fileVersions.storage,
      key: fileVersions.storageKey,
    })
    .from(fileVersions)
    .where(and(where, ne(fileVersions.storage, "db")));
}

// ---------------------------------------------------------------------------
// The sweep: bytes with no row, rows with no bytes
// ---------------------------------------------------------------------------

/** Bytes younger than this are never swept: their upload may be committing right now. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

export interface SweepReport {
  /** Blobs no version refers to, and unfinished writes with no pending version: removed. */
  removed: number;
  /** Ready versions whose bytes are not in their store (reported, never guessed at). */
  missing: string[];
}

/**
 * Every store in use (the upload store, and any store a version names): removes what no row
 * refers to (older than ORPHAN_GRACE_MS, so never an upload committing now) and the database
 * chunks of versions that now live elsewhere (a migration stopped before it removed them); lists
 * ready versions whose bytes are gone.
 */
export async function sweepStoredFiles(
  db: Database,
  now: Date,
  settings: Env = env(),
): Promise<SweepReport> {
  const report: SweepReport = { removed: 0, missing: [] };
  const moved = await db
    .delete(fileChunks)
    .where(
      inArray(
        fileChunks.versionId,
        db.select({ id: fileVersions.id }).from(fileVersions).where(ne(fileVersions.storage, "db")),
      ),
    )
    .returning({ id: fileChunks.versionId });
  report.removed += new Set(moved.map((m) => m.id)).size;

  const used = await db
    .selectDistinct({ storage: fileVersions.storage })
    .from(fileVersions)
    .where(ne(fileVersions.storage, "db"));
  const kinds = new Set<FileStorageKind>(used.map((u) => u.storage));
  if (settings.FILE_STORAGE !== "db") kinds.add(settings.FILE_STORAGE);
  const old = (blob: StoredBlob) => now.getTime() - blob.modifiedAt.getTime() > ORPHAN_GRACE_MS;

  for (const kind of kinds) {
    const store = storeOf(kind, settings);
    const rows = await db
      .select({ id: fileVersions.id, key: fileVersions.storageKey })
      .from(fileVersions)
      .where(and(eq(fileVersions.storage, kind), isNotNull(fileVersions.storageKey)));
    const keys = new Set(rows.map((r) => r.key as string));
    const present = new Set<string>();
    for await (const blob of store.list()) {
      present.add(blob.key);
      if (keys.has(blob.key) || !old(blob)) continue;
      await db.transaction(async (tx) => {
        await lockBlobKey(tx, kind, blob.key);
        if (await referenced(tx, kind, blob.key)) return;
        await store.remove(tx, { versionId: "", storage: kind, key: blob.key });
        report.removed += 1;
      });
    }
    for (const row of rows) if (!present.has(row.key as string)) report.missing.push(row.id);
    for await (const write of store.listUnfinished()) {
      if (!old(write)) continue;
      const [pending] = await db
        .select({ id: fileVersions.id })
        .from(fileVersions)
        .where(and(eq(fileVersions.id, write.versionId), eq(fileVersions.state, "pending")));
      if (pending) continue;
      await store.discard(write.versionId);
      report.removed += 1;
    }
  }
  return report;
}
