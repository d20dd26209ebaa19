import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { createUser, expect, hydrated, signInAsAdmin, test } from "./fixtures";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test("an internal file and an internal note never reach the contact (issue 30)", async ({
  page: admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "";
  const stamp = Date.now().toString(36);
  const title = `Inner workings ${stamp}`;
  const secretFile = `Margins-${stamp}.pdf`;
  const secretNote = `Budget ceiling R${stamp}`;

  const context = await browser.newContext({ baseURL: base });
  try {
    const contact = await context.newPage();
    await createUser(contact.request, base, { fullName: "Lerato Contact" });
    const made = await contact.request.post("/portal/projects", {
      headers: { origin: base },
      form: { intent: "create", title },
    });
    expect(made.status()).toBe(200);
    await contact.goto("/portal/projects");
    await contact.getByRole("link", { name: title }).click();
    await expect(contact.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const url = new URL(contact.url()).pathname;
    const projectId = url.split("/").pop() ?? "";

    // The agency: an internal upload, a shared one, an internal note, and a quiet progress edit.
    await signInAsAdmin(admin.request, base);
    await admin.goto(url);
    await hydrated(admin);
    await admin.getByLabel("Internal", { exact: true }).check();
    await admin.getByLabel("Files to upload").setInputFiles({
      name: secretFile,
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n% internal margins\n"),
    });
    await expect(admin.getByRole("heading", { name: secretFile })).toBeVisible();
    await expect(admin.getByText("Internal", { exact: true }).first()).toBeVisible();
    await admin.getByLabel("Internal", { exact: true }).uncheck();
    await admin.getByLabel("Files to upload").setInputFiles({
      name: `Shared-${stamp}.pdf`,
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n% shared design\n"),
    });
    await expect(admin.getByRole("heading", { name: `Shared-${stamp}.pdf` })).toBeVisible();
    await admin.getByLabel("Note", { exact: true }).fill(secretNote);
    await admin.getByRole("button", { name: "Add note" }).click();
    await expect(toasts(admin).getByText("Note added")).toBeVisible();
    await expect(admin.getByRole("list", { name: "Internal notes" })).toContainText(secretNote);
    // A quiet edit: the progress moves without 'Announce to the client'.
    const edited = await admin.request.post("/portal/projects", {
      headers: { origin: base },
      form: {
        intent: "update",
        id: projectId,
        title,
        status: "active",
        priority: "medium",
        progress: "20",
      },
    });
    expect(edited.status()).toBe(200);
    await admin.reload();
    await expect(admin.getByRole("list", { name: "Project activity" })).toContainText(
      "moved the progress from 0% to 20%",
    );
    const versionHref = await admin
      .getByRole("link", { name: `Download ${secretFile} version 1` })
      .getAttribute("href");
    expect(versionHref).toMatch(/\/files\//);

    // The contact: not on the page, not in its data, not downloadable, not in the report.
    await contact.goto(url);
    await expect(contact.getByRole("heading", { name: `Shared-${stamp}.pdf` })).toBeVisible();
    await expect(contact.getByText(secretFile)).toHaveCount(0);
    await expect(contact.getByText(secretNote)).toHaveCount(0);
    await expect(contact.getByRole("heading", { name: "Internal notes" })).toHaveCount(0);
    await expect(contact.getByLabel("Internal", { exact: true })).toHaveCount(0);
    const data = await contact.request.get(`${url}.data`);
    expect(data.status()).toBe(200);
    const body = await data.text();
    expect(body).not.toContain(secretFile);
    expect(body).not.toContain(secretNote);
    expect((await contact.request.get(versionHref ?? "")).status()).toBe(404);
    expect((await admin.request.get(versionHref ?? "")).status()).toBe(200);
    const pdf = await contact.request.get(`/portal/reports/${projectId}/pdf`);
    expect(pdf.status()).toBe(200);
    const path = test.info().outputPath("report.pdf");
    writeFileSync(path, await pdf.body());
    const text = execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
    expect(text).toContain(`Shared-${stamp}.pdf`);
    expect(text).not.toContain(secretFile);
    const analytics = await contact.request.get("/portal/analytics.data");
    expect(await analytics.text()).not.toContain(secretFile);
    // Not in the activity the contact reads: the agency's quiet edit and its internal upload.
    const activity = contact.getByRole("list", { name: "Project activity" });
    await expect(activity).toContainText(`Shared-${stamp}.pdf`);
    await expect(activity).not.toContainText("moved the progress");
    await expect(activity).not.toContainText(secretFile);
    // Not in 'Download all', nor in the contact's own 'Download my data'.
    const all = await contact.request.get(`${url}/files.zip`);
    expect(all.status()).toBe(200);
    const names = Object.keys(unzipSync(new Uint8Array(await all.body())));
    expect(names.some((name) => name.includes(`Shared-${stamp}`))).toBe(true);
    expect(names.some((name) => name.includes(secretFile))).toBe(false);
    const mine = await contact.request.get("/portal/settings/my-data");
    expect(mine.status()).toBe(200);
    const exported = Object.values(unzipSync(new Uint8Array(await mine.body())))
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    expect(exported).toContain(title);
    expect(exported).not.toContain(secretFile);
    expect(exported).not.toContain(secretNote);
    expect(exported).not.toContain("moved the progress");
  } finally {
    await context.close();
  }
});
