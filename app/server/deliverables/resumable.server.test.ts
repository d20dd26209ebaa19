/**
 * Resumable uploads through the routes (decision 092, tus 1.0.0): a partial upload resumed at
 * the offset the server gives, the file listed exactly once; a wrong offset 409; another
 * person's or another client's upload 404; the size cap, the type check, the sides and 'Internal'
 * as a form's upload has them; nothing listed until the last byte.
 */
import { createHash } from "node:crypto";
import { appendFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as projectLoader } from "~/routes/portal/project";
import { loader as downloadLoader } from "~/routes/portal/project-file";
import { action as uploadAction, loader as uploadLoader } from "~/routes/portal/project-upload";
import { action as createAction, loader as uploadsLoader } from "~/routes/portal/project-uploads";
import { changeResumableUpload } from "~/routes/portal/project-uploads.server";
import { action as projectsAction } from "~/routes/portal/projects";
import { fileVersions, profiles, projects } from "~/server/db/schema.server";
import { removeStaleUploads } from "~/server/deliverables/resumable.server";
import { env } from "~/server/env.server";
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

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let carol: SignedUp; // Alice's colleague at the same client
let bob: SignedUp; // another client
let projectA: string;
let projectB: string;

const pdf = (size: number) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + 7) % 251;
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
};
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const b64 = (text: string) => Buffer.from(text).toString("base64");

function tusRequest(
  method: string,
  pathname: string,
  who: SignedUp,
  headers: Record<string, string> = {},
  body?: Uint8Array,
) {
  return new Request(new URL(pathname, BASE_URL), {
    method,
    headers: { "Tus-Resumable": "1.0.0", origin: BASE_URL, cookie: who.cookie, ...headers },
    body: body as BodyInit | undefined,
  });
}

async function create(who: SignedUp, projectId: string, name: string, length: number, extra = "") {
  const res = await run(
    createAction,
    tusRequest("POST", `/portal/projects/${projectId}/uploads`, who, {
      "Upload-Length": String(length),
      "Upload-Metadata": `filename ${b64(name)}${extra}`,
    }),
    { id: projectId },
  );
  return { res, location: res.headers.get("Location") ?? "" };
}

const idOf = (location: string) => location.split("/").at(-1) as string;

function patch(
  who: SignedUp,
  projectId: string,
  location: string,
  offset: number,
  bytes: Uint8Array,
) {
  return run(
    uploadAction,
    tusRequest(
      "PATCH",
      location,
      who,
      { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      bytes,
    ),
    { id: projectId, uploadId: idOf(location) },
  );
}

/** A PATCH with more headers (the checksum extension's Upload-Checksum). */
function patchWith(
  who: SignedUp,
  projectId: string,
  location: string,
  offset: number,
  bytes: Uint8Array,
  headers: Record<string, string>,
) {
  return run(
    uploadAction,
    tusRequest(
      "PATCH",
      location,
      who,
      {
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
        ...headers,
      },
      bytes,
    ),
    { id: projectId, uploadId: idOf(location) },
  );
}

const head = (who: SignedUp, projectId: string, location: string) =>
  run(uploadLoader, tusRequest("HEAD", location, who), { id: projectId, uploadId: idOf(location) });

async function files(who: SignedUp, projectId: string) {
  const res = await run(projectLoader, getRequest(`/portal/projects/${projectId}`, who.cookie), {
    id: projectId,
  });
  return (await res.json()).files as {
    name: string;
    side: string;
    internal: boolean;
    versions: { id: string; number: number; size: number }[];
  }[];
}

async function createProject(who: SignedUp, title: string) {
  await run(
    projectsAction,
    formRequest("/portal/projects", { intent: "create", title }, { cookie: who.cookie }),
  );
  const [row] = await h.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, title));
  return row?.id as string;
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za", MAX_UPLOAD_MB: "1" });
  admin = await signUp("admin@example.co.za", { fullName: "Ayanda Admin" });
  await proveAddress("admin@example.co.za");
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  carol = await signUp("carol@example.co.za", { fullName: "Carol Botha" });
  bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
  await h.handle.db
    .update(profiles)
    .set({ clientId: alice.clientId })
    .where(eq(profiles.id, carol.id));
  projectA = await createProject(alice, "Website redesign");
  projectB = await createProject(bob, "Bob's app");
});
afterAll(async () => {
  await h.close();
});

