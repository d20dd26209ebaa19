/**
 * A project's files (decision 019), their bytes in the store FILE_STORAGE picks (decision 091:
 * disk, S3 or the database). An upload streams: each file's first bytes are sniffed, then its
 * content is written to the store as it arrives under a 'pending' version, and one short
 * transaction at the end makes it a ready version (a new file,
 * or the next version of the uploader's side's file of the same name: a file belongs to the side
 * that started it, decision 051) and records the activity. A refused, failed
 * or cut-off upload deletes its pending version; one whose server died is removed by
 * `removeAbandonedUploads` (at start, and by a job). The agency's first file on a client's own
 * project takes the project on (decision 050).
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { cleanFileName, formatFileSize, MAX_FILES_PER_UPLOAD } from "~/lib/files";
import type { Database, DatabaseHandle } from "../db/client.server";
import {
  type FileStorageKind,
  fileVersions,
  profiles,
  projectFiles,
  user,
} from "../db/schema.server";
import type { Job } from "../jobs.server";
import { logger } from "../logger.server";
import { type Outcome, type Refused, refused } from "../outcome.server";
import { recordActivity } from "../workspace/activity.server";
import { publishChange } from "../workspace/events.server";
import {
  mayDeleteFile,
  NOT_YOUR_UPLOAD,
  type Side,
  takeOnIn,
} from "../workspace/permissions.server";
import type { ProjectRef } from "../workspace/scope.server";
import {
  MultipartError,
  MultipartTooLarge,
  multipartBoundary,
  readMultipart,
} from "./multipart.server";
import { sweepPreviews } from "./previews.server";
import { SNIFF_BYTES, sniffFileType } from "./sniff.server";
import {
  type BlobWriter,
  blobRefs,
  ChunkBuffer,
  LeaseLost,
  lockBlobKey,
  releaseBlobs,
  storeOf,
  sweepStoredFiles,
  UPLOAD_LEASE_MS,
  uploadStore,
} from "./storage.server";

export { FILE_CHUNK_BYTES, UPLOAD_LEASE_MS, versionContent } from "./storage.server";

const LEASE_END = sql.raw(`now() + interval '${UPLOAD_LEASE_MS} milliseconds'`);

/** The project a file belongs to, already checked against the person's scope. */
export type ProjectKey = Pick<ProjectRef, "id" | "clientId">;

/** Who uploads: their id and the side they upload for (the agency's files are deliverables). */
export interface Uploader {
  id: string;
  side: Side;
  /** The agency marks an upload 'Internal' (decision 066): never shown to a contact. */
  internal?: boolean;
}

/** An internal upload under the name of a shared file (or the other way round) is refused. */
export const INTERNAL_NAME_TAKEN =
  "A file of this name is already shared with the client (or internal). Rename the file to keep it apart.";

export interface StoredFile {
  fileId: string;
  versionId: string;
  name: string;
  version: number;
  size: number;
}

const tooLarge = (name: string, maxBytes: number) =>
  `"${name}" is larger than ${formatFileSize(maxBytes)}.`;
export const CUT_OFF = "The upload was cut off before it ended.";
export const NO_FILES = "Choose at least one file to upload.";

class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A file received into a pending version (sniffed, counted, written in chunks, hashed), not yet
 * listed anywhere: `fileReceived` makes it a project file's version, `attachReceivedIn` a
 * message's attachment; `discardReceived` drops it.
 */
export interface ReceivedFile {
  versionId: string;
  name: string;
  size: number;
  sha256: string;
  /** Where its bytes wait to be promoted when it becomes ready (decision 091). */
  storage: FileStorageKind;
  key: string | null;
}

/** Where a received file's pending version is kept: its client, and its project when known. */
export interface UploadOwner {
  clientId: string;
  projectId: string | null;
}

