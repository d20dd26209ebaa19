import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectReport } from "~/lib/reports";
import { resolvePeriod } from "~/lib/validation/period";
import { loader as reportLoader } from "~/routes/portal/report";
import { loader as pdfLoader } from "~/routes/portal/report-pdf";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import { createHarness, getRequest, type Harness, run } from "~/test/harness.server";
import {
  activity,
  clients,
  fileVersions,
  milestones,
  projectFiles,
  projects,
  type ReviewSubject,
  reviewAnswers,
  reviews,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import type { Scope } from "../workspace/scope.server";
import { buildProjectReport } from "./reports.server";

let h: Harness;
let alice: SignedUp; // contact of client A
let bob: SignedUp; // contact of client B
let admin: SignedUp;
let site: string; // client A's project
let other: string; // client B's project, busy in the same period

const sa = (local: string) => new Date(`${local}+02:00`);
// The last 30 days of 18 March 2026: 17 February (SA midnight) – 18 March (end of the day).
const NOW = sa("2026-03-18T12:00:00");
const period = resolvePeriod({ range: "30" }, NOW);
const SAME_PERIOD = "range=custom&from=2026-02-17&to=2026-03-18";
const ALL: Scope = { kind: "all" };

async function newProject(clientId: string, title: string) {
  const [p] = await h.handle.db
    .insert(projects)
    .values({ clientId, title, createdAt: sa("2026-01-05T09:00:00") })
    .returning({ id: projects.id });
  return p?.id as string;
}

/** A ready version (and its file when it is the first). */
async function version(
  clientId: string,
  projectId: string,
  name: string,
  number: number,
  size: number,
  at: string,
  uploadedBy: string | null,
  fileId?: string,
) {
  const db = h.handle.db;
  let id = fileId;
  if (!id) {
    const [f] = await db
      .insert(projectFiles)
      .values({ clientId, projectId, name, nameKey: name.toLowerCase(), createdBy: uploadedBy })
      .returning({ id: projectFiles.id });
    id = f?.id as string;
  }
  const [v] = await db
    .insert(fileVersions)
    .values({
      clientId,
      projectId,
      fileId: id,
      number,
      name,
      contentType: "application/pdf",
      size,
      uploadedBy,
      state: "ready",
      createdAt: sa(at),
    })
    .returning({ id: fileVersions.id });
  return { fileId: id, versionId: v?.id as string };
}

async function answered(
  clientId: string,
  projectId: string,
  subject: ReviewSubject,
  requestedAt: string,
  answer: { at: string; decision: "approved" | "changes-requested"; comment?: string; by: string },
) {
  const db = h.handle.db;
  const [r] = await db
    .insert(reviews)
    .values({ clientId, projectId, subject, createdAt: sa(requestedAt) })
    .returning({ id: reviews.id });
  await db.insert(reviewAnswers).values({
    reviewId: r?.id as string,
    decision: answer.decision,
    comment: answer.comment ?? null,
    answeredBy: answer.by,
    answeredAt: sa(answer.at),
  });
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "boss@agency.test" });
  alice = await signUp("alice@client-a.test", { fullName: "Alice Achieng" });
  bob = await signUp("bob@client-b.test", { fullName: "Bob Botha" });
  admin = await signUp("boss@agency.test", { fullName: "Boss Admin" });
  await proveAddress("boss@agency.test");
  const db = h.handle.db;
  await db.update(clients).set({ name: "Alpha Foods" }).where(eq(clients.id, alice.clientId));
  const A = alice.clientId;
  const B = bob.clientId;
  site = await newProject(A, "Website");
  other = await newProject(B, "Mine portal");

  // Milestones: in their order (position), one created after the period (not in the report).
  const [design, build] = await db
    .insert(milestones)
    .values([
      {
        clientId: A,
        projectId: site,
        title: "Design",
        dueDate: "2026-02-20",
        status: "done",
        position: 0,
        createdAt: sa("2026-01-06T09:00:00"),
      },
      {
        clientId: A,
        projectId: site,
        title: "Build",
        dueDate: "2026-03-31",
        status: "in-progress",
        position: 1,
        createdAt: sa("2026-01-06T09:00:00"),
      },
      {
        clientId: A,
        projectId: site,
        title: "Launch",
        dueDate: "2026-04-30",
        status: "planned",
        position: 2,
        createdAt: sa("2026-02-18T09:00:00"),
      },
      {
        clientId: A,
        projectId: site,
        title: "Added later",
        dueDate: "2026-05-30",
        status: "planned",
        position: 3,
        createdAt: sa("2026-03-19T09:00:00"),
      },
      {
        clientId: B,
        projectId: other,
        title: "B secret milestone",
        dueDate: "2026-03-01",
        status: "done",
        position: 0,
        createdAt: sa("2026-01-06T09:00:00"),
      },
    ])
    .returning({ id: milestones.id });
  // Design marked done on 21 February (after an earlier done → in-progress round trip).
  const updated = (at: string, milestoneId: string, from: string, to: string) => ({
    clientId: A,
    projectId: site,
    actorId: admin.id,
    kind: "milestone.updated",
    data: { milestoneId, title: "x", changes: { status: { from, to } } },
    createdAt: sa(at),
  });
  await db
    .insert(activity)
    .values([
      updated("2026-02-19T10:00:00", design?.id as string, "in-progress", "done"),
      updated("2026-02-20T10:00:00", design?.id as string, "done", "in-progress"),
      updated("2026-02-21T14:00:00", design?.id as string, "in-progress", "done"),
      updated("2026-03-01T10:00:00", build?.id as string, "planned", "in-progress"),
    ]);

  // Files: one before the period, two versions in it, one after; a pending one never shows.
  const logo = await version(A, site, "logo.svg", 1, 2048, "2026-02-10T09:00:00", admin.id);
  await version(A, site, "logo.svg", 2, 4096, "2026-02-25T11:00:00", admin.id, logo.fileId);
  const brief = await version(
    A,
    site,
    "Brief.pdf",
    1,
    3 * 1024 * 1024,
    "2026-03-02T08:30:00",
    alice.id,
  );
  await version(A, site, "logo.svg", 3, 5000, "2026-03-19T09:00:00", admin.id, logo.fileId);
  await db.insert(fileVersions).values({
    clientId: A,
    projectId: site,
    name: "half.pdf",
    contentType: "application/pdf",
    size: 10,
    state: "pending",
    createdAt: sa("2026-03-03T09:00:00"),
  });
  await version(B, other, "b-secret.pdf", 1, 100, "2026-03-02T09:00:00", bob.id);

  // Approvals: answered before, in and after the period; one open (not an approval given).
  const logoV2: ReviewSubject = {
    kind: "file",
    fileId: logo.fileId,
    fileName: "logo.svg",
    version: 2,
  };
  const designM: ReviewSubject = {
    kind: "milestone",
    title: "Design",
    status: "done",
    dueDate: "2026-02-20",
    description: null,
  };
  await answered(A, site, logoV2, "2026-02-10T10:00:00", {
    at: "2026-02-11T10:00:00",
    decision: "approved",
    by: alice.id,
  });
  await answered(A, site, logoV2, "2026-02-25T12:00:00", {
    at: "2026-02-26T09:15:00",
    decision: "changes-requested",
    comment: "Bigger, please",
    by: alice.id,
  });
  await answered(A, site, designM, "2026-02-21T15:00:00", {
    at: "2026-03-03T16:45:00",
    decision: "approved",
    by: alice.id,
  });
  await answered(A, site, designM, "2026-03-17T15:00:00", {
    at: "2026-03-19T08:00:00",
    decision: "approved",
    by: alice.id,
  });
  await db.insert(reviews).values({
    clientId: A,
    projectId: site,
    subject: { kind: "file", fileId: brief.fileId, fileName: "Brief.pdf", version: 1 },
    createdAt: sa("2026-03-04T09:00:00"),
  });
  await answered(
    B,
    other,
    {
      kind: "milestone",
      title: "B secret milestone",
      status: "done",
      dueDate: "2026-03-01",
      description: null,
    },
    "2026-03-01T09:00:00",
    { at: "2026-03-02T09:00:00", decision: "approved", by: bob.id },
  );
});
afterAll(() => h.close());

