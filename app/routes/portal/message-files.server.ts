/**
 * A message's attachments at the edge (decision 087): reading the Messages page's form when it
 * carries files (a multipart post, streamed by server.ts), and downloading an attachment.
 */
import { MB, maxUploadRequestBytes } from "~/lib/files";
import type { Database } from "~/server/db/client.server";
import {
  discardBody,
  discardReceived,
  FILE_NOT_FOUND,
  guardBody,
  type ReceivedFile,
  receiveForm,
} from "~/server/deliverables/files.server";
import { env } from "~/server/env.server";
import { attachmentOwner, findAttachment, type Sender } from "~/server/messages/messages.server";
import type { Refused } from "~/server/outcome.server";
import { type Form, readForm } from "../form.server";
import { notFound } from "../refuse.server";
import { type PortalContext, requireUser } from "./context.server";
import { answerDownload } from "./project-files.server";

/** A multipart post: it may carry files, and server.ts streams its body (decision 087). */
export function carriesFiles(request: Request): boolean {
  return /^\s*multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
}

/**
 * The Messages page's posted form: its fields, and the files it carries received into pending
 * versions (kept only once the message is stored with them). A plain form has no files. A
 * refusal (a file too large or of a refused type, too many files, a broken body) keeps
 * nothing, and comes with the fields read, so that what was typed can be shown again.
 */
export async function readMessageForm(
  request: Request,
  ctx: Pick<PortalContext, "db">,
  sender: Sender,
): Promise<{ form: Form; files: ReceivedFile[]; refusal: Refused | null }> {
  const type = request.headers.get("content-type");
  if (!type || !carriesFiles(request)) {
    return { form: await readForm(request), files: [], refusal: null };
  }
  const body = request.body
    ? guardBody(request.body, maxUploadRequestBytes(env().MAX_UPLOAD_MB))
    : null;
  const read = await receiveForm(
    ctx.db,
    { body, contentType: type },
    {
      uploaderId: sender.id,
      maxBytes: env().MAX_UPLOAD_MB * MB,
      ownerOf: (fields) => attachmentOwner(ctx.db, sender, fields),
    },
  );
  // Let a browser still sending read the refusal (decision 019): the rest is read and dropped,
  // up to what one upload may carry (guardBody). Not cancelled: a cancel while its source is
  // still answering a read fails inside the source (Node's own Request bodies).
  if (read.refusal) discardBody(body, Number.POSITIVE_INFINITY);
  return { form: { ...read.fields }, files: read.files, refusal: read.refusal };
}

/** Attachments received for a form that was then refused: dropped, nothing kept. */
export function dropAttachments(db: Database, files: ReceivedFile[]) {
  return discardReceived(
    db,
    files.map((f) => f.versionId),
  );
}

/** A message's attachment, when the person may read its conversation (404 otherwise). */
export async function downloadAttachment(request: Request, versionId: string | undefined) {
  const { db, version } = await findAttachmentDownload(request, versionId);
  return answerDownload(request, db, version);
}

/** A message's attachment the person may read, or a thrown 404. */
export async function findAttachmentDownload(request: Request, versionId: string | undefined) {
  const ctx = await requireUser(request);
  const version = await findAttachment(ctx.db, ctx.scope, versionId);
  if (!version) throw notFound(FILE_NOT_FOUND);
  return { db: ctx.db, version };
}
