/**
 * Talking to a running server's project files over HTTP, for tests/scale and the upload bench:
 * make a project, stream a file up as multipart/form-data (never held in memory), and download a
 * version. Plain Node http, so a test can cut the upload wherever it likes.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { Readable } from "node:stream";

/** Creates a project through the Projects page's form; returns its id (the newest card's link). */
export async function createProjectOver(url: string, cookie: string, title: string) {
  const created = await fetch(`${url}/portal/projects`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "create", title }),
  });
  if (created.status !== 200) throw new Error(`Creating a project failed: ${created.status}`);
  const page = await (await fetch(`${url}/portal/projects`, { headers: { cookie } })).text();
  const id = page.match(/href="\/portal\/projects\/([0-9a-f-]{36})"/)?.[1];
  if (!id) throw new Error("The new project's link is not on the Projects page");
  return id;
}

export interface Upload {
  request: http.ClientRequest;
  /** Bytes of the file handed to the socket so far. */
  written(): number;
  /** The answer (status and body), or the error that ended the request. */
  done: Promise<{ status: number; body: string }>;
}

/**
 * Streams `source` (the file's content, `size` bytes) as one file part named `name`, asking for
 * JSON. Respects backpressure, so `written()` follows what the server takes in.
 */
export function uploadOver(
  url: string,
  cookie: string,
  projectId: string,
  file: { name: string; size: number; source: Readable; type?: string },
): Upload {
  const boundary = `----upload${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let written = 0;
  let request!: http.ClientRequest;
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request = http.request(
      `${url}/portal/projects/${projectId}/files`,
      {
        method: "POST",
        headers: {
          cookie,
          origin: url,
          accept: "application/json",
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + file.size + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on("error", reject);
      },
    );
    request.on("error", reject);
    request.write(head);
    file.source.on("data", (chunk: Buffer) => {
      written += chunk.length;
      if (!request.write(chunk)) {
        file.source.pause();
        request.once("drain", () => file.source.resume());
      }
    });
    file.source.on("end", () => request.end(tail));
    file.source.on("error", (error) => request.destroy(error));
  });
  return { request, written: () => written, done };
}

/** The project page's first download link for `name`, read from its HTML. */
export async function versionLinks(url: string, cookie: string, projectId: string) {
  const page = await (
    await fetch(`${url}/portal/projects/${projectId}`, { headers: { cookie } })
  ).text();
  return [
    ...page.matchAll(/href="(\/portal\/projects\/[0-9a-f-]{36}\/files\/[0-9a-f-]{36})"/g),
  ].map((m) => m[1] as string);
}

/**
 * A resumable upload's piece (tus PATCH, decision 092): `bytes` at `offset` of the upload at
 * `location`. `headers`: the cookie and origin (the tus version is added).
 */
export function patchOver(
  url: string,
  location: string,
  headers: Record<string, string>,
  offset: number,
  bytes: Uint8Array,
) {
  return fetch(`${url}${location}`, {
    method: "PATCH",
    headers: {
      "Tus-Resumable": "1.0.0",
      ...headers,
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
    },
    body: bytes as BodyInit,
  });
}
