/**
 * The file endpoints' requests (the resource routes project-files.ts and project-file.ts): an
 * upload posted to /portal/projects/:id/files, a download of one version (and the answer to
 * any download, a message's attachment's too), and 'Download all'.
 */
import { MB, maxUploadRequestBytes } from "~/lib/files";
import type { Database } from "~/server/db/client.server";
import {
  byteRange,
  type DownloadableVersion,
  discardBody,
  downloadHeaders,
  FILE_NOT_FOUND,
  findVersion,
  guardBody,
  listFiles,
  receiveUpload,
  type StoredFile,
  type UploadBody,
  versionContent,
} from "~/server/deliverables/files.server";
import { previewOf } from "~/server/deliverables/previews.server";
import type { ByteSpan } from "~/server/deliverables/storage.server";
import { entriesOf, zipHeaders, zipStream } from "~/server/deliverables/zip.server";
import { env } from "~/server/env.server";
import { getProjectDetails } from "~/server/projects/projects.server";
import { sideOf } from "~/server/workspace/permissions.server";
import { parseId } from "~/server/workspace/scope.server";
import { notFound } from "../refuse.server";
import { redirectWithToast } from "../toast.server";
import { assertCanWrite, requireProject, requireUser } from "./context.server";

/** What an upload says it stored: "Uploaded Brief.pdf", "Uploaded version 2 of Brief.pdf". */
export function uploadedText(files: StoredFile[]): string {
  if (files.length === 1) {
    const [file] = files as [StoredFile];
    return file.version === 1
      ? `Uploaded ${file.name}`
      : `Uploaded version ${file.version} of ${file.name}`;
  }
  return `Uploaded ${files.length} files: ${files.map((f) => f.name).join(", ")}`;
}

/**
 * The body of an upload answered from Node's own request (file-transfers.server.ts, decision
 * 109): its pieces as they arrive (`guardNodeBody`), and how to drop what is left after a
 * refusal. Without it, the Request's body is read.
 */
export interface NodeUploadBody {
  body: UploadBody;
  discard(): void;
}

/**
 * Store the files of an upload request. The page's script asks for JSON (an ActionResult, one
 * file per request); a plain form post gets a redirect to the project page with a toast.
 * Refused before anything is read: not signed in, viewing as a client (read-only), a project
 * outside the person's scope.
 */
export async function uploadFiles(
  request: Request,
  projectId: string | undefined,
  nodeBody?: NodeUploadBody,
) {
  const discard = (body: ReadableStream<Uint8Array> | null) =>
    nodeBody ? nodeBody.discard() : discardBody(body);
  let ctx: Awaited<ReturnType<typeof requireUser>>;
  let project: { id: string; clientId: string };
  try {
    ctx = await requireUser(request);
    assertCanWrite(ctx);
    project = await requireProject(ctx, projectId);
  } catch (refusal) {
    discard(request.body);
    throw refusal;
  }
  const json = (request.headers.get("accept") ?? "").includes("application/json");
  const maxBytes = env().MAX_UPLOAD_MB * MB;
  const body = request.body
    ? guardBody(request.body, maxUploadRequestBytes(env().MAX_UPLOAD_MB))
    : null;
  const { files, refusal } = await receiveUpload(
    ctx.db,
    project,
    { id: ctx.user.id, side: sideOf(ctx.scope) },
    { body: nodeBody?.body ?? body, contentType: request.headers.get("content-type") },
    maxBytes,
  );
  if (refusal) discard(body);
  const page = `/portal/projects/${project.id}`;
  if (refusal) {
    const error = files.length ? `${uploadedText(files)}. ${refusal.message}` : refusal.message;
    if (json) return Response.json({ ok: false, error }, { status: refusal.status });
    return redirectWithToast(page, { type: "error", title: "Error", description: error });
  }
  const success = uploadedText(files);
  if (json) return Response.json({ ok: true, success, files });
  return redirectWithToast(page, { type: "success", title: "Success", description: success });
}

