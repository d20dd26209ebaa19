/**
 * What a file is, from its first bytes rather than its name: the allow-list of types a project
 * accepts (decision 018). The content decides the type; the name's extension must be one of that
 * type's, so "invoice.pdf" holding a program, or "logo.png" holding HTML, is refused. Text has no
 * magic number: a text type is accepted when its start is UTF-8 with no control characters, and
 * an SVG only when its first element is <svg>.
 */
import { ACCEPTED_FILE_SUMMARY, fileExtension } from "~/lib/files";

/** How many leading bytes the sniffer looks at (all it needs; fewer for a shorter file). */
export const SNIFF_BYTES = 4096;

interface FileType {
  type: string;
  extensions: readonly string[];
}

const PDF = { type: "application/pdf", extensions: ["pdf"] };
const PNG = { type: "image/png", extensions: ["png"] };
const JPEG = { type: "image/jpeg", extensions: ["jpg", "jpeg"] };
const GIF = { type: "image/gif", extensions: ["gif"] };
const WEBP = { type: "image/webp", extensions: ["webp"] };
const PSD = { type: "image/vnd.adobe.photoshop", extensions: ["psd"] };
const MP4 = { type: "video/mp4", extensions: ["mp4", "m4v"] };
const MOV = { type: "video/quicktime", extensions: ["mov"] };
const WOFF = { type: "font/woff", extensions: ["woff"] };
const WOFF2 = { type: "font/woff2", extensions: ["woff2"] };
const TTF = { type: "font/ttf", extensions: ["ttf"] };
const OTF = { type: "font/otf", extensions: ["otf"] };

/** A ZIP container: the extension says which kind (the content alone cannot, cheaply). */
const ZIP_KINDS: Record<string, string> = {
  zip: "application/zip",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
};
/** An OLE compound file: the Office formats before 2007. */
const OLE_KINDS: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};
const TEXT_KINDS: Record<string, string> = {
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  json: "application/json",
};
const SVG = { type: "image/svg+xml", extensions: ["svg"] };

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The binary family the first bytes belong to, or null (text, or nothing we accept). */
function binaryType(head: Uint8Array): FileType | "zip" | "ole" | null {
  if (startsWith(head, ascii("%PDF-"))) return PDF;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return GIF;
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return WEBP;
  if (startsWith(head, ascii("8BPS"))) return PSD;
  if (startsWith(head, ascii("ftyp"), 4)) {
    return startsWith(head, ascii("qt  "), 8) ? MOV : MP4;
  }
  if (startsWith(head, ascii("wOFF"))) return WOFF;
  if (startsWith(head, ascii("wOF2"))) return WOFF2;
  if (startsWith(head, [0x00, 0x01, 0x00, 0x00, 0x00])) return TTF;
  if (startsWith(head, ascii("OTTO"))) return OTF;
  // A local file header, or the end record of an empty archive.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]))
    return "zip";
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  return null;
}

/**
 * The start decoded as UTF-8 text, or null when it is not text: invalid UTF-8 (a sequence cut
 * at the end of the window is fine), NUL or another control character (C0, DEL, C1) than tab,
 * line feed, form feed and carriage return.
 */
function asText(head: Uint8Array, complete: boolean): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: !complete });
  } catch {
    return null;
  }
  return /(?![\t\n\f\r])\p{Cc}/u.test(text) ? null : text;
}

/** Whether the text's first element is <svg> (after a declaration, comments and a doctype). */
function isSvg(text: string): boolean {
  const rest = text
    .replace(/^\ufeff/, "")
    .replace(/^\s*<\?xml[\s\S]*?\?>/, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .replace(/^\s*<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "");
  return /^\s*<svg[\s>/]/.test(rest);
}

export type Sniffed = { ok: true; type: string } | { ok: false; message: string };

export const notAccepted = (name: string) =>
  `"${name}" is not a type of file we accept (${ACCEPTED_FILE_SUMMARY}).`;
const mismatch = (name: string, ext: string) =>
  ext
    ? `"${name}" does not hold what its name says (.${ext}).`
    : `"${name}" needs an extension that says what it holds (such as .pdf).`;

/**
 * The stored type of a file named `name` whose first bytes are `head` (SNIFF_BYTES, or the whole
 * file when shorter: then `complete`), or why it is refused.
 */
export function sniffFileType(head: Uint8Array, name: string, complete: boolean): Sniffed {
  const ext = fileExtension(name);
  const binary = binaryType(head);
  if (binary === "zip" || binary === "ole") {
    const kinds = binary === "zip" ? ZIP_KINDS : OLE_KINDS;
    const type = kinds[ext];
    return type ? { ok: true, type } : { ok: false, message: mismatch(name, ext) };
  }
  if (binary) {
    return binary.extensions.includes(ext)
      ? { ok: true, type: binary.type }
      : { ok: false, message: mismatch(name, ext) };
  }
  const text = asText(head, complete);
  if (text === null) return { ok: false, message: notAccepted(name) };
  if (SVG.extensions.includes(ext)) {
    return isSvg(text) ? { ok: true, type: SVG.type } : { ok: false, message: mismatch(name, ext) };
  }
  const type = TEXT_KINDS[ext];
  if (type) return { ok: true, type };
  // Text under another name (.html, .js, .exe, none): not on the list.
  return { ok: false, message: notAccepted(name) };
}
