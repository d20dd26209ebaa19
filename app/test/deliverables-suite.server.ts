/**
 * Deliverables end to end through the routes, on PGlite and PostgreSQL, with each file store
 * (decision 091; `app/server/deliverables/deliverables.<store>.server.test.ts` runs it once per
 * store): uploads (versions, limits, types, names, a cut-off body, an abandoned one), downloads,
 * deletes, milestones, reviews and their answers, the activity they leave, and every
 * cross-client attempt refused.
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import yauzl from "yauzl";
import { action as projectAction, loader as projectLoader } from "~/routes/portal/project";
import { loader as downloadLoader } from "~/routes/portal/project-file";
import { action as uploadAction } from "~/routes/portal/project-files";
import { loader as zipLoader } from "~/routes/portal/project-files-zip";
import { action as projectsAction } from "~/routes/portal/projects";
import { startViewingAs } from "~/routes/portal/view-as.server";
import {
  emailOutbox,
  fileChunks,
  fileVersions,
  profiles,
  projectFiles,
  projects,
  reviewAnswers,
} from "~/server/db/schema.server";
import { testDatabaseKind } from "~/server/db/test-db.server";
import {
  FILE_CHUNK_BYTES,
  listFiles,
  removeAbandonedUploads,
  storeFile,
} from "~/server/deliverables/files.server";
import { storeOf } from "~/server/deliverables/storage.server";
import {
  MAIL_GROUP_MS,
  queueNotificationMail,
} from "~/server/notifications/notification-mail.server";
import { collectPersonalData } from "~/server/privacy/privacy-export.server";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import {
  BASE_URL,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  run,
} from "~/test/harness.server";
import { startTestS3 } from "~/test/s3.server";

export type Backend = "db" | "disk" | "s3";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp; // a contact of client A
let carol: SignedUp; // a second contact of client A
let bob: SignedUp; // a contact of client B
let projectA: string;
let projectB: string;

const BOUNDARY = "----deliverables-test";
const pdf = (size: number, fill = 7) => {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
};

function multipart(
  files: { name: string; content: Uint8Array }[],
  fields: Record<string, string> = {},
) {
  const parts: Uint8Array[] = [];
  const text = (s: string) => parts.push(new TextEncoder().encode(s));
  for (const [name, value] of Object.entries(fields)) {
    text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  for (const file of files) {
    text(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    parts.push(file.content);
    text("\r\n");
  }
  text(`--${BOUNDARY}--\r\n`);
  return Buffer.concat(parts);
}

function uploadRequest(
  projectId: string,
  cookie: string,
  body: BodyInit,
  { json = true }: { json?: boolean } = {},
) {
  const headers = new Headers({
    "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
    origin: BASE_URL,
    cookie,
  });
  if (json) headers.set("accept", "application/json");
  return new Request(new URL(`/portal/projects/${projectId}/files`, BASE_URL), {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

async function upload(
  who: SignedUp,
  projectId: string,
  files: { name: string; content: Uint8Array }[],
) {
  const res = await run(uploadAction, uploadRequest(projectId, who.cookie, multipart(files)), {
    id: projectId,
  });
  return { status: res.status, body: await res.json() };
}

const page = async (who: SignedUp, projectId: string) => {
  const res = await run(projectLoader, getRequest(`/portal/projects/${projectId}`, who.cookie), {
    id: projectId,
  });
  return { status: res.status, data: res.status === 200 ? await res.json() : null };
};

const act = async (who: SignedUp, projectId: string, fields: Record<string, string>) => {
  const res = await run(
    projectAction,
    formRequest(`/portal/projects/${projectId}`, fields, { cookie: who.cookie }),
    { id: projectId },
  );
  return { status: res.status, body: await res.json() };
};

const download = (who: SignedUp, projectId: string, versionId: string) =>
  run(downloadLoader, getRequest(`/portal/projects/${projectId}/files/${versionId}`, who.cookie), {
    id: projectId,
    versionId,
  });

/** A download with extra request headers (Range, If-Range). */
function downloadWith(who: SignedUp, projectId: string, versionId: string, extra: HeadersInit) {
  const request = getRequest(`/portal/projects/${projectId}/files/${versionId}`, who.cookie);
  const headers = new Headers(request.headers);
  for (const [name, value] of new Headers(extra)) headers.set(name, value);
  return run(downloadLoader, new Request(request.url, { headers }), { id: projectId, versionId });
}