const EXPECTED_MILESTONES = [
  {
    title: "Design",
    dueDate: "2026-02-20",
    status: "Done",
    completedAt: sa("2026-02-21T14:00:00").toISOString(),
  },
  { title: "Build", dueDate: "2026-03-31", status: "In progress", completedAt: null },
  { title: "Launch", dueDate: "2026-04-30", status: "Planned", completedAt: null },
];
const EXPECTED_APPROVALS = [
  {
    at: sa("2026-02-26T09:15:00").toISOString(),
    item: "logo.svg, version 2",
    decision: "Changes requested",
    by: "Alice Achieng",
    comment: "Bigger, please",
  },
  {
    at: sa("2026-03-03T16:45:00").toISOString(),
    item: "Milestone: Design",
    decision: "Approved",
    by: "Alice Achieng",
    comment: null,
  },
];
const EXPECTED_FILES = [
  {
    name: "logo.svg",
    version: 2,
    size: 4096,
    at: sa("2026-02-25T11:00:00").toISOString(),
    by: "Boss Admin",
  },
  {
    name: "Brief.pdf",
    version: 1,
    size: 3 * 1024 * 1024,
    at: sa("2026-03-02T08:30:00").toISOString(),
    by: "Alice Achieng",
  },
];

describe(`a report's deliverables on ${testDatabaseKind()}`, () => {
  it("lists the milestones by the period's end, in order, with their dates and the day done", async () => {
    const report = await buildProjectReport(h.handle.db, ALL, site, period, NOW);
    expect(report?.milestones).toEqual({ available: true, items: EXPECTED_MILESTONES });
  });

  it("lists the approvals given in the period: when, what, the answer and who", async () => {
    const report = await buildProjectReport(h.handle.db, ALL, site, period, NOW);
    expect(report?.approvals).toEqual({ available: true, items: EXPECTED_APPROVALS });
  });

  it("lists the file versions delivered in the period: name, version, size, who, when", async () => {
    const report = await buildProjectReport(h.handle.db, ALL, site, period, NOW);
    expect(report?.files).toEqual({ available: true, items: EXPECTED_FILES });
  });

  it("follows the chosen period", async () => {
    const march = resolvePeriod({ range: "custom", from: "2026-03-19", to: "2026-03-19" }, NOW);
    const report = await buildProjectReport(h.handle.db, ALL, site, march, NOW);
    expect(report?.files).toMatchObject({ items: [{ name: "logo.svg", version: 3 }] });
    expect(report?.approvals).toMatchObject({ items: [{ item: "Milestone: Design" }] });
    expect(report?.milestones.available && report.milestones.items.map((m) => m.title)).toEqual([
      "Design",
      "Build",
      "Launch",
      "Added later",
    ]);
  });
});

