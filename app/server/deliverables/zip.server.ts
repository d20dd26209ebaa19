/**
 * 'Download all' (issue 35, point 3): the latest version of each of a project's files (or the
 * versions chosen) as one zip, streamed as it is written: each file's content is read from
 * storage only when the zip reaches it, one chunk at a time, so memory stays flat whatever the
 * sizes. Stored, not compressed (most deliverables are compressed already; a zip of them is
 * about their sum and costs no CPU).
 */
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { Database } from "../db/client.server";
import { type FileItem, versionContent } from "./files.server";

export interface ZipEntry {
  versionId: string;
  name: string;
  size: number;
  createdAt: Date;
}

/** The newest version of each file, or just the versions asked for (unknown ids are ignored). */
export function entriesOf(files: FileItem[], chosen: string[] = []): ZipEntry[] {
  const wanted = new Set(chosen);
  const versions = files.flatMap((file) =>
    wanted.size === 0 ? file.versions.slice(0, 1) : file.versions.filter((v) => wanted.has(v.id)),
  );
  return versions.map((v) => ({
    versionId: v.id,
    name: v.name,
    size: v.size,
    createdAt: v.createdAt,
  }));
}

/** A name for an entry that no other entry has ("Brief.pdf", "Brief (2).pdf", …). */
function uniqueName(name: string, used: Set<string>) {
  const safe = name.replace(/[\\/]/g, "_") || "file";
  const dot = safe.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ""];
  let candidate = safe;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

export function zipStream(db: Database, entries: ZipEntry[]): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const used = new Set<string>();
  for (const entry of entries) {
    zip.addReadStreamLazy(
      uniqueName(entry.name, used),
      { compress: false, size: entry.size, mtime: entry.createdAt },
      (done) => done(null, Readable.fromWeb(versionContent(db, entry.versionId) as never)),
    );
  }
  zip.end();
  return Readable.toWeb(zip.outputStream as Readable) as ReadableStream<Uint8Array>;
}

/** The zip's headers: a download named after the project, never shown in the page. */
export function zipHeaders(projectTitle: string): Headers {
  const name = `${projectTitle.trim().slice(0, 80) || "Project"} files.zip`;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Headers({
    "Content-Type": "application/zip",
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
  });
}
