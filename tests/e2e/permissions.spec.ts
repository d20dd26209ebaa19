import type { Page } from "@playwright/test";
import { createUser, expect, hydrated, signInAsAdmin, test } from "./fixtures";

/** A project's id, from its card's link on the Projects page. */
async function projectIdOf(page: Page, title: string) {
  const href = await page.getByRole("link", { name: title, exact: true }).getAttribute("href");
  return href?.split("/").pop() ?? "";
}

const card = (page: Page, title: string) =>
  page.getByRole("list", { name: "Projects" }).getByRole("listitem").filter({ hasText: title });

test("a contact changes only their own project, until the agency takes it on (issue 30)", async ({
  page: adminPage,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  const stamp = Date.now().toString(36);
  const own = `Own idea ${stamp}`;
  const agency = `Agency build ${stamp}`;
  const context = await browser.newContext({ baseURL: base });
  try {
    const contact = await context.newPage();
    await createUser(contact.request, base, { fullName: "Lerato Contact" });
    for (const title of [own, agency]) {
      const created = await contact.request.post("/portal/projects", {
        headers: { origin: base },
        form: { intent: "create", title },
      });
      expect(created.status()).toBe(200);
    }

    // The agency takes one of them on, from the project's page.
    await signInAsAdmin(adminPage.request, base);
    await adminPage.goto("/portal/projects");
    const agencyId = await projectIdOf(adminPage, agency);
    await adminPage.goto(`/portal/projects/${agencyId}`);
    await hydrated(adminPage);
    await expect(adminPage.getByText(/its contacts can change and delete it/)).toBeVisible();
    await adminPage.getByRole("button", { name: "Take on" }).click();
    await expect(
      adminPage.getByRole("region", { name: /Notifications/ }).getByText("Project taken on"),
    ).toBeVisible();
    await expect(adminPage.getByRole("button", { name: "Take on" })).toHaveCount(0);

    // The contact: Edit and Delete on their own project only.
    await contact.goto("/portal/projects");
    await expect(contact.getByRole("button", { name: "New Project" })).toBeVisible();
    await expect(card(contact, own).getByRole("button", { name: `Edit ${own}` })).toBeVisible();
    await expect(card(contact, own).getByRole("button", { name: `Delete ${own}` })).toBeVisible();
    await expect(
      card(contact, agency).getByRole("button", { name: /^(Edit|Delete) / }),
    ).toHaveCount(0);

    // A hand-made request is refused (403) and changes nothing.
    for (const form of <Record<string, string>[]>[
      { intent: "update", id: agencyId, title: "Taken back", status: "cancelled" },
      { intent: "delete", id: agencyId },
    ]) {
      const refused = await contact.request.post("/portal/projects", {
        headers: { origin: base },
        form,
      });
      expect(refused.status()).toBe(403);
    }
    await contact.reload();
    await expect(contact.getByRole("link", { name: agency, exact: true })).toBeVisible();
    await expect(card(contact, agency).getByText("Active")).toBeVisible();

    // The agency's first milestone takes the contact's own project on as well.
    const ownId = await projectIdOf(contact, own);
    const milestone = await adminPage.request.post(`/portal/projects/${ownId}`, {
      headers: { origin: base },
      form: { intent: "create-milestone", title: "Kick-off", dueDate: "2027-01-15" },
    });
    expect(milestone.status()).toBe(200);
    await contact.reload();
    await expect(card(contact, own).getByRole("button", { name: /^(Edit|Delete) / })).toHaveCount(
      0,
    );
    const late = await contact.request.post("/portal/projects", {
      headers: { origin: base },
      form: { intent: "delete", id: ownId },
    });
    expect(late.status()).toBe(403);
  } finally {
    await context.close();
  }
});

test("a contact's upload under the agency's file name is a separate file, 'From client' (issue 30)", async ({
  page: adminPage,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  const context = await browser.newContext({ baseURL: base });
  try {
    const contact = await context.newPage();
    await createUser(contact.request, base, { fullName: "Lerato Contact" });
    const title = `Brand refresh ${Date.now().toString(36)}`;
    const created = await contact.request.post("/portal/projects", {
      headers: { origin: base },
      form: { intent: "create", title },
    });
    expect(created.status()).toBe(200);
    await contact.goto("/portal/projects");
    const projectId = await projectIdOf(contact, title);

    await signInAsAdmin(adminPage.request, base);
    const uploaded = await adminPage.request.post(`/portal/projects/${projectId}/files`, {
      headers: { origin: base, accept: "application/json" },
      multipart: {
        files: {
          name: "Logo.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.7\n% the agency's logo\n"),
        },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);

    await contact.goto(`/portal/projects/${projectId}`);
    await hydrated(contact);
    await contact.getByLabel("Files to upload").setInputFiles({
      name: "logo.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n% the client's own logo\n"),
    });
    await expect(
      contact.getByRole("list", { name: "Uploads" }).getByText("Uploaded", { exact: true }),
    ).toBeVisible();

    const files = contact.getByRole("list", { name: "Files" }).getByRole("article");
    await expect(files).toHaveCount(2);
    const agencyFile = contact.getByRole("article", { name: "Logo.pdf", exact: true });
    const clientFile = contact.getByRole("article", { name: "logo.pdf", exact: true });
    await expect(agencyFile.getByText("uploaded by Ayanda Admin")).toBeVisible();
    await expect(agencyFile.getByText("1 version")).toBeVisible();
    await expect(agencyFile.getByText("From client")).toHaveCount(0);
    await expect(agencyFile.getByRole("button", { name: /^Delete / })).toHaveCount(0);
    await expect(clientFile.getByText("From client")).toBeVisible();
    await expect(clientFile.getByText("uploaded by Lerato Contact")).toBeVisible();
    await expect(clientFile.getByRole("button", { name: "Delete logo.pdf" })).toBeVisible();
  } finally {
    await context.close();
  }
});
