/**
 * A project's files survive a server killed in the middle of an upload (decision 018): on the
 * embedded database, `kill -9` while a large file streams in, then a restart on the same folder.
 * The file that was complete before is there, whole; the one cut off is neither listed nor left
 * in the database. Run once with the files in the database and once on disk (decision 091:
 * there the cut-off upload's temporary file goes too, and the kept file is named by its hash).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it, vi } from "vitest";
import { createProjectOver, uploadOver, versionLinks } from "../../scripts/lib/upload-client.ts";
import { signUpOver, startBuiltServer } from "../../scripts/serve-build.ts";

const start = (port: number, dataDir: string, storage: "db" | "disk") =>
  startBuiltServer(port, {
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    MAX_UPLOAD_MB: "64",
    FILE_STORAGE: storage,
  });

/** The files under DATA_DIR/files/<folder> (disk storage), by name. */
const filesIn = (dataDir: string, folder: "tmp" | "sha256") => {
  try {
    return readdirSync(path.join(dataDir, "files", folder), {
      recursive: true,
      withFileTypes: true,
    })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
};

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

/** A PDF's first bytes, then `size` random bytes in all: content the sniffer accepts. */
function pdfLike(size: number): Buffer {
  const content = randomBytes(size);
  content.write("%PDF-1.7\n", 0, "latin1");
  return content;
}

/** `size` bytes of a PDF-like file, made as it is read (never all in memory). */
function endlessPdf(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const piece = randomBytes(Math.min(64 * 1024, size - sent));
      if (sent === 0) piece.write("%PDF-1.7\n", 0, "latin1");
      sent += piece.length;
      this.push(piece);
    },
  });
}

describe.each([
  { storage: "db" as const, ports: [3560, 3561] },
  { storage: "disk" as const, ports: [3696, 3697] },
])(
  "uploads and a killed server, files in $storage",
  ({ storage, ports: [firstPort, againPort] }) => {
    it("kill -9 during a large upload: after a restart nothing of it is listed or stored", {
      timeout: 180_000,
    }, async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "upload-kill-"));
      const email = `upload-kill-${Date.now()}@example.co.za`;
      const first = await start(firstPort as number, dataDir, storage);
      const cookie = await signUpOver(first.url, {
        email,
        password: "secret-1",
        name: "Kill Nine",
      });
      const projectId = await createProjectOver(first.url, cookie, "Killed upload");

      // server.ts: the upload path still refuses foreign origins, and a declared length beyond
      // what one upload may carry, before reading anything.
      const foreign = await fetch(`${first.url}/portal/projects/${projectId}/files`, {
        method: "POST",
        headers: {
          cookie,
          origin: "https://evil.example",
          "content-type": "multipart/form-data; boundary=x",
        },
        body: "--x--",
      });
      expect(foreign.status).toBe(403);
      const declared = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${first.url}/portal/projects/${projectId}/files`,
          {
            method: "POST",
            headers: {
              cookie,
              origin: first.url,
              "content-type": "multipart/form-data; boundary=x",
              "content-length": String(11 * 64 * 1024 * 1024),
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.flushHeaders();
      });
      expect(declared).toBe(413);

      // A file stored whole before the kill.
      const kept = pdfLike(700 * 1024);
      const whole = await uploadOver(first.url, cookie, projectId, {
        name: "Kept.pdf",
        size: kept.length,
        source: Readable.from([kept]),
      }).done;
      expect(whole.status, whole.body).toBe(200);

      // A 60 MB file, killed once well over 16 MB of it has gone in (several chunks stored).
      const size = 60 * 1024 * 1024;
      const upload = uploadOver(first.url, cookie, projectId, {
        name: "Cut off.pdf",
        size,
        source: endlessPdf(size),
      });
      upload.done.catch(() => {}); // the connection is cut by the kill
      await vi.waitUntil(() => upload.written() > 16 * 1024 * 1024, {
        timeout: 60_000,
        interval: 20,
      });
      first.process.kill("SIGKILL");
      await first.exited;

      // What the kill left: the cut-off upload is there, half-stored (pending, with chunks).
      const left = await PGlite.create(path.join(dataDir, "pgdata"));
      try {
        const pending = await left.query<{ n: number; chunks: number }>(
          "select count(*)::int as n, (select count(*)::int from file_chunks c join file_versions v on v.id = c.version_id where v.state = 'pending') as chunks from file_versions where state = 'pending'",
        );
        expect(pending.rows[0]?.n).toBe(1);
        if (storage === "db") expect(pending.rows[0]?.chunks).toBeGreaterThan(0);
      } finally {
        await left.close();
      }
      if (storage === "disk") expect(filesIn(dataDir, "tmp")).toHaveLength(1);

      const again = await start(againPort as number, dataDir, storage);
      const session = await signIn(again.url, email);
      const page = await (
        await fetch(`${again.url}/portal/projects/${projectId}`, { headers: { cookie: session } })
      ).text();
      expect(page).toContain("Kept.pdf");
      expect(page).not.toContain("Cut off.pdf");
      const [link] = await versionLinks(again.url, session, projectId);
      const download = await fetch(`${again.url}${link}`, { headers: { cookie: session } });
      expect(download.status).toBe(200);
      const body = Buffer.from(await download.arrayBuffer());
      expect(createHash("sha256").update(body).digest("hex")).toBe(
        createHash("sha256").update(kept).digest("hex"),
      );
      again.process.kill("SIGTERM");
      expect(await again.exited).toBe(0);

      // In the database itself: one version, its chunks, nothing pending, no stray chunk.
      const db = await PGlite.create(path.join(dataDir, "pgdata"));
      try {
        const versions = await db.query<{ state: string; size: number }>(
          "select state, size from file_versions",
        );
        expect(versions.rows).toEqual([{ state: "ready", size: kept.length }]);
        const chunks = await db.query<{ n: number; bytes: number }>(
          "select count(*)::int as n, coalesce(sum(length(data)), 0)::int as bytes from file_chunks",
        );
        expect(chunks.rows[0]).toEqual(
          storage === "db" ? { n: 3, bytes: kept.length } : { n: 0, bytes: 0 },
        );
      } finally {
        await db.close();
      }
      if (storage === "disk") {
        expect(filesIn(dataDir, "tmp")).toEqual([]);
        expect(filesIn(dataDir, "sha256")).toEqual([
          createHash("sha256").update(kept).digest("hex"),
        ]);
      }
    });
  },
);
