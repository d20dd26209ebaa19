/**
 * What a web `Request` made from a Node request needs besides its body: the headers, and a
 * signal aborted when the response closes before it finished (the client went away). Shared by
 * server.ts (React Router's requests) and file-transfers.server.ts (a file's bytes, decision 109).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export function nodeRequestParts(
  req: IncomingMessage,
  res: ServerResponse,
): { headers: Headers; signal: AbortSignal } {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return { headers, signal: controller.signal };
}
