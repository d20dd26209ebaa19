/**
 * A resumable upload survives a server killed in the middle of it (decision 092, tus): `kill -9`
 * while a PATCH streams in, a restart on the same folder, HEAD says how much the server holds,
 * the rest is sent from there, and the stored file is byte for byte the one sent, listed once.
 * Files on disk, the embedded database. Ports 3692 and 3693.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createProjectOver, patchOver, versionLinks } from "../../scripts/lib/upload-client.ts";
import { signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";

const start = (port: number, dataDir: string) =>
  startBuiltServer(port, {
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    MAX_UPLOAD_MB: "64",
    FILE_STORAGE: "disk",
  });

async function signIn(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password: "secret-1" }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const MB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("a resumable upload and a killed server", () => {
  it("kill -9 mid-PATCH, restart, HEAD, resume: the file is byte-identical and listed once", {
    timeout: 180_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "resumable-kill-"));
    const email = `resumable-${Date.now()}@example.co.za`;
    const first = await start(3692, dataDir);
    const cookie = await signUpOver(first.url, { email, password: "secret-1", name: "Phone User" });
    const projectId = await createProjectOver(first.url, cookie, "Resumed upload");

    const content = randomBytes(40 * 1024 * 1024);
    content.write("%PDF-1.7\n", 0, "latin1");
    const tus = { "Tus-Resumable": "1.0.0", origin: first.url, cookie };
    const created = await fetch(`${first.url}/portal/projects/${projectId}/uploads`, {
      method: "POST",
      headers: {
        ...tus,
        "Upload-Length": String(content.length),
        "Upload-Metadata": `filename ${Buffer.from("Site video.pdf").toString("base64")}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("Location") as string;
    const uploadId = location.split("/").at(-1) as string;
    const staged = path.join(dataDir, "files", "uploads", uploadId);

    // The whole file in one PATCH, sent slowly enough to be killed half-way.
    const req = http.request(`${first.url}${location}`, {
      method: "PATCH",
      headers: {
        ...tus,
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(content.length),
      },
    });
    req.on("error", () => {}); // cut by the kill
    req.on("response", (res) => res.resume());
    let sent = 0;
    const pump = async () => {
      while (sent < content.length && !req.destroyed) {
        const piece = content.subarray(sent, sent + 256 * 1024);
        sent += piece.length;
        if (!req.write(piece)) await new Promise((resolve) => req.once("drain", resolve));
      }
    };
    void pump();
    await vi.waitUntil(() => (statSync(staged, { throwIfNoEntry: false })?.size ?? 0) > 8 * MB, {
      timeout: 60_000,
      interval: 20,
    });
    first.process.kill("SIGKILL");
    await first.exited;
    req.destroy();
    const held = statSync(staged).size;
    expect(held).toBeGreaterThan(8 * MB);
    expect(held).toBeLessThan(content.length);

    const again = await start(3693, dataDir);
    const session = await signIn(again.url, email);
    const headers = { "Tus-Resumable": "1.0.0", origin: again.url, cookie: session };
    // Nothing listed while it is unfinished.
    const before = await (
      await fetch(`${again.url}/portal/projects/${projectId}`, { headers: { cookie: session } })
    ).text();
    expect(before).not.toContain("Site video.pdf");

    const at = await fetch(`${again.url}${location}`, { method: "HEAD", headers });
    expect(at.status).toBe(200);
    const offset = Number(at.headers.get("Upload-Offset"));
    expect(offset).toBe(held);
    expect(at.headers.get("Upload-Length")).toBe(String(content.length));

    // A wrong offset is refused; the right one finishes it.
    const wrong = await patchOver(again.url, location, headers, 0, content.subarray(0, 1024));
    expect(wrong.status).toBe(409);
    const rest = await patchOver(again.url, location, headers, offset, content.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("Upload-Offset")).toBe(String(content.length));

    const links = await versionLinks(again.url, session, projectId);
    expect(links).toHaveLength(1);
    const download = await fetch(`${again.url}${links[0]}`, { headers: { cookie: session } });
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(content));
    // The staged bytes are gone once stored.
    expect(statSync(staged, { throwIfNoEntry: false })).toBeUndefined();
    again.process.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });
});
