/**
 * Previews of a file version (decision 093): a small WebP of a PNG, JPEG or WebP image (sharp),
 * or of a PDF's first page (poppler's `pdftoppm`, then sharp), made on the server the first time
 * it is asked for and kept in DATA_DIR/files/previews/<version id>.webp — derived data, made
 * again wherever it is missing. Never of an SVG (or any other type): nothing in a file is run.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { inArray } from "drizzle-orm";
import { hasPreview } from "~/lib/files";
import type { Database } from "../db/client.server";
import { fileVersions } from "../db/schema.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { versionContent } from "./storage.server";

/** The widest a preview is, in pixels (twice the page's 160 px box). */
export const PREVIEW_WIDTH = 320;
const PDF_TYPE = "application/pdf";
/** Images larger than this are not previewed (a decompression bomb stays a download). */
const MAX_PIXELS = 50_000_000;
/** A PDF's first page must render within this. */
const PDF_TIMEOUT_MS = 15_000;

const previewsDir = () => path.resolve(env().DATA_DIR, "files", "previews");
const previewPath = (versionId: string) => {
  if (!/^[0-9a-f-]{36}$/.test(versionId)) throw new Error("not a version id");
  return path.join(previewsDir(), `${versionId}.webp`);
};

async function loadSharp() {
  return (await import("sharp")).default;
}

async function toWebp(input: Buffer | string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error" })
    .rotate()
    .resize({ width: PREVIEW_WIDTH, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

/** The first page of the PDF at `file`, as a PNG (pdftoppm), or null when it cannot be read. */
function firstPage(file: string, out: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(
      "pdftoppm",
      [
        "-f",
        "1",
        "-l",
        "1",
        "-png",
        "-singlefile",
        "-scale-to",
        String(PREVIEW_WIDTH * 2),
        file,
        out,
      ],
      { stdio: "ignore" },
    );
    const timer = setTimeout(() => child.kill("SIGKILL"), PDF_TIMEOUT_MS);
    child.on("error", () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code === 0 ? `${out}.png` : null);
    });
  });
}

/**
 * The preview of a ready version of type `contentType` (the caller has checked the person may
 * read it): kept, or made now from its bytes. Null when its type has none or it cannot be made.
 */
export async function previewOf(
  db: Database,
  version: { id: string; contentType: string },
): Promise<Buffer | null> {
  if (!hasPreview(version.contentType)) return null;
  const target = previewPath(version.id);
  const kept = await readFile(target).catch(() => null);
  if (kept) return kept;
  // Two people opening a new file's page at once share one making of its preview: each used to
  // make it and write it under the same temporary name, and the second's rename could find the
  // first had taken it (a 404 and a broken image on the final CI run of 2026-11-28).
  const pending = making.get(version.id);
  if (pending) return pending;
  const made = makePreview(db, version, target).finally(() => making.delete(version.id));
  making.set(version.id, made);
  return made;
}

/** Previews being made now, by version id (one making per version in this process). */
const making = new Map<string, Promise<Buffer | null>>();

async function makePreview(
  db: Database,
  version: { id: string; contentType: string },
  target: string,
): Promise<Buffer | null> {
  const work = await mkdtemp(path.join(tmpdir(), "preview-"));
  try {
    const source = path.join(work, "source");
    await pipeline(
      Readable.fromWeb(versionContent(db, version.id) as import("node:stream/web").ReadableStream),
      createWriteStream(source),
    );
    let image: Buffer;
    if (version.contentType === PDF_TYPE) {
      const page = await firstPage(source, path.join(work, "page"));
      if (!page) return null;
      image = await toWebp(page);
    } else {
      image = await toWebp(source);
    }
    await mkdir(previewsDir(), { recursive: true, mode: 0o700 });
    // Another instance may be making it too: a temporary name of this making's own.
    const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temporary, image, { mode: 0o600 });
    await rename(temporary, target);
    return image;
  } catch (error) {
    logger.warn({ err: error, versionId: version.id }, "no preview for this file");
    return null;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Previews whose version is gone (deleted): removed by the stored-files sweep. */
export async function sweepPreviews(db: Database): Promise<number> {
  const names = await readdir(previewsDir()).catch(() => [] as string[]);
  const ids = names
    .map((name) => /^([0-9a-f-]{36})\.webp$/.exec(name)?.[1])
    .filter((id): id is string => Boolean(id));
  let removed = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const alive = new Set(
      (
        await db
          .select({ id: fileVersions.id })
          .from(fileVersions)
          .where(inArray(fileVersions.id, batch))
      ).map((r) => r.id),
    );
    for (const id of batch) {
      if (alive.has(id)) continue;
      await rm(previewPath(id), { force: true });
      removed += 1;
    }
  }
  // Temporary files a killed process left.
  for (const name of names) {
    if (!name.endsWith(".tmp")) continue;
    const info = await stat(path.join(previewsDir(), name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 60 * 60 * 1000)
      await rm(path.join(previewsDir(), name), { force: true });
  }
  return removed;
}