/**
 * Receive one file from `content` (its pieces as they arrive) into a pending version of
 * `owner`. Refused (nothing kept) when the name is unusable, the file is empty, of a type not
 * on the list, or larger than `maxBytes`; when `content` fails (a cut connection) the pending
 * version is deleted and the error is passed on.
 */
export async function receiveFile(
  db: Database,
  owner: UploadOwner,
  uploaderId: string,
  rawName: string,
  content: AsyncIterable<Uint8Array>,
  maxBytes: number,
  { staged, known }: StagedFile = {},
): Promise<Outcome<{ received: ReceivedFile }>> {
  const name = cleanFileName(rawName);
  if (!name) return refused(400, "A file needs a name.");
  const pieces = content[Symbol.asyncIterator]();
  try {
    // The first bytes, for the sniffer.
    const head = new ChunkBuffer(SNIFF_BYTES);
    let size = 0;
    let ended = false;
    while (size < SNIFF_BYTES) {
      const next = await pieces.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      size += next.value.byteLength;
    }
    if (size === 0) return refused(400, `"${name}" is empty.`);
    if (size > maxBytes) return refused(413, tooLarge(name, maxBytes));
    const start = head.rest() as Buffer;
    const sniffed = sniffFileType(start.subarray(0, SNIFF_BYTES), name, ended);
    if (!sniffed.ok) return refused(415, sniffed.message);

    const [pending] = await db
      .insert(fileVersions)
      .values({
        clientId: owner.clientId,
        projectId: owner.projectId,
        name,
        contentType: sniffed.type,
        uploadedBy: uploaderId,
        leaseUntil: LEASE_END,
      })
      .returning({ id: fileVersions.id });
    const versionId = (pending as { id: string }).id;

    const store = uploadStore();
    let writer: BlobWriter | null = null;
    try {
      writer =
        staged && store.adopt
          ? await store.adopt(db, versionId, staged)
          : await store.create(db, versionId);
      // A staged file's hash taken as it arrived (decision 116): not hashed again, and on a
      // store that adopts the file, not read past the sniffer's bytes either. A writer that
      // hashes what it writes (the disk's, in the worker thread, decision 127) is not doubled.
      const hash = known || writer.sha256 ? null : createHash("sha256").update(start);
      await writer.write(start);
      if (known && writer.adopts) {
        size = known.size;
        if (size > maxBytes) throw new UploadRefused(413, tooLarge(name, maxBytes));
      }
      while (!ended && !(known && writer.adopts)) {
        const next = await pieces.next();
        if (next.done) break;
        size += next.value.byteLength;
        if (size > maxBytes) throw new UploadRefused(413, tooLarge(name, maxBytes));
        hash?.update(next.value);
        await writer.write(next.value);
      }
      const sha256 =
        known?.sha256 ??
        (hash ? hash.digest("hex") : await (writer.sha256 as () => Promise<string>)());
      const key = await writer.finish(sha256);
      return {
        ok: true,
        received: { versionId, name, size, sha256, storage: store.kind, key },
      };
    } catch (error) {
      await writer?.abort().catch(() => {});
      await discardReceived(db, [versionId]);
      if (error instanceof LeaseLost) return refused(408, CUT_OFF);
      if (error instanceof UploadRefused) return refused(error.status, error.message);
      throw error;
    }
  } finally {
    // Stop reading this file's content (the multipart reader skips the rest).
    await pieces.return?.();
  }
}

/**
 * Received files that will not be kept (a refusal came later): deleted with their chunks, and
 * their unpromoted bytes on disk or in S3 (bytes promoted in a transaction that then rolled back
 * are the sweep's, decision 091).
 */
export async function discardReceived(db: Database, versionIds: string[]): Promise<void> {
  if (versionIds.length === 0) return;
  await db
    .delete(fileVersions)
    .where(and(inArray(fileVersions.id, versionIds), eq(fileVersions.state, "pending")))
    .catch(() => {});
  await discardUnfinished(versionIds);
}

