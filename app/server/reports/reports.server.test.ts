import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolvePeriod } from "~/lib/validation/period";
import { loader as reportLoader } from "~/routes/portal/report";
import { loader as pdfLoader } from "~/routes/portal/report-pdf";
import { loader as reportsLoader } from "~/routes/portal/reports";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import { createHarness, getRequest, type Harness, run } from "~/test/harness.server";
import { activity, clients, messages, profiles, projects } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { createProject, updateProject } from "../projects/projects.server";
import type { Scope } from "../workspace/scope.server";
import { buildProjectReport, reportFileName } from "./reports.server";

let h: Harness;
let alice: SignedUp;
let bob: SignedUp;
let admin: SignedUp;
let tracked: string; // client A's project with a history
let quiet: string; // client A's project untouched since before the period, no history

const sa = (local: string) => new Date(`${local}+02:00`);
const NOW = sa("2026-03-18T12:00:00");
const period = resolvePeriod({ range: "30" }, NOW);
const SAME_PERIOD = "range=custom&from=2026-02-17&to=2026-03-18";
const ALL: Scope = { kind: "all" };

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "boss@agency.test" });
  alice = await signUp("alice@client-a.test", { fullName: "Alice Achieng" });
  bob = await signUp("bob@client-b.test", { fullName: "Bob Botha" });
  admin = await signUp("boss@agency.test", { fullName: "Boss Admin" });
  await proveAddress("boss@agency.test");
  const db = h.handle.db;
  await db.update(clients).set({ name: "Alpha Foods" }).where(eq(clients.id, alice.clientId));
  await db.update(profiles).set({ fullName: "Boss Admin" }).where(eq(profiles.id, admin.id));

  const [p] = await db
    .insert(projects)
    .values({
      clientId: alice.clientId,
      title: "WhatsApp ordering bot",
      status: "on-hold",
      priority: "high",
      progress: 60,
      createdAt: sa("2026-01-05T09:00:00"),
      updatedAt: sa("2026-03-10T09:00:00"),
    })
    .returning({ id: projects.id });
  tracked = p?.id as string;
  const A = alice.clientId;
  const row = (at: string, kind: string, data: Record<string, unknown>, actorId?: string) => ({
    clientId: A,
    projectId: tracked,
    actorId: actorId ?? null,
    kind,
    data,
    createdAt: sa(at),
  });
  await db.insert(activity).values([
    row("2026-01-05T09:00:00", "project.created", {
      title: "WhatsApp ordering bot",
      status: "active",
      progress: 0,
    }),
    row("2026-02-01T09:00:00", "project.updated", { changes: { progress: { from: 0, to: 20 } } }),
    row(
      "2026-03-01T09:00:00",
      "project.updated",
      { changes: { progress: { from: 20, to: 40 } } },
      admin.id,
    ),
    row(
      "2026-03-05T09:00:00",
      "project.updated",
      { changes: { status: { from: "active", to: "on-hold" } } },
      admin.id,
    ),
    row(
      "2026-03-10T09:00:00",
      "project.updated",
      { changes: { progress: { from: 40, to: 60 }, priority: { from: "medium", to: "high" } } },
      alice.id,
    ),
    row("2026-03-11T09:00:00", "message.sent", { subject: "Not a change" }),
  ]);
  const [q] = await db
    .insert(projects)
    .values({
      clientId: A,
      title: "Voice agent pilot",
      status: "active",
      progress: 35,
      createdAt: sa("2025-11-01T09:00:00"),
      updatedAt: sa("2025-12-01T09:00:00"),
    })
    .returning({ id: projects.id });
  quiet = q?.id as string;

  const message = (projectId: string | null, fromAgency: boolean, at: string, subject: string) => ({
    clientId: A,
    projectId,
    fromAgency,
    senderId: fromAgency ? admin.id : alice.id,
    subject,
    content: "Seeded",
    createdAt: sa(at),
  });
  await db
    .insert(messages)
    .values([
      message(tracked, false, "2026-02-01T09:00:00", "Before the period"),
      message(tracked, false, "2026-03-02T09:00:00", "Menu update"),
      message(tracked, true, "2026-03-03T09:00:00", "Designs ready"),
      message(quiet, false, "2026-03-04T09:00:00", "About the other project"),
      message(null, false, "2026-03-04T10:00:00", "About nothing in particular"),
    ]);
});
afterAll(() => h.close());

