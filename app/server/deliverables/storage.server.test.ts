/**
 * The file stores (decision 091): moving versions between the database, the disk and S3 (a local
 * s3rver) checked by hash, resumed after a stop, idempotent; shared disk bytes kept while a
 * version uses them; the sweep of bytes with no row and rows with no bytes.
 */
import { createHash } from "node:crypto";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, type Harness } from "~/test/harness.server";
import { startTestS3 } from "~/test/s3.server";
import { fileChunks, fileVersions, projects } from "../db/schema.server";
import type { Env } from "../env.server";
import { deleteFile, storeFile } from "./files.server";
import {
  ORPHAN_GRACE_MS,
  sendVersion,
  storeOf,
  sweepStoredFiles,
  versionContent,
} from "./storage.server";
import { migrateStorage } from "./storage-migrate.server";

let h: Harness;
let s3: Awaited<ReturnType<typeof startTestS3>>;
let alice: SignedUp;
let project: { id: string; clientId: string };

const pdf = (size: number, fill: number) => {
  const bytes = Buffer.alloc(size, fill);
  bytes.write("%PDF-1.7\n");
  return bytes;
};
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function* pieces(bytes: Buffer, size = 100_000) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Store a file with new uploads going to `kind`. */
async function upload(
  kind: Env["FILE_STORAGE"],
  name: string,
  bytes: Buffer,
  settings: Env = { ...h.env, FILE_STORAGE: kind },
) {
  const { setEnv } = await import("../env.server");
  setEnv(settings);
  try {
    const stored = await storeFile(
      h.handle.db,
      project,
      { id: alice.id, side: "client" },
      name,
      pieces(bytes),
      20 * 1024 * 1024,
    );
    if (!stored.ok) throw new Error(stored.message);
    return stored.file;
  } finally {
    setEnv(h.env);
  }
}

const content = async (versionId: string) => {
  const out: Uint8Array[] = [];
  for await (const piece of versionContent(h.handle.db, versionId)) out.push(piece);
  return Buffer.concat(out);
};

const where = async (versionId: string) => {
  const [row] = await h.handle.db
    .select({ storage: fileVersions.storage, key: fileVersions.storageKey })
    .from(fileVersions)
    .where(eq(fileVersions.id, versionId));
  return row;
};

const blobs = async (kind: "disk" | "s3") => {
  const keys: string[] = [];
  for await (const blob of storeOf(kind, h.env).list()) keys.push(blob.key);
  return keys;
};

beforeAll(async () => {
  s3 = await startTestS3();
  h = await createHarness({ ...s3.settings, FILE_STORAGE: "db" });
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  const [row] = await h.handle.db
    .insert(projects)
    .values({ clientId: alice.clientId, title: "Files", createdBy: alice.id })
    .returning({ id: projects.id, clientId: projects.clientId });
  project = row as { id: string; clientId: string };
});
afterAll(async () => {
  await h.close();
  await s3.close();
});

