import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { formatFileSize, projectFilesPath } from "~/lib/files";
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

/**
 * One file to the project's upload endpoint (one request per file, so each has its own progress
 * bar), answered with the endpoint's ActionResult.
 */
function send(
  projectId: string,
  file: File,
  internal: boolean,
  onProgress: (sent: number) => void,
): Promise<{ ok: boolean; message: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", projectFilesPath(projectId));
    xhr.setRequestHeader("Accept", "application/json");
    const tab = currentTabId();
    if (tab) xhr.setRequestHeader(CLIENT_ID_HEADER, tab);
    // Of the whole request (the file and its multipart envelope).
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: { ok?: unknown; success?: unknown; error?: unknown; message?: unknown } | null =
        null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not an ActionResult: a proxy's page, a dropped connection
      }
      if (body && body.ok === true) resolve({ ok: true, message: String(body.success ?? "") });
      else if (body && typeof body.error === "string") resolve({ ok: false, message: body.error });
      // A refusal before the upload was read (not signed in any more, read-only, no project).
      else if (body && typeof body.message === "string")
        resolve({ ok: false, message: body.message });
      else resolve({ ok: false, message: FAILED });
    };
    xhr.onerror = () => resolve({ ok: false, message: FAILED });
    const form = new FormData();
    // Before the file: the server reads the parts in order (decision 066).
    if (internal) form.append("internal", "on");
    form.append("files", file, file.name);
    xhr.send(form);
  });
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
              : await send(projectId, file, internal, (sent) => update(key, { sent }));
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
