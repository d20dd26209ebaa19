/**
 * Every build's hashed assets, kept in the database (decision 064). During a rolling deploy a
 * page served by one build asks for its scripts from whichever instance the proxy picks; an
 * instance of the next build does not have them on disk. So each instance publishes its build's
 * assets as it starts, and answers an asset it does not have from here. Names carry the content's
 * hash, so a path never changes meaning; what no instance has started with for 30 days goes.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray, lt } from "drizzle-orm";
import type { Database } from "./db/client.server";
import { buildAssets } from "./db/schema.server";

export const KEEP_ASSETS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What a hashed asset's path looks like; nothing else is looked up. */
const ASSET_PATH = /^\/assets\/[\w.-]{1,200}$/;

export interface ArchivedAsset {
  body: Uint8Array;
  br: Uint8Array | null;
  gz: Uint8Array | null;
}

/** The build's assets: URL path and file (the .br and .gz beside each are read with it). */
function assetFiles(clientDir: string) {
  const dir = path.join(clientDir, "assets");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile() && !d.name.endsWith(".br") && !d.name.endsWith(".gz"))
    .map((d) => ({ urlPath: `/assets/${d.name}`, file: path.join(dir, d.name) }));
}

const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file) : null);

/**
 * Adds the build's assets that are not stored yet, marks all of them seen at `at`, and removes
 * those no instance has started with for KEEP_ASSETS_DAYS. Safe to run by several instances at
 * once (an asset's content is its name's).
 */
export async function publishBuildAssets(db: Database, clientDir: string, at: Date) {
  const files = assetFiles(clientDir);
  const paths = files.map((f) => f.urlPath);
  const stored =
    paths.length === 0
      ? []
      : await db
          .select({ path: buildAssets.path })
          .from(buildAssets)
          .where(inArray(buildAssets.path, paths));
  const have = new Set(stored.map((r) => r.path));
  let added = 0;
  for (const { urlPath, file } of files) {
    if (have.has(urlPath)) continue;
    await db
      .insert(buildAssets)
      .values({
        path: urlPath,
        body: readFileSync(file),
        br: readIfThere(`${file}.br`),
        gz: readIfThere(`${file}.gz`),
        lastSeenAt: at,
      })
      .onConflictDoNothing();
    added++;
  }
  if (paths.length > 0) {
    await db.update(buildAssets).set({ lastSeenAt: at }).where(inArray(buildAssets.path, paths));
  }
  const pruned = await db
    .delete(buildAssets)
    .where(lt(buildAssets.lastSeenAt, new Date(at.getTime() - KEEP_ASSETS_DAYS * DAY_MS)))
    .returning({ path: buildAssets.path });
  return { assets: files.length, added, pruned: pruned.length };
}

/** An asset of this or an earlier build, or null (also for anything not shaped like one). */
export async function archivedAsset(db: Database, urlPath: string): Promise<ArchivedAsset | null> {
  if (!ASSET_PATH.test(urlPath)) return null;
  const [row] = await db
    .select({ body: buildAssets.body, br: buildAssets.br, gz: buildAssets.gz })
    .from(buildAssets)
    .where(eq(buildAssets.path, urlPath));
  return row ?? null;
}