describe("resumable uploads (tus)", () => {
  it("a partial upload resumes at the server's offset; the file appears once, byte for byte", async () => {
    const content = pdf(700 * 1024);
    const { res, location } = await create(alice, projectA, "Brief.pdf", content.length);
    expect(res.status).toBe(201);
    expect(res.headers.get("Tus-Resumable")).toBe("1.0.0");
    expect(location).toMatch(new RegExp(`^/portal/projects/${projectA}/uploads/[0-9a-f-]{36}$`));

    const first = await patch(alice, projectA, location, 0, content.subarray(0, 300_000));
    expect(first.status).toBe(204);
    expect(first.headers.get("Upload-Offset")).toBe("300000");
    // Pending until complete: nothing listed yet.
    expect(await files(alice, projectA)).toEqual([]);

    // The connection dropped: where does it stand?
    const at = await head(alice, projectA, location);
    expect(at.status).toBe(200);
    expect(at.headers.get("Upload-Offset")).toBe("300000");
    expect(at.headers.get("Upload-Length")).toBe(String(content.length));
    expect(at.headers.get("Cache-Control")).toBe("no-store");

    // A wrong offset is refused and changes nothing.
    const wrong = await patch(alice, projectA, location, 250_000, content.subarray(250_000));
    expect(wrong.status).toBe(409);
    expect((await head(alice, projectA, location)).headers.get("Upload-Offset")).toBe("300000");

    const rest = await patch(alice, projectA, location, 300_000, content.subarray(300_000));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("Upload-Offset")).toBe(String(content.length));
    expect(decodeURIComponent(rest.headers.get("Upload-Stored") ?? "")).toBe("Uploaded Brief.pdf");

    // The last request repeated (its answer was lost): the same answer, no second version.
    const again = await patch(alice, projectA, location, content.length, new Uint8Array(0));
    expect(again.status).toBe(204);
    expect((await head(alice, projectA, location)).headers.get("Upload-Offset")).toBe(
      String(content.length),
    );

    const listed = await files(alice, projectA);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: "Brief.pdf", side: "client" });
    expect(listed[0]?.versions).toHaveLength(1);
    const versionId = listed[0]?.versions[0]?.id as string;
    const download = await run(
      downloadLoader,
      getRequest(`/portal/projects/${projectA}/files/${versionId}`, alice.cookie),
      { id: projectA, versionId },
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(content))).toBe(true);
  });

  it("the checksum extension: a piece that does not match its Upload-Checksum is refused 460 and not kept; the file stored is whole", async () => {
    const digest = (algorithm: string, bytes: Uint8Array) =>
      createHash(algorithm).update(bytes).digest("base64");
    const capabilities = await run(
      uploadsLoader,
      getRequest(`/portal/projects/${projectA}/uploads`, alice.cookie),
      { id: projectA },
    );
    expect(capabilities.headers.get("Tus-Extension")).toContain("checksum");
    expect(capabilities.headers.get("Tus-Checksum-Algorithm")).toBe("sha1,sha256,md5");

    const content = pdf(600 * 1024);
    const { location } = await create(alice, projectA, "Checked.pdf", content.length);
    const first = content.subarray(0, 200_000);
    const ok = await patchWith(alice, projectA, location, 0, first, {
      "Upload-Checksum": `sha1 ${digest("sha1", first)}`,
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get("Upload-Offset")).toBe("200000");

    // Changed on the way: refused, and none of its bytes kept.
    const piece = content.subarray(200_000, 400_000);
    const changed = Buffer.from(piece);
    changed[1000] = (changed[1000] as number) ^ 0xff;
    const bad = await patchWith(alice, projectA, location, 200_000, changed, {
      "Upload-Checksum": `sha1 ${digest("sha1", piece)}`,
    });
    expect(bad.status).toBe(460);
    expect((await head(alice, projectA, location)).headers.get("Upload-Offset")).toBe("200000");

    // Cut half-way (a Node request's pieces, then the connection drops): what arrived cannot
    // be checked, so it is not kept either; without a checksum it would be the resume point.
    const cutPieces = (async function* () {
      yield piece.subarray(0, 100_000);
      throw new Error("connection reset");
    })();
    const cut = await changeResumableUpload(
      tusRequest("PATCH", location, alice, {
        "Upload-Offset": "200000",
        "Content-Type": "application/offset+octet-stream",
        "Upload-Checksum": `sha1 ${digest("sha1", piece)}`,
      }),
      { projectId: projectA },
      idOf(location),
      { pieces: cutPieces, stop: () => {}, discard: () => {} },
    );
    expect(cut.status).toBe(400);
    expect((await head(alice, projectA, location)).headers.get("Upload-Offset")).toBe("200000");

    // An algorithm not offered, or a checksum that is not one: 400, nothing kept.
    for (const checksum of ["crc32 AAAA", "sha1", "sha256 not-base64!"]) {
      const refused = await patchWith(alice, projectA, location, 200_000, piece, {
        "Upload-Checksum": checksum,
      });
      expect(refused.status).toBe(400);
    }
    expect((await head(alice, projectA, location)).headers.get("Upload-Offset")).toBe("200000");

    const rest = content.subarray(200_000);
    const done = await patchWith(alice, projectA, location, 200_000, rest, {
      "Upload-Checksum": `sha256 ${digest("sha256", rest)}`,
    });
    expect(done.status).toBe(204);
    expect(done.headers.get("Upload-Offset")).toBe(String(content.length));
    const listed = (await files(alice, projectA)).find((f) => f.name === "Checked.pdf");
    const versionId = listed?.versions[0]?.id as string;
    const download = await run(
      downloadLoader,
      getRequest(`/portal/projects/${projectA}/files/${versionId}`, alice.cookie),
      { id: projectA, versionId },
    );
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(content));
    const [row] = await h.handle.db
      .select({ sha256: fileVersions.sha256 })
      .from(fileVersions)
      .where(eq(fileVersions.id, versionId));
    expect(row?.sha256).toBe(sha256(content));
  });

  it("another person's upload is 404, even a colleague's at the same client; another client's project 404", async () => {
    const { location } = await create(alice, projectA, "Notes.pdf", 5000);
    expect((await head(carol, projectA, location)).status).toBe(404);
    expect((await patch(carol, projectA, location, 0, pdf(5000))).status).toBe(404);
    expect((await head(bob, projectA, location)).status).toBe(404);
    // Bob's own project with Alice's upload id.
    expect(
      (
        await run(uploadLoader, tusRequest("HEAD", location, bob), {
          id: projectB,
          uploadId: idOf(location),
        })
      ).status,
    ).toBe(404);
    expect((await head(alice, projectA, location)).headers.get("Upload-Offset")).toBe("0");
  });

  it("the size cap, the type check and 'Internal' hold as for a form's upload", async () => {
    const big = await create(alice, projectA, "Huge.pdf", 1024 * 1024 + 1);
    expect(big.res.status).toBe(413);
    expect((await big.res.json()).error).toBe('"Huge.pdf" is larger than 1 MB.');

    // A program named .pdf: refused on its first bytes, and the upload is gone.
    const fake = await create(alice, projectA, "invoice.pdf", 8000);
    const refusedType = await patch(
      alice,
      projectA,
      fake.location,
      0,
      new Uint8Array(8000).fill(77),
    );
    expect(refusedType.status).toBe(415);
    expect((await head(alice, projectA, fake.location)).status).toBe(404);

    // More bytes than declared.
    const short = await create(alice, projectA, "Short.pdf", 100);
    expect((await patch(alice, projectA, short.location, 0, pdf(200))).status).toBe(413);

    // A contact cannot make an internal file; the agency can.
    const contact = await create(alice, projectA, "Mine.pdf", 2000, `,internal ${b64("on")}`);
    expect((await patch(alice, projectA, contact.location, 0, pdf(2000))).status).toBe(204);
    const agency = await create(admin, projectA, "Plan.pdf", 2000, `,internal ${b64("on")}`);
    expect((await patch(admin, projectA, agency.location, 0, pdf(2000))).status).toBe(204);
    const listed = await files(admin, projectA);
    expect(listed.find((f) => f.name === "Mine.pdf")).toMatchObject({
      side: "client",
      internal: false,
    });
    expect(listed.find((f) => f.name === "Plan.pdf")).toMatchObject({
      side: "agency",
      internal: true,
    });
    expect((await files(alice, projectA)).map((f) => f.name)).not.toContain("Plan.pdf");
  });

  it("the stored version's SHA-256 is its content's, whether this process received every byte, some came from another instance, or they came as a Node request's pieces", async () => {
    const stored = async (name: string) => {
      const file = (await files(alice, projectA)).find((f) => f.name === name);
      const [row] = await h.handle.db
        .select({ sha256: fileVersions.sha256, key: fileVersions.storageKey })
        .from(fileVersions)
        .where(eq(fileVersions.id, file?.versions[0]?.id as string));
      return row;
    };
    // Every piece here: the hash taken as they arrived is the version's (and the disk's name).
    const whole = pdf(600 * 1024);
    const a = await create(alice, projectA, "Whole.pdf", whole.length);
    await patch(alice, projectA, a.location, 0, whole.subarray(0, 200_000));
    await patch(alice, projectA, a.location, 200_000, whole.subarray(200_000));
    expect(await stored("Whole.pdf")).toEqual({ sha256: sha256(whole), key: sha256(whole) });

    // Bytes appended by another instance sharing the folder: this process's hash does not
    // cover them, so the file is read again.
    const shared = pdf(500 * 1024).fill(9, 100_000);
    const b = await create(alice, projectA, "Shared.pdf", shared.length);
    await patch(alice, projectA, b.location, 0, shared.subarray(0, 100_000));
    await appendFile(
      path.join(env().DATA_DIR, "files", "uploads", idOf(b.location)),
      shared.subarray(100_000, 300_000),
    );
    expect(
      (await patch(alice, projectA, b.location, 300_000, shared.subarray(300_000))).status,
    ).toBe(204);
    expect(await stored("Shared.pdf")).toEqual({ sha256: sha256(shared), key: sha256(shared) });

    // A Node request's pieces (the built server's path, decision 116), in several pieces.
    const node = pdf(300 * 1024).fill(3, 50_000);
    const c = await create(alice, projectA, "Node.pdf", node.length);
    const pieces = (async function* () {
      for (let at = 0; at < node.length; at += 64 * 1024) yield node.subarray(at, at + 64 * 1024);
    })();
    let discarded = false;
    const res = await changeResumableUpload(
      tusRequest("PATCH", c.location, alice, {
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      }),
      { projectId: projectA },
      idOf(c.location),
      { pieces, stop: () => {}, discard: () => (discarded = true) },
    );
    expect(res.status).toBe(204);
    expect(discarded).toBe(false);
    expect(await stored("Node.pdf")).toEqual({ sha256: sha256(node), key: sha256(node) });
  });

  it("termination removes an upload; a stale one is swept", async () => {
    const { location } = await create(alice, projectA, "Gone.pdf", 5000);
    await patch(alice, projectA, location, 0, pdf(5000).subarray(0, 1000));
    const res = await run(uploadAction, tusRequest("DELETE", location, alice), {
      id: projectA,
      uploadId: idOf(location),
    });
    expect(res.status).toBe(204);
    expect((await head(alice, projectA, location)).status).toBe(404);

    const stale = await create(alice, projectA, "Stale.pdf", 5000);
    expect(await removeStaleUploads(new Date())).toBe(0);
    expect(await removeStaleUploads(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBeGreaterThan(0);
    expect((await head(alice, projectA, stale.location)).status).toBe(404);
  });
});
