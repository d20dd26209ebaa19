/**
 * Previews (decision 093): a PNG, a JPEG and a PDF's first page become small WebP images made on
 * the server and kept beside the files; an SVG never gets one; a contact never gets the preview
 * of an internal file; a deleted file's preview is swept.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as previewLoader } from "~/routes/portal/project-file-preview";
import { action as projectsAction } from "~/routes/portal/projects";
import { projects } from "~/server/db/schema.server";
import { deleteFile, storeFile } from "~/server/deliverables/files.server";
import { sweepPreviews } from "~/server/deliverables/previews.server";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let project: { id: string; clientId: string };

/** A one-page PDF with a filled rectangle, its cross-reference table counted. */
function onePagePdf(): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>",
  ];
  const drawing = "0 0.5 1 rg 20 20 160 60 re f";
  objects.push(`<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`);
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const image = (format: "png" | "jpeg") =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3366cc" } })
    [format]()
    .toBuffer();

async function store(who: SignedUp, name: string, bytes: Uint8Array, internal = false) {
  const side = who === admin ? "agency" : "client";
  const stored = await storeFile(
    h.handle.db,
    project,
    { id: who.id, side, internal },
    name,
    (async function* () {
      yield bytes;
    })(),
    10 * 1024 * 1024,
  );
  if (!stored.ok) throw new Error(stored.message);
  return stored.file;
}

const preview = (who: SignedUp, versionId: string) =>
  run(
    previewLoader,
    getRequest(`/portal/projects/${project.id}/files/${versionId}/preview`, who.cookie),
    { id: project.id, versionId },
  );

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za" });
  admin = await signUp("admin@example.co.za", { fullName: "Ayanda Admin" });
  await proveAddress("admin@example.co.za");
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  await run(
    projectsAction,
    formRequest("/portal/projects", { intent: "create", title: "Brand" }, { cookie: alice.cookie }),
  );
  const [row] = await h.handle.db
    .select({ id: projects.id, clientId: projects.clientId })
    .from(projects)
    .where(eq(projects.title, "Brand"));
  project = row as { id: string; clientId: string };
});
afterAll(async () => {
  await h.close();
});

describe("previews", () => {
  it("a PNG, a JPEG and a PDF's first page: small WebP images, kept beside the files", async () => {
    const files = [
      await store(alice, "Logo.png", await image("png")),
      await store(alice, "Photo.jpg", await image("jpeg")),
      await store(alice, "Proposal.pdf", onePagePdf()),
    ];
    for (const file of files) {
      const res = await preview(alice, file.versionId);
      expect(res.status, file.name).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/webp");
      expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBeLessThanOrEqual(320);
      expect(meta.width).toBeGreaterThan(100);
      expect(
        existsSync(path.join(h.env.DATA_DIR, "files", "previews", `${file.versionId}.webp`)),
      ).toBe(true);
    }
    // The PDF's page is drawn: its rectangle is blue-ish, not a blank page.
    const pdfPreview = await preview(alice, (files[2] as { versionId: string }).versionId);
    const { channels } = await sharp(Buffer.from(await pdfPreview.arrayBuffer())).stats();
    const [red, , blue] = channels.map((c) => c.mean) as [number, number, number];
    expect(blue - red).toBeGreaterThan(50);
  });

  it("two people opening a new file's page at once both get its preview", async () => {
    // The final CI saw one of them answered 404: both made it, under the same temporary name,
    // and the second's rename found the first had taken it.
    const pdf = await store(alice, "Together.pdf", onePagePdf());
    const png = await store(alice, "Together.png", await image("png"));
    for (const file of [pdf, png]) {
      const answers = await Promise.all([
        preview(alice, file.versionId),
        preview(alice, file.versionId),
        preview(alice, file.versionId),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    }
  });

  it("never an SVG; never an internal file's for a contact", async () => {
    const svg = await store(
      alice,
      "Icon.svg",
      new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    );
    expect((await preview(alice, svg.versionId)).status).toBe(404);
    expect(
      existsSync(path.join(h.env.DATA_DIR, "files", "previews", `${svg.versionId}.webp`)),
    ).toBe(false);

    const internal = await store(admin, "Moodboard.png", await image("png"), true);
    expect((await preview(alice, internal.versionId)).status).toBe(404);
    expect((await preview(admin, internal.versionId)).status).toBe(200);
  });

  it("a deleted file's preview is swept", async () => {
    const file = await store(alice, "Old.png", await image("png"));
    expect((await preview(alice, file.versionId)).status).toBe(200);
    const kept = path.join(h.env.DATA_DIR, "files", "previews", `${file.versionId}.webp`);
    expect(existsSync(kept)).toBe(true);
    const deleted = await deleteFile(
      h.handle.db,
      project,
      { id: alice.id, side: "client" },
      file.fileId,
    );
    expect(deleted.ok).toBe(true);
    expect(await sweepPreviews(h.handle.db)).toBe(1);
    expect(existsSync(kept)).toBe(false);
  });
});
