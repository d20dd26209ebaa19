/**
 * The agency workspace end to end (issue 13): an administrator adds a client and invites its
 * contact, who joins through the mailed link; projects and the conversation are shared by the
 * client's contacts, live, and nobody of another client sees any of it. 'View as client' shows
 * the portal as the client sees it, with a way back.
 */
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import {
  collectConsoleErrors,
  createUser,
  expect,
  gotoLive,
  hydrated,
  signInAsAdmin,
  test,
  uniqueEmail,
} from "./fixtures";
import { waitForMail } from "./mail";

const PASSWORD = "contact-pass-1";

/** A person in their own browser context; their page's console errors fail the test. */
interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function newPerson(browser: Browser, baseURL: string): Promise<Person> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page, errors: collectConsoleErrors(page) };
}

/** The console errors that are answers the test asked for (4xx), as in fixtures.ts. */
function unexpected(errors: string[]) {
  return errors.filter(
    (e) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(e),
  );
}

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** A dashboard card's value ('Unread Messages', 'Total Projects' …). */
function card(page: Page, title: string): Locator {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
}

/** 'Clients' → 'New client' (company name) → the client's page. Returns its URL. */
async function createClient(admin: Page, name: string) {
  await admin.goto("/portal");
  await hydrated(admin);
  await admin
    .getByRole("navigation", { name: "Portal navigation" })
    .getByRole("link", { name: "Clients" })
    .click();
  await expect(admin).toHaveURL(/\/portal\/clients$/);
  await hydrated(admin);
  await admin.getByRole("button", { name: "New client" }).click();
  const dialog = admin.getByRole("dialog", { name: "New client" });
  await dialog.getByLabel("Company name").fill(name);
  await dialog.getByRole("button", { name: "Create" }).click();
  // The new client's page opens.
  await expect(admin).toHaveURL(/\/portal\/clients\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();
  return new URL(admin.url()).pathname;
}

/** On the client's page: 'Invite contact' (name, e-mail). */
async function inviteContact(admin: Page, clientPath: string, name: string, email: string) {
  await admin.goto(clientPath);
  await hydrated(admin);
  await admin.getByRole("button", { name: "Invite contact" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^E-?mail/i).fill(email);
  await dialog.getByRole("button", { name: /invite|send/i }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(email).first()).toBeVisible();
}

/** The invited person follows the mailed link, sets their name and password: in the portal. */
async function acceptInvitation(person: Person, email: string, name: string) {
  const mail = await waitForMail(email, /invit/i);
  const links = mail.text.match(/https?:\/\/[^\s>]+/g) ?? [];
  const link = links.find((l) => /invit/i.test(l)) ?? links[0];
  expect(link, mail.text).toBeTruthy();
  const { page } = person;
  await page.goto(link ?? "");
  await hydrated(page);
  const nameField = page.getByLabel(/name/i).first();
  await nameField.fill(name);
  const passwords = page.getByLabel(/password/i);
  for (let i = 0; i < (await passwords.count()); i++) await passwords.nth(i).fill(PASSWORD);
  await page.getByRole("button", { name: /accept|join|set|create|continue/i }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole("heading", { name: `Welcome back, ${name}!` })).toBeVisible();
}

/** 'New Project' in the Projects page, for a client when the person is an administrator. */
async function createProject(page: Page, title: string, clientName?: string) {
  await hydrated(page);
  await page.getByRole("button", { name: "New Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Project" });
  await dialog.getByLabel("Title *").fill(title);
  if (clientName) {
    const client = dialog.getByLabel(/^Client/);
    if ((await client.evaluate((el) => el.tagName)) === "SELECT") {
      await client.selectOption({ label: clientName });
    } else {
      await client.click();
      await page.getByRole("option", { name: clientName }).click();
    }
  }
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText("Project created successfully")).toBeVisible();
}

test.describe("the agency workspace", () => {
  test("invite a contact, share a project live, talk, and keep every other client out", async ({
    page: admin,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000); // five people, three invitations, live updates
    const base = baseURL ?? "";
    const stamp = Date.now().toString(36);
    const company = `Umoya Logistics ${stamp}`;
    const contact = { name: "Thandi Mokoena", email: uniqueEmail("thandi") };
    const colleague = { name: "Sibusiso Khumalo", email: uniqueEmail("sibusiso") };
    const projectTitle = `Route planner ${stamp}`;
    const subject = `Delivery windows ${stamp}`;
    const replyText = `We will have the first draft on Friday ${stamp}`;

    await signInAsAdmin(admin.request, base);
    const clientPath = await createClient(admin, company);

    // The contact joins through the mailed link.
    await inviteContact(admin, clientPath, contact.name, contact.email);
    const thandi = await newPerson(browser, base);
    const outsider = await newPerson(browser, base);
    const sibusiso = await newPerson(browser, base);
    try {
      await acceptInvitation(thandi, contact.email, contact.name);

      // The administrator creates a project for the client; the contact sees it appear.
      await gotoLive(thandi.page, "/portal/projects");
      await admin.goto("/portal/projects");
      await createProject(admin, projectTitle, company);
      await expect(thandi.page.getByRole("heading", { name: projectTitle })).toBeVisible({
        timeout: 10_000,
      });

      // The contact writes to the team.
      await thandi.page.goto("/portal/messages");
      await hydrated(thandi.page);
      await thandi.page.getByRole("button", { name: "New Message" }).click();
      const compose = thandi.page.getByRole("dialog", { name: "Send New Message" });
      await expect(compose.getByText("Send a message to the Kopano AI team")).toBeVisible();
      await compose.getByLabel("Subject *").fill(subject);
      await compose.getByLabel("Message *").fill("Can the planner avoid the N3 at peak hours?");
      await compose.getByRole("button", { name: "Send" }).click();
      await expect(toasts(thandi.page).getByText("Message sent successfully")).toBeVisible();
      // Her own message is read for her.
      const mine = thandi.page.getByRole("button", { name: new RegExp(subject) }).first();
      await expect(mine).toBeVisible();
      await expect(mine.getByText("New", { exact: true })).toHaveCount(0);

      // The administrator opens it and replies.
      await admin.goto("/portal/messages");
      await hydrated(admin);
      const received = admin.getByRole("button", { name: new RegExp(subject) }).first();
      await expect(received.getByText("New", { exact: true })).toBeVisible();
      await received.click();
      const details = admin.getByRole("region", { name: "Conversation" });
      await expect(details.getByText("Can the planner avoid the N3 at peak hours?")).toBeVisible();
      await expect(details.getByText(contact.name)).toBeVisible();
      await gotoLive(thandi.page, "/portal/messages");
      await details.getByRole("textbox", { name: "Reply" }).fill(replyText);
      await details.getByRole("button", { name: "Send" }).click();
      await expect(toasts(admin).getByText(/sent successfully/i)).toBeVisible();

      // The contact sees the conversation 'New' again (live), one unread on the dashboard.
      const replyItem = thandi.page
        .getByRole("listitem")
        .filter({ has: thandi.page.getByText(subject) })
        .filter({ has: thandi.page.getByText("New", { exact: true }) });
      await expect(replyItem).toHaveCount(1, { timeout: 10_000 });
      await thandi.page.goto("/portal");
      await expect(
        card(thandi.page, "Unread Messages").getByText("1", { exact: true }),
      ).toBeVisible();
      await expect(
        card(thandi.page, "Total Projects").getByText("1", { exact: true }),
      ).toBeVisible();

      // A contact of another client sees none of it.
      await createUser(outsider.context.request, base, { fullName: "Other Company Person" });
      await outsider.page.goto("/portal/projects");
      await expect(
        outsider.page.getByRole("heading", { name: "Projects", level: 1 }),
      ).toBeVisible();
      await expect(outsider.page.getByText(projectTitle)).toHaveCount(0);
      await outsider.page.goto("/portal/messages");
      await expect(outsider.page.getByText("No messages yet")).toBeVisible();
      await expect(outsider.page.getByText(subject)).toHaveCount(0);
      await outsider.page.goto("/portal");
      await expect(
        card(outsider.page, "Unread Messages").getByText("0", { exact: true }),
      ).toBeVisible();
      await expect(
        card(outsider.page, "Total Projects").getByText("0", { exact: true }),
      ).toBeVisible();
      // Guessing the first client's page is no way in.
      const guessed = await outsider.page.goto(clientPath);
      expect(guessed?.status()).toBeGreaterThanOrEqual(400);
      expect(guessed?.status()).toBeLessThan(500);
      await expect(outsider.page.getByText(company)).toHaveCount(0);

      // A second contact of the first client shares the projects and the conversation.
      await inviteContact(admin, clientPath, colleague.name, colleague.email);
      await acceptInvitation(sibusiso, colleague.email, colleague.name);
      await sibusiso.page.goto("/portal/projects");
      await expect(sibusiso.page.getByRole("heading", { name: projectTitle })).toBeVisible();
      await sibusiso.page.goto("/portal/messages");
      await expect(sibusiso.page.getByText(replyText)).toBeVisible();
      // The conversation is unread for him too (both its messages), until he opens it.
      await expect(sibusiso.page.getByText("2 unread")).toBeVisible();
      await sibusiso.page.goto("/portal");
      await expect(
        card(sibusiso.page, "Unread Messages").getByText("1", { exact: true }),
      ).toBeVisible();

      for (const person of [thandi, outsider, sibusiso]) {
        expect(unexpected(person.errors), "console errors in a person's page").toEqual([]);
      }
    } finally {
      await thandi.context.close();
      await outsider.context.close();
      await sibusiso.context.close();
    }
  });

  test("'View as client' shows the portal as the client sees it, with a banner and a way back", async ({
    page: admin,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    const company = `Ikhaya Foods ${stamp}`;
    const projectTitle = `Stock forecaster ${stamp}`;
    await signInAsAdmin(admin.request, baseURL ?? "");
    const clientPath = await createClient(admin, company);
    await admin.goto("/portal/projects");
    await createProject(admin, projectTitle, company);

    await admin.goto(clientPath);
    await hydrated(admin);
    await admin.getByRole("button", { name: "View as client" }).click();
    await expect(admin).toHaveURL(/\/portal$/);
    const stop = admin.getByRole("button", { name: "Stop viewing as client" });
    await expect(stop).toBeVisible();
    await expect(admin.getByText(new RegExp(`viewing .*${company}`, "i")).first()).toBeVisible();
    // The client's own portal: its project only, and no administrators' entries.
    await expect(card(admin, "Total Projects").getByText("1", { exact: true })).toBeVisible();
    await expect(admin.getByRole("heading", { name: projectTitle })).toBeVisible();
    await expect(
      admin
        .getByRole("navigation", { name: "Portal navigation" })
        .getByRole("link", { name: "Clients" }),
    ).toHaveCount(0);

    await hydrated(admin);
    await stop.click();
    await expect(admin).toHaveURL(new RegExp(`${clientPath}$`));
    await expect(admin.getByRole("button", { name: "Stop viewing as client" })).toHaveCount(0);
    await expect(admin.getByRole("heading", { name: company, level: 1 })).toBeVisible();
  });
});