/** In the transaction that makes a received file ready: its bytes take their key (decision 091). */
async function promoteIn(tx: Database, received: ReceivedFile) {
  await lockBlobKey(tx, received.storage, received.key);
  await storeOf(received.storage).promote(received.versionId, received.key);
}

/**
 * In the caller's transaction: a received file becomes the next version of the uploader's
 * side's file of its name in the project (or a new file), ready, with its activity; the agency's
 * first file takes a client's own project on (decision 050). `messageId`: it is also that
 * message's attachment. Throws an UploadRefused (409, 408) that rolls the transaction back.
 */
async function fileReceivedIn(
  tx: Database,
  project: ProjectKey,
  uploader: Uploader,
  received: ReceivedFile,
  messageId: string | null = null,
): Promise<{ stored: StoredFile; takenOn: boolean }> {
  const actorId = uploader.id;
  const internal = uploader.side === "agency" && uploader.internal === true;
  const { versionId, name, size } = received;
  const [row] = await tx
    .insert(projectFiles)
    .values({
      clientId: project.clientId,
      projectId: project.id,
      name,
      nameKey: name.toLowerCase(),
      side: uploader.side,
      internal,
      createdBy: actorId,
    })
    .onConflictDoUpdate({
      target: [projectFiles.projectId, projectFiles.side, projectFiles.nameKey],
      set: { name, updatedAt: new Date() },
    })
    .returning({ id: projectFiles.id, internal: projectFiles.internal });
  const fileId = (row as { id: string }).id;
  // A version joins its file's audience: an internal upload never becomes a version of a
  // shared file, nor a shared one of an internal file.
  if ((row as { internal: boolean }).internal !== internal) {
    throw new UploadRefused(409, INTERNAL_NAME_TAKEN);
  }
  // The upsert holds the file's row: numbers are given one at a time.
  const [latest] = await tx
    .select({ number: sql<number>`coalesce(max(${fileVersions.number}), 0)`.mapWith(Number) })
    .from(fileVersions)
    .where(eq(fileVersions.fileId, fileId));
  const version = (latest?.number ?? 0) + 1;
  const done = await tx
    .update(fileVersions)
    .set({
      fileId,
      projectId: project.id,
      messageId,
      number: version,
      size,
      sha256: received.sha256,
      state: "ready",
      leaseUntil: null,
      storage: received.storage,
      storageKey: received.key,
    })
    .where(
      and(
        eq(fileVersions.id, versionId),
        eq(fileVersions.clientId, project.clientId),
        eq(fileVersions.state, "pending"),
      ),
    )
    .returning({ id: fileVersions.id });
  if (done.length === 0) throw new UploadRefused(408, CUT_OFF);
  await promoteIn(tx, received);
  await recordActivity(tx, {
    clientId: project.clientId,
    projectId: project.id,
    actorId,
    kind: version === 1 ? "file.uploaded" : "file.version",
    data: { fileId, versionId, name, version, size },
    audience: internal ? "agency" : "client",
  });
  const takenOn = uploader.side === "agency" && (await takeOnIn(tx, project, actorId));
  return { stored: { fileId, versionId, name, version, size }, takenOn };
}

/**
 * `staged`: `content` is this file's, already whole and durable on the disk (a resumable
 * upload's, decision 092): a store that can (the disk) takes the file itself (a hard link),
 * after `content` has been read for the sniffer, the cap and the hash, rather than writing a
 * copy (decision 109).
 */
export interface StagedFile {
  staged?: string;
  /** The staged file's size and SHA-256, taken as its bytes arrived (decision 116). */
  known?: { size: number; sha256: string };
}

/**
 * Store one file from `content` (its pieces as they arrive) in the project: the next version of
 * the file of the same name, or a new file. Refused (nothing stored) when the name is unusable,
 * the file is empty, of a type not on the list, or larger than `maxBytes`; when `content` fails
 * (a cut connection) the pending version is deleted and the error is passed on.
 */
