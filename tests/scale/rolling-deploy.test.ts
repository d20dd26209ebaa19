/**
 * Issue 36, point 5 (decision 064): during a rolling deploy a page of the previous build asks an
 * instance of the next build for its scripts. Every instance publishes its build's hashed assets
 * to the shared database as it starts and answers any published asset it lacks on disk.
 * Needs TEST_DATABASE_URL and a build.
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Running, startBuiltServer } from "../../scripts/serve-build.ts";

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
  dbName = `scale_roll_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  dbUrl = u.toString();
  app = await startBuiltServer(3595, { DATABASE_URL: dbUrl });
});

afterAll(async () => {
  await app?.stop();
  if (!baseUrl || !dbName) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
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
