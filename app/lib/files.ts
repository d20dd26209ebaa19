/**
 * Project files, for the browser and the server alike: what a file's name may hold, how a size
 * reads, and the rules of an upload (decision 018).
 */

/** The longest name kept, in characters (the extension is kept when a name is shortened). */
export const FILE_NAME_MAX = 200;

/** Files one upload request may carry (the page sends one file per request; a plain form, all). */
export const MAX_FILES_PER_UPLOAD = 10;

/** Bytes in a megabyte, as MAX_UPLOAD_MB counts them. */
export const MB = 1024 * 1024;

/**
 * The most one upload request may carry, whatever its framing: its files at MAX_UPLOAD_MB each,
 * and a megabyte for the rest (boundaries, headers, small fields). server.ts refuses a declared
 * length above it; the route stops reading a streamed body there.
 */
export const maxUploadRequestBytes = (maxUploadMb: number) =>
  (MAX_FILES_PER_UPLOAD * maxUploadMb + 1) * MB;

/**
 * What an uploaded file's name becomes: its last path segment (a browser or a hand-made request
 * may send "C:\Users\…\brief.pdf" or "../../brief.pdf"), without control characters or
 * invisible format characters (bidirectional overrides, zero-width spaces and joiners, the
 * byte-order mark, soft hyphens: two names must not look alike yet differ), with runs of spaces
 * made one, no leading dots (no hidden files) or trailing dots and spaces, and the characters
 * Windows cannot store replaced. Letters of every script and emoji are kept (the joiner inside an
 * emoji sequence too). Null when nothing usable is left.
 */
