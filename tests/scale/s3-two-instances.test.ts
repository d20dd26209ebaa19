/**
 * Files in an S3-compatible bucket with two instances (decision 091): a file uploaded through one
 * instance of the build is listed, downloaded whole and by Range through the other, which shares
 * only the PostgreSQL database and the bucket (a local s3rver) — no folder. Needs
 * TEST_DATABASE_URL and a build. Ports 3698, 3699 (instances) and 3690 (the bucket).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectOver, uploadOver, versionLinks } from "../../scripts/lib/upload-client.ts";
import { type Running, signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const baseUrl = process.env.TEST_DATABASE_URL;
const describeIf = baseUrl ? describe : describe.skip;
const BUCKET = "scale-files";
let dbName = "";
let s3: S3rver | null = null;
const s3Dir = mkdtempSync(path.join(tmpdir(), "scale-s3-"));
const instances: Running[] = [];

beforeAll(async () => {
  if (!baseUrl) return;
  const scratch = await createScratchDatabase(baseUrl, "scale");
  dbName = scratch.name;
  const url = new URL(scratch.url);
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 3690,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  // Each instance its own DATA_DIR (startBuiltServer makes one): only the bucket is shared.
  for (const port of [3698, 3699]) {
    instances.push(
      await startBuiltServer(port, {
        DATABASE_URL: url.toString(),
        AUTH_SECRET: "scale-test-secret-scale-test-secret-0091",
        MAX_UPLOAD_MB: "16",
        FILE_STORAGE: "s3",
        S3_ENDPOINT: "http://127.0.0.1:3690",
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      }),
    );
  }
}, 180_000);

afterAll(async () => {
  for (const i of instances) await i.stop();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
  if (dbName && baseUrl) {
    await dropScratchDatabase(baseUrl, dbName);
  }
});

describeIf("files in S3 with two instances", () => {
  it("uploaded through one instance, downloaded whole and by Range through the other", async () => {
    const [a, b] = instances as [Running, Running];
    const cookie = await signUpOver(a.url, {
      email: `s3-${Date.now()}@example.co.za`,
      password: "secret-1",
      name: "Two Buckets",
    });
    const projectId = await createProjectOver(a.url, cookie, "Shared bucket");
    // Over one 5 MB part: a multipart upload.
    const content = randomBytes(7 * 1024 * 1024);
    content.write("%PDF-1.7\n", 0, "latin1");
    const up = await uploadOver(a.url, cookie, projectId, {
      name: "Shared.pdf",
      size: content.length,
      source: Readable.from([content]),
    }).done;
    expect(up.status, up.body).toBe(200);

    const [link] = await versionLinks(b.url, cookie, projectId);
    const whole = await fetch(`${b.url}${link}`, { headers: { cookie } });
    expect(whole.status).toBe(200);
    const body = Buffer.from(await whole.arrayBuffer());
    expect(createHash("sha256").update(body).digest("hex")).toBe(
      createHash("sha256").update(content).digest("hex"),
    );
    const start = 5 * 1024 * 1024 - 10;
    const part = await fetch(`${b.url}${link}`, {
      headers: { cookie, range: `bytes=${start}-${start + 19}` },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(start, start + 20))).toBe(
      true,
    );
  });
});
