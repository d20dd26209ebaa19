/**
 * A portal dialog sent while the request does not get through (the server restarting, the
 * phone losing its signal) says so inside the dialog, beside its form, and keeps what was typed
 * (decisions 143, 156): the toast's own code may not load while nothing answers, so a toast
 * alone would say nothing. Each dialog then sends once the server answers again.
 */
import type { Page } from "@playwright/test";
import { REQUEST_FAILED } from "../../app/lib/client-action";
import {
  allowConsoleErrors,
  expect,
  hydrated,
  newClient,
  signInAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";

/** What the browser and React Router log while nothing answers. */
const DOWN =
  /^(Failed to load resource: net::ERR_(FAILED|CONNECTION_REFUSED)|Failed to fetch dynamically imported module|Failed to fetch manifest patches)/;

/**
 * The server stops answering the page's form posts (its `.data` POSTs), as while it restarts.
 * Only the posts: a reload of the page's data (the live updates' stream saying 'ready') is the
 * server answering again.
 */
async function serverDown(page: Page, path: string) {
  allowConsoleErrors(page, DOWN);
  await page.route(`**${path}.data**`, (route) =>
    route.request().method() === "POST" ? route.abort("connectionrefused") : route.fallback(),
  );
  return () => page.unroute(`**${path}.data**`);
}

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test("a new project sent while the server is down says so in its dialog and keeps what was typed", async ({
  signedInPage: page,
}) => {
  const title = `Down ${Date.now().toString(36)}`;
  await page.goto("/portal/projects");
  await hydrated(page); // before hydration 'Create' posts the page, not the .data request
  await page.getByRole("button", { name: "New Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Project" });
  await dialog.getByLabel("Title *").fill(title);
  await dialog.getByLabel("Description").fill("Typed while the server restarts");
  const back = await serverDown(page, "/portal/projects");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(REQUEST_FAILED);
  await expect(dialog.getByLabel("Title *")).toHaveValue(title);
  await expect(dialog.getByLabel("Description")).toHaveValue("Typed while the server restarts");

  await back();
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toasts(page).getByText("Project created successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});

test("an invitation sent while the server is down says so in its dialog and keeps what was typed", async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page.request, baseURL ?? "");
  const clientId = await newClient(page.request, baseURL ?? "", `Down ${Date.now().toString(36)}`);
  await page.goto(`/portal/clients/${clientId}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Invite contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite contact" });
  const email = uniqueEmail("down-invite");
  await dialog.getByLabel("Name").fill("Lindiwe Mokoena");
  await dialog.getByLabel("Email").fill(email);
  const back = await serverDown(page, `/portal/clients/${clientId}`);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(REQUEST_FAILED);
  await expect(dialog.getByLabel("Name")).toHaveValue("Lindiwe Mokoena");
  await expect(dialog.getByLabel("Email")).toHaveValue(email);

  await back();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(toasts(page).getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("a milestone added, and a project deleted, while the server is down say so in their dialogs", async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page.request, baseURL ?? "");
  const tag = Date.now().toString(36);
  const clientId = await newClient(page.request, baseURL ?? "", `Milestones ${tag}`);
  const created = await page.request.post("/portal/projects", {
    headers: { origin: baseURL ?? "" },
    form: { intent: "create", title: `Timeline ${tag}`, clientId },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.goto(`/portal/projects?client=${clientId}`);
  const path =
    (await page.getByRole("link", { name: `Timeline ${tag}` }).getAttribute("href")) ?? "";
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: `Timeline ${tag}`, level: 1 })).toBeVisible();

  // A milestone: the form dialog.
  await page.getByRole("button", { name: "Add milestone" }).click();
  const add = page.getByRole("dialog", { name: "Add milestone" });
  await add.getByLabel("Title *").fill(`Wireframes ${tag}`);
  await add.getByLabel("Description").fill("Typed on a train through a tunnel");
  let back = await serverDown(page, path);
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByRole("alert")).toHaveText(REQUEST_FAILED);
  await expect(add.getByLabel("Title *")).toHaveValue(`Wireframes ${tag}`);
  await expect(add.getByLabel("Description")).toHaveValue("Typed on a train through a tunnel");
  await back();
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add).toHaveCount(0);
  await expect(page.getByText(`Wireframes ${tag}`).first()).toBeVisible();

  // A confirmation: 'Delete project?' on the list.
  await page.goto(`/portal/projects?client=${clientId}`);
  await hydrated(page);
  await page.getByRole("button", { name: `Delete Timeline ${tag}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete project?" });
  back = await serverDown(page, "/portal/projects");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm.getByRole("alert")).toHaveText(REQUEST_FAILED);
  await back();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toasts(page).getByText("Project deleted successfully")).toBeVisible();
  await expect(page.getByRole("link", { name: `Timeline ${tag}` })).toHaveCount(0);
});