export function cleanFileName(raw: string): string | null {
  let name = raw.normalize("NFC");
  name = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  name = name
    .replace(/[\t\n\v\f\r]/g, " ")
    // C0 and C1 controls, DEL; unpaired surrogates
    .replace(/\p{Cc}|\p{Cs}/gu, "")
    // Invisible format characters: direction marks, embeddings, overrides and isolates, the
    // byte-order mark, zero-width spaces and joiners, soft hyphens…, but not the joiner that
    // makes one emoji of two ("👩‍💻").
    .replace(/\p{Cf}/gu, (char, at: number, all: string) =>
      char === "\u200d" && joinsEmoji(all, at) ? char : "",
    )
    .replace(/[<>:"|?*]/g, "_")
    .replace(/\s+/gu, " ")
    .replace(/^[\s.]+/u, "")
    .replace(/[\s.]+$/u, "");
  if (!name) return null;
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX) return name;
  const ext = fileExtension(name);
  const keep = ext && ext.length < 20 ? `.${ext}` : "";
  return `${chars
    .slice(0, FILE_NAME_MAX - Array.from(keep).length)
    .join("")
    .trimEnd()}${keep}`;
}

/** Is the zero-width joiner at `at` between two emoji (an emoji sequence)? */
function joinsEmoji(text: string, at: number) {
  const before = Array.from(text.slice(0, at)).at(-1) ?? "";
  const after = Array.from(text.slice(at + 1))[0] ?? "";
  const emoji = /\p{Extended_Pictographic}|[\u{1f3fb}-\u{1f3ff}\ufe0f]/u;
  return emoji.test(before) && /\p{Extended_Pictographic}/u.test(after);
}

/** The extension in lower case, without the dot ("Brief.PDF" → "pdf"); "" when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

/** "0 B", "512 B", "1.5 KB", "20 MB" (1024-based, as MAX_UPLOAD_MB counts). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** The file types a project accepts, by what the person sees, with their extensions. */
export const ACCEPTED_FILE_KINDS = [
  { label: "PDF", extensions: ["pdf"] },
  { label: "images", extensions: ["png", "jpg", "jpeg", "gif", "webp", "svg", "psd"] },
  {
    label: "Office documents",
    extensions: ["docx", "xlsx", "pptx", "doc", "xls", "ppt", "odt", "ods", "odp"],
  },
  { label: "ZIP archives", extensions: ["zip"] },
  { label: "video", extensions: ["mp4", "m4v", "mov"] },
  { label: "fonts", extensions: ["woff", "woff2", "ttf", "otf"] },
  { label: "text", extensions: ["txt", "csv", "md", "json"] },
] as const;

/** For a file input's `accept`: ".pdf,.png,…". */
export const ACCEPT_ATTRIBUTE = ACCEPTED_FILE_KINDS.flatMap((k) =>
  k.extensions.map((e) => `.${e}`),
).join(",");

/** "PDF, images, Office documents, …, text". */
export const ACCEPTED_FILE_SUMMARY = ACCEPTED_FILE_KINDS.map((k) => k.label).join(", ");

/** A project's files: uploads are posted here (a resource route whose body server.ts streams). */
export const projectFilesPath = (projectId: string) => `/portal/projects/${projectId}/files`;

/** The upload endpoint's path, for server.ts: its body is streamed, not read into memory. */
export const UPLOAD_PATH = /^\/portal\/projects\/[^/]+\/files\/?$/;

/**
 * A resumable upload (decision 092), a project's or a message's attachment's (decision 133): its
 * PATCH bodies are streamed by server.ts too.
 */
export const RESUMABLE_UPLOAD_PATH = /^\/portal\/(?:projects\/[^/]+|messages)\/uploads\/[^/]+\/?$/;

/**
 * A resumable upload's first piece, and the smallest and largest of any piece (decisions 116,
 * 134: 64 MB sent a 200 MB file in five requests, each with its fixed cost, on a line that takes
 * 256 MB well within a request's time; the server keeps what arrived before a drop either way).
 */
export const FIRST_PIECE_BYTES = 4 * MB;
export const MAX_PIECE_BYTES = 256 * MB;
/** How long a piece should take, at the speed the last one went. */
const PIECE_SECONDS = 15;

/**
 * The size of a resumable upload's next piece, from how long the last one took: about
 * PIECE_SECONDS of sending at that speed, between FIRST_PIECE_BYTES and MAX_PIECE_BYTES. A
 * slow line keeps 4 MB pieces (each well within a request's time limit, and a drop costs at
 * most what was in flight, as the server keeps what it received); a fast one sends fewer,
 * larger requests, each with its fixed cost (the session, the record, a sync).
 */
export function nextPieceBytes(lastBytes: number, lastMs: number): number {
  if (!(lastBytes > 0) || !(lastMs > 0)) return FIRST_PIECE_BYTES;
  const bytes = (lastBytes / lastMs) * 1000 * PIECE_SECONDS;
  return Math.round(Math.min(MAX_PIECE_BYTES, Math.max(FIRST_PIECE_BYTES, bytes)));
}

/**
 * How many of the `remaining` bytes the next piece carries, when it may carry `pieceBytes`: all
 * of them when what would be left after it is less than a first piece (decision 134: a last
 * request of a few megabytes cost as much as a large one, for its fixed cost and the file's
 * storing).
 */
export function pieceLength(pieceBytes: number, remaining: number): number {
  return remaining - pieceBytes < FIRST_PIECE_BYTES ? remaining : pieceBytes;
}

/** The collection resumable uploads are created in (POST, tus). */
export const resumableUploadsPath = (projectId: string) => `/portal/projects/${projectId}/uploads`;

/** Where a message's attachments are uploaded before it is sent (decision 133, tus). */
export const MESSAGE_UPLOADS_PATH = "/portal/messages/uploads";
export const messageUploadPath = (uploadId: string) => `${MESSAGE_UPLOADS_PATH}/${uploadId}`;

/**
 * The Messages page, whose forms may carry attachments (decision 087): a multipart post to it
 * (the page, or its `.data` request) is streamed by server.ts like an upload.
 */
export const MESSAGE_FORM_PATH = /^\/portal\/messages(?:\.data)?\/?$/;

/** Where a message's attachment is downloaded. */
export const attachmentPath = (versionId: string) => `/portal/messages/files/${versionId}`;

/**
 * Types that get a preview on the project page (decision 093): PNG, JPEG and WebP images and a
 * PDF's first page. Never an SVG.
 */
export const PREVIEW_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "application/pdf",
];
export const hasPreview = (contentType: string) => PREVIEW_TYPES.includes(contentType);
