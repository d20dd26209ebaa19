/**
 * Backups that restore (issue 36, decision 060): a seeded instance on PostgreSQL keeps taking
 * leads while `npm run backup` runs; `npm run restore` loads the backup into an empty database,
 * where every table matches the backup's manifest by count and hash — the manifest read from
 * the same snapshot as the dump. Needs TEST_DATABASE_URL and a build.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db/client.server.ts";
import type { Manifest } from "../../scripts/lib/backup.ts";
import { tableFingerprints } from "../../scripts/lib/fingerprint.ts";
import { type Running, startBuiltServer } from "../../scripts/serve-build.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const serverUrl = process.env.TEST_DATABASE_URL;
const describeIf = serverUrl ? describe : describe.skip;
const exec = promisify(execFile);
const names: string[] = [];
let app: Running | undefined;

async function createDatabase() {
  const { name, url } = await createScratchDatabase(serverUrl ?? "", "backup");
  names.push(name);
  return url;
}
/** An npm script of this repository, with the given database and no settings file. */
const npmRun = (script: string, args: string[], url: string) =>
  exec("npm", ["run", "--silent", script, "--", ...args], {
    // Vitest puts Vite's BASE_URL ("/") into the environment: not the app's setting.
    env: { ...process.env, BASE_URL: "http://localhost:3000", DATABASE_URL: url, ENV_FILE: "" },
  });

let source = "";
let target = "";
beforeAll(async () => {
  if (!serverUrl) return;
  source = await createDatabase();
  target = await createDatabase();
  await npmRun("seed", [], source);
  app = await startBuiltServer(3594, {
    DATABASE_URL: source,
    LEAD_RATE_LIMIT_IP: "100000",
    LEAD_RATE_LIMIT_EMAIL: "100000",
  });
}, 180_000);

afterAll(async () => {
  await app?.stop();
  if (!serverUrl) return;
  for (const name of names) await dropScratchDatabase(serverUrl, name);
});

describeIf("backup and restore on PostgreSQL", () => {
  it("backs up under write load and restores every table exactly", async () => {
    const url = app?.url ?? "";
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        const res = await fetch(`${url}/functions/v1/send-contact-email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: url },
          body: JSON.stringify({
            name: `Load ${written}`,
            email: `load${written}@example.co.za`,
            message: `Written during the backup ${written}`,
          }),
        });
        expect(res.status).toBe(200);
        written++;
      }
    })();
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "agency-backup-")), "backup");
    await npmRun("backup", ["--out", dir], source);
    writing = false;
    await load;

    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
    expect(manifest.driver).toBe("postgres");
    expect(written).toBeGreaterThan(0);
    // The seed's 8 leads and some written under load; files are in the database.
    expect(manifest.tables.leads?.rows).toBeGreaterThan(8);
    expect(manifest.tables.file_chunks?.rows).toBeGreaterThan(0);

    const { stdout } = await npmRun("restore", [dir], target);
    expect(stdout).toContain("each matching the backup's manifest");
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      const restored = await tableFingerprints(drizzle(client) as unknown as Database);
      expect(restored).toEqual(manifest.tables);
      expect(Object.keys(restored).length).toBeGreaterThan(30);
    } finally {
      await client.end();
    }
    // A second restore into the same (now full) database is refused.
    await expect(npmRun("restore", [dir], target)).rejects.toThrow(/not empty/);
  });
});