export async function storeFile(
  db: Database,
  project: ProjectKey,
  uploader: Uploader,
  rawName: string,
  content: AsyncIterable<Uint8Array>,
  maxBytes: number,
  staged: StagedFile = {},
): Promise<Outcome<{ file: StoredFile }>> {
  const received = await receiveFile(
    db,
    { clientId: project.clientId, projectId: project.id },
    uploader.id,
    rawName,
    content,
    maxBytes,
    staged,
  );
  if (!received.ok) return received;
  try {
    const file = await db.transaction((tx) =>
      fileReceivedIn(tx, project, uploader, received.received),
    );
    publishChange("files", { clientIds: [project.clientId] }, uploader.id);
    if (file.takenOn) publishChange("projects", { clientIds: [project.clientId] }, uploader.id);
    return { ok: true, file: file.stored };
  } catch (error) {
    await discardReceived(db, [received.received.versionId]);
    if (error instanceof UploadRefused) return refused(error.status, error.message);
    throw error;
  }
}

/** The message a set of received files is attached to. */
export interface AttachedTo {
  id: string;
  clientId: string;
  /** The conversation's project: the files are also listed with its files. */
  projectId: string | null;
}

/**
 * In the caller's transaction (the one storing the message): received files become the
 * message's attachments, and, when it names a project, versions of the sender's side's files
 * of the project (decision 087). Throws an UploadRefused (409, 408) that rolls the message back;
 * `uploadRefusal` reads it. Returns whether the project's files changed and whether it was taken on.
 */
export async function attachReceivedIn(
  tx: Database,
  files: ReceivedFile[],
  message: AttachedTo,
  uploader: Uploader,
): Promise<{ projectFiles: boolean; takenOn: boolean }> {
  let takenOn = false;
  for (const file of files) {
    if (message.projectId) {
      const filed = await fileReceivedIn(
        tx,
        { id: message.projectId, clientId: message.clientId },
        { id: uploader.id, side: uploader.side },
        file,
        message.id,
      );
      takenOn ||= filed.takenOn;
      continue;
    }
    const done = await tx
      .update(fileVersions)
      .set({
        messageId: message.id,
        size: file.size,
        sha256: file.sha256,
        state: "ready",
        leaseUntil: null,
        storage: file.storage,
        storageKey: file.key,
      })
      .where(
        and(
          eq(fileVersions.id, file.versionId),
          eq(fileVersions.clientId, message.clientId),
          eq(fileVersions.state, "pending"),
        ),
      )
      .returning({ id: fileVersions.id });
    if (done.length === 0) throw new UploadRefused(408, CUT_OFF);
    await promoteIn(tx, file);
  }
  return { projectFiles: Boolean(message.projectId) && files.length > 0, takenOn };
}

/** The refusal an UploadRefused thrown by `attachReceivedIn` carries, or null for any other error. */
export function uploadRefusal(error: unknown): Refused | null {
  return error instanceof UploadRefused ? refused(error.status, error.message) : null;
}

/** The request body failed while it was read: the connection was cut. */
class BodyCutOff extends Error {}

export const UPLOAD_TOO_LARGE = "The upload is too large.";

/** The request body passed what one upload may carry (it is not read further). */
class BodyTooLarge extends Error {}

/**
 * The request body, with a failure to read it (a cut connection) told apart from every other
 * error, and its size held to `maxBytes` as it streams (chunked or not). Hand this to
 * `receiveUpload`, and to `discardBody` after a refusal.
 */
