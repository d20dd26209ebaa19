/**
 * Issue 36, point 5 (decision 064): each instance publishes its build's hashed assets as it
 * starts, so an instance of another build can answer them during a rolling deploy.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedAsset, KEEP_ASSETS_DAYS, publishBuildAssets } from "./build-assets.server";
import type { DatabaseHandle } from "./db/client.server";
import { buildAssets } from "./db/schema.server";
import { createTestDatabase } from "./db/test-db.server";

const DAY = 24 * 60 * 60 * 1000;
let handle: DatabaseHandle;

/** A build/client folder with the given assets (a .br beside the scripts, as the build writes). */
function build(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "build-assets-"));
  mkdirSync(path.join(dir, "assets"));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, "assets", name), text);
    if (name.endsWith(".js"))
      writeFileSync(path.join(dir, "assets", `${name}.br`), brotliCompressSync(text));
  }
  return dir;
}

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe("build assets", () => {
  const first = build({ "entry-aaa111.js": "console.log('first')", "root-bbb222.css": "a{}" });
  const second = build({ "entry-ccc333.js": "console.log('second')", "root-bbb222.css": "a{}" });
  const day0 = new Date("2026-11-01T08:00:00Z");

  it("publishes a build's assets once, with their compressed forms", async () => {
    expect(await publishBuildAssets(handle.db, first, day0)).toEqual({
      assets: 2,
      added: 2,
      pruned: 0,
    });
    expect(await publishBuildAssets(handle.db, first, day0)).toEqual({
      assets: 2,
      added: 0,
      pruned: 0,
    });
    const entry = await archivedAsset(handle.db, "/assets/entry-aaa111.js");
    expect(Buffer.from(entry?.body ?? []).toString()).toBe("console.log('first')");
    expect(entry?.br).not.toBeNull();
    expect((await archivedAsset(handle.db, "/assets/root-bbb222.css"))?.br).toBeNull();
  });

  it("keeps the previous build's assets when the next one starts", async () => {
    const day1 = new Date(day0.getTime() + DAY);
    expect(await publishBuildAssets(handle.db, second, day1)).toEqual({
      assets: 2,
      added: 1,
      pruned: 0,
    });
    expect(await archivedAsset(handle.db, "/assets/entry-aaa111.js")).not.toBeNull();
    expect(await archivedAsset(handle.db, "/assets/entry-ccc333.js")).not.toBeNull();
  });

  it(`forgets what no instance has started with for ${KEEP_ASSETS_DAYS} days`, async () => {
    const later = new Date(day0.getTime() + (KEEP_ASSETS_DAYS + 1) * DAY);
    expect(await publishBuildAssets(handle.db, second, later)).toEqual({
      assets: 2,
      added: 0,
      pruned: 1,
    });
    expect(await archivedAsset(handle.db, "/assets/entry-aaa111.js")).toBeNull();
    // The shared stylesheet was seen again with the second build: it stays.
    expect(await archivedAsset(handle.db, "/assets/root-bbb222.css")).not.toBeNull();
    const rows = await handle.db.select({ path: buildAssets.path }).from(buildAssets);
    expect(rows.map((r) => r.path).sort()).toEqual([
      "/assets/entry-ccc333.js",
      "/assets/root-bbb222.css",
    ]);
  });

  it("looks up nothing that is not shaped like an asset", async () => {
    for (const p of [
      "/assets/",
      "/assets/../secret",
      "/assets/a/b.js",
      `/assets/${"x".repeat(300)}.js`,
      "/about",
    ]) {
      expect(await archivedAsset(handle.db, p)).toBeNull();
    }
  });
});
