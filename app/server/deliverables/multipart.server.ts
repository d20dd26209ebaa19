/**
 * A streaming multipart/form-data reader: the parts of a request body one after the other, each
 * part's content as it arrives, never the whole body in memory (decision 018). It holds at most
 * one network chunk plus a delimiter's length of look-behind, and copies nothing it need not: a
 * network chunk is joined to what is left of the one before only when that rest could be the
 * start of a delimiter (a CR and what follows), never as a rule (decision 109).
 *
 *   for await (const part of readMultipart(request.body, boundary)) {
 *     if (part.filename === null) continue; // a plain field: skipped unless read
 *     for await (const bytes of part.content()) store(bytes);
 *   }
 */

export class MultipartError extends Error {}

/** A part, or the whole body, is larger than it may be (413 rather than 400). */
export class MultipartTooLarge extends MultipartError {}

export const FIELD_TOO_LONG = "A form field is too long.";

/** The most a part that is not a file (a plain field) may hold, read or skipped. */
export const MAX_FIELD_BYTES = 64 * 1024;

export interface Part {
  /** The form field's name. */
  name: string;
  /** The file name as sent (not cleaned), or null for a plain field. */
  filename: string | null;
  contentType: string | null;
  /** The part's content. Reading it is optional: the next part skips what is left. */
  content(): AsyncGenerator<Uint8Array>;
  /** The whole content as text (for small fields), refused past `limit` bytes. */
  text(limit?: number): Promise<string>;
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;
const MAX_PREAMBLE_BYTES = 64 * 1024;

/** The boundary of a multipart/form-data Content-Type, or null when it is not one. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** A header parameter (`name="value"`), with the percent-escapes browsers use for `"`, CR, LF. */
function parameter(header: string, key: string): string | null {
  const match = new RegExp(`;\\s*${key}="([^"]*)"|;\\s*${key}=([^\\s;"]+)`, "i").exec(header);
  const value = match?.[1] ?? match?.[2];
  if (value === undefined) return null;
  return value.replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A part that is not a file (no file name) may hold `maxFieldBytes` at most, whether its reader
 * reads it or skips it: past that the reader throws a MultipartTooLarge.
 */
export async function* readMultipart(
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  boundary: string,
  { maxFieldBytes = MAX_FIELD_BYTES }: { maxFieldBytes?: number } = {},
): AsyncGenerator<Part> {
  // A web stream (a Request's body) is released, not cancelled, when the form ends: what is
  // left can still be read and dropped (discardBody). An iterable (a Node request's body,
  // file-transfers.server.ts) is left to its owner the same way: `return` is never called.
  const reader = body instanceof ReadableStream ? body.getReader() : body[Symbol.asyncIterator]();
  const read = () =>
    reader instanceof ReadableStreamDefaultReader ? reader.read() : reader.next();
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.concat([CRLF, dashBoundary]);
  let buffer: Buffer = Buffer.alloc(0);
  let ended = false;
  /** Which part the body being read belongs to; a part's content() stops when it is not current. */
  let partNumber = 0;
  let inBody = false;
  /** What the current part has given so far, and what it may give. */
  let partBytes = 0;
  let partLimit = Number.POSITIVE_INFINITY;

  /** Read one more network chunk; false at the end of the body. */
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const { done, value } = await read();
    if (done) {
      ended = true;
      return false;
    }
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    return true;
  };
  /**
   * How many bytes at the end of `data` could begin a delimiter (CRLF--boundary) and must wait
   * for the next chunk: usually none, so the next chunk is used as it is, not copied.
   */
  const heldBack = (data: Buffer) => {
    const from = Math.max(0, data.length - (delimiter.length - 1));
    for (let at = data.indexOf(0x0d, from); at >= 0; at = data.indexOf(0x0d, at + 1)) {
      if (delimiter.subarray(0, data.length - at).equals(data.subarray(at)))
        return data.length - at;
    }
    return 0;
  };
  const cutOff = () => new MultipartError("The upload was cut off before it ended.");

  const counted = (piece: Buffer) => {
    partBytes += piece.length;
    if (partBytes > partLimit) throw new MultipartTooLarge(FIELD_TOO_LONG);
    return piece;
  };

  /** The next piece of the current part's content, or null once its delimiter is reached. */
  const nextPiece = async (): Promise<Uint8Array | null> => {
    for (;;) {
      const at = buffer.indexOf(delimiter);
      if (at >= 0) {
        const piece = buffer.subarray(0, at);
        buffer = buffer.subarray(at + delimiter.length);
        inBody = false;
        if (piece.length > 0) return counted(piece);
        return null;
      }
      // Everything but a possible delimiter's beginning at the end can go.
      const safe = buffer.length - heldBack(buffer);
      if (safe > 0) {
        const piece = buffer.subarray(0, safe);
        buffer = buffer.subarray(safe);
        return counted(piece);
      }
      if (!(await more())) throw cutOff();
    }
  };

  try {
    // The preamble, up to the first boundary.
    for (;;) {
      const at = buffer.indexOf(dashBoundary);
      if (at >= 0) {
        buffer = buffer.subarray(at + dashBoundary.length);
        break;
      }
      if (buffer.length > MAX_PREAMBLE_BYTES) throw new MultipartError("The form is not valid.");
      if (!(await more())) throw new MultipartError("The form is not valid.");
    }

    for (;;) {
      // After a boundary: "--" ends the body, CRLF starts a part.
      while (buffer.length < 2) if (!(await more())) throw cutOff();
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) return;
      let headerEnd = buffer.indexOf(HEADER_END);
      while (headerEnd < 0) {
        if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("The form is not valid.");
        if (!(await more())) throw cutOff();
        headerEnd = buffer.indexOf(HEADER_END);
      }
      // Transport padding (spaces, tabs) may sit between the boundary and its CRLF.
      const head = buffer.subarray(0, headerEnd).toString("utf8");
      buffer = buffer.subarray(headerEnd + HEADER_END.length);
      if (!/^[ \t]*\r\n/.test(head)) throw new MultipartError("The form is not valid.");
      const headers = new Map<string, string>();
      for (const line of head.split("\r\n").slice(1)) {
        const colon = line.indexOf(":");
        if (colon > 0)
          headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1));
      }
      const disposition = headers.get("content-disposition") ?? "";
      if (!/^\s*form-data\s*(;|$)/i.test(disposition))
        throw new MultipartError("The form is not valid.");

      partNumber += 1;
      inBody = true;
      const filename = parameter(disposition, "filename");
      partBytes = 0;
      partLimit = filename ? Number.POSITIVE_INFINITY : maxFieldBytes;
      const mine = partNumber;
      const content = async function* () {
        while (inBody && partNumber === mine) {
          const piece = await nextPiece();
          if (piece === null) return;
          yield piece;
        }
      };
      yield {
        name: parameter(disposition, "name") ?? "",
        filename,
        contentType: headers.get("content-type")?.trim() || null,
        content,
        async text(limit = 64 * 1024) {
          const pieces: Uint8Array[] = [];
          let size = 0;
          for await (const piece of content()) {
            size += piece.length;
            if (size > limit) throw new MultipartTooLarge(FIELD_TOO_LONG);
            pieces.push(piece);
          }
          return Buffer.concat(pieces).toString("utf8");
        },
      };
      // Whatever the reader left of this part.
      while (inBody) await nextPiece();
    }
  } finally {
    if (reader instanceof ReadableStreamDefaultReader) reader.releaseLock();
  }
}
