import { useEffect, useRef, useState } from "react";
import { Download, FileText, Trash2, Upload } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { DialogOpener, useRequestedDialog } from "~/components/ui/no-js-dialog";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { formatDateTime } from "~/lib/dates";
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_FILE_SUMMARY,
  formatFileSize,
  hasPreview,
  projectFilesPath,
} from "~/lib/files";
import { cn } from "~/lib/utils";
import {
  AnswerButtons,
  ReadyForReviewButton,
  ReviewAnswerText,
  ReviewBadge,
  type ReviewState,
} from "./review-controls";
import { UploadRow } from "./upload-row";
import { useUploads } from "./use-uploads";

export interface FileVersionView {
  id: string;
  number: number;
  name: string;
  size: number;
  /** The stored type: images and PDFs get a preview (decision 093). */
  contentType: string;
  uploaderName: string | null;
  createdAt: Date | string;
}

export interface FileView {
  id: string;
  name: string;
  /** The side it belongs to: the agency's, or the client's ('From client', decision 051). */
  side: "agency" | "client";
  /** The agency's internal file (decision 066): contacts never get it. */
  internal: boolean;
  /** The person may delete it (the agency: any; a contact: only their own upload). */
  deletable: boolean;
  versions: FileVersionView[];
}

export interface Viewer {
  id: string;
  isAdmin: boolean;
  /** An administrator viewing as a client: nothing can be changed. */
  readOnly: boolean;
}