/** A version of a project's file the person may read, or a thrown 404. */
export async function findDownload(
  request: Request,
  projectId: string | undefined,
  versionId: string | undefined,
): Promise<{ db: Database; version: DownloadableVersion }> {
  const ctx = await requireUser(request);
  const project = await requireProject(ctx, projectId);
  const id = parseId(versionId);
  const version = id ? await findVersion(ctx.db, project.id, id, sideOf(ctx.scope)) : null;
  if (!version) throw notFound(FILE_NOT_FOUND);
  return { db: ctx.db, version };
}

/** One version of a file, as an attachment, read from its store as it is sent. */
export async function downloadFile(
  request: Request,
  projectId: string | undefined,
  versionId: string | undefined,
) {
  const { db, version } = await findDownload(request, projectId, versionId);
  return answerDownload(request, db, version);
}

/** How a download is answered: its status and headers, and the bytes to send (none for a 416). */
export interface DownloadAnswer {
  status: 200 | 206 | 416;
  headers: Headers;
  /** The bytes asked for (a 206), or undefined: all of them. */
  range?: ByteSpan;
}

/**
 * A download of a stored version the person may read (a project's file, a message's
 * attachment): always an attachment, the whole file or the one byte range asked (Range, unless
 * the file changed since: If-Range).
 */
export function downloadAnswer(request: Request, version: DownloadableVersion): DownloadAnswer {
  const headers = downloadHeaders(version);
  // A resumed or partial download (Range), unless the file changed since (If-Range).
  const ifRange = request.headers.get("If-Range");
  const range =
    ifRange === null || ifRange === headers.get("ETag")
      ? byteRange(request.headers.get("Range"), version.size)
      : null;
  if (range === "unsatisfiable") {
    return {
      status: 416,
      headers: new Headers({
        "Content-Range": `bytes */${version.size}`,
        "Cache-Control": "private, no-store",
      }),
    };
  }
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${version.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return { status: 206, headers, range };
  }
  return { status: 200, headers };
}

/** `downloadAnswer` as a Response, its bytes read from the store as they are sent. */
export function answerDownload(request: Request, db: Database, version: DownloadableVersion) {
  const { status, headers, range } = downloadAnswer(request, version);
  if (status === 416) return new Response(null, { status, headers });
  return new Response(versionContent(db, version.id, range), { status, headers });
}

/** 'Download all': the latest version of each file the person sees, or `?v=` chosen ones. */
export async function downloadAllFiles(request: Request, projectId: string | undefined) {
  const ctx = await requireUser(request);
  const project = await requireProject(ctx, projectId);
  const chosen = new URL(request.url).searchParams.getAll("v").slice(0, 500);
  // What this person may see: a contact never gets the agency's internal files (decision 066).
  const entries = entriesOf(await listFiles(ctx.db, project.id, sideOf(ctx.scope)), chosen);
  if (entries.length === 0) throw notFound(FILE_NOT_FOUND);
  const details = await getProjectDetails(ctx.db, project.id);
  return new Response(zipStream(ctx.db, entries), { headers: zipHeaders(details?.title ?? "") });
}

/**
 * A version's preview (decision 093): a small WebP of an image or a PDF's first page, for a
 * version the person may read (a contact never gets one of an internal file); 404 when it has
 * none.
 */
export async function filePreview(
  request: Request,
  projectId: string | undefined,
  versionId: string | undefined,
) {
  const ctx = await requireUser(request);
  const project = await requireProject(ctx, projectId);
  const id = parseId(versionId);
  const version = id ? await findVersion(ctx.db, project.id, id, sideOf(ctx.scope)) : null;
  const image = version ? await previewOf(ctx.db, version) : null;
  if (!image) throw notFound(FILE_NOT_FOUND);
  return new Response(new Uint8Array(image), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(image.length),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      // A version never changes; the person's right to it is checked on every request.
      "Cache-Control": "private, max-age=86400",
    },
  });
}
