import type { Duplex } from "node:stream";

/**
 * What the server answers when Node's HTTP parser refuses a request before the app sees it.
 * Node's own answer is a bare status line with no body (a blank page): a browser whose cookies
 * grew over the 16 KB header limit showed nothing. Each answer here says why, as plain text.
 */
export const HEADERS_TOO_LARGE =
  "The request's headers are too large (over 16 KB). Clear this site's cookies in your browser and try again.";
export const REQUEST_UNREADABLE = "The request could not be read.";
const REQUEST_TIMEOUT = "The request took too long to arrive.";
const BODY_TOO_LARGE = "The request is too large.";

const STATUS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", HEADERS_TOO_LARGE],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Payload Too Large", BODY_TOO_LARGE],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", REQUEST_TIMEOUT],
};

/**
 * The server's 'clientError' listener (it replaces Node's default one, which answers the same
 * statuses without a body): a reset connection gets nothing, a socket whose response has begun
 * is closed, anything else an answer with a text and `Connection: close`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    ?.headersSent;
  if (error.code === "ECONNRESET" || !socket.writable || started) {
    socket.destroy();
    return;
  }
  const [status, reason, text] = STATUS[error.code ?? ""] ?? [
    400,
    "Bad Request",
    REQUEST_UNREADABLE,
  ];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      "Content-Type: text/plain; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(text)}\r\n` +
      "X-Content-Type-Options: nosniff\r\n" +
      "Cache-Control: no-store\r\n" +
      "Connection: close\r\n\r\n" +
      text,
  );
}