/** A zip's entries: name → content. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const out = new Map<string, Buffer>();
      file.on("entry", (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on("end", () => resolve(out));
      file.on("error", reject);
      file.readEntry();
    });
  });
}

const downloadAll = (who: SignedUp, projectId: string, query = "") =>
  run(zipLoader, getRequest(`/portal/projects/${projectId}/files.zip${query}`, who.cookie), {
    id: projectId,
  });

async function createProject(who: SignedUp, title: string) {
  const res = await run(
    projectsAction,
    formRequest("/portal/projects", { intent: "create", title }, { cookie: who.cookie }),
  );
  expect(res.status).toBe(200);
  const [row] = await h.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, title));
  return row?.id as string;
}

let backend: Backend;

/** What is stored: version rows, database chunks, and the store's blobs and unfinished writes. */
const stored = async () => {
  let blobs = 0;
  if (backend !== "db") {
    const store = storeOf(backend, h.env);
    for await (const _ of store.list()) blobs += 1;
    for await (const _ of store.listUnfinished()) blobs += 1;
  }
  return {
    versions: (await h.handle.db.select({ n: count() }).from(fileVersions))[0]?.n ?? 0,
    chunks: (await h.handle.db.select({ n: count() }).from(fileChunks))[0]?.n ?? 0,
    blobs,
  };
};

