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
  versionContent,
} from "~/server/deliverables/files.server";
import { previewOf } from "~/server/deliverables/previews.server";
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
 * Store the files of an upload request. The page's script asks for JSON (an ActionResult, one
 * file per request); a plain form post gets a redirect to the project page with a toast.
 * Refused before anything is read: not signed in, viewing as a client (read-only), a project
 * outside the person's scope.
 */
export async function uploadFiles(request: Request, projectId: string | undefined) {
  let ctx: Awaited<ReturnType<typeof requireUser>>;
  let project: { id: string; clientId: string };
  try {
    ctx = await requireUser(request);
    assertCanWrite(ctx);
    project = await requireProject(ctx, projectId);
  } catch (refusal) {
    discardBody(request.body);
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
    { body, contentType: request.headers.get("content-type") },
    maxBytes,
  );
  if (refusal) discardBody(body);
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

/** One version of a file, as an attachment, read from the database as it is sent. */
export async function downloadFile(
  request: Request,
  projectId: string | undefined,
  versionId: string | undefined,
) {
  const ctx = await requireUser(request);
  const project = await requireProject(ctx, projectId);
  const id = parseId(versionId);
  const version = id ? await findVersion(ctx.db, project.id, id, sideOf(ctx.scope)) : null;
  if (!version) throw notFound(FILE_NOT_FOUND);
  return answerDownload(request, ctx.db, version);
}

/**
 * The answer to a download of a stored version the person may read (a project's file, a
 * message's attachment): always an attachment, the whole file or the one byte range asked
 * (Range, unless the file changed since: If-Range), read from the database as it is sent.
 */
export function answerDownload(request: Request, db: Database, version: DownloadableVersion) {
  const headers = downloadHeaders(version);
  // A resumed or partial download (Range), unless the file changed since (If-Range).
  const ifRange = request.headers.get("If-Range");
  const range =
    ifRange === null || ifRange === headers.get("ETag")
      ? byteRange(request.headers.get("Range"), version.size)
      : null;
  if (range === "unsatisfiable") {
    return new Response(null, {
      status: 416,
      headers: { "Content-Range": `bytes */${version.size}`, "Cache-Control": "private, no-store" },
    });
  }
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${version.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(versionContent(db, version.id, range), { status: 206, headers });
  }
  return new Response(versionContent(db, version.id), { headers });
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