describe(`project reports on ${testDatabaseKind()}`, () => {
  it("draws progress from the last value before the period through each change in it", async () => {
    const report = await buildProjectReport(h.handle.db, ALL, tracked, period, NOW);
    expect(report?.project).toMatchObject({
      title: "WhatsApp ordering bot",
      clientName: "Alpha Foods",
      status: "on-hold",
      progress: 60,
    });
    expect(report?.progressSteps).toEqual([
      { at: period.start, value: 20 },
      { at: sa("2026-03-01T09:00:00").toISOString(), value: 40 },
      { at: sa("2026-03-10T09:00:00").toISOString(), value: 60 },
    ]);
    expect(report?.changes.map((c) => [c.what, c.from, c.to, c.actor])).toEqual([
      ["Progress", "20%", "40%", "Boss Admin"],
      ["Status", "Active", "On-hold", "Boss Admin"],
      ["Progress", "40%", "60%", "Alice Achieng"],
      ["Priority", "Medium", "High", "Alice Achieng"],
    ]);
  });

  it("counts and lists the period's messages about the project only", async () => {
    const report = await buildProjectReport(h.handle.db, ALL, tracked, period, NOW);
    expect(report?.messages.fromClient).toBe(1);
    expect(report?.messages.fromAgency).toBe(1);
    expect(report?.messages.latest.map((m) => [m.subject, m.sender, m.fromAgency])).toEqual([
      ["Designs ready", "Boss Admin", true],
      ["Menu update", "Alice Achieng", false],
    ]);
  });

  it("holds a project unchanged since before the period at its progress, with no changes", async () => {
    const report = await buildProjectReport(h.handle.db, ALL, quiet, period, NOW);
    expect(report?.progressSteps).toEqual([{ at: period.start, value: 35 }]);
    expect(report?.changes).toEqual([]);
  });

  it("has no milestones, approvals or files when the project has none, with no invented rows", async () => {
    const report = await buildProjectReport(h.handle.db, ALL, tracked, period, NOW);
    for (const section of [report?.milestones, report?.approvals, report?.files]) {
      expect(section).toEqual({ available: true, items: [] });
    }
  });

  it("follows changes made through the portal from now on", async () => {
    const scope: Scope = { kind: "client", clientId: bob.clientId };
    const created = await createProject(h.handle.db, scope, bob.id, {
      title: "Fresh project",
      description: "",
      status: "active",
      priority: "medium",
      progress: 10,
    });
    if (!created.ok) throw new Error(created.message);
    const id = created.project.id;
    const moved = await updateProject(h.handle.db, scope, bob.id, id, {
      title: "Fresh project",
      description: "",
      status: "completed",
      priority: "medium",
      progress: 100,
    });
    expect(moved.ok).toBe(true);
    const today = resolvePeriod({ range: "30" }, new Date());
    const report = await buildProjectReport(h.handle.db, scope, id, today, new Date());
    expect(report?.progressSteps.map((s) => s.value)).toEqual([10, 100]);
    expect(report?.changes.map((c) => [c.what, c.to])).toEqual([
      ["Project created", "Active, 10%"],
      ["Status", "Completed"],
      ["Progress", "100%"],
    ]);
  });

  it("names the PDF after the project and the period", async () => {
    const report = await buildProjectReport(h.handle.db, ALL, tracked, period, NOW);
    expect(report && reportFileName(report)).toBe(
      "report-whatsapp-ordering-bot-2026-02-17-to-2026-03-18.pdf",
    );
  });
});

describe("who sees a report", () => {
  const page = (id: string, who: SignedUp) =>
    run(reportLoader, getRequest(`/portal/reports/${id}?${SAME_PERIOD}`, who.cookie), { id });
  const pdf = (id: string, who: SignedUp, search = SAME_PERIOD) =>
    run(pdfLoader, getRequest(`/portal/reports/${id}/pdf?${search}`, who.cookie), { id });

  it("shows the client's contact and the administrators, and nobody else", async () => {
    expect((await page(tracked, alice)).status).toBe(200);
    expect((await page(tracked, admin)).status).toBe(200);
    expect((await page(tracked, bob)).status).toBe(404);
    expect((await page("not-a-uuid", alice)).status).toBe(404);
    expect((await page(crypto.randomUUID(), admin)).status).toBe(404);
    expect(
      await buildProjectReport(
        h.handle.db,
        { kind: "client", clientId: bob.clientId },
        tracked,
        period,
        NOW,
      ),
    ).toBeNull();
  });

  it("downloads a PDF that opens and says the report, for the client's contact only", async () => {
    const res = await pdf(tracked, alice);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="report-whatsapp-ordering-bot-2026-02-17-to-2026-03-18.pdf"',
    );
    const dir = mkdtempSync(path.join(tmpdir(), "report-"));
    const file = path.join(dir, "r.pdf");
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Project report: WhatsApp ordering bot");
    expect(text).toContain("For Alpha Foods");
    expect(text).toContain("17 Feb 2026 to 18 Mar 2026");
    expect(text).toMatch(/Status\s+Active\s+On-hold\s+Boss Admin/);
    expect(text).toContain("Designs ready");

    expect((await pdf(tracked, bob)).status).toBe(404);
    expect((await pdf("../../etc/passwd", alice)).status).toBe(404);
    expect((await pdf(tracked, alice, "range=custom&from=2026-03-10&to=2026-03-01")).status).toBe(
      400,
    );
  });

  it("lists the projects a person may see, each with its report", async () => {
    const res = await run(reportsLoader, getRequest(`/portal/reports?${SAME_PERIOD}`, bob.cookie));
    const body = (await res.json()) as { projects: { title: string }[]; showClient: boolean };
    expect(body.projects.map((p) => p.title)).toEqual(["Fresh project"]);
    expect(body.showClient).toBe(false);
    const asAdmin = await run(
      reportsLoader,
      getRequest(`/portal/reports?${SAME_PERIOD}`, admin.cookie),
    );
    const all = (await asAdmin.json()) as { projects: { title: string }[]; showClient: boolean };
    expect(all.projects.map((p) => p.title).sort()).toEqual([
      "Fresh project",
      "Voice agent pilot",
      "WhatsApp ordering bot",
    ]);
    expect(all.showClient).toBe(true);
  });
});