describe("file stores (decision 091)", () => {
  const files = [pdf(700 * 1024, 1), pdf(10, 2), pdf(300 * 1024, 3)];
  const ids: string[] = [];

  it("moves every version between stores, checked by hash, and a second run moves nothing", async () => {
    for (const [i, bytes] of files.entries())
      ids.push((await upload("db", `F${i}.pdf`, bytes)).versionId);
    for (const to of ["disk", "s3", "db", "disk"] as const) {
      const report = await migrateStorage(h.handle.db, to, { settings: h.env });
      expect(report, to).toMatchObject({ moved: 3, failed: [] });
      for (const [i, id] of ids.entries()) {
        expect((await where(id))?.storage, to).toBe(to);
        expect(sha(await content(id)), to).toBe(sha(files[i] as Buffer));
      }
      // Nothing is left in the stores it came from.
      const chunks = await h.handle.db.select().from(fileChunks);
      expect(chunks.length, to).toBe(to === "db" ? 3 + 1 + 2 : 0); // 256 KB each
      expect((await blobs("s3")).length, to).toBe(to === "s3" ? 3 : 0);
      expect((await blobs("disk")).length, to).toBe(to === "disk" ? 3 : 0);
      const again = await migrateStorage(h.handle.db, to, { settings: h.env });
      expect(again.moved, to).toBe(0);
    }
  });

  it("carries on after a run that stopped half-way, and leaves a version whose bytes are wrong", async () => {
    // Stopped while copying the first version into the database: some of its chunks are there.
    const [first, second, third] = ids as [string, string, string];
    await h.handle.db
      .insert(fileChunks)
      .values({ versionId: first, seq: 0, data: Buffer.from("junk") });
    // A disk file changed behind the app's back.
    const bad = await where(third);
    const file = path.join(
      h.env.DATA_DIR,
      "files",
      "sha256",
      bad?.key?.slice(0, 2) ?? "",
      bad?.key ?? "",
    );
    writeFileSync(file, pdf(300 * 1024, 9));

    const report = await migrateStorage(h.handle.db, "db", { settings: h.env });
    expect(report.moved).toBe(2);
    expect(report.failed).toEqual([
      { versionId: third, reason: "its bytes in disk do not match its SHA-256" },
    ]);
    expect((await where(third))?.storage).toBe("disk");
    for (const [i, id] of [first, second].entries()) {
      expect((await where(id))?.storage).toBe("db");
      expect(sha(await content(id))).toBe(sha(files[i] as Buffer));
    }
  });

  it("keeps disk bytes another version shares, and removes them with the last one", async () => {
    const bytes = pdf(50_000, 4);
    const a = await upload("disk", "Same-a.pdf", bytes);
    const b = await upload("disk", "Same-b.pdf", bytes);
    const key = (await where(a.versionId))?.key as string;
    expect((await where(b.versionId))?.key).toBe(key);
    const actor = { id: alice.id, side: "client" as const };
    expect((await deleteFile(h.handle.db, project, actor, a.fileId)).ok).toBe(true);
    expect(await blobs("disk")).toContain(key);
    expect(sha(await content(b.versionId))).toBe(sha(bytes));
    expect((await deleteFile(h.handle.db, project, actor, b.fileId)).ok).toBe(true);
    expect(await blobs("disk")).not.toContain(key);
    // S3: each version its own object, gone with it.
    const c = await upload("s3", "Object.pdf", bytes);
    const objectKey = (await where(c.versionId))?.key as string;
    expect(await blobs("s3")).toContain(objectKey);
    expect((await deleteFile(h.handle.db, project, actor, c.fileId)).ok).toBe(true);
    expect(await blobs("s3")).not.toContain(objectKey);
  });

  it("sends an S3 version whole and by range straight into a Node response (decision 134)", async () => {
    const bytes = pdf(2 * 1024 * 1024 + 321, 7);
    for (let i = 4099; i < bytes.length; i += 4099) bytes[i] = i % 251;
    const stored = await upload("s3", "Sent.pdf", bytes);
    const sent = async (range?: { start: number; end: number }) => {
      const got: Buffer[] = [];
      const out = new Writable({
        write(chunk: Buffer, _encoding, done) {
          got.push(Buffer.from(chunk));
          done();
        },
      });
      await sendVersion(h.handle.db, stored.versionId, out, range);
      return Buffer.concat(got);
    };
    expect((await sent()).equals(bytes)).toBe(true);
    const range = { start: 1024 * 1024 - 5, end: 2 * 1024 * 1024 + 7 };
    expect((await sent(range)).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
  });

  it("sends a file larger than a part to S3 in parts, and leaves nothing of one cut off (decision 141)", async () => {
    const bytes = pdf(12 * 1024 * 1024 + 12_345, 6);
    for (let i = 997; i < bytes.length; i += 997) bytes[i] = i % 241;
    const before = await blobs("s3");
    const stored = await upload("s3", "Parts.pdf", bytes);
    expect(sha(await content(stored.versionId))).toBe(sha(bytes));
    expect((await blobs("s3")).length).toBe(before.length + 1);
    // Cut off after two parts and a half: refused, and no object is left.
    const { setEnv } = await import("../env.server");
    setEnv({ ...h.env, FILE_STORAGE: "s3" });
    try {
      async function* cut() {
        yield* pieces(bytes.subarray(0, 12 * 1024 * 1024));
        throw new Error("connection reset");
      }
      await expect(
        storeFile(
          h.handle.db,
          project,
          { id: alice.id, side: "client" },
          "Cut.pdf",
          cut(),
          20 * 1024 * 1024,
        ),
      ).rejects.toThrow("connection reset");
    } finally {
      setEnv(h.env);
    }
    expect((await blobs("s3")).length).toBe(before.length + 1);
    const actor = { id: alice.id, side: "client" as const };
    expect((await deleteFile(h.handle.db, project, actor, stored.fileId)).ok).toBe(true);
    expect((await blobs("s3")).length).toBe(before.length);
  });

  it("sends a range of an S3 version from a store that answers every GET whole", async () => {
    const ignoring = await startTestS3({ ignoreRange: true });
    const { setEnv } = await import("../env.server");
    const settings = { ...h.env, ...ignoring.settings } as Env;
    try {
      const bytes = pdf(3 * 1024 * 1024 + 77, 5);
      for (let i = 1009; i < bytes.length; i += 1009) bytes[i] = i % 253;
      const stored = await upload("s3", "Whole.pdf", bytes, settings);
      setEnv(settings);
      const sent = async (range?: { start: number; end: number }) => {
        const got: Buffer[] = [];
        const out = new Writable({
          write(chunk: Buffer, _encoding, done) {
            got.push(Buffer.from(chunk));
            done();
          },
        });
        await sendVersion(h.handle.db, stored.versionId, out, range);
        return Buffer.concat(got);
      };
      const read = async (range?: { start: number; end: number }) => {
        const got: Uint8Array[] = [];
        for await (const piece of versionContent(h.handle.db, stored.versionId, range))
          got.push(piece);
        return Buffer.concat(got);
      };
      const ranges = [
        { start: 0, end: 0 },
        { start: 5, end: 5 },
        { start: 1024 * 1024 - 3, end: 2 * 1024 * 1024 + 11 },
        { start: bytes.length - 10, end: bytes.length - 1 },
      ];
      for (const range of ranges) {
        const want = bytes.subarray(range.start, range.end + 1);
        expect((await sent(range)).equals(want), JSON.stringify(range)).toBe(true);
        expect((await read(range)).equals(want), JSON.stringify(range)).toBe(true);
      }
      expect((await sent()).equals(bytes)).toBe(true);
      // The store was asked for each range, and answered the whole object every time; a
      // download asks it once.
      const ranged = ignoring.gets.filter((get) => get.range !== null);
      expect(ranged.length).toBe(ranges.length * 2);
      expect(ranged.every((get) => get.status === 200)).toBe(true);
      const actor = { id: alice.id, side: "client" as const };
      expect((await deleteFile(h.handle.db, project, actor, stored.fileId)).ok).toBe(true);
    } finally {
      setEnv(h.env);
      await ignoring.close();
    }
  });

  it("sweeps old bytes with no row, keeps young ones, and reports rows with no bytes", async () => {
    const now = new Date();
    const orphan = "ab".repeat(32);
    const young = "cd".repeat(32);
    for (const key of [orphan, young]) {
      const dir = path.join(h.env.DATA_DIR, "files", "sha256", key.slice(0, 2));
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, key), "x");
    }
    const old = new Date(now.getTime() - ORPHAN_GRACE_MS - 60_000);
    utimesSync(path.join(h.env.DATA_DIR, "files", "sha256", "ab", orphan), old, old);
    // A temporary file of an upload whose server died before it committed.
    const tmp = path.join(h.env.DATA_DIR, "files", "tmp", "00000000-0000-4000-8000-000000000000");
    writeFileSync(tmp, "half");
    utimesSync(tmp, old, old);
    // The third version's disk file lost.
    const third = ids[2] as string;
    const lost = await where(third);
    const { rmSync } = await import("node:fs");
    rmSync(
      path.join(h.env.DATA_DIR, "files", "sha256", lost?.key?.slice(0, 2) ?? "", lost?.key ?? ""),
    );

    const report = await sweepStoredFiles(h.handle.db, now, h.env);
    expect(report).toEqual({ removed: 2, missing: [third] });
    const left = await blobs("disk");
    expect(left).toContain(young);
    expect(left).not.toContain(orphan);
  });
});
