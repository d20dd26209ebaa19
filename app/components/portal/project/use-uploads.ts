import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import {
  FIRST_PIECE_BYTES,
  formatFileSize,
  nextPieceBytes,
  pieceLength,
  resumableUploadsPath,
} from "~/lib/files";
import { CLIENT_ID_HEADER } from "~/lib/live-events";
import { notify } from "~/lib/notify";
import { currentTabId } from "../live-updates";

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** How much of the request has been sent, 0 to 1. */
  sent: number;
  state: "waiting" | "uploading" | "done" | "failed";
  message?: string;
}

const FAILED = "The upload failed. Check your connection and try again.";

/** Waits before each new try after a dropped connection (then it gives up). */
const RETRY_MS = [1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000];

interface Answer {
  status: number;
  header: (name: string) => string | null;
  /** The refusal's text (an ActionResult's `error`, or `message` for one before the upload). */
  error: string | null;
}

/** One request of a resumable upload; status 0 when the connection failed. */
function request(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Blob | null = null,
  onProgress?: (loaded: number) => void,
): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader("Tus-Resumable", "1.0.0");
    xhr.setRequestHeader("Accept", "application/json");
    const tab = currentTabId();
    if (tab) xhr.setRequestHeader(CLIENT_ID_HEADER, tab);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      let error: string | null = null;
      try {
        const body = JSON.parse(xhr.responseText);
        error =
          typeof body?.error === "string"
            ? body.error
            : typeof body?.message === "string"
              ? body.message
              : null;
      } catch {
        // no body (204), or not ours
      }
      resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), error });
    };
    xhr.onerror = () => resolve({ status: 0, header: () => null, error: null });
    xhr.send(body);
  });
}

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a resumable upload ended: its address (`location`) once every byte is in. */
export interface Sent {
  ok: boolean;
  message: string;
  location: string | null;
}

/**
 * One file as a resumable upload (decision 092, tus) to `collection` (a project's uploads, or a
 * message's attachments, decision 133), with `metadata` beside its name: created, then sent in
 * pieces sized from the speed of the last (decision 116); after a dropped connection it asks
 * the server where the upload stands and goes on from there, waiting longer between tries. The
 * upload's address is kept in the tab's storage under `remember` and the file's identity, so
 * choosing the same file again after a reload continues it too.
 */
export async function sendResumable(
  collection: string,
  file: File,
  metadata: Record<string, string>,
  remember: string,
  onProgress: (sent: number) => void,
): Promise<Sent> {
  const remembered = `${remember}:${file.name}:${file.size}:${file.lastModified}`;
  let location = sessionStorage.getItem(remembered);
  const stored = (answer: Answer) => {
    sessionStorage.removeItem(remembered);
    const text = answer.header("Upload-Stored");
    return {
      ok: true,
      message: text ? decodeURIComponent(text) : `Uploaded ${file.name}`,
      location,
    };
  };
  const failed = (answer: Answer) => {
    sessionStorage.removeItem(remembered);
    return { ok: false, message: answer.error ?? FAILED, location: null };
  };
  let offset = -1;
  let tries = 0;
  // Sized from the last piece's speed (decisions 116, 134): 4 MB on a slow line, up to 256 MB.
  let pieceBytes = FIRST_PIECE_BYTES;
  for (;;) {
    if (!location) {
      const pairs = Object.entries({ filename: file.name, ...metadata }).map(
        ([key, value]) => `${key} ${base64(value)}`,
      );
      const created = await request("POST", collection, {
        "Upload-Length": String(file.size),
        "Upload-Metadata": pairs.join(","),
      });
      if (created.status === 201 && created.header("Location")) {
        location = created.header("Location") as string;
        sessionStorage.setItem(remembered, location);
        offset = 0;
      } else if (created.status !== 0) return failed(created);
    } else if (offset < 0) {
      const at = await request("HEAD", location, {});
      if (at.status === 200) {
        offset = Number(at.header("Upload-Offset"));
        if (offset === file.size) return stored(at);
      } else if (at.status !== 0) {
        // Gone (removed, or another person's): start again.
        sessionStorage.removeItem(remembered);
        location = null;
        continue;
      }
    }
    if (location && offset >= 0) {
      const from = offset;
      onProgress(from / file.size);
      const began = performance.now();
      const sent = await request(
        "PATCH",
        location,
        { "Upload-Offset": String(from), "Content-Type": "application/offset+octet-stream" },
        file.slice(from, from + pieceLength(pieceBytes, file.size - from)),
        (loaded) => onProgress(Math.min(1, (from + loaded) / file.size)),
      );
      if (sent.status === 204) {
        offset = Number(sent.header("Upload-Offset"));
        pieceBytes = nextPieceBytes(offset - from, performance.now() - began);
        tries = 0;
        if (offset === file.size) return stored(sent);
        continue;
      }
      // 409: the server holds another offset; ask it.
      if (sent.status !== 0 && sent.status !== 409) return failed(sent);
      offset = -1;
      // A dropped connection: the next pieces start small again.
      pieceBytes = FIRST_PIECE_BYTES;
      if (sent.status === 409) continue;
    }
    const delay = RETRY_MS[tries];
    if (delay === undefined) return { ok: false, message: FAILED, location: null };
    tries += 1;
    await wait(delay);
  }
}

/**
 * The page's uploads: files are sent one after the other, each with its progress; each outcome
 * is toasted, and the page's data reloads after each file stored.
 */
export function useUploads(projectId: string, maxBytes: number) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[], options: { internal?: boolean } = {}) => {
      if (files.length === 0) return;
      const internal = options.internal === true;
      const batch = files.map((file) => ({ key: crypto.randomUUID(), file }));
      setItems((all) => [
        ...all.filter((item) => item.state !== "done"),
        ...batch.map(({ key, file }) => ({
          key,
          name: file.name,
          size: file.size,
          sent: 0,
          state: "waiting" as const,
        })),
      ]);
      queue.current = queue.current.then(async () => {
        for (const { key, file } of batch) {
          update(key, { state: "uploading" });
          const result =
            file.size > maxBytes
              ? { ok: false, message: `"${file.name}" is larger than ${formatFileSize(maxBytes)}.` }
              : await sendResumable(
                  resumableUploadsPath(projectId),
                  file,
                  internal ? { internal: "on" } : {},
                  `upload:${projectId}:${internal}`,
                  (sent) => update(key, { sent }),
                );
          update(key, {
            state: result.ok ? "done" : "failed",
            sent: result.ok ? 1 : 0,
            message: result.message,
          });
          notify(result.ok ? "success" : "error", result.ok ? "Success" : "Error", {
            description: result.message,
          });
          if (result.ok) await revalidateRef.current();
        }
      });
    },
    [maxBytes, projectId, update],
  );

  const dismiss = useCallback((key: string) => {
    setItems((all) => all.filter((item) => item.key !== key));
  }, []);

  return { items, add, dismiss };
}
