/**
 * Moving versions' bytes between stores (decision 091; `npm run storage:migrate -- --to disk|s3|db`).
 * One version at a time: copied to the target as it is read, its SHA-256 checked against the one
 * recorded at upload, the row switched in one transaction, read back from the target and checked
 * again, and only then removed from the source. A run that stops (killed, a store down) leaves
 * every version whole in one store or the other; running it again carries on with the versions
 * not yet moved, and a run with nothing left to move changes nothing.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { type FileStorageKind, fileVersions } from "../db/schema.server";
import { type Env, env } from "../env.server";
import {
  type BlobRef,
  lockBlobKey,
  releaseBlobs,
  storeOf,
  sweepStoredFiles,
} from "./storage.server";

export interface MigrationReport {
  moved: number;
  bytes: number;
  /** Versions left where they were: their bytes did not match their hash, or could not be read. */
  failed: { versionId: string; reason: string }[];
}

async function sha256Of(stream: ReadableStream<Uint8Array>) {
  const hash = createHash("sha256");
  let size = 0;
  for await (const piece of stream) {
    hash.update(piece);
    size += piece.byteLength;
  }
  return { sha256: hash.digest("hex"), size };
}

export async function migrateStorage(
  db: Database,
  to: FileStorageKind,
  options: { settings?: Env; log?: (line: string) => void; now?: Date } = {},
): Promise<MigrationReport> {
  const settings = options.settings ?? env();
  const log = options.log ?? (() => {});
  const target = storeOf(to, settings);
  const report: MigrationReport = { moved: 0, bytes: 0, failed: [] };
  const skipped = new Set<string>();
  for (;;) {
    // One at a time, oldest first: what a stopped run left is simply the rest.
    const candidates = await db
      .select({
        id: fileVersions.id,
        name: fileVersions.name,
        size: fileVersions.size,
        sha256: fileVersions.sha256,
        storage: fileVersions.storage,
        key: fileVersions.storageKey,
      })
      .from(fileVersions)
      .where(and(eq(fileVersions.state, "ready"), ne(fileVersions.storage, to)))
      .orderBy(asc(fileVersions.createdAt), asc(fileVersions.id))
      .limit(skipped.size + 1);
    const version = candidates.find((c) => !skipped.has(c.id));
    if (!version) break;
    const from: BlobRef = { versionId: version.id, storage: version.storage, key: version.key };
    const fail = (reason: string) => {
      skipped.add(version.id);
      report.failed.push({ versionId: version.id, reason });
      log(`FAILED ${version.id} (${version.name}): ${reason}`);
    };
    const source = storeOf(version.storage, settings);
    const writer = await target.create(db, version.id, { lease: false });
    let promoted = false;
    try {
      const hash = createHash("sha256");
      let size = 0;
      for await (const piece of source.read(db, from)) {
        hash.update(piece);
        size += piece.byteLength;
        await writer.write(piece);
      }
      const sha256 = hash.digest("hex");
      if (version.sha256 && sha256 !== version.sha256) {
        await writer.abort();
        fail(`its bytes in ${version.storage} do not match its SHA-256`);
        continue;
      }
      if (size !== version.size) {
        await writer.abort();
        fail(`${size} bytes in ${version.storage}, ${version.size} expected`);
        continue;
      }
      const key = await writer.finish(sha256);
      const switched = await db.transaction(async (tx) => {
        await lockBlobKey(tx, to, key);
        const rows = await tx
          .update(fileVersions)
          .set({ storage: to, storageKey: key, sha256 })
          .where(and(eq(fileVersions.id, version.id), eq(fileVersions.storage, version.storage)))
          .returning({ id: fileVersions.id });
        if (rows.length === 0) return false; // deleted (or moved) meanwhile
        await target.promote(version.id, key);
        promoted = true;
        return true;
      });
      if (!switched) {
        await writer.abort();
        continue;
      }
      // Read back from where it now is: the copy is the file.
      const check = await sha256Of(target.read(db, { versionId: version.id, storage: to, key }));
      if (check.sha256 !== sha256) {
        await db
          .update(fileVersions)
          .set({ storage: version.storage, storageKey: version.key })
          .where(eq(fileVersions.id, version.id));
        await releaseBlobs(db, [{ versionId: version.id, storage: to, key }], settings);
        fail(`its copy in ${to} did not read back the same`);
        continue;
      }
      await releaseSource(db, from, settings);
      report.moved += 1;
      report.bytes += size;
      log(`moved ${version.id} (${version.name}, ${size} bytes) ${version.storage} → ${to}`);
    } catch (error) {
      if (!promoted) await writer.abort().catch(() => {});
      fail((error as Error).message);
    }
  }
  // Chunks of versions now elsewhere, and bytes a stopped run left behind.
  const swept = await sweepStoredFiles(db, options.now ?? new Date(), settings);
  if (swept.removed) log(`removed ${swept.removed} leftover pieces`);
  return report;
}

/** The source's bytes, once the version lives in the target (shared disk bytes stay while used). */
async function releaseSource(db: Database, from: BlobRef, settings: Env) {
  if (from.storage === "db") await storeOf("db", settings).remove(db, from);
  else await releaseBlobs(db, [from], settings);
}
