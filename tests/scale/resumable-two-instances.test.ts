/**
 * A resumable upload (decisions 092, 116) continued on another instance: two instances of the
 * build on one PostgreSQL database sharing DATA_DIR (compose's shared files volume, decision
 * 091). The connection to the first drops mid-piece; the second says where the upload stands
 * (HEAD) and takes the rest; the file is stored once, byte for byte, with its SHA-256 (the
 * second instance did not see the first bytes, so it reads the staged file again). Needs
 * TEST_DATABASE_URL and a build. Ports 3688 and 3689.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProjectOver, patchOver, versionLinks } from "../../scripts/lib/upload-client.ts";
import { type Running, signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";
import { createScratchDatabase, dropScratchDatabase } from "./scratch-database";

const baseUrl = process.env.TEST_DATABASE_URL;
const describeIf = baseUrl ? describe : describe.skip;
const MB = 1024 * 1024;
let dbName = "";
const dataDir = mkdtempSync(path.join(tmpdir(), "resumable-shared-"));
const instances: Running[] = [];

beforeAll(async () => {
  if (!baseUrl) return;
  const scratch = await createScratchDatabase(baseUrl, "scale");
  dbName = scratch.name;
  for (const port of [3688, 3689]) {
    instances.push(
      await startBuiltServer(port, {
        DATABASE_URL: scratch.url,
        AUTH_SECRET: "scale-test-secret-scale-test-secret-0116",
        MAX_UPLOAD_MB: "32",
        FILE_STORAGE: "disk",
        DATA_DIR: dataDir,
      }),
    );
  }
}, 180_000);

afterAll(async () => {
  for (const i of instances) await i.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (dbName && baseUrl) await dropScratchDatabase(baseUrl, dbName);
});

describeIf("a resumable upload on two instances sharing DATA_DIR", () => {
  it("dropped mid-piece on one instance, continued on the other: stored once, byte for byte", {
    timeout: 120_000,
  }, async () => {
    const [a, b] = instances as [Running, Running];
    const cookie = await signUpOver(a.url, {
      email: `shared-${Date.now()}@example.co.za`,
      password: "secret-1",
      name: "Two Doors",
    });
    const projectId = await createProjectOver(a.url, cookie, "Shared folder");
    const content = randomBytes(12 * MB);
    content.write("%PDF-1.7\n", 0, "latin1");
    const tus = { "Tus-Resumable": "1.0.0", cookie };
    const created = await fetch(`${a.url}/portal/projects/${projectId}/uploads`, {
      method: "POST",
      headers: {
        ...tus,
        origin: a.url,
        "Upload-Length": String(content.length),
        "Upload-Metadata": `filename ${Buffer.from("Survey.pdf").toString("base64")}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("Location") as string;
    const staged = path.join(dataDir, "files", "uploads", location.split("/").at(-1) as string);

    // To the first instance: the whole file declared, 5 MB sent, then the connection drops.
    const req = http.request(`${a.url}${location}`, {
      method: "PATCH",
      headers: {
        ...tus,
        origin: a.url,
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(content.length),
      },
    });
    req.on("error", () => {});
    await new Promise<void>((resolve) => req.write(content.subarray(0, 5 * MB), () => resolve()));
    await vi.waitUntil(() => (statSync(staged).size ?? 0) >= 4 * MB, {
      timeout: 30_000,
      interval: 20,
    });
    req.destroy();

    // The second instance: where does it stand? Then the rest from there.
    const origin = { ...tus, origin: b.url };
    await vi.waitUntil(
      async () => {
        const at = await fetch(`${b.url}${location}`, { method: "HEAD", headers: origin });
        return Number(at.headers.get("Upload-Offset")) === statSync(staged).size;
      },
      { timeout: 30_000, interval: 100 },
    );
    const at = await fetch(`${b.url}${location}`, { method: "HEAD", headers: origin });
    expect(at.status).toBe(200);
    const offset = Number(at.headers.get("Upload-Offset"));
    expect(offset).toBeGreaterThanOrEqual(4 * MB);
    expect(offset).toBeLessThanOrEqual(5 * MB);
    const rest = await patchOver(b.url, location, origin, offset, content.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("Upload-Offset")).toBe(String(content.length));
    expect(decodeURIComponent(rest.headers.get("Upload-Stored") ?? "")).toBe("Uploaded Survey.pdf");

    // Listed once, on both; the first instance serves it whole, its ETag its SHA-256.
    const sha256 = createHash("sha256").update(content).digest("hex");
    for (const instance of [a, b]) {
      expect(await versionLinks(instance.url, cookie, projectId)).toHaveLength(1);
    }
    const [link] = await versionLinks(a.url, cookie, projectId);
    const download = await fetch(`${a.url}${link}`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("ETag")).toBe(`"${sha256}"`);
    const got = Buffer.from(await download.arrayBuffer());
    expect(createHash("sha256").update(got).digest("hex")).toBe(sha256);
  });
});
