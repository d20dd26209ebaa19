import type { Page } from "@playwright/test";
import { PAGE_SIZE } from "../../app/lib/pagination";
import {
  createUser,
  expect,
  holdScripts,
  hydratedNow,
  newClient,
  signInAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";
import { waitForMail } from "./mail";

/**
 * Decision 142: the portal's dialogs open and do their work before the page's scripts arrive
 * (held back: the page never hydrates) and with JavaScript off, on a phone. The trigger keeps its
 * name; the page comes back with the dialog in place (`?dialog=…`); Cancel returns to the page; a
 * refusal shows by its field with what was typed; a success returns to the page and says so.
 * The same dialogs with JavaScript are in portal, clients, team-members, account and
 * deliverables specs.
 */

const MODES = ["JavaScript off", "scripts held back"] as const;

/** The page never hydrated (scripts held back) or cannot (JavaScript off). */
async function expectNotHydrated(page: Page, mode: (typeof MODES)[number]) {
  if (mode === "scripts held back") expect(await hydratedNow(page)).toBe(false);
}

/** What a successful action said on the page it led to (`<CookieToastText>`, decision 138). */
const said = (page: Page, text: string) =>
  page.getByRole("status").getByText(text, { exact: true });

for (const mode of MODES) {
  test.describe(`portal dialogs with ${mode}`, () => {
    if (mode === "JavaScript off") test.use({ javaScriptEnabled: false });
    test.use({ viewport: { width: 360, height: 740 } });
    test.beforeEach(async ({ page }) => {
      if (mode === "scripts held back") await holdScripts(page);
    });

    test("Projects: New Project, Edit and Delete", async ({ page, user }) => {
      void user;
      const tag = `${mode === "JavaScript off" ? "Off" : "Held"} ${Date.now().toString(36)}`;
      await page.goto("/portal/projects");
      await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();

      // New Project: the page comes back with the form in place; Cancel returns.
      await page.getByRole("button", { name: "New Project" }).click();
      await expect(page).toHaveURL(/\/portal\/projects\?dialog=new-project#dialog$/);
      const create = page.getByRole("dialog", { name: "Create New Project" });
      await expect(create.getByText("Add a project to track its progress.")).toBeVisible();
      await create.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/portal\/projects$/);
      await expect(create).toHaveCount(0);

      // A refusal: by its field, with what was typed.
      await page.getByRole("button", { name: "New Project" }).click();
      await create.getByLabel("Title *").fill("   ");
      await create.getByLabel("Description").fill(`Kept ${tag}`);
      await create.getByLabel("Priority").selectOption({ label: "High" });
      await create.getByRole("button", { name: "Create" }).click();
      await expect(create.getByText("Title is required")).toBeVisible();
      await expect(create.getByLabel("Title *")).toHaveAttribute("aria-invalid", "true");
      await expect(create.getByLabel("Description")).toHaveValue(`Kept ${tag}`);
      await expect(create.getByLabel("Priority")).toHaveValue("high");

      const title = `Rebuild ${tag}`;
      await create.getByLabel("Title *").fill(title);
      await create.getByLabel("Progress").fill("40");
      await create.getByRole("button", { name: "Create" }).click();
      await expect(page).toHaveURL(/\/portal\/projects$/);
      await expect(
        page.getByRole("status").getByText("Project created successfully"),
      ).toBeVisible();
      const card = page.getByRole("listitem").filter({ hasText: title });
      await expect(card.getByRole("link", { name: title })).toBeVisible();
      await expect(card.getByText("40%")).toBeVisible();
      await expect(card.getByText("High")).toBeVisible();

      // Edit: the form holds the project's values.
      await page.getByRole("button", { name: `Edit ${title}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit Project" });
      await expect(edit.getByLabel("Title *")).toHaveValue(title);
      await expect(edit.getByLabel("Description")).toHaveValue(`Kept ${tag}`);
      await expect(edit.getByLabel("Progress")).toHaveValue("40");
      await edit.getByLabel("Title *").fill(`${title} v2`);
      await edit.getByLabel("Status").selectOption({ label: "Completed" });
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(
        page.getByRole("status").getByText("Project updated successfully"),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: `${title} v2` })).toBeVisible();

      // Delete: a confirmation in place, then the page without it.
      await page.getByRole("button", { name: `Delete ${title} v2` }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete project?" });
      await expect(
        confirm.getByText("Are you sure you want to delete this project?"),
      ).toBeVisible();
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("link", { name: `${title} v2` })).toBeVisible();
      await page.getByRole("button", { name: `Delete ${title} v2` }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(
        page.getByRole("status").getByText("Project deleted successfully"),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();
      await expectNotHydrated(page, mode);
    });

    test("Clients: New client, then Invite contact on its page", async ({ page, baseURL }) => {
      const base = baseURL ?? "";
      await signInAsAdmin(page.context().request, base);
      const name = `No Script Traders ${mode} ${Date.now().toString(36)}`;
      await page.goto("/portal/clients");
      await page.getByRole("button", { name: "New client" }).click();
      const dialog = page.getByRole("dialog", { name: "New client" });
      await expect(
        dialog.getByText("Add a company. Then invite its contacts from the client's page."),
      ).toBeVisible();
      await dialog.getByLabel("Company name").fill("  ");
      await dialog.getByRole("button", { name: "Create" }).click();
      await expect(dialog.getByText("Company name is required")).toBeVisible();
      await dialog.getByLabel("Company name").fill(name);
      await dialog.getByRole("button", { name: "Create" }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(said(page, "Client created successfully")).toBeVisible();

      await page.getByRole("button", { name: "Invite contact" }).click();
      const invite = page.getByRole("dialog", { name: "Invite contact" });
      await expect(
        invite.getByText(`They get an e-mail with a link to join ${name} in the portal.`),
      ).toBeVisible();
      await invite.getByLabel("Name").fill("Sipho Contact");
      await invite.getByLabel("Email").fill("not-an-address@");
      await invite.getByLabel("Email").evaluate((el) => el.removeAttribute("type"));
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await expect(invite.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      await expect(invite.getByLabel("Name")).toHaveValue("Sipho Contact");
      const email = uniqueEmail("contact");
      await invite.getByLabel("Email").fill(email);
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await expect(said(page, `Invitation sent to ${email}`)).toBeVisible();
      await expect(invite).toHaveCount(0);
      await expect(page.getByText(email, { exact: true }).first()).toBeVisible();
      await expectNotHydrated(page, mode);
    });

    test("Team: Invite team member, then Remove role", async ({ page, browser, baseURL }) => {
      const base = baseURL ?? "";
      await signInAsAdmin(page.context().request, base);
      const email = uniqueEmail("nojs-member");
      const memberName = `Lindiwe ${mode}`;
      await page.goto("/portal/team");
      await page.getByRole("button", { name: "Invite team member" }).click();
      const invite = page.getByRole("dialog", { name: "Invite team member" });
      await invite.getByLabel("Name").fill(memberName);
      await invite.getByLabel("Email").fill(email);
      await invite.getByLabel("Role").selectOption({ label: "Team member" });
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await expect(said(page, `Invitation sent to ${email}`)).toBeVisible();

      // They join (in a browser of their own).
      const mail = await waitForMail(email, /invited/);
      const link = mail.text.match(/https?:\/\/\S+\/invitation\/\S+/)?.[0] ?? "";
      const context = await browser.newContext({ baseURL: base });
      const member = await context.newPage();
      await member.goto(new URL(link).pathname);
      await member.getByLabel("Password").fill("a-good-password");
      await member.getByRole("button", { name: "Create account and join" }).click();
      await expect(member).toHaveURL(/\/portal$/);
      await context.close();

      await page.goto("/portal/team");
      const remove = page.getByRole("button", { name: `Remove team member role of ${memberName}` });
      await remove.click();
      const confirm = page.getByRole("alertdialog", { name: "Remove team member role?" });
      await expect(
        confirm.getByText(
          `This removes the team member role from ${memberName}. They keep their account, but no longer see the clients they were assigned to.`,
        ),
      ).toBeVisible();
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(confirm).toHaveCount(0);
      await remove.click();
      await confirm.getByRole("button", { name: "Remove role" }).click();
      await expect(said(page, "Team member role removed")).toBeVisible();
      await expect(page.getByText(memberName)).toHaveCount(0);
      await expectNotHydrated(page, mode);
    });

    test("A project's page: milestones (add, edit, delete) and Delete file", async ({
      page,
      baseURL,
    }) => {
      const base = baseURL ?? "";
      const request = page.context().request;
      await signInAsAdmin(request, base);
      const tag = `${mode} ${Date.now().toString(36)}`;
      const clientId = await newClient(request, base, `Milestone Works ${tag}`);
      const title = `Launch ${tag}`;
      const made = await request.post("/portal/projects", {
        headers: { origin: base },
        form: { intent: "create", title, clientId },
      });
      expect(made.status()).toBe(200);
      await page.goto(`/portal/projects?client=${clientId}`);
      await page.getByRole("link", { name: title }).click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const projectPath = new URL(page.url()).pathname;
      const uploaded = await request.post(`${projectPath}/files`, {
        headers: { origin: base, accept: "application/json" },
        multipart: {
          files: {
            name: "Brief.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.from("%PDF-1.7\n"),
          },
        },
      });
      expect(uploaded.status()).toBe(200);

      // Add milestone: a refusal by its field, what was typed kept; then added.
      await page.goto(projectPath);
      await page.getByRole("button", { name: "Add milestone" }).click();
      const add = page.getByRole("dialog", { name: "Add milestone" });
      await expect(add.getByText("A step of the project, with its due date.")).toBeVisible();
      await add.getByLabel("Title *").fill("   ");
      await add.getByLabel("Description").fill("Designs signed off");
      await add.getByRole("button", { name: "Add" }).click();
      await expect(add.getByText("Title is required")).toBeVisible();
      await expect(add.getByLabel("Description")).toHaveValue("Designs signed off");
      await add.getByLabel("Title *").fill("Design approved");
      await add.getByRole("button", { name: "Add" }).click();
      await expect(said(page, "Milestone added")).toBeVisible();
      const milestones = page.getByRole("list", { name: "Milestones" });
      await expect(milestones.getByText("Design approved", { exact: true })).toBeVisible();

      await page.getByRole("button", { name: "Edit Design approved" }).click();
      const edit = page.getByRole("dialog", { name: "Edit milestone" });
      await expect(edit.getByLabel("Title *")).toHaveValue("Design approved");
      await edit.getByLabel("Title *").fill("Design signed off");
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(said(page, "Milestone updated")).toBeVisible();
      await expect(milestones.getByText("Design signed off", { exact: true })).toBeVisible();

      await page.getByRole("button", { name: "Delete Design signed off" }).click();
      const drop = page.getByRole("alertdialog", { name: "Delete milestone?" });
      await expect(
        drop.getByText("The milestone 'Design signed off' will be deleted."),
      ).toBeVisible();
      await drop.getByRole("button", { name: "Delete" }).click();
      await expect(said(page, "Milestone deleted")).toBeVisible();
      await expect(page.getByText("No milestones yet.")).toBeVisible();

      // Delete file.
      await page.getByRole("button", { name: "Delete Brief.pdf" }).click();
      const file = page.getByRole("alertdialog", { name: "Delete file?" });
      await expect(file.getByText("Brief.pdf and all its version will be deleted.")).toBeVisible();
      await file.getByRole("button", { name: "Delete" }).click();
      await expect(said(page, "Deleted Brief.pdf")).toBeVisible();
      await expect(page.getByText("No files yet.")).toBeVisible();
      await expectNotHydrated(page, mode);
    });

    test("Messages: New Message", async ({ page, user }) => {
      void user;
      const subject = `Without scripts ${mode} ${Date.now().toString(36)}`;
      await page.goto("/portal/messages");
      await page.getByRole("button", { name: "New Message" }).click();
      const dialog = page.getByRole("dialog", { name: "Send New Message" });
      await dialog.getByLabel("Subject *").fill(subject);
      await dialog.getByLabel("Message *").fill("   ");
      await dialog.getByRole("button", { name: "Send" }).click();
      await expect(dialog.getByText("Message is required")).toBeVisible();
      await expect(dialog.getByLabel("Subject *")).toHaveValue(subject);
      await dialog.getByLabel("Message *").fill("Can we move the launch to Friday?");
      await dialog.getByRole("button", { name: "Send" }).click();
      await expect(said(page, "Message sent successfully")).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(subject).first()).toBeVisible();
      await expectNotHydrated(page, mode);
    });

    test("Settings: Delete my account", async ({ page, baseURL }) => {
      const user = await createUser(page.context().request, baseURL ?? "");
      await page.goto("/portal/settings");
      await page.getByRole("button", { name: "Delete my account", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Delete my account" });
      await expect(
        dialog.getByText("Until then you can change your mind: signing in cancels the deletion.", {
          exact: false,
        }),
      ).toBeVisible();
      await dialog.getByLabel("Password").fill("not-my-password");
      await dialog.getByRole("button", { name: "Schedule deletion" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Password is incorrect");
      await dialog.getByLabel("Password").fill(user.password);
      await dialog.getByRole("button", { name: "Schedule deletion" }).click();
      await expect(page).toHaveURL(/\/auth/);
    });
  });
}

/**
 * `?dialog=…&item=<id>` about a row the list's first page does not hold (the list is a page at
 * a time): the page opens the dialog about that row all the same; an id the person may not see
 * is said plainly ('Project not found', a 404), never an empty page.
 */
for (const mode of ["JavaScript off", "hydrated"] as const) {
  test.describe(`a dialog about a row on a later page, ${mode}`, () => {
    test.use({ javaScriptEnabled: mode === "hydrated" });
    test(`Projects: Edit and Delete asked for by the address about a project on a later page (${mode})`, async ({
      signedInPage: page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const base = baseURL ?? "";
      const tag = Date.now().toString(36);
      const post = async (title: string) => {
        const res = await page.request.post("/portal/projects", {
          headers: { origin: base },
          form: { intent: "create", title },
        });
        expect(res.ok(), await res.text()).toBe(true);
      };
      const oldest = `Oldest ${tag}`;
      await post(oldest);
      const id = await page.request
        .get("/portal/projects")
        .then((r) => r.text())
        .then((html) => html.match(/\/portal\/projects\/([0-9a-f-]{36})/)?.[1] ?? "");
      expect(id).not.toBe("");
      // More than a page of newer projects: the oldest is no longer on the first page.
      for (let i = 0; i < PAGE_SIZE; i += 1) await post(`Newer ${tag} ${i}`);

      await page.goto(`/portal/projects?dialog=edit-project&item=${id}`);
      await expect(page.getByRole("link", { name: oldest })).toHaveCount(0);
      const edit = page.getByRole("dialog", { name: "Edit Project" });
      await expect(edit.getByLabel("Title *")).toHaveValue(oldest);
      await edit.getByLabel("Title *").fill(`${oldest} renamed`);
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Project updated successfully").first()).toBeVisible();

      await page.goto(`/portal/projects?dialog=delete-project&item=${id}`);
      const confirm = page.getByRole("alertdialog", { name: "Delete project?" });
      await expect(confirm).toBeVisible();

      // Not theirs, or gone: said plainly.
      const missing = await page.goto(
        "/portal/projects?dialog=edit-project&item=00000000-0000-4000-8000-000000000000",
      );
      expect(missing?.status()).toBe(404);
      await expect(page.getByText("Project not found")).toBeVisible();
      // A project's page holds every milestone and file: one the address names that is not
      // there is said plainly too.
      const none = "00000000-0000-4000-8000-000000000000";
      for (const [dialog, text] of [
        ["edit-milestone", "Milestone not found"],
        ["delete-milestone", "Milestone not found"],
        ["delete-file", "File not found"],
      ] as const) {
        const res = await page.goto(`/portal/projects/${id}?dialog=${dialog}&item=${none}`);
        expect(res?.status(), dialog).toBe(404);
        await expect(page.getByText(text)).toBeVisible();
      }
    });
  });
}
