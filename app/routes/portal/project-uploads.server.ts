/**
 * A project's resumable uploads (decision 092, the tus 1.0.0 protocol): created by a POST to
 * /portal/projects/:id/uploads, continued by PATCH, asked where they stand by HEAD, cancelled by
 * DELETE at /portal/projects/:id/uploads/:uploadId. The page's script uploads this way; a plain
 * form still posts to /files. Every request is checked as an upload is (signed in, not viewing as
 * a client, the project in scope), and an upload answers only the person who created it.
 *
 * A message's attachments the same way (decision 133) at /portal/messages/uploads[/:uploadId]:
 * no project (the message, when sent, says whose files they are); once complete an attachment
 * waits, staged, for the message that names it.
 */
import { MB, messageUploadPath } from "~/lib/files";
import { discardBody, type ProjectKey, type StoredFile } from "~/server/deliverables/files.server";
import {
  appendToUpload,
  cancelUpload,
  createUpload,
  currentOffset,
  findAttachmentUpload,
  findUpload,
  parseUploadChecksum,
  parseUploadMetadata,
  TUS_CHECKSUM_ALGORITHMS,
  TUS_EXTENSIONS,
  TUS_VERSION,
  tusHeaders,
  UPLOAD_NOT_FOUND,
} from "~/server/deliverables/resumable.server";
import { env } from "~/server/env.server";
import { sideOf } from "~/server/workspace/permissions.server";
import { assertCanWrite, requireProject, requireUser } from "./context.server";
import { uploadedText } from "./project-files.server";

export const resumableUploadPath = (projectId: string, uploadId: string) =>
  `/portal/projects/${projectId}/uploads/${uploadId}`;

/** Where an upload goes: a project's files, or a message's attachments (decision 133). */
export type UploadPlace = { projectId: string | undefined } | "attachment";

/** A refusal, as the upload endpoint answers one (an ActionResult), with the tus headers. */
function refusal(status: number, error: string, extra: Record<string, string> = {}) {
  return Response.json({ ok: false, error }, { status, headers: tusHeaders(extra) });
}

/** What a finished upload stored, for the page's toast (a header: PATCH answers 204). */
const storedHeader = (file: StoredFile | null): Record<string, string> =>
  file ? { "Upload-Stored": encodeURIComponent(uploadedText([file])) } : {};

async function context(
  request: Request,
  place: UploadPlace,
  discard = () => discardBody(request.body),
) {
  try {
    const ctx = await requireUser(request);
    assertCanWrite(ctx);
    const project = place === "attachment" ? null : await requireProject(ctx, place.projectId);
    return { ctx, project };
  } catch (error) {
    discard();
    throw error;
  }
}

/** The upload `uploadId` in its place, if it is this person's. */
const findIn = (uploadId: string | undefined, project: ProjectKey | null, uploaderId: string) =>
  project ? findUpload(uploadId, project, uploaderId) : findAttachmentUpload(uploadId, uploaderId);

/**
 * A PATCH's body read from Node's request (file-transfers.server.ts, decision 116): its pieces,
 * how to stop reading them (another request took the upload over), and how to drop the rest
 * (a refusal before reading).
 */
export interface NodePatchBody {
  pieces: AsyncIterator<Uint8Array>;
  stop(): void;
  discard(): void;
}

/** POST: a new upload (Upload-Length, Upload-Metadata with the file's name, 'internal'). */
export async function createResumableUpload(request: Request, place: UploadPlace) {
  const { ctx, project } = await context(request, place);
  if (request.headers.get("Tus-Resumable") !== TUS_VERSION)
    return refusal(412, "Unsupported tus version.", { "Tus-Version": TUS_VERSION });
  const length = request.headers.get("Upload-Length");
  const metadata = parseUploadMetadata(request.headers.get("Upload-Metadata"));
  const internal = ["on", "true", "1"].includes(metadata.internal ?? "");
  const created = await createUpload(
    project,
    { id: ctx.user.id, side: sideOf(ctx.scope), internal },
    {
      name: metadata.filename ?? metadata.name ?? "",
      length: length !== null && /^\d+$/.test(length) ? Number(length) : -1,
    },
    env().MAX_UPLOAD_MB * MB,
  );
  if (!created.ok) return refusal(created.status, created.message);
  return new Response(null, {
    status: 201,
    headers: tusHeaders({
      Location: project
        ? resumableUploadPath(project.id, created.upload.id)
        : messageUploadPath(created.upload.id),
      "Upload-Offset": "0",
    }),
  });
}

/** OPTIONS-like facts for a GET of the collection (tus discovery is not needed by our client). */
export function tusCapabilities() {
  return tusHeaders({
    "Tus-Version": TUS_VERSION,
    "Tus-Extension": TUS_EXTENSIONS,
    "Tus-Checksum-Algorithm": TUS_CHECKSUM_ALGORITHMS,
    "Tus-Max-Size": String(env().MAX_UPLOAD_MB * MB),
  });
}

/** HEAD: where the upload stands (after any request still writing to it has stopped). */
export async function resumableUploadOffset(
  request: Request,
  place: UploadPlace,
  uploadId: string | undefined,
) {
  const { ctx, project } = await context(request, place);
  const upload = await findIn(uploadId, project, ctx.user.id);
  if (!upload) return new Response(null, { status: 404, headers: tusHeaders() });
  const now = await currentOffset(upload);
  return new Response(null, {
    status: 200,
    headers: tusHeaders({
      "Upload-Offset": String(now.offset),
      "Upload-Length": String(now.length),
      ...storedHeader(now.stored),
    }),
  });
}

/** PATCH (bytes at Upload-Offset) or DELETE (termination). */
export async function changeResumableUpload(
  request: Request,
  place: UploadPlace,
  uploadId: string | undefined,
  nodeBody?: NodePatchBody,
) {
  const discard = () => (nodeBody ? nodeBody.discard() : discardBody(request.body));
  const { ctx, project } = await context(request, place, discard);
  const stop = (response: Response) => {
    discard();
    return response;
  };
  const upload = await findIn(uploadId, project, ctx.user.id);
  if (!upload) return stop(refusal(404, UPLOAD_NOT_FOUND));
  if (request.method === "DELETE") {
    await cancelUpload(upload);
    return new Response(null, { status: 204, headers: tusHeaders() });
  }
  if (request.method !== "PATCH") return stop(refusal(405, "Method not allowed."));
  if (request.headers.get("Tus-Resumable") !== TUS_VERSION)
    return stop(refusal(412, "Unsupported tus version.", { "Tus-Version": TUS_VERSION }));
  if (request.headers.get("Content-Type") !== "application/offset+octet-stream")
    return stop(refusal(415, "Send the bytes as application/offset+octet-stream."));
  const offset = request.headers.get("Upload-Offset");
  if (offset === null || !/^\d+$/.test(offset))
    return stop(refusal(400, "Upload-Offset must be a number of bytes."));
  // The checksum extension (decision 128): the piece is kept only if it matches.
  const checksum = parseUploadChecksum(request.headers.get("Upload-Checksum"));
  if (typeof checksum === "string") return stop(refusal(400, checksum));
  const appended = await appendToUpload(
    ctx.db,
    upload,
    Number(offset),
    nodeBody ?? request.body,
    env().MAX_UPLOAD_MB * MB,
    checksum,
  );
  if (!appended.ok) return stop(refusal(appended.status, appended.message));
  return new Response(null, {
    status: 204,
    headers: tusHeaders({
      "Upload-Offset": String(appended.offset),
      ...storedHeader(appended.stored),
    }),
  });
}
