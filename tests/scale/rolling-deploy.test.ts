/**
 * Issue 36, point 5 (decision 064): during a rolling deploy a page of the previous build asks an
 * instance of the next build for its scripts. Every instance publishes its build's hashed assets
 * to the shared database as it starts and answers any published asset it lacks on disk.
 * Needs TEST_DATABASE_URL and a build.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Running, startBuiltServer } from "../../scripts/serve-build.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const baseUrl = process.env.TEST_DATABASE_URL;
const describeIf = baseUrl ? describe : describe.skip;
let dbName = "";
let dbUrl = "";
let app: Running | undefined;

const query = async (sql: string, params: unknown[] = []) => {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  if (!baseUrl) return;
  ({ name: dbName, url: dbUrl } = await createScratchDatabase(baseUrl, "scale_roll"));
  app = await startBuiltServer(3595, { DATABASE_URL: dbUrl });
});

afterAll(async () => {
  await app?.stop();
  if (!baseUrl || !dbName) return;
  await dropScratchDatabase(baseUrl, dbName);
});

describeIf("assets across builds", () => {
  it("publishes every hashed asset of its build as it starts", async () => {
    const onDisk = readdirSync(path.resolve("build/client/assets")).filter(
      (n) => !n.endsWith(".br") && !n.endsWith(".gz"),
    );
    const { rows } = await query("select path from build_assets");
    expect(rows.map((r) => r.path).sort()).toEqual(onDisk.map((n) => `/assets/${n}`).sort());
  });

  it("answers another build's asset from the database, and 404 for an unknown one", async () => {
    const script = "console.log('a page of the previous build hydrates')";
    await query("insert into build_assets (path, body, last_seen_at) values ($1, $2, now())", [
      "/assets/entry.client-PREVIOUS1.js",
      Buffer.from(script),
    ]);
    const res = await fetch(`${app?.url}/assets/entry.client-PREVIOUS1.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(await res.text()).toBe(script);
    expect((await fetch(`${app?.url}/assets/entry.client-NOWHERE.js`)).status).toBe(404);
  });
});