export function guardBody(
  body: ReadableStream<Uint8Array>,
  maxBytes = Number.POSITIVE_INFINITY,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch {
          throw new BodyCutOff(CUT_OFF);
        }
        if (next.done) return controller.close();
        size += next.value.byteLength;
        if (size > maxBytes) throw new BodyTooLarge(UPLOAD_TOO_LARGE);
        controller.enqueue(next.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/**
 * A Node request's body (file-transfers.server.ts, decision 109), held as `guardBody` holds a
 * web one: its pieces as they arrive, a failure to read them (a cut connection) told apart,
 * and its size held to `maxBytes`. Pass `request.iterator({ destroyOnReturn: false })`, so what
 * is left can still be read and dropped after a refusal.
 */
export async function* guardNodeBody(
  body: AsyncIterator<Uint8Array>,
  maxBytes = Number.POSITIVE_INFINITY,
): AsyncGenerator<Uint8Array> {
  let size = 0;
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await body.next();
    } catch {
      throw new BodyCutOff(CUT_OFF);
    }
    if (next.done) return;
    size += next.value.byteLength;
    if (size > maxBytes) throw new BodyTooLarge(UPLOAD_TOO_LARGE);
    yield next.value;
  }
}

/** An upload's body: a Request's (through `guardBody`) or a Node request's (`guardNodeBody`). */
export type UploadBody = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface UploadResult {
  /** The files stored, in the order they came. */
  files: StoredFile[];
  /** Why the upload stopped early (the files before it stay), or null. */
  refusal: Refused | null;
}

/**
 * An upload request's files (multipart/form-data from `guardBody`, each file part stored as it
 * streams in), one after the other. Stops at the first refusal; the files stored before it
 * stay. A body that is not multipart, has no file, or is cut off is refused with a clear message.
 */
export async function receiveUpload(
  db: Database,
  project: ProjectKey,
  uploader: Uploader,
  upload: { body: UploadBody | null; contentType: string | null },
  maxBytes: number,
): Promise<UploadResult> {
  const files: StoredFile[] = [];
  const stop = (status: number, message: string) => ({ files, refusal: refused(status, message) });
  const boundary = multipartBoundary(upload.contentType);
  if (!boundary || !upload.body) return stop(400, NO_FILES);
  try {
    let internal = false;
    for await (const part of readMultipart(upload.body, boundary)) {
      // 'Internal' (the agency's checkbox, before the file input in the form) marks the files
      // after it.
      if (part.filename === null && part.name === "internal") {
        internal = (await part.text(16)) === "on";
        continue;
      }
      // A file input left empty sends a part with an empty name and no content.
      if (part.filename === null || part.filename === "") continue;
      if (files.length >= MAX_FILES_PER_UPLOAD)
        return stop(413, `Upload at most ${MAX_FILES_PER_UPLOAD} files at once.`);
      const stored = await storeFile(
        db,
        project,
        { ...uploader, internal: uploader.internal || internal },
        part.filename,
        part.content(),
        maxBytes,
      );
      if (!stored.ok) return stop(stored.status, stored.message);
      files.push(stored.file);
    }
  } catch (error) {
    if (error instanceof MultipartTooLarge || error instanceof BodyTooLarge)
      return stop(413, error.message);
    if (error instanceof MultipartError || error instanceof BodyCutOff)
      return stop(400, error.message);
    throw error;
  }
  if (files.length === 0) return stop(400, NO_FILES);
  return { files, refusal: null };
}

export interface FormWithFiles {
  /** The form's plain fields, as text. */
  fields: Record<string, string>;
  /** Its files, received into pending versions (none when refused). */
  files: ReceivedFile[];
  /** Why it was refused (every file received so far is discarded), or null. */
  refusal: Refused | null;
}

/**
 * A form that carries files beside its fields (multipart/form-data from `guardBody`; a
 * message and its attachments, decision 087): the fields as text, and each file received into
 * a pending version as it streams in, with the limits of a project's upload (`maxBytes` a file,
 * MAX_FILES_PER_UPLOAD files). `ownerOf` is asked once, with the fields sent before the first
 * file, which client (and project) the files are kept for; a refusal from it stops the form. A
 * refusal discards whatever was received: the caller keeps nothing of a refused form.
 */
