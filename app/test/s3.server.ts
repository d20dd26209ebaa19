/**
 * A local S3-compatible server for tests (s3rver, from the registry; no network): the settings
 * that point FILE_STORAGE=s3 at it, on a free port, with an empty bucket.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const TEST_BUCKET = "project-files";

/**
 * `ignoreRange`: the store answers every GET with the whole object (200, no Content-Range), as
 * some S3-compatible stores do with a range they do not take: a proxy in front of s3rver drops
 * the request's Range header (s3rver then takes the request's signature as it is).
 */
export async function startTestS3({ ignoreRange = false }: { ignoreRange?: boolean } = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), "agency-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
    allowMismatchedSignatures: ignoreRange,
  });
  const address = (await server.run()) as AddressInfo;
  let port = address.port;
  /** Every GET that reached the store, with the Range it asked for (before the proxy dropped it). */
  const gets: { path: string; range: string | null; status?: number }[] = [];
  const proxy = ignoreRange
    ? createServer((req, res) => {
        const headers = { ...req.headers };
        const get =
          req.method === "GET" ? { path: req.url ?? "", range: req.headers.range ?? null } : null;
        if (get) {
          gets.push(get);
          delete headers.range;
        }
        const forward = request(
          { host: "127.0.0.1", port: address.port, method: req.method, path: req.url, headers },
          (answer) => {
            if (get) Object.assign(get, { status: answer.statusCode });
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.on("error", () => res.destroy());
        res.on("close", () => forward.destroy());
        req.pipe(forward);
      })
    : null;
  if (proxy) {
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    port = (proxy.address() as AddressInfo).port;
  }
  return {
    gets,
    settings: {
      FILE_STORAGE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async close() {
      if (proxy) {
        proxy.closeAllConnections();
        await new Promise((resolve) => proxy.close(resolve));
      }
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
