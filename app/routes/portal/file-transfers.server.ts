/**
 * The requests that carry a file's bytes, answered from Node's own request and response
 * (server.ts hands them here before React Router, decision 109): an upload posted to a project's
 * files, a resumable upload's piece (a PATCH, decision 116), and a download of a project file's version or of a message's attachment. Everything
 * but the bytes is the routes' own: the same functions check the session, the scope and the
 * side, refuse the same way and build the same answer. What changes is the path of the bytes:
 * a React Router request copies every piece of a body into a web stream (Node's `toWeb` copies
 * each chunk), and a download's pieces came from a fresh buffer each; on this 2-core machine
 * that kept the garbage collector busy for a third to a half of a transfer. Here an upload's
 * pieces go from the socket to the multipart reader and the store as they are, and a download
 * on disk is read into two reused buffers (`sendVersion`).
 *
 * The route modules (project-files.ts, project-upload.ts, project-file.ts, message-file.ts) still answer the same
 * requests when they reach React Router (the development server, tests calling the routes).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { maxUploadRequestBytes, RESUMABLE_UPLOAD_PATH, UPLOAD_PATH } from "~/lib/files";
import { guardNodeBody } from "~/server/deliverables/files.server";
import { SendStopped, sendVersion } from "~/server/deliverables/storage.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { nodeRequestParts } from "~/server/node-request.server";
import { withEventOrigin } from "./context.server";
import { findAttachmentDownload } from "./message-files.server";
import { downloadAnswer, findDownload, uploadFiles } from "./project-files.server";
import { changeResumableUpload } from "./project-uploads.server";

const PROJECT_FILE = /^\/portal\/projects\/([^/]+)\/files\/([^/]+)\/?$/;
const ATTACHMENT = /^\/portal\/messages\/files\/([^/]+)\/?$/;

/** A path segment as React Router gives it to a route (percent-decoded). */
function param(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Which transfer a request is, or null: React Router answers it. */
function transferOf(method: string | undefined, pathname: string) {
  if (method === "GET" || method === "HEAD") {
    const file = PROJECT_FILE.exec(pathname);
    if (file) return { kind: "download" as const, projectId: file[1], versionId: file[2] };
    const attachment = ATTACHMENT.exec(pathname);
    if (attachment) return { kind: "attachment" as const, versionId: attachment[1] };
  }
  if (method === "POST" && UPLOAD_PATH.test(pathname)) {
    return { kind: "upload" as const, projectId: pathname.split("/")[3] };
  }
  if (method === "PATCH" && RESUMABLE_UPLOAD_PATH.test(pathname)) {
    const parts = pathname.split("/");
    // A message's attachment (decision 133): /portal/messages/uploads/:uploadId.
    if (parts[2] === "messages")
      return { kind: "resumable" as const, projectId: undefined, uploadId: parts[4] };
    return { kind: "resumable" as const, projectId: parts[3], uploadId: parts[5] };
  }
  return null;
}

/** Whether server.ts should hand this request to `serveFileTransfer`. */
export function isFileTransfer(method: string | undefined, pathname: string): boolean {
  return transferOf(method, pathname) !== null;
}

/**
 * Answer a file transfer (see above) at `origin` (BASE_URL's: the app never trusts the Host
 * header). Rejects only on an unexpected error before anything was sent (server.ts answers 500).
 */
export async function serveFileTransfer(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): Promise<void> {
  const url = new URL(req.url ?? "/", origin);
  const transfer = transferOf(req.method, url.pathname);
  if (!transfer) throw new Error("Not a file transfer");
  const { headers, signal } = nodeRequestParts(req, res);
  // Everything the routes read, but the body: that stays Node's.
  const request = new Request(url, { method: req.method, headers, signal });
  try {
    if (transfer.kind === "upload") {
      const body = {
        body: guardNodeBody(
          req.iterator({ destroyOnReturn: false }),
          maxUploadRequestBytes(env().MAX_UPLOAD_MB),
        ),
        discard: () => discardNodeBody(req),
      };
      const answer = await withEventOrigin(request, () =>
        uploadFiles(request, param(transfer.projectId), body),
      );
      await writeAnswer(res, answer);
      return;
    }
    if (transfer.kind === "resumable") {
      // A resumable upload's piece (decision 116): its bytes as they arrive, to the upload.
      const body = {
        pieces: req.iterator({ destroyOnReturn: false }),
        stop: () => req.destroy(),
        discard: () => discardNodeBody(req),
      };
      const answer = await withEventOrigin(request, () =>
        changeResumableUpload(
          request,
          transfer.projectId === undefined
            ? "attachment"
            : { projectId: param(transfer.projectId) },
          param(transfer.uploadId),
          body,
        ),
      );
      await writeAnswer(res, answer);
      return;
    }
    const { db, version } =
      transfer.kind === "download"
        ? await findDownload(request, param(transfer.projectId), param(transfer.versionId))
        : await findAttachmentDownload(request, param(transfer.versionId));
    const { status, headers: answerHeaders, range } = downloadAnswer(request, version);
    res.statusCode = status;
    for (const [name, value] of answerHeaders) res.setHeader(name, value);
    if (status === 416 || req.method === "HEAD") {
      res.end();
      return;
    }
    try {
      await sendVersion(db, version.id, res, range);
    } catch (error) {
      // The client went away, or the store failed half-way: the response cannot be mended.
      if (!(error instanceof SendStopped) && !signal.aborted)
        logger.error({ err: error, path: url.pathname }, "download failed");
      res.destroy();
    }
  } catch (thrown) {
    const refusal = refusalOf(thrown);
    if (!refusal) throw thrown;
    if (refusal.status >= 400) {
      // As React Router's handleError logs a route's refusal (entry.server.tsx).
      logger.info(
        { status: refusal.status, method: req.method, path: url.pathname },
        "request refused",
      );
    }
    await writeAnswer(res, refusal);
  }
}

/**
 * A thrown refusal as the answer React Router gives a resource route: a thrown Response as it
 * is (a redirect to sign in), a thrown `data()` (refuse.server.ts) as its JSON with its status.
 */
function refusalOf(thrown: unknown): Response | null {
  if (thrown instanceof Response) return thrown;
  const data = thrown as { type?: unknown; data?: unknown; init?: ResponseInit | null } | null;
  if (data && typeof data === "object" && data.type === "DataWithResponseInit") {
    return Response.json(data.data, data.init ?? undefined);
  }
  return null;
}

/** A small answer (JSON, a redirect) written to the Node response. */
async function writeAnswer(res: ServerResponse, answer: Response) {
  if (res.destroyed || res.writableEnded) return;
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * What is left of a refused upload's body, read and dropped for 2 s at most, so a client still
 * sending can read the answer (closing at once makes it fail with a broken pipe); then the
 * connection is closed.
 */
function discardNodeBody(req: IncomingMessage) {
  if (req.readableEnded) return;
  const cut = setTimeout(() => req.socket.destroy(), 2_000);
  cut.unref();
  req.once("end", () => clearTimeout(cut));
  req.socket.once("close", () => clearTimeout(cut));
  req.resume();
}