export async function receiveForm(
  db: Database,
  upload: { body: UploadBody | null; contentType: string | null },
  options: {
    uploaderId: string;
    maxBytes: number;
    ownerOf: (fields: Record<string, string>) => Promise<Outcome<{ owner: UploadOwner }>>;
  },
): Promise<FormWithFiles> {
  const fields: Record<string, string> = Object.create(null);
  const files: ReceivedFile[] = [];
  const stop = async (status: number, message: string): Promise<FormWithFiles> => {
    await discardReceived(
      db,
      files.map((f) => f.versionId),
    );
    return { fields, files: [], refusal: refused(status, message) };
  };
  const boundary = multipartBoundary(upload.contentType);
  if (!boundary || !upload.body) return stop(400, "The form could not be read.");
  let owner: UploadOwner | null = null;
  try {
    for await (const part of readMultipart(upload.body, boundary)) {
      if (part.filename === null) {
        // A repeated field keeps its first value, as `FormData.get` and readForm give it.
        const value = await part.text();
        if (!(part.name in fields)) fields[part.name] = value;
        continue;
      }
      // A file input left empty sends a part with an empty name and no content.
      if (part.filename === "") continue;
      if (!owner) {
        const found = await options.ownerOf(fields);
        if (!found.ok) return stop(found.status, found.message);
        owner = found.owner;
      }
      if (files.length >= MAX_FILES_PER_UPLOAD)
        return stop(413, `Upload at most ${MAX_FILES_PER_UPLOAD} files at once.`);
      const received = await receiveFile(
        db,
        owner,
        options.uploaderId,
        part.filename,
        part.content(),
        options.maxBytes,
      );
      if (!received.ok) return stop(received.status, received.message);
      files.push(received.received);
    }
  } catch (error) {
    if (error instanceof MultipartTooLarge || error instanceof BodyTooLarge)
      return stop(413, error.message);
    if (error instanceof MultipartError || error instanceof BodyCutOff)
      return stop(400, error.message);
    await discardReceived(
      db,
      files.map((f) => f.versionId),
    );
    throw error;
  }
  return { fields, files, refusal: null };
}

/**
 * Read and drop what is left of a refused request's body for a moment, so the client, still
 * sending, can read the answer (closing at once makes it fail with a broken pipe); then stop.
 * `ms` infinite: read to its end (a body held to a size by `guardBody`), never cancelled.
 */
export function discardBody(body: ReadableStream<Uint8Array> | null, ms = 2_000) {
  if (!body || body.locked) return;
  const reader = body.getReader();
  const stop = Number.isFinite(ms)
    ? setTimeout(() => void reader.cancel().catch(() => {}), ms)
    : undefined;
  stop?.unref?.();
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      // the client went away
    } finally {
      clearTimeout(stop);
    }
  })();
}

/**
 * Pending uploads whose lease has run out on the database's clock (their server died, or they
 * went silent): removed. Never one still arriving, whatever the calling instance's clock says.
 */
export async function removeAbandonedUploads(db: Database): Promise<number> {
  const removed = await db
    .delete(fileVersions)
    .where(and(eq(fileVersions.state, "pending"), sql`${fileVersions.leaseUntil} < now()`))
    .returning({ id: fileVersions.id });
  await discardUnfinished(removed.map((r) => r.id));
  return removed.length;
}

/** Every pending upload: at start on the embedded database, whose one process this is. */
export async function removeAllPendingUploads(db: Database): Promise<number> {
  const removed = await db
    .delete(fileVersions)
    .where(eq(fileVersions.state, "pending"))
    .returning({ id: fileVersions.id });
  await discardUnfinished(removed.map((r) => r.id));
  return removed.length;
}

/** The half-written bytes of removed pending versions (the database's chunks went with them). */
async function discardUnfinished(versionIds: string[]) {
  // The disk too: FILE_STORAGE may have changed since the upload began.
  const stores = new Set([uploadStore(), storeOf("disk")]);
  for (const id of versionIds) for (const store of stores) await store.discard(id).catch(() => {});
}

