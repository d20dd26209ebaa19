/**
 * npm run backup [-- --out <folder>]   (default backups/<time>)
 * npm run restore -- <folder>
 * The app's database (DATABASE_URL, or PGlite under DATA_DIR with the server stopped), with the
 * project files it holds, and a manifest of every table by count and hash (scripts/lib/backup.ts).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { env, loadEnvFile } from "~/server/env.server";
import { backup, restore } from "./lib/backup";

loadEnvFile();
const { values, positionals } = parseArgs({
  options: { out: { type: "string" } },
  allowPositionals: true,
});
const command = positionals[0];
const settings = env();
const target = { databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR };
try {
  if (command === "backup") {
    const dir = values.out ?? path.join("backups", new Date().toISOString().replace(/[:.]/g, "-"));
    const manifest = await backup(target, dir);
    const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
    console.log(`Backed up ${Object.keys(manifest.tables).length} tables (${rows} rows) to ${dir}`);
  } else if (command === "restore" && positionals[1]) {
    const { tables } = await restore(target, positionals[1]);
    console.log(
      `Restored ${positionals[1]}: ${tables} tables, each matching the backup's manifest.`,
    );
  } else {
    console.error("Usage: npm run backup [-- --out <folder>]  |  npm run restore -- <folder>");
    process.exit(2);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
