import { useCallback, useEffect, useRef, useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_FILE_SUMMARY,
  formatFileSize,
  MESSAGE_UPLOADS_PATH,
} from "~/lib/files";
import { UploadRow } from "./project/upload-row";
import { sendResumable, type UploadItem } from "./project/use-uploads";

/** A file chosen for a message: its upload, and once complete its id for the form. */
interface Attached extends UploadItem {
  uploadId: string | null;
}

const WAIT = "Wait until the files are uploaded.";

/**
 * The files a message carries. Without JavaScript a plain file input, posted with the form
 * (multipart, decision 087). With it, each chosen file is uploaded at once, resumable (decision
 * 133: tus, the project page's way, continued after a dropped connection), with its progress;
 * the form then names the finished uploads (`uploads`) instead of carrying the bytes, and cannot
 * be sent while one is still going (the file input says why). Cleared when its form is reset.
 */
export function AttachField({ maxUploadBytes }: { maxUploadBytes: number }) {
  const [items, setItems] = useState<Attached[]>([]);
  const [hydrated, setHydrated] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => setHydrated(true), []);

  const uploading = items.some((item) => item.state === "waiting" || item.state === "uploading");
  useEffect(() => {
    input.current?.setCustomValidity(uploading ? WAIT : "");
  }, [uploading]);

  // A sent message resets its form: its attachments go with it.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const clear = () => setItems([]);
    form.addEventListener("reset", clear);
    return () => form.removeEventListener("reset", clear);
  }, []);

  const update = useCallback((key: string, change: Partial<Attached>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const take = (list: FileList | null) => {
    const batch = Array.from(list ?? []).map((file) => ({ key: crypto.randomUUID(), file }));
    if (input.current) input.current.value = "";
    if (batch.length === 0) return;
    setItems((all) => [
      ...all,
      ...batch.map(({ key, file }) => ({
        key,
        name: file.name,
        size: file.size,
        sent: 0,
        state: "waiting" as const,
        uploadId: null,
      })),
    ]);
    queue.current = queue.current.then(async () => {
      for (const { key, file } of batch) {
        update(key, { state: "uploading" });
        const result =
          file.size > maxUploadBytes
            ? {
                ok: false,
                message: `"${file.name}" is larger than ${formatFileSize(maxUploadBytes)}.`,
                location: null,
              }
            : await sendResumable(MESSAGE_UPLOADS_PATH, file, {}, "attachment", (sent) =>
                update(key, { sent }),
              );
        update(key, {
          state: result.ok ? "done" : "failed",
          sent: result.ok ? 1 : 0,
          message: result.message,
          uploadId: result.ok ? (result.location?.split("/").at(-1) ?? null) : null,
        });
      }
    });
  };

  const remove = (item: Attached) => {
    setItems((all) => all.filter((other) => other.key !== item.key));
    // Taken back: the server need not keep it (termination; it goes within a day anyway).
    if (item.uploadId)
      void fetch(`${MESSAGE_UPLOADS_PATH}/${item.uploadId}`, {
        method: "DELETE",
        headers: { "Tus-Resumable": "1.0.0" },
      }).catch(() => {});
  };

  const ready = items.flatMap((item) =>
    item.state === "done" && item.uploadId ? [item.uploadId] : [],
  );
  return (
    <>
      <input type="hidden" name="uploads" value={ready.join(",")} />
      <Field
        label="Attach files"
        optional
        description={`Up to ${formatFileSize(maxUploadBytes)} each: ${ACCEPTED_FILE_SUMMARY}.`}
      >
        <Input
          ref={input}
          type="file"
          name="files"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          onChange={hydrated ? (event) => take(event.currentTarget.files) : undefined}
        />
      </Field>
      {items.length > 0 ? (
        <ul className="space-y-2" aria-label="Attached files">
          {items.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              dismissText="Remove"
              onDismiss={() => remove(item)}
            />
          ))}
        </ul>
      ) : null}
    </>
  );
}