/**
 * At start: the embedded database belongs to this one process, so every pending upload is one
 * a killed process left; on PostgreSQL another instance may be receiving one, so only those
 * whose lease has run out go (the job takes the rest as their leases end).
 */
export async function startUploadCleanup(handle: DatabaseHandle) {
  const removed =
    handle.driver === "pglite"
      ? await removeAllPendingUploads(handle.db)
      : await removeAbandonedUploads(handle.db);
  if (removed > 0) logger.warn({ removed }, "removed uploads a stopped server left unfinished");
}

export const fileJobs: Job[] = [
  {
    name: "remove-abandoned-uploads",
    everyMs: 5 * 60 * 1000,
    run: async (db) => ({ removed: await removeAbandonedUploads(db) }),
  },
  {
    // Bytes no version refers to (a project or a client deleted with its files, an upload whose
    // server died between writing and committing), and versions whose bytes are gone.
    name: "sweep-stored-files",
    everyMs: 6 * 60 * 60 * 1000,
    run: async (db, now) => {
      const { removed, missing } = await sweepStoredFiles(db, now);
      if (missing.length) logger.error({ missing }, "file versions whose bytes are not stored");
      return { removed, missing: missing.length, previews: await sweepPreviews(db) };
    },
  },
];

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

export interface FileVersionItem {
  id: string;
  number: number;
  name: string;
  size: number;
  contentType: string;
  uploadedBy: string | null;
  uploaderName: string | null;
  createdAt: Date;
}

export interface FileItem {
  id: string;
  name: string;
  /** The side it belongs to: the agency's, or the client's ('From client'). */
  side: Side;
  /** The agency's internal file (never listed for a contact). */
  internal: boolean;
  createdBy: string | null;
  updatedAt: Date;
  /** Newest first. */
  versions: FileVersionItem[];
}

/**
 * The project's files with their ready versions, most recently changed first; for a contact's
 * side (`side: "client"`) without the agency's internal files (decision 066).
 */
export async function listFiles(
  db: Database,
  projectId: string,
  reader: Side = "agency",
): Promise<FileItem[]> {
  const files = await db
    .select({
      id: projectFiles.id,
      name: projectFiles.name,
      side: projectFiles.side,
      internal: projectFiles.internal,
      createdBy: projectFiles.createdBy,
      updatedAt: projectFiles.updatedAt,
    })
    .from(projectFiles)
    .where(
      and(
        eq(projectFiles.projectId, projectId),
        reader === "client" ? eq(projectFiles.internal, false) : undefined,
      ),
    )
    .orderBy(desc(projectFiles.updatedAt), asc(projectFiles.id));
  if (files.length === 0) return [];
  const versions = await db
    .select({
      id: fileVersions.id,
      fileId: fileVersions.fileId,
      number: fileVersions.number,
      name: fileVersions.name,
      size: fileVersions.size,
      contentType: fileVersions.contentType,
      uploadedBy: fileVersions.uploadedBy,
      uploaderName: sql<string | null>`coalesce(${profiles.fullName}, ${user.name})`,
      createdAt: fileVersions.createdAt,
    })
    .from(fileVersions)
    .leftJoin(user, eq(user.id, fileVersions.uploadedBy))
    .leftJoin(profiles, eq(profiles.id, fileVersions.uploadedBy))
    .where(
      and(
        eq(fileVersions.projectId, projectId),
        eq(fileVersions.state, "ready"),
        inArray(
          fileVersions.fileId,
          files.map((f) => f.id),
        ),
      ),
    )
    .orderBy(desc(fileVersions.number));
  return files.map((f) => ({
    ...f,
    versions: versions
      .filter((v) => v.fileId === f.id)
      .map(({ fileId: _, number, ...v }) => ({ ...v, number: number ?? 0 })),
  }));
}