describe("a report's deliverables on the page and in the PDF", () => {
  it("shows the contact the same deliverables on the page", async () => {
    const res = await run(
      reportLoader,
      getRequest(`/portal/reports/${site}?${SAME_PERIOD}`, alice.cookie),
      { id: site },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { report: ProjectReport };
    expect(body.report.milestones).toEqual({ available: true, items: EXPECTED_MILESTONES });
    expect(body.report.approvals).toEqual({ available: true, items: EXPECTED_APPROVALS });
    expect(body.report.files).toEqual({ available: true, items: EXPECTED_FILES });
    const text = JSON.stringify(body);
    for (const secret of ["B secret milestone", "b-secret.pdf", "Bob Botha", "half.pdf"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("prints them in the PDF", async () => {
    const res = await run(
      pdfLoader,
      getRequest(`/portal/reports/${site}/pdf?${SAME_PERIOD}`, alice.cookie),
      { id: site },
    );
    expect(res.status).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), "report-deliverables-"));
    const file = path.join(dir, "r.pdf");
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toMatch(/Design\s+20 Feb 2026\s+Done\s+21 Feb 2026/);
    expect(text).toMatch(/Build\s+31 Mar 2026\s+In progress/);
    expect(text).toContain("Changes requested: Bigger, please");
    expect(text).toContain("Milestone: Design");
    expect(text).toMatch(/Brief\.pdf\s+1\s+3\.0 MB\s+Alice Achieng/);
    expect(text).toMatch(/logo\.svg\s+2\s+4\.0 KB\s+Boss Admin/);
    expect(text).not.toContain("Added later");
    expect(text).not.toContain("b-secret.pdf");
  });

  it("shows a contact of another client none of it", async () => {
    const page = await run(
      reportLoader,
      getRequest(`/portal/reports/${site}?${SAME_PERIOD}`, bob.cookie),
      { id: site },
    );
    expect(page.status).toBe(404);
    const pdf = await run(
      pdfLoader,
      getRequest(`/portal/reports/${site}/pdf?${SAME_PERIOD}`, bob.cookie),
      { id: site },
    );
    expect(pdf.status).toBe(404);
    const scopeB: Scope = { kind: "client", clientId: bob.clientId };
    expect(await buildProjectReport(h.handle.db, scopeB, site, period, NOW)).toBeNull();
    // Bob's own report holds Bob's project only.
    const own = await buildProjectReport(h.handle.db, scopeB, other, period, NOW);
    expect(own?.files).toMatchObject({ items: [{ name: "b-secret.pdf", by: "Bob Botha" }] });
    expect(JSON.stringify(own)).not.toMatch(/logo\.svg|Brief\.pdf|Design|Alice/);
  });
});
