/**
 * The internal layer (issue 30, point 3; decision 066): the agency's notes on clients, projects
 * and leads, files marked 'Internal', and activity lines with an audience never reach a contact
 * — not on the page (its data is the `.data` answer too), the download, the report (the PDF is
 * drawn from the same report) or the activity — while the agency sees them all. Runs on PGlite
 * and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectSchema } from "~/lib/validation/portal";
import { action as clientAction, loader as clientLoader } from "~/routes/portal/client";
import { action as leadAction, loader as leadLoader } from "~/routes/portal/lead";
import { action as projectAction, loader as projectLoader } from "~/routes/portal/project";
import { loader as fileLoader } from "~/routes/portal/project-file";
import { action as uploadAction } from "~/routes/portal/project-files";
import { loader as zipLoader } from "~/routes/portal/project-files-zip";
import { action as projectsAction } from "~/routes/portal/projects";
import { loader as reportLoader } from "~/routes/portal/report";
import { type SignedUp, signUp } from "~/test/accounts.server";
import {
  BASE_URL,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  run,
} from "~/test/harness.server";
import { signUpAdmin, signUpTeamMember, viewingAsCookie } from "~/test/workspace.server";
import { leads } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { createProject } from "../projects/projects.server";
import { ALL_CLIENTS } from "../workspace/scope.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let tumi: SignedUp;
let viewing: string;
let projectId: string;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "internal-admin@example.co.za" });
  admin = await signUpAdmin("internal-admin@example.co.za");
  alice = await signUp("internal-alice@example.co.za", { fullName: "Alice Mokoena" });
  tumi = await signUpTeamMember("internal-tumi@example.co.za", [alice.clientId]);
  viewing = await viewingAsCookie(admin, alice.clientId);
  const made = await createProject(h.handle.db, ALL_CLIENTS, admin.id, {
    ...projectSchema.parse({ title: "Shop" }),
    clientId: alice.clientId,
  });
  if (!made.ok) throw new Error(made.message);
  projectId = made.project.id;
});
afterAll(() => h.close());

const BOUNDARY = "----internal-layer";
function upload(cookie: string, name: string, internal: boolean) {
  const parts = [
    ...(internal
      ? [`--${BOUNDARY}\r\nContent-Disposition: form-data; name="internal"\r\n\r\non\r\n`]
      : []),
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\nsecret pricing\r\n--${BOUNDARY}--\r\n`,
  ];
  const request = new Request(`${BASE_URL}/portal/projects/${projectId}/files`, {
    method: "POST",
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      origin: BASE_URL,
      accept: "application/json",
      cookie,
    },
    body: Buffer.from(parts.join("")),
  });
  return run(uploadAction, request, { id: projectId });
}

const page = (cookie: string) =>
  run(projectLoader, getRequest(`/portal/projects/${projectId}`, cookie), { id: projectId });

async function pageText(cookie: string) {
  const res = await page(cookie);
  expect(res.status).toBe(200);
  return res.text();
}

describe(`the internal layer (${testDatabaseKind()})`, () => {
  it("an internal file is listed, downloadable and in the report for the agency only", async () => {
    const sent = await upload(admin.cookie, "Pricing-internal.pdf", true);
    expect(sent.status, await sent.clone().text()).toBe(200);
    const { files } = (await sent.json()) as { files: { versionId: string }[] };
    const versionId = files[0]?.versionId ?? "";
    expect((await upload(admin.cookie, "Design.pdf", false)).status).toBe(200);

    const agency = JSON.parse(await pageText(admin.cookie));
    const internal = agency.files.find((f: { name: string }) => f.name === "Pricing-internal.pdf");
    expect(internal).toMatchObject({ internal: true });
    expect(
      agency.activity.rows.some(
        (a: { data: { name?: string } }) => a.data.name === "Pricing-internal.pdf",
      ),
    ).toBe(true);
    expect(JSON.parse(await pageText(tumi.cookie)).files).toHaveLength(2);

    for (const cookie of [alice.cookie, viewing]) {
      const text = await pageText(cookie);
      expect(text).not.toContain("Pricing-internal");
      expect(JSON.parse(text).files.map((f: { name: string }) => f.name)).toEqual(["Design.pdf"]);
    }

    const download = (cookie: string) =>
      run(fileLoader, getRequest(`/portal/projects/${projectId}/files/${versionId}`, cookie), {
        id: projectId,
        versionId,
      });
    expect((await download(admin.cookie)).status).toBe(200);
    expect((await download(alice.cookie)).status).toBe(404);
    expect((await download(viewing)).status).toBe(404);
    // 'Download all': the agency's zip holds the internal file, a contact's never does.
    const zip = async (cookie: string, query = "") => {
      const res = await run(
        zipLoader,
        getRequest(`/portal/projects/${projectId}/files.zip${query}`, cookie),
        { id: projectId },
      );
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()).toString("latin1") };
    };
    expect((await zip(admin.cookie)).bytes).toContain("Pricing-internal.pdf");
    const contactZip = await zip(alice.cookie);
    expect(contactZip.status).toBe(200);
    expect(contactZip.bytes).toContain("Design.pdf");
    expect(contactZip.bytes).not.toContain("Pricing-internal");
    expect((await zip(alice.cookie, `?v=${versionId}`)).status).toBe(404);

    const report = (cookie: string) =>
      run(reportLoader, getRequest(`/portal/reports/${projectId}`, cookie), { id: projectId });
    expect(await (await report(admin.cookie)).text()).toContain("Pricing-internal");
    const contactReport = await report(alice.cookie);
    expect(contactReport.status).toBe(200);
    const reportText = await contactReport.text();
    expect(reportText).toContain("Design.pdf");
    expect(reportText).not.toContain("Pricing-internal");
  });

  it("an internal upload never becomes a version of a shared file, nor the other way round", async () => {
    const shared = await upload(admin.cookie, "Design.pdf", true);
    expect(shared.status).toBe(409);
    const hidden = await upload(admin.cookie, "Pricing-internal.pdf", false);
    expect(hidden.status).toBe(409);
    // A contact cannot mark an upload internal: theirs is the client's, shown to the client.
    expect((await upload(alice.cookie, "Brief.pdf", true)).status).toBe(200);
    const text = await pageText(alice.cookie);
    expect(JSON.parse(text).files.map((f: { name: string }) => f.name)).toContain("Brief.pdf");
  });

  it("the agency's notes on a project, a client and a lead never reach a contact", async () => {
    const note = (cookie: string, body: string) =>
      run(
        projectAction,
        formRequest(`/portal/projects/${projectId}`, { intent: "add-note", body }, { cookie }),
        { id: projectId },
      );
    expect((await note(admin.cookie, "Budget is tight; quote R40k")).status).toBe(200);
    expect((await note(tumi.cookie, "Prefers calls on Fridays")).status).toBe(200);
    expect((await note(alice.cookie, "I am a contact")).status).toBe(403);
    expect((await note(admin.cookie, "   ")).status).toBe(400);

    const agency = JSON.parse(await pageText(admin.cookie));
    expect(agency.notes.map((n: { body: string }) => n.body)).toEqual([
      "Prefers calls on Fridays",
      "Budget is tight; quote R40k",
    ]);
    for (const cookie of [alice.cookie, viewing]) {
      const text = await pageText(cookie);
      expect(JSON.parse(text).notes).toBeNull();
      expect(text).not.toContain("Budget is tight");
    }

    const clientNote = await run(
      clientAction,
      formRequest(
        `/portal/clients/${alice.clientId}`,
        { intent: "add-note", body: "Pays late" },
        { cookie: tumi.cookie },
      ),
      { id: alice.clientId },
    );
    expect(clientNote.status).toBe(200);
    const clientPage = await run(
      clientLoader,
      getRequest(`/portal/clients/${alice.clientId}`, admin.cookie),
      { id: alice.clientId },
    );
    expect((await clientPage.json()).notes.map((n: { body: string }) => n.body)).toEqual([
      "Pays late",
    ]);

    const [lead] = await h.handle.db
      .insert(leads)
      .values({
        kind: "contact",
        name: "Zola",
        email: "zola@example.co.za",
        message: "Hi",
        consent: true,
        consentAt: new Date(),
        consentNotice: "I agree",
        privacyNoticeVersion: "test",
      })
      .returning({ id: leads.id });
    const leadId = lead?.id ?? "";
    const leadNote = await run(
      leadAction,
      formRequest(
        `/portal/leads/${leadId}`,
        { intent: "add-note", body: "Call back" },
        {
          cookie: admin.cookie,
        },
      ),
      { id: leadId },
    );
    expect(leadNote.status).toBe(200);
    const leadPage = await run(leadLoader, getRequest(`/portal/leads/${leadId}`, admin.cookie), {
      id: leadId,
    });
    expect((await leadPage.json()).notes.map((n: { body: string }) => n.body)).toEqual([
      "Call back",
    ]);
  });

  it("the agency's edits are agency-only activity unless announced", async () => {
    const edit = (cookie: string, id: string, progress: string, announce: boolean) =>
      run(
        projectsAction,
        formRequest(
          "/portal/projects",
          {
            intent: "update",
            id,
            title: "Shop",
            status: "active",
            progress,
            ...(announce ? { announce: "on" } : {}),
          },
          { cookie },
        ),
      );
    expect((await edit(admin.cookie, projectId, "20", false)).status).toBe(200);
    const changes = async (cookie: string) =>
      JSON.parse(await pageText(cookie))
        .activity.rows.filter((a: { kind: string }) => a.kind === "project.updated")
        .map(
          (a: { data: { changes: { progress?: { to: number } } } }) => a.data.changes.progress?.to,
        );
    expect(await changes(admin.cookie)).toEqual([20]);
    expect(await changes(alice.cookie)).toEqual([]);
    expect((await edit(admin.cookie, projectId, "40", true)).status).toBe(200);
    expect(await changes(alice.cookie)).toEqual([40]);
    expect(await changes(admin.cookie)).toEqual([40, 20]);

    // A contact's edit of their own project is theirs to see.
    const own = await createProject(
      h.handle.db,
      { kind: "client", clientId: alice.clientId },
      alice.id,
      projectSchema.parse({ title: "Own idea" }),
    );
    if (!own.ok) throw new Error(own.message);
    expect((await edit(alice.cookie, own.project.id, "10", false)).status).toBe(200);
    const ownPage = await run(
      projectLoader,
      getRequest(`/portal/projects/${own.project.id}`, alice.cookie),
      { id: own.project.id },
    );
    const rows = (await ownPage.json()).activity.rows as { kind: string }[];
    expect(rows.map((a) => a.kind)).toContain("project.updated");
  });
});
