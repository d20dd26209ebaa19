import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sharedBuffer, threadHash } from "./hash-thread.server";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("SHA-256 in the worker thread (decision 127)", () => {
  it("is the bytes' SHA-256, from shared buffers reused between pieces and from plain ones", async () => {
    const content = randomBytes(3 * 1024 * 1024 + 17);
    const hash = threadHash();
    const shared = sharedBuffer(1024 * 1024);
    for (let at = 0; at < content.length; at += shared.length) {
      const piece = content.subarray(at, at + shared.length);
      // A reused shared buffer: filled again only once the worker has hashed it.
      piece.copy(shared);
      await hash.update(shared.subarray(0, piece.length));
    }
    expect(await hash.digest()).toBe(sha256(content));

    const plain = threadHash();
    await plain.update(content.subarray(0, 5));
    await plain.update(content.subarray(5));
    expect(await plain.digest()).toBe(sha256(content));
  });

  it("keeps uploads' hashes apart when their pieces interleave", async () => {
    const a = randomBytes(200_000);
    const b = randomBytes(300_000);
    const [ha, hb] = [threadHash(), threadHash()];
    await Promise.all([
      ha.update(a.subarray(0, 100_000)),
      hb.update(b.subarray(0, 150_000)),
      ha.update(a.subarray(100_000)),
      hb.update(b.subarray(150_000)),
    ]);
    const dropped = threadHash();
    await dropped.update(a);
    dropped.drop();
    expect(await Promise.all([ha.digest(), hb.digest()])).toEqual([sha256(a), sha256(b)]);
    // A dropped hash starts again from nothing.
    expect(await dropped.digest()).toBe(sha256(new Uint8Array(0)));
  });
});
