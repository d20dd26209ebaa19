/**
 * SHA-256 of an upload's bytes in a worker thread (decision 127), so the main thread only reads
 * the socket and gathers the bytes while the worker hashes them and the thread pool writes them.
 * On the main thread the hash was about a third of a disk upload's work per byte, in series with
 * the rest.
 *
 * One worker for the process, shared by every upload, each hash known by an id. Bytes are not
 * copied: `fileWriter`'s buffers live in SharedArrayBuffers, and a buffer is not filled again
 * before the worker says it has hashed it (`update` settles). Messages from one thread to another
 * arrive in order, so a hash takes its bytes in the order they were written.
 */
import { Worker } from "node:worker_threads";

// CommonJS, evaluated by the worker: no file to find next to the build.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const hashes = new Map();
parentPort.on("message", (m) => {
  try {
    if (m.op === "update") {
      let hash = hashes.get(m.id);
      if (!hash) hashes.set(m.id, (hash = createHash("sha256")));
      hash.update(new Uint8Array(m.buffer, m.offset, m.length));
      parentPort.postMessage({ seq: m.seq });
    } else if (m.op === "digest") {
      const hash = hashes.get(m.id) ?? createHash("sha256");
      hashes.delete(m.id);
      parentPort.postMessage({ seq: m.seq, hex: hash.digest("hex") });
    } else if (m.op === "drop") {
      hashes.delete(m.id);
    }
  } catch (error) {
    parentPort.postMessage({ seq: m.seq, error: String(error) });
  }
});
`;

interface Waiting {
  resolve: (hex: string | undefined) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 0;
let nextSeq = 0;
const waiting = new Map<number, Waiting>();

function hashWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true, name: "sha256" });
  started.unref();
  started.on("message", (m: { seq: number; hex?: string; error?: string }) => {
    const waiter = waiting.get(m.seq);
    waiting.delete(m.seq);
    if (m.error) waiter?.reject(new Error(m.error));
    else waiter?.resolve(m.hex);
  });
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };
  started.on("error", fail);
  started.on("exit", () => fail(new Error("The hashing thread stopped")));
  worker = started;
  return started;
}

function ask(message: Record<string, unknown>): Promise<string | undefined> {
  const seq = nextSeq++;
  return new Promise((resolve, reject) => {
    waiting.set(seq, { resolve, reject });
    hashWorker().postMessage({ ...message, seq });
  });
}

/** A SHA-256 taken in the worker thread. */
export interface ThreadHash {
  /**
   * Adds `bytes`, a view of a SharedArrayBuffer that must not change until this settles (other
   * bytes are copied into one first).
   */
  update(bytes: Uint8Array): Promise<void>;
  /** The hex digest of every byte added (the hash is then done). */
  digest(): Promise<string>;
  /** Forget it (an upload that ended without a digest). */
  drop(): void;
}

export function threadHash(): ThreadHash {
  const id = nextId++;
  return {
    async update(bytes) {
      if (bytes.byteLength === 0) return;
      let view = bytes;
      if (!(view.buffer instanceof SharedArrayBuffer)) {
        view = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
        view.set(bytes);
      }
      await ask({
        op: "update",
        id,
        buffer: view.buffer,
        offset: view.byteOffset,
        length: view.byteLength,
      });
    },
    async digest() {
      return (await ask({ op: "digest", id })) as string;
    },
    drop() {
      if (worker) worker.postMessage({ op: "drop", id, seq: -1 });
    },
  };
}

/** A Buffer over shared memory, which a ThreadHash reads without a copy. */
export function sharedBuffer(bytes: number): Buffer {
  return Buffer.from(new SharedArrayBuffer(bytes));
}
