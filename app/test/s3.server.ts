/**
 * A local S3-compatible server for tests (s3rver, from the registry; no network): the settings
 * that point FILE_STORAGE=s3 at it, on a free port, with an empty bucket.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const TEST_BUCKET = "project-files";

export async function startTestS3() {
  const directory = mkdtempSync(path.join(tmpdir(), "agency-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    settings: {
      FILE_STORAGE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
