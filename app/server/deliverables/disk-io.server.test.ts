/**
 * The disk store's reading and writing at speed (decisions 109, 134): an upload gathered into
 * reused buffers and written while the next fills, with background syncs; a download read into
 * two reused buffers, each read into again only once the response has taken it.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { threadHash } from "./hash-thread.server";
import {
  diskStore,
  fileWriter,
  SEND_BYTES,
  SYNC_EVERY_BYTES,
  sendFile,
  WRITE_BUFFERS,
  WRITE_BYTES,
} from "./storage.server";

const dir = mkdtempSync(path.join(tmpdir(), "disk-io-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A response that takes its time: each piece is copied only when it is acknowledged. */
function slowResponse(closeAfter = Number.POSITIVE_INFINITY) {
  const received: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      setTimeout(() => {
        received.push(Buffer.from(chunk));
        // The reader goes away after this many pieces (a closed tab), whatever the timing.
        if (received.length >= closeAfter) out.destroy();
        else done();
      }, 1);
    },
  });
  return { out, received };
}

describe("disk reads and writes", () => {
  it("writes pieces of any size in order, past several buffers and background syncs", async () => {
    const size = SYNC_EVERY_BYTES + 3 * WRITE_BYTES + 12_345;
    const bytes = randomBytes(size);
    const file = path.join(dir, "written");
    const handle = await open(file, "w");
    const writer = fileWriter(handle);
    for (let at = 0, step = 1; at < size; step = (step * 7919) % 300_000 || 1) {
      await writer.write(bytes.subarray(at, at + step));
      at += step;
    }
    await writer.flush();
    await handle.sync();
    await handle.close();
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it("with the hash in the worker thread, several buffers in flight keep the bytes and the hash in order (decision 134)", async () => {
    const size = SYNC_EVERY_BYTES + (2 * WRITE_BUFFERS + 1) * WRITE_BYTES + 4321;
    const bytes = randomBytes(size);
    const file = path.join(dir, "hashed");
    const handle = await open(file, "w");
    // A resumed upload: the first bytes are already there, the writer starts after them.
    await handle.write(bytes, 0, 1000, 0);
    const hash = threadHash();
    await hash.update(bytes.subarray(0, 1000));
    const writer = fileWriter(handle, 1000, hash);
    for (let at = 1000, step = 1; at < size; step = (step * 7919) % 700_000 || 1) {
      await writer.write(bytes.subarray(at, at + step));
      at += step;
    }
    await writer.flush();
    await handle.close();
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(await hash.digest()).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("takes plain Uint8Arrays (a web stream's pieces) into its shared buffers as they are (decision 152)", async () => {
    const size = 2 * WRITE_BYTES + 999;
    const bytes = randomBytes(size);
    const file = path.join(dir, "plain");
    const handle = await open(file, "w");
    const hash = threadHash();
    const writer = fileWriter(handle, 0, hash);
    for (let at = 0, step = 1; at < size; step = (step * 4099) % 400_000 || 1) {
      // A copy of its own, not a Buffer, shorter than the range it might be asked to fill.
      await writer.write(new Uint8Array(bytes.subarray(at, at + step)));
      at += step;
    }
    await writer.write(new Uint8Array(0));
    await writer.flush();
    await handle.close();
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(await hash.digest()).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("sends a whole file and a range, never reusing a buffer the response still holds", async () => {
    const bytes = randomBytes(3 * SEND_BYTES + 777);
    const file = path.join(dir, "sent");
    writeFileSync(file, bytes);

    const whole = slowResponse();
    await sendFile(file, whole.out);
    expect(Buffer.concat(whole.received).equals(bytes)).toBe(true);

    const part = slowResponse();
    const range = { start: SEND_BYTES - 10, end: 2 * SEND_BYTES + 20 };
    await sendFile(file, part.out, range);
    expect(Buffer.concat(part.received).equals(bytes.subarray(range.start, range.end + 1))).toBe(
      true,
    );
  });

  it("takes a staged file as a version's bytes without copying it, and leaves it to its owner", async () => {
    const store = diskStore(path.join(dir, "data"));
    const staged = path.join(dir, "staged");
    writeFileSync(staged, randomBytes(100_000));
    const versionId = "0b5e3a1c-9d2f-4e6a-8b7c-1d2e3f4a5b6c";
    const noDatabase = {} as Database; // the lease is renewed every 20 s: never in this test
    const writer = await store.adopt?.(noDatabase, versionId, staged);
    await writer?.write(new Uint8Array(10));
    await writer?.finish("a".repeat(64));
    const tmp = path.join(dir, "data", "files", "tmp", versionId);
    // The same bytes under a second name: one inode, two links, nothing copied.
    expect(statSync(tmp).ino).toBe(statSync(staged).ino);
    expect(statSync(staged).nlink).toBe(2);
    // Dropped (a refusal, a failed transaction): the version's name goes, the staged file stays.
    await writer?.abort();
    expect(existsSync(tmp)).toBe(false);
    expect(existsSync(staged)).toBe(true);
  });

  it("stops when the response closes half-way", async () => {
    const file = path.join(dir, "cut");
    writeFileSync(file, randomBytes(4 * SEND_BYTES));
    const { out, received } = slowResponse(1);
    await expect(sendFile(file, out)).rejects.toBeInstanceOf(Error);
    expect(received.length).toBeLessThan(4);
  });
});
