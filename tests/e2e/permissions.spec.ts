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
