/**
 * Move every file version's bytes to one store (decision 091):
 *   npm run storage:migrate -- --to disk|s3|db
 * Uses the app's settings (DATABASE_URL or the PGlite database under DATA_DIR, DATA_DIR, S3_*).
 * Each version is checked by its SHA-256 before its row switches, read back after, and removed
 * from its old store last. Safe to stop and run again: it carries on with what is left, and does
 * nothing once everything is in the target. With the embedded database, stop the server first
 * (its database has one process).
 */
import { parseArgs } from "node:util";
import { closeDatabase, getDatabase } from "~/server/db/client.server";
import { FILE_STORAGE_KINDS, type FileStorageKind } from "~/server/db/schema.server";
import { migrateStorage } from "~/server/deliverables/storage-migrate.server";
import { EnvError, env, loadEnvFile } from "~/server/env.server";

const { values } = parseArgs({ options: { to: { type: "string" } } });

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

if (!FILE_STORAGE_KINDS.includes(values.to as FileStorageKind))
  fail(`Usage: npm run storage:migrate -- --to ${FILE_STORAGE_KINDS.join("|")}`);

loadEnvFile();
try {
  if (values.to === "s3" && !env().S3_BUCKET)
    fail("--to s3 needs S3_BUCKET (and S3_ENDPOINT, keys)");
  const handle = await getDatabase();
  const started = Date.now();
  const report = await migrateStorage(handle.db, values.to as FileStorageKind, {
    log: (line) => console.log(line),
  });
  await closeDatabase();
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `Moved ${report.moved} versions (${(report.bytes / 1024 / 1024).toFixed(1)} MB) to ${values.to} in ${seconds.toFixed(1)} s; ${report.failed.length} failed.`,
  );
  if (report.failed.length) process.exit(1);
} catch (error) {
  await closeDatabase().catch(() => {});
  fail(error instanceof EnvError ? error.message : `Failed: ${(error as Error).message}`);
}