export function deliverablesSuite(store: Backend) {
  backend = store;
  let s3: Awaited<ReturnType<typeof startTestS3>> | null = null;
  beforeAll(async () => {
    s3 = store === "s3" ? await startTestS3() : null;
    h = await createHarness({
      ADMIN_EMAILS: "admin@example.co.za",
      MAX_UPLOAD_MB: "1",
      FILE_STORAGE: store,
      ...s3?.settings,
    });
    admin = await signUp("admin@example.co.za", { fullName: "Ayanda Admin" });
    await proveAddress("admin@example.co.za");
    alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
    carol = await signUp("carol@example.co.za", { fullName: "Carol Botha" });
    bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
    // Carol joins Alice's client (as an invitation would).
    await h.handle.db
      .update(profiles)
      .set({ clientId: alice.clientId })
      .where(eq(profiles.id, carol.id));
    carol = { ...carol, clientId: alice.clientId };
    projectA = await createProject(alice, "Website redesign");
    projectB = await createProject(bob, "Bob's app");
  });
  afterAll(async () => {
    await h.close();
    await s3?.close();
  });

  describe(`deliverables on ${testDatabaseKind()}, files in ${store}`, () => {
    let v1: string;
    let v2: string;

    it("stores an upload in chunks, and the same name again by the same side as a new version", async () => {
      const first = await upload(alice, projectA, [
        { name: "Brief.pdf", content: pdf(600 * 1024) },
      ]);
      expect(first).toMatchObject({
        status: 200,
        body: { ok: true, success: "Uploaded Brief.pdf" },
      });
      const second = await upload(carol, projectA, [{ name: "brief.PDF", content: pdf(1000, 9) }]);
      expect(second.body.success).toBe("Uploaded version 2 of brief.PDF");

      const { data } = await page(carol, projectA);
      expect(data.files).toHaveLength(1);
      const [file] = data.files;
      expect(file).toMatchObject({ name: "brief.PDF", side: "client", createdBy: alice.id });
      expect(
        file.versions.map((v: { number: number; size: number; uploaderName: string }) => [
          v.number,
          v.size,
          v.uploaderName,
        ]),
      ).toEqual([
        [2, 1000, "Carol Botha"],
        [1, 600 * 1024, "Alice Mokoena"],
      ]);
      v2 = file.versions[0].id;
      v1 = file.versions[1].id;
      const [row] = await h.handle.db
        .select({ storage: fileVersions.storage, key: fileVersions.storageKey })
        .from(fileVersions)
        .where(eq(fileVersions.id, v1));
      expect(row?.storage).toBe(store);
      const chunks = await h.handle.db
        .select({ seq: fileChunks.seq })
        .from(fileChunks)
        .where(eq(fileChunks.versionId, v1));
      expect(chunks).toHaveLength(store === "db" ? Math.ceil((600 * 1024) / FILE_CHUNK_BYTES) : 0);
      if (store !== "db") {
        const keys: string[] = [];
        for await (const blob of storeOf(store, h.env).list()) keys.push(blob.key);
        expect(keys).toContain(row?.key);
        // On disk the bytes are named by their content (decision 091).
        if (store === "disk") expect(row?.key).toMatch(/^[0-9a-f]{64}$/);
      }
    });

    it("downloads any version as an attachment of its stored type, never sniffed", async () => {
      const res = await download(carol, projectA, v1);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="Brief.pdf"; filename*=UTF-8''Brief.pdf`,
      );
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("sandbox");
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(pdf(600 * 1024)))).toBe(true);
      const newer = await download(alice, projectA, v2);
      expect(Buffer.from(await newer.arrayBuffer()).equals(Buffer.from(pdf(1000, 9)))).toBe(true);
    });

    it("answers a Range request with just those bytes, across chunks (issue 35)", async () => {
      const whole = Buffer.from(pdf(600 * 1024));
      const full = await download(carol, projectA, v1);
      expect(full.headers.get("accept-ranges")).toBe("bytes");
      const etag = full.headers.get("etag") ?? "";
      await full.arrayBuffer();
      const size = whole.length;
      const cases: [string, number, number][] = [
        // Across the boundary of the first and second stored chunk.
        [
          `bytes=${FILE_CHUNK_BYTES - 100}-${FILE_CHUNK_BYTES + 99}`,
          FILE_CHUNK_BYTES - 100,
          FILE_CHUNK_BYTES + 99,
        ],
        ["bytes=0-0", 0, 0],
        [`bytes=${size - 10}-`, size - 10, size - 1],
        ["bytes=-500", size - 500, size - 1],
        [`bytes=1000-${size + 5000}`, 1000, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const res = await downloadWith(carol, projectA, v1, { Range: range });
        expect(res.status, range).toBe(206);
        expect(res.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${size}`);
        expect(res.headers.get("content-length"), range).toBe(String(end - start + 1));
        const got = Buffer.from(await res.arrayBuffer());
        expect(got.equals(whole.subarray(start, end + 1)), range).toBe(true);
      }
      const beyond = await downloadWith(carol, projectA, v1, { Range: `bytes=${size}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
      // Several ranges, another unit or nonsense: the whole file, as the RFC allows.
      for (const range of ["bytes=0-1,5-6", "items=0-1", "bytes=abc", "bytes=9-3"]) {
        const res = await downloadWith(carol, projectA, v1, { Range: range });
        expect(res.status, range).toBe(200);
        expect((await res.arrayBuffer()).byteLength, range).toBe(size);
      }
      // Resuming only while the file is the same one (If-Range).
      const same = await downloadWith(carol, projectA, v1, {
        Range: "bytes=0-9",
        "If-Range": etag,
      });
      expect(same.status).toBe(206);
      await same.arrayBuffer();
      const changed = await downloadWith(carol, projectA, v1, {
        Range: "bytes=0-9",
        "If-Range": '"another"',
      });
      expect(changed.status).toBe(200);
      await changed.arrayBuffer();
      // Another client's contact still gets nothing.
      expect(
        (await downloadWith(bob, projectA, v1, { Range: "bytes=0-9" }).catch((e) => e)).status,
      ).toBe(404);
    });

    it("cleans names and keeps unicode; serves an SVG or text only as a download", async () => {
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      const res = await upload(alice, projectA, [
        { name: "..\\..\\Logo \u202Egpj.svg", content: svg },
      ]);
      expect(res.body.success).toBe("Uploaded Logo gpj.svg");
      const notes = await upload(alice, projectA, [
        {
          name: "Notas de reunião — 会議.txt",
          content: new TextEncoder().encode("<html>hi</html>"),
        },
      ]);
      expect(notes.body.success).toBe("Uploaded Notas de reunião — 会議.txt");
      const [row] = await h.handle.db
        .select({ id: fileVersions.id, type: fileVersions.contentType })
        .from(fileVersions)
        .where(eq(fileVersions.name, "Logo gpj.svg"));
      expect(row?.type).toBe("image/svg+xml");
      const got = await download(alice, projectA, row?.id ?? "");
      expect(got.headers.get("content-disposition")).toMatch(/^attachment; /);
      const text = await h.handle.db
        .select({ id: fileVersions.id })
        .from(fileVersions)
        .where(eq(fileVersions.name, "Notas de reunião — 会議.txt"));
      const t = await download(alice, projectA, text[0]?.id ?? "");
      expect(t.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(t.headers.get("content-disposition")).toContain(
        `filename*=UTF-8''${encodeURIComponent("Notas de reunião — 会議.txt")}`,
      );
    });

    it("'Download all' zips the latest version of each file, or the chosen ones (issue 35)", async () => {
      const files = await listFiles(h.handle.db, projectA);
      expect(files.length).toBeGreaterThanOrEqual(3);
      const res = await downloadAll(carol, projectA);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/zip");
      expect(res.headers.get("content-disposition")).toMatch(
        /^attachment; filename=".* files\.zip"/,
      );
      const entries = await unzip(Buffer.from(await res.arrayBuffer()));
      expect([...entries.keys()].sort()).toEqual(files.map((f) => f.versions[0]?.name).sort());
      // Each entry is its file's newest version, byte for byte.
      for (const file of files) {
        const newest = file.versions[0];
        if (!newest) continue;
        const one = await download(carol, projectA, newest.id);
        const expected = Buffer.from(await one.arrayBuffer());
        expect(entries.get(newest.name)?.equals(expected), newest.name).toBe(true);
      }

      // Chosen versions: the first Brief.pdf only.
      const chosen = await unzip(
        Buffer.from(await (await downloadAll(alice, projectA, `?v=${v1}`)).arrayBuffer()),
      );
      expect([...chosen.keys()]).toEqual(["Brief.pdf"]);
      expect(chosen.get("Brief.pdf")?.equals(Buffer.from(pdf(600 * 1024)))).toBe(true);
      // Another client's contact gets a 404, as for one file; so does a choice of nothing there.
      expect((await downloadAll(bob, projectA).catch((e) => e)).status).toBe(404);
      expect((await downloadAll(alice, projectA, "?v=not-an-id").catch((e) => e)).status).toBe(404);
    });

    it("refuses too large, empty, unaccepted and mismatched files with a 4xx, storing nothing", async () => {
      const before = await stored();
      const cases: [string, Uint8Array, number, RegExp][] = [
        ["Big.pdf", pdf(1024 * 1024 + 1), 413, /"Big.pdf" is larger than 1 MB/],
        ["Empty.pdf", new Uint8Array(), 400, /"Empty.pdf" is empty/],
        [
          "Tool.exe",
          new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
          415,
          /not a type of file we accept/,
        ],
        ["Fake.png", pdf(100), 415, /does not hold what its name says \(\.png\)/],
        ["page.html", new TextEncoder().encode("<!doctype html>"), 415, /not a type/],
      ];
      for (const [name, content, status, message] of cases) {
        const res = await upload(alice, projectA, [{ name, content }]);
        expect(res.status, name).toBe(status);
        expect(res.body.ok).toBe(false);
        expect(res.body.error).toMatch(message);
      }
      const none = await run(uploadAction, uploadRequest(projectA, alice.cookie, multipart([])), {
        id: projectA,
      });
      expect(none.status).toBe(400);
      expect((await none.json()).error).toBe("Choose at least one file to upload.");
      const notMultipart = await run(
        uploadAction,
        formRequest(`/portal/projects/${projectA}/files`, { files: "x" }, { cookie: alice.cookie }),
        { id: projectA },
      );
      // A plain form post comes back to the page, with the refusal in the toast.
      expect(notMultipart.status).toBe(302);
      expect(await stored()).toEqual(before);
    });

    it("keeps the files before a refused one, and says so; a plain form gets a redirect", async () => {
      const res = await upload(alice, projectA, [
        { name: "One.pdf", content: pdf(100) },
        { name: "Two.exe", content: new Uint8Array([0x4d, 0x5a, 0]) },
      ]);
      expect(res.status).toBe(415);
      expect(res.body.error).toMatch(/^Uploaded One\.pdf\. "Two\.exe" is not a type/);
      const plain = await run(
        uploadAction,
        uploadRequest(
          projectA,
          alice.cookie,
          multipart([{ name: "Three.pdf", content: pdf(50) }]),
          {
            json: false,
          },
        ),
        { id: projectA },
      );
      expect(plain.status).toBe(302);
      expect(plain.headers.get("location")).toBe(`/portal/projects/${projectA}`);
      expect(plain.headers.get("set-cookie")).toContain("toast=");
    });

    it("an upload cut off half-way leaves nothing listed and nothing stored", async () => {
      const before = await stored();
      const head = multipart([{ name: "Cut.pdf", content: pdf(700 * 1024) }]).subarray(
        0,
        600 * 1024,
      );
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(head));
          controller.error(new Error("connection reset"));
        },
      });
      const res = await run(uploadAction, uploadRequest(projectA, alice.cookie, body), {
        id: projectA,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("The upload was cut off before it ended.");
      // A body that simply ends early is cut off too.
      const short = await run(uploadAction, uploadRequest(projectA, alice.cookie, head), {
        id: projectA,
      });
      expect(short.status).toBe(400);
      expect(await stored()).toEqual(before);
      const { data } = await page(alice, projectA);
      expect(data.files.map((f: { name: string }) => f.name)).not.toContain("Cut.pdf");
    });

    it("an upload whose server stops answering is never listed, and the cleanup removes it", async () => {
      const before = await stored();
      let feed!: ReadableStreamDefaultController<Uint8Array>;
      const content = new ReadableStream<Uint8Array>({
        start(controller) {
          feed = controller;
        },
      });
      const reader = content.getReader();
      const pieces = (async function* () {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          yield value;
        }
      })();
      const storing = storeFile(
        h.handle.db,
        { id: projectA, clientId: alice.clientId },
        { id: alice.id, side: "client" },
        "Stalled.pdf",
        pieces,
        1024 * 1024,
      );
      feed.enqueue(pdf(FILE_CHUNK_BYTES * 2 + 10));
      // Half-stored: chunks in the database, a temporary file on disk (S3 holds its first part
      // until it has 5 MB: only the pending row shows).
      await vi.waitUntil(
        async () => {
          const now = await stored();
          if (store === "db") return now.chunks >= before.chunks + 2;
          if (store === "disk") return now.blobs >= before.blobs + 1;
          return now.versions >= before.versions + 1;
        },
        { timeout: 10_000 },
      );
      // Half-stored: pending, with chunks, and listed nowhere.
      const { data } = await page(alice, projectA);
      expect(data.files.map((f: { name: string }) => f.name)).not.toContain("Stalled.pdf");
      expect(await removeAbandonedUploads(h.handle.db)).toBe(0); // its lease holds
      // Silent past its lease (on the database's clock, which every instance shares).
      await h.handle.db.execute(
        sql`update file_versions set lease_until = now() - interval '1 second' where state = 'pending'`,
      );
      expect(await removeAbandonedUploads(h.handle.db)).toBe(1);
      expect(await stored()).toEqual(before);
      // The stalled upload, resuming, finds its claim gone and stores nothing.
      feed.enqueue(new Uint8Array(FILE_CHUNK_BYTES));
      feed.close();
      const outcome = await storing;
      expect(outcome.ok).toBe(false);
      expect(await stored()).toEqual(before);
    });

    it("lets the uploader or an administrator delete a file, and nobody else", async () => {
      await upload(alice, projectA, [{ name: "Alices.pdf", content: pdf(10) }]);
      await upload(carol, projectA, [{ name: "Carols.pdf", content: pdf(10) }]);
      const { data } = await page(alice, projectA);
      const idOf = (name: string) => data.files.find((f: { name: string }) => f.name === name).id;
      const byCarol = await act(carol, projectA, {
        intent: "delete-file",
        fileId: idOf("Alices.pdf"),
      });
      expect(byCarol.status).toBe(403);
      expect(
        (await act(alice, projectA, { intent: "delete-file", fileId: idOf("Alices.pdf") })).body,
      ).toMatchObject({ ok: true, success: "Deleted Alices.pdf" });
      expect(
        (await act(admin, projectA, { intent: "delete-file", fileId: idOf("Carols.pdf") })).status,
      ).toBe(200);
      expect(
        await act(alice, projectA, { intent: "delete-file", fileId: idOf("Carols.pdf") }),
      ).toMatchObject({ status: 404 });
      const names = (await page(alice, projectA)).data.files.map((f: { name: string }) => f.name);
      expect(names).not.toContain("Alices.pdf");
      expect(names).not.toContain("Carols.pdf");
    });

    it("a file belongs to its side: the other side's upload of its name is a separate file (issue 30)", async () => {
      const agency = await upload(admin, projectA, [{ name: "Logo.pdf", content: pdf(100, 1) }]);
      expect(agency.body.success).toBe("Uploaded Logo.pdf");
      // A contact's upload under the agency's name is their own file, 'From client'.
      const client = await upload(alice, projectA, [{ name: "logo.PDF", content: pdf(200, 2) }]);
      expect(client.body.success).toBe("Uploaded logo.PDF");
      // Each side's next upload of the name is the next version of its own file.
      expect(
        (await upload(admin, projectA, [{ name: "Logo.pdf", content: pdf(300, 3) }])).body.success,
      ).toBe("Uploaded version 2 of Logo.pdf");
      expect(
        (await upload(carol, projectA, [{ name: "LOGO.pdf", content: pdf(400, 4) }])).body.success,
      ).toBe("Uploaded version 2 of LOGO.pdf");

      const files = (await page(alice, projectA)).data.files.filter(
        (f: { name: string }) => f.name.toLowerCase() === "logo.pdf",
      );
      const summary = files
        .map(
          (f: {
            side: string;
            createdBy: string;
            deletable: boolean;
            versions: { number: number; size: number; uploadedBy: string }[];
          }) => ({
            side: f.side,
            createdBy: f.createdBy,
            deletableByAlice: f.deletable,
            versions: f.versions.map((v) => [v.number, v.size, v.uploadedBy]),
          }),
        )
        .sort((a: { side: string }, b: { side: string }) => a.side.localeCompare(b.side));
      expect(summary).toEqual([
        {
          side: "agency",
          createdBy: admin.id,
          deletableByAlice: false,
          versions: [
            [2, 300, admin.id],
            [1, 100, admin.id],
          ],
        },
        {
          side: "client",
          createdBy: alice.id,
          // Carol's version is in it: Alice deletes only her own uploads.
          deletableByAlice: false,
          versions: [
            [2, 400, carol.id],
            [1, 200, alice.id],
          ],
        },
      ]);
      const agencyFile = files.find((f: { side: string }) => f.side === "agency").id;
      const clientFile = files.find((f: { side: string }) => f.side === "client").id;
      for (const [who, fileId] of [
        [alice, agencyFile],
        [carol, agencyFile],
        [alice, clientFile],
        [carol, clientFile],
      ] as const) {
        const refused = await act(who, projectA, { intent: "delete-file", fileId });
        expect(refused.status).toBe(403);
      }
      expect(
        (await act(admin, projectA, { intent: "delete-file", fileId: clientFile })).status,
      ).toBe(200);
      expect(
        (await act(admin, projectA, { intent: "delete-file", fileId: agencyFile })).status,
      ).toBe(200);
    });

    it("milestones: administrators add, edit, order; progress can come from them", async () => {
      const add = (title: string, dueDate: string) =>
        act(admin, projectA, { intent: "create-milestone", title, dueDate, status: "planned" });
      expect((await add("Discovery", "2026-01-10")).body).toMatchObject({
        ok: true,
        success: "Milestone added",
      });
      await add("Design", "2026-02-10");
      await add("Launch", "2026-03-10");
      expect(
        (
          await act(alice, projectA, {
            intent: "create-milestone",
            title: "x",
            dueDate: "2026-01-01",
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await act(admin, projectA, {
            intent: "create-milestone",
            title: "",
            dueDate: "2026-02-30",
          })
        ).body,
      ).toMatchObject({ ok: false, field: "title" });
      expect(
        (
          await act(admin, projectA, {
            intent: "create-milestone",
            title: "Bad day",
            dueDate: "2026-02-30",
          })
        ).body,
      ).toMatchObject({ ok: false, field: "dueDate" });

      let ms = (await page(alice, projectA)).data.milestones;
      expect(ms.map((m: { title: string }) => m.title)).toEqual(["Discovery", "Design", "Launch"]);
      await act(admin, projectA, {
        intent: "move-milestone",
        milestoneId: ms[2].id,
        direction: "up",
      });
      ms = (await page(alice, projectA)).data.milestones;
      expect(ms.map((m: { title: string }) => m.title)).toEqual(["Discovery", "Launch", "Design"]);

      const on = await act(admin, projectA, { intent: "progress-source", on: "true" });
      expect(on.body.success).toBe("Progress now comes from the milestones (0%)");
      await act(admin, projectA, {
        intent: "update-milestone",
        milestoneId: ms[0].id,
        title: "Discovery",
        dueDate: "2026-01-10",
        status: "done",
      });
      const after = (await page(alice, projectA)).data;
      expect(after.project).toMatchObject({ progress: 35, progressFromMilestones: true });
      // The project dialog's slider does not move it meanwhile (the agency's: its milestones
      // took it on, so only the team edits it now).
      const edited = await run(
        projectsAction,
        formRequest(
          "/portal/projects",
          { intent: "update", id: projectA, title: "Website redesign", progress: "80" },
          { cookie: admin.cookie },
        ),
      );
      expect(edited.status).toBe(200);
      expect((await page(alice, projectA)).data.project.progress).toBe(35);
      // The client sees the milestone's change; the progress it moved is the agency's (066).
      const clientKinds = after.activity.rows.map((a: { kind: string }) => a.kind);
      expect(clientKinds[0]).toBe("milestone.updated");
      expect(clientKinds).not.toContain("project.updated");
      const agencyView = (await page(admin, projectA)).data;
      const kinds = agencyView.activity.rows.map((a: { kind: string }) => a.kind);
      // The milestone's change and the progress it moved share a transaction (and a time).
      expect(kinds.slice(0, 2).sort()).toEqual(["milestone.updated", "project.updated"]);
      expect(agencyView.activity.rows[2]).toMatchObject({
        kind: "project.updated",
        data: { changes: { progressFromMilestones: { from: false, to: true } } },
      });
    });

    it("reviews: marked by an administrator, answered once by a contact, mailed to the team through notifications", async () => {
      expect((await act(alice, projectA, { intent: "review-file", versionId: v1 })).status).toBe(
        403,
      );
      const marked = await act(admin, projectA, { intent: "review-file", versionId: v1 });
      expect(marked.body).toMatchObject({ ok: true, success: "Marked ready for review" });
      expect((await act(admin, projectA, { intent: "review-file", versionId: v1 })).status).toBe(
        409,
      );

      const reviewId = (await page(alice, projectA)).data.reviews[0].id;
      expect(
        (await act(admin, projectA, { intent: "answer", reviewId, decision: "approved" })).status,
      ).toBe(403);
      const noComment = await act(alice, projectA, {
        intent: "answer",
        reviewId,
        decision: "changes-requested",
        comment: "  ",
      });
      expect(noComment).toMatchObject({
        status: 400,
        body: { field: "comment", error: "Please say what should change" },
      });
      const changes = await act(alice, projectA, {
        intent: "answer",
        reviewId,
        decision: "changes-requested",
        comment: "Bigger logo, please.",
      });
      expect(changes.body).toMatchObject({ ok: true, success: "Changes requested" });
      // Answered once: a second answer, by anyone, is refused and changes nothing.
      expect(
        (await act(carol, projectA, { intent: "answer", reviewId, decision: "approved" })).body,
      ).toMatchObject({
        ok: false,
        error: "This review has already been answered.",
      });
      expect(
        await h.handle.db.select().from(reviewAnswers).where(eq(reviewAnswers.reviewId, reviewId)),
      ).toEqual([
        expect.objectContaining({
          decision: "changes-requested",
          comment: "Bigger logo, please.",
          answeredBy: alice.id,
        }),
      ]);
      // The agency is told through notifications (decision 089): the grouped mail, once due.
      await queueNotificationMail(h.handle.db, new Date(Date.now() + MAIL_GROUP_MS + 1000));
      const [mail] = await h.handle.db
        .select()
        .from(emailOutbox)
        .where(
          eq(
            emailOutbox.subject,
            "Review answered: Changes requested: Brief.pdf (version 1) — Website redesign: Bigger logo, please. — Kopano AI",
          ),
        );
      expect(mail?.toAddress).toBe("admin@example.co.za");
      expect(mail?.textBody).toContain("Bigger logo, please.");
      expect(mail?.textBody).toContain(`/portal/projects/${projectA}`);

      // Version 2 is put up and approved; the record keeps which version each answer was about.
      await act(admin, projectA, { intent: "review-file", versionId: v2 });
      const reviews = (await page(carol, projectA)).data.reviews;
      expect(
        (
          await act(carol, projectA, {
            intent: "answer",
            reviewId: reviews[0].id,
            decision: "approved",
          })
        ).status,
      ).toBe(200);
      const record = (await page(alice, projectA)).data.reviews;
      expect(
        record.map(
          (r: {
            subject: { version: number };
            answer: { decision: string; answeredByName: string };
          }) => [r.subject.version, r.answer.decision, r.answer.answeredByName],
        ),
      ).toEqual([
        [2, "approved", "Carol Botha"],
        [1, "changes-requested", "Alice Mokoena"],
      ]);
    });

    it("a milestone's review records the milestone as it was when it was put up", async () => {
      const ms = (await page(alice, projectA)).data.milestones;
      const launch = ms.find((m: { title: string }) => m.title === "Launch");
      await act(admin, projectA, { intent: "review-milestone", milestoneId: launch.id });
      await act(admin, projectA, {
        intent: "update-milestone",
        milestoneId: launch.id,
        title: "Launch day",
        dueDate: "2026-04-01",
        status: "in-progress",
      });
      const [review] = (await page(alice, projectA)).data.reviews;
      expect(review.subject).toEqual({
        kind: "milestone",
        title: "Launch",
        status: "planned",
        dueDate: "2026-03-10",
        description: null,
      });
      expect(
        (
          await act(alice, projectA, {
            intent: "answer",
            reviewId: review.id,
            decision: "approved",
          })
        ).status,
      ).toBe(200);
    });

    it("refuses every file, milestone and review id across clients, in every form", async () => {
      const a = (await page(alice, projectA)).data;
      const fileA = a.files[0].id;
      const versionA = a.files[0].versions[0].id;
      const milestoneA = a.milestones[0].id;
      await act(admin, projectA, { intent: "review-milestone", milestoneId: a.milestones[1].id });
      const reviewA = (await page(alice, projectA)).data.reviews[0].id;

      // Bob (client B) on client A's project: the project is not there for him.
      expect((await page(bob, projectA)).status).toBe(404);
      expect((await upload(bob, projectA, [{ name: "x.pdf", content: pdf(10) }])).status).toBe(404);
      expect((await download(bob, projectA, versionA)).status).toBe(404);
      for (const fields of <Record<string, string>[]>[
        { intent: "delete-file", fileId: fileA },
        { intent: "answer", reviewId: reviewA, decision: "approved" },
        { intent: "create-milestone", title: "x", dueDate: "2026-01-01" },
      ]) {
        expect((await act(bob, projectA, fields)).status, fields.intent).toBe(404);
      }
      // Bob on his own project, naming client A's ids: none of them is found in it.
      expect((await download(bob, projectB, versionA)).status).toBe(404);
      expect((await act(bob, projectB, { intent: "delete-file", fileId: fileA })).status).toBe(404);
      expect(
        (await act(bob, projectB, { intent: "answer", reviewId: reviewA, decision: "approved" }))
          .status,
      ).toBe(404);
      // An administrator working in project B cannot reach project A's items through it.
      for (const fields of <Record<string, string>[]>[
        { intent: "review-file", versionId: versionA },
        { intent: "review-milestone", milestoneId: milestoneA },
        {
          intent: "update-milestone",
          milestoneId: milestoneA,
          title: "Hijack",
          dueDate: "2026-01-01",
        },
        { intent: "move-milestone", milestoneId: milestoneA, direction: "down" },
        { intent: "delete-milestone", milestoneId: milestoneA },
        { intent: "delete-file", fileId: fileA },
      ]) {
        expect((await act(admin, projectB, fields)).status, fields.intent).toBe(404);
      }
      expect((await download(admin, projectB, versionA)).status).toBe(404);
      // Malformed ids are 404s too, never 500s.
      expect((await act(alice, projectA, { intent: "delete-file", fileId: "nope" })).status).toBe(
        404,
      );
      expect((await download(alice, projectA, "../../etc")).status).toBe(404);
      expect((await page(alice, "not-a-uuid")).status).toBe(404);
      // Still all there, unchanged.
      const again = (await page(alice, projectA)).data;
      expect(again.files[0].id).toBe(fileA);
      expect(again.milestones.map((m: { id: string }) => m.id)).toEqual(
        a.milestones.map((m: { id: string }) => m.id),
      );
      expect(again.reviews[0].answer).toBeNull();
    });

    it("refuses every write while an administrator views as the client, storing nothing", async () => {
      const viewAs = (await startViewingAs(alice.clientId)).split(";")[0];
      const viewing = { ...admin, cookie: `${admin.cookie}; ${viewAs}` };
      const before = await stored();
      const { data } = await page(viewing, projectA);
      // It shows what the client's contacts see, and nothing can be changed.
      expect(data.viewer).toMatchObject({ isAdmin: false, readOnly: true });
      const up = await upload(viewing, projectA, [{ name: "Viewer.pdf", content: pdf(10) }]);
      expect(up.status).toBe(403);
      const plain = await run(
        uploadAction,
        uploadRequest(
          projectA,
          viewing.cookie,
          multipart([{ name: "Viewer.pdf", content: pdf(10) }]),
          {
            json: false,
          },
        ),
        { id: projectA },
      );
      expect(plain.status).toBe(403);
      for (const fields of <Record<string, string>[]>[
        { intent: "create-milestone", title: "x", dueDate: "2026-01-01" },
        { intent: "review-file", versionId: v1 },
        { intent: "delete-file", fileId: data.files[0].id },
        { intent: "progress-source", on: "false" },
      ]) {
        expect((await act(viewing, projectA, fields)).status, fields.intent).toBe(403);
      }
      expect(await stored()).toEqual(before);
    });

    it("puts the files a person uploaded and their answers in 'Download my data'", async () => {
      const data = await collectPersonalData(h.handle.db, alice.id, new Date());
      expect(data?.files.map((f) => [f.name, f.version])).toContainEqual(["Brief.pdf", 1]);
      expect(data?.reviews).toContainEqual(
        expect.objectContaining({ decision: "changes-requested", comment: "Bigger logo, please." }),
      );
      const bobs = await collectPersonalData(h.handle.db, bob.id, new Date());
      expect(bobs?.files).toEqual([]);
      expect(bobs?.reviews).toEqual([]);
    });

    it("records the activity in order, and keeps it to the project's client", async () => {
      const rows = (await page(alice, projectA)).data.activity.rows;
      const kinds = rows.map((r: { kind: string }) => r.kind).reverse();
      expect(kinds[0]).toBe("project.created");
      expect(kinds).toEqual(
        expect.arrayContaining([
          "file.uploaded",
          "file.version",
          "file.deleted",
          "milestone.created",
          "milestone.updated",
          "approval.requested",
          "approval.changes_requested",
          "approval.approved",
        ]),
      );
      const bobs = (await page(bob, projectB)).data.activity.rows.map(
        (r: { kind: string }) => r.kind,
      );
      expect(bobs).toEqual(["project.created"]);
      const files = await h.handle.db
        .select({ clientId: projectFiles.clientId })
        .from(projectFiles);
      expect(new Set(files.map((f) => f.clientId))).toEqual(new Set([alice.clientId]));
    });
  });
}
