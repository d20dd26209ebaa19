/**
 * A message's attachments at the edge (decision 087): reading the Messages page's form when it
 * carries files (a multipart post, streamed by server.ts) or names attachments uploaded before
 * it (resumable, decision 133), and downloading an attachment.
 */
import { MAX_FILES_PER_UPLOAD, MB, maxUploadRequestBytes } from "~/lib/files";
import type { Database } from "~/server/db/client.server";
import {
  discardBody,
  discardReceived,
  FILE_NOT_FOUND,
  guardBody,
  type ReceivedFile,
  receiveForm,
} from "~/server/deliverables/files.server";
import {
  ATTACHMENT_UPLOADS_FIELD,
  takeAttachmentUploads,
} from "~/server/deliverables/resumable.server";
import { env } from "~/server/env.server";
import { attachmentOwner, findAttachment, type Sender } from "~/server/messages/messages.server";
import { type Refused, refused } from "~/server/outcome.server";
import { type Form, readForm } from "../form.server";
import { notFound } from "../refuse.server";
import { type PortalContext, requireUser } from "./context.server";
import { answerDownload } from "./project-files.server";

/** A multipart post: it may carry files, and server.ts streams its body (decision 087). */
export function carriesFiles(request: Request): boolean {
  return /^\s*multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
}

/** The ids of attachment uploads a form names (`uploads`: comma-separated, decision 133). */
export function namedUploads(form: Form): string[] {
  return (form[ATTACHMENT_UPLOADS_FIELD] ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
}

/**
 * The Messages page's posted form: its fields, and the files it carries received into pending
 * versions (kept only once the message is stored with them): a multipart form's files as they
 * stream, and the attachments it names that were uploaded before it (resumable, decision 133),
 * each the sender's and complete. A plain form has no files. A refusal (a file too large or of a
 * refused type, too many files, a broken body, an upload not finished or not theirs) keeps
 * nothing, and comes with the fields read, so that what was typed can be shown again. `settle`
 * is called once the message is stored (`true`: its uploads are removed) or refused.
 */
export async function readMessageForm(
  request: Request,
  ctx: Pick<PortalContext, "db">,
  sender: Sender,
): Promise<{
  form: Form;
  files: ReceivedFile[];
  refusal: Refused | null;
  settle(kept: boolean): Promise<void>;
}> {
  const read = await readPostedFiles(request, ctx, sender);
  const noUploads = { ...read, settle: async () => {} };
  const ids = namedUploads(read.form);
  const intent = read.form.intent;
  if (read.refusal || ids.length === 0 || (intent !== "send" && intent !== "reply"))
    return noUploads;
  const refuse = async (refusal: Refused) => {
    await dropAttachments(ctx.db, read.files);
    return { ...noUploads, files: [], refusal };
  };
  if (read.files.length + new Set(ids).size > MAX_FILES_PER_UPLOAD)
    return refuse(refused(413, `Upload at most ${MAX_FILES_PER_UPLOAD} files at once.`));
  const fields = Object.fromEntries(
    Object.entries(read.form).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const owner = await attachmentOwner(ctx.db, sender, fields);
  if (!owner.ok) return refuse(owner);
  const taken = await takeAttachmentUploads(
    ctx.db,
    sender.id,
    ids,
    owner.owner,
    env().MAX_UPLOAD_MB * MB,
  );
  if (!taken.ok) return refuse(taken);
  return {
    form: read.form,
    files: [...read.files, ...taken.received],
    refusal: null,
    settle: taken.settle,
  };
}

/** The form's fields and the files its body carries (a multipart post, decision 087). */
async function readPostedFiles(
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