export function FilesSection({
  projectId,
  files,
  reviewsByVersion,
  viewer,
  maxUploadBytes,
}: {
  projectId: string;
  files: FileView[];
  /** The latest review of each version that has one. */
  reviewsByVersion: Record<string, ReviewState>;
  viewer: Viewer;
  maxUploadBytes: number;
}) {
  const [deleting, setDeleting] = useState<FileView | null>(null);
  // 'Delete file' asked for by the address (pressed before the scripts ran, decision 142).
  const asked = useRequestedDialog();
  const askedFile =
    asked?.name === "delete-file" && !viewer.readOnly
      ? files.find((f) => f.id === asked.item && f.deletable)
      : undefined;
  return (
    <Card>
      <CardHeader layout="row" gap="roomy" className="flex-wrap">
        <CardTitle as="h2">Files</CardTitle>
        {files.length > 0 ? (
          <Button asChild size="sm" variant="outline">
            <a href={`${projectFilesPath(projectId)}.zip`} download>
              <Download aria-hidden />
              Download all
            </a>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-6">
        {askedFile ? <DeleteFileDialog file={askedFile} onClose={() => {}} inline /> : null}
        {viewer.readOnly ? null : (
          <UploadArea
            projectId={projectId}
            maxUploadBytes={maxUploadBytes}
            agency={viewer.isAdmin}
          />
        )}
        {files.length === 0 ? (
          <p className="text-muted-foreground">No files yet.</p>
        ) : (
          <ul className="space-y-4" aria-label="Files">
            {files.map((file) => (
              <li key={file.id} className="rounded-lg border p-4">
                <FileEntry
                  projectId={projectId}
                  file={file}
                  reviewsByVersion={reviewsByVersion}
                  viewer={viewer}
                  onDelete={() => setDeleting(file)}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <DeleteFileDialog file={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

const downloadPath = (projectId: string, versionId: string) =>
  `${projectFilesPath(projectId)}/${versionId}`;

function FileEntry({
  projectId,
  file,
  reviewsByVersion,
  viewer,
  onDelete,
}: {
  projectId: string;
  file: FileView;
  reviewsByVersion: Record<string, ReviewState>;
  viewer: Viewer;
  onDelete: () => void;
}) {
  const latest = file.versions[0];
  // 'Uploaded by' is whoever started the file: later versions never change it.
  const first = file.versions[file.versions.length - 1];
  const canDelete = !viewer.readOnly && file.deletable;
  return (
    <article aria-labelledby={`file-${file.id}`} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-2">
          <FileText className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="min-w-0">
            <h3 id={`file-${file.id}`} className="font-semibold break-words">
              {file.name}
            </h3>
            {file.side === "client" ? (
              <Badge variant="outline" className="mt-1">
                From client
              </Badge>
            ) : null}
            {file.internal ? (
              <Badge variant="secondary" className="mt-1">
                Internal
              </Badge>
            ) : null}
            {latest && first ? (
              <p className="text-sm text-muted-foreground">
                {formatFileSize(latest.size)} · uploaded by {first.uploaderName ?? "someone"} on{" "}
                {formatDateTime(first.createdAt)} ·{" "}
                {file.versions.length === 1 ? "1 version" : `${file.versions.length} versions`}
              </p>
            ) : null}
          </div>
        </div>
        {latest && hasPreview(latest.contentType) ? (
          <img
            src={`${downloadPath(projectId, latest.id)}/preview`}
            alt=""
            width={160}
            height={120}
            loading="lazy"
            decoding="async"
            data-testid="file-preview"
            className="h-[120px] w-[160px] shrink-0 rounded-md border bg-muted object-contain"
          />
        ) : null}
        {canDelete ? (
          <DialogOpener
            variant="ghost"
            size="icon-xs"
            dialog="delete-file"
            item={file.id}
            onOpen={onDelete}
          >
            <Trash2 aria-hidden />
            <span className="sr-only">Delete {file.name}</span>
          </DialogOpener>
        ) : null}
      </div>
      <ol className="space-y-2" aria-label={`Versions of ${file.name}`}>
        {file.versions.map((version) => {
          const review = reviewsByVersion[version.id];
          const label = `${version.name} version ${version.number}`;
          const open = review && !review.answer;
          return (
            <li
              key={version.id}
              className="flex flex-col gap-2 rounded-md bg-muted/50 px-3 py-2 text-sm"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">Version {version.number}</span> ·{" "}
                  {formatFileSize(version.size)} · {version.uploaderName ?? "someone"} ·{" "}
                  {formatDateTime(version.createdAt)}
                </span>
                <div className="flex flex-wrap items-center gap-2">
                  {review ? <ReviewBadge review={review} /> : null}
                  {viewer.isAdmin && !viewer.readOnly && !open ? (
                    <ReadyForReviewButton
                      intent="review-file"
                      idName="versionId"
                      id={version.id}
                      label={label}
                    />
                  ) : null}
                  <Button asChild size="sm" variant="outline">
                    <a href={downloadPath(projectId, version.id)} download={version.name}>
                      <Download aria-hidden />
                      Download<span className="sr-only"> {label}</span>
                    </a>
                  </Button>
                </div>
              </div>
              {review?.answer ? <ReviewAnswerText review={review} /> : null}
              {open && !viewer.isAdmin && !viewer.readOnly ? (
                <AnswerButtons reviewId={review.id} label={label} />
              ) : null}
            </li>
          );
        })}
      </ol>
    </article>
  );
}

/**
 * 'Upload files': a button and a drop zone. With JavaScript each file is a resumable upload
 * (decision 092) with a progress bar, continued after a dropped connection; without it, the form
 * posts the chosen files to the files endpoint.
 */
function UploadArea({
  projectId,
  maxUploadBytes,
  agency,
}: {
  projectId: string;
  maxUploadBytes: number;
  /** The agency's staff may mark an upload 'Internal' (decision 066). */
  agency: boolean;
}) {
  const { items, add, dismiss } = useUploads(projectId, maxUploadBytes);
  const input = useRef<HTMLInputElement>(null);
  const internalBox = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [dragging, setDragging] = useState(false);
  useEffect(() => setHydrated(true), []);

  const take = (list: FileList | null) => {
    add(Array.from(list ?? []), { internal: internalBox.current?.checked === true });
    if (input.current) input.current.value = "";
  };

  return (
    <div className="space-y-3">
      <form
        method="post"
        action={projectFilesPath(projectId)}
        encType="multipart/form-data"
        onSubmit={(event) => {
          event.preventDefault();
          take(input.current?.files ?? null);
        }}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is an extra; the button and the file input do the same by keyboard */}
        <div
          className={cn(
            "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center",
            dragging ? "border-primary bg-primary/5" : "border-input",
          )}
          data-testid="drop-zone"
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = "copy";
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null))
              setDragging(false);
          }}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            take(event.dataTransfer.files);
          }}
        >
          <Upload className="size-8 text-muted-foreground" aria-hidden />
          {agency ? (
            // Before the file input: the server reads the form's parts in order.
            <Field
              id={`internal-${projectId}`}
              label="Internal"
              layout="checkbox"
              description="Only the agency sees an internal file; the client never does."
              className="text-left"
            >
              <Checkbox ref={internalBox} name="internal" />
            </Field>
          ) : null}
          {/* Which of the two layouts shows is up to CSS (`noscript:` is `scripting: none`),
              not hydration: the page paints with the one it keeps, so nothing below it moves
              when the scripts arrive (CLS 0, decision 025). */}
          <p className="text-sm text-muted-foreground">
            <span className="noscript:hidden">Drag files here, or use the button.</span>
            <span className="hidden noscript:inline">Choose files, then upload them.</span>
          </p>
          <Field
            label="Files to upload"
            description={`Up to ${formatFileSize(maxUploadBytes)} each: ${ACCEPTED_FILE_SUMMARY}.`}
            className="sr-only noscript:not-sr-only noscript:w-full noscript:max-w-sm noscript:text-left"
          >
            <Input
              ref={input}
              type="file"
              name="files"
              multiple
              accept={ACCEPT_ATTRIBUTE}
              onChange={hydrated ? (event) => take(event.currentTarget.files) : undefined}
              tabIndex={hydrated ? -1 : undefined}
            />
          </Field>
          <span className="contents noscript:hidden">
            <Button type="button" onClick={() => input.current?.click()}>
              <Upload aria-hidden />
              Upload files
            </Button>
          </span>
          <span className="hidden noscript:contents">
            <Button type="submit">
              <Upload aria-hidden />
              Upload files
            </Button>
          </span>
        </div>
      </form>
      {items.length > 0 ? (
        <ul className="space-y-2" aria-label="Uploads">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} onDismiss={() => dismiss(item.key)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function DeleteFileDialog({
  file,
  onClose,
  inline = false,
}: {
  file: FileView | null;
  onClose: () => void;
  /** In place, a form that posts without JavaScript (the address asked for it). */
  inline?: boolean;
}) {
  const { fetcher, busy, result } = useFormOutcome({ intent: "delete-file", onSuccess: onClose });
  return (
    <ConfirmDialog
      open={file !== null}
      onClose={onClose}
      busy={busy}
      result={result}
      title="Delete file?"
      description={
        file
          ? `${file.name} and all ${file.versions.length === 1 ? "its version" : `its ${file.versions.length} versions`} will be deleted.`
          : ""
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={() => {
        if (file) fetcher.submit({ intent: "delete-file", fileId: file.id }, { method: "post" });
      }}
      inline={inline && file ? { fields: { intent: "delete-file", fileId: file.id } } : null}
    />
  );
}