export interface DownloadableVersion {
  id: string;
  name: string;
  number: number;
  contentType: string;
  size: number;
  sha256: string | null;
}

/**
 * A ready version of a file of this project, or null (another project's, pending, unknown, or
 * an internal file asked for by a contact's side).
 */
export async function findVersion(
  db: Database,
  projectId: string,
  versionId: string,
  reader: Side = "agency",
): Promise<DownloadableVersion | null> {
  const [row] = await db
    .select({
      id: fileVersions.id,
      name: fileVersions.name,
      number: fileVersions.number,
      contentType: fileVersions.contentType,
      size: fileVersions.size,
      sha256: fileVersions.sha256,
    })
    .from(fileVersions)
    .where(
      and(
        eq(fileVersions.id, versionId),
        eq(fileVersions.projectId, projectId),
        eq(fileVersions.state, "ready"),
        reader === "client"
          ? sql`not exists (select 1 from ${projectFiles} f where f.id = ${fileVersions.fileId} and f.internal)`
          : undefined,
      ),
    );
  return row ? { ...row, number: row.number ?? 0 } : null;
}

export type ByteRange = { start: number; end: number } | "unsatisfiable" | null;

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14): `bytes=a-b`,
 * `bytes=a-` or `bytes=-n`. Null: answer the whole file (no header, another unit, several
 * ranges, or a malformed one, which the RFC says to ignore); "unsatisfiable": a 416.
 */
export function byteRange(header: string | null, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== "" && Number(to) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * The headers of a download: always an attachment (never shown in the page), the stored type,
 * no sniffing, and a policy under which nothing in it could run even if it were opened.
 */
export function downloadHeaders(version: DownloadableVersion): Headers {
  const ascii = version.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Headers({
    "Content-Type": version.contentType,
    "Content-Length": String(version.size),
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(version.name)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
    "Accept-Ranges": "bytes",
    ...(version.sha256 ? { ETag: `"${version.sha256}"` } : {}),
  });
}

// ---------------------------------------------------------------------------
// Deleting
// ---------------------------------------------------------------------------

export const FILE_NOT_FOUND = "File not found";

/**
 * Delete a file of the project with every version: the agency any file, a contact only one
 * that is all their own upload (`mayDeleteFile`). Refused 404 for another project's file or an
 * unknown id, 403 (`NOT_YOUR_UPLOAD`) for a file the person may not delete.
 */
export async function deleteFile(
  db: Database,
  project: ProjectKey,
  actor: Uploader,
  fileId: string,
): Promise<Outcome<{ name: string }>> {
  const outcome = await db.transaction(async (tx) => {
    const [file] = await tx
      .select({ id: projectFiles.id, name: projectFiles.name, side: projectFiles.side })
      .from(projectFiles)
      .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, project.id)))
      .for("update");
    if (!file) return refused(404, FILE_NOT_FOUND);
    const uploaders = await tx
      .selectDistinct({ id: fileVersions.uploadedBy })
      .from(fileVersions)
      .where(eq(fileVersions.fileId, file.id));
    if (!mayDeleteFile(actor, { side: file.side, uploaders: uploaders.map((u) => u.id) }))
      return refused(403, NOT_YOUR_UPLOAD);
    const bytes = await blobRefs(tx, eq(fileVersions.fileId, file.id));
    await tx.delete(projectFiles).where(eq(projectFiles.id, file.id));
    await recordActivity(tx, {
      clientId: project.clientId,
      projectId: project.id,
      actorId: actor.id,
      kind: "file.deleted",
      data: { fileId: file.id, name: file.name },
    });
    return { ok: true as const, name: file.name, bytes };
  });
  if (!outcome.ok) return outcome;
  // Once the deletion has committed (decision 091); the sweep catches what this misses.
  await releaseBlobs(db, outcome.bytes);
  publishChange("files", { clientIds: [project.clientId] }, actor.id);
  return { ok: true, name: outcome.name };
}
