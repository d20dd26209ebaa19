import type { Browser, BrowserContext, Page } from "@playwright/test";
import { ADMIN, createUser, expect, gotoLive, hydrated, signInAsAdmin, test } from "./fixtures";
import { waitForMail } from "./mail";

/**
 * The agency's side of the shared work (issue 13): an administrator filters by client, creates a
 * project for a client, reads and replies to the client's messages, and views the portal as the
 * client. The contacts see it live; another client sees none of it.
 */

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

async function contact(browser: Browser, baseURL: string, fullName: string) {
  const context = await browser.newContext({ baseURL });
  await createUser(context.request, baseURL, { fullName });
  return context;
}

/** The id of the client named `name`, from the administrators' Client filter. */
async function clientIdOf(page: Page, name: string) {
  return page
    .getByRole("form", { name: /^Filter/ })
    .getByLabel("Client")
    .locator("option", { hasText: name })
    .getAttribute("value");
}

test("an administrator works across clients; each client's contacts see their own, live", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "";
  const stamp = Date.now().toString(36);
  const clientName = `Thandi Zulu ${stamp}`;
  const contexts: BrowserContext[] = [];
  try {
    const thandi = await contact(browser, base, clientName);
    const other = await contact(browser, base, `Other Client ${stamp}`);
    const staff = await browser.newContext({ baseURL });
    contexts.push(thandi, other, staff);
    await signInAsAdmin(staff.request, base);

    const contactPage = await thandi.newPage();
    const otherPage = await other.newPage();
    await gotoLive(contactPage, "/portal/projects");
    await gotoLive(otherPage, "/portal/projects");

    // Projects: the filter is a real GET form; the dialog's Client field starts at the filter.
    const admin = await staff.newPage();
    await admin.goto("/portal/projects");
    await hydrated(admin);
    const filter = admin.getByRole("form", { name: "Filter projects" });
    await filter.getByLabel("Client").selectOption({ label: clientName });
    await filter.getByRole("button", { name: "Filter" }).click();
    await expect(admin).toHaveURL(/\?client=[0-9a-f-]{36}$/);
    await expect(admin.getByText("No projects yet")).toBeVisible();
    await hydrated(admin);
    await admin.getByRole("button", { name: "New Project" }).click();
    const create = admin.getByRole("dialog", { name: "Create New Project" });
    await expect(create.getByLabel("Client *")).toHaveValue(/[0-9a-f-]{36}/);
    await create.getByLabel("Title *").fill(`Booking bot ${stamp}`);
    await create.getByRole("button", { name: "Create" }).click();
    await expect(toasts(admin).getByText("Project created successfully")).toBeVisible();
    const card = admin.getByRole("listitem").filter({ hasText: `Booking bot ${stamp}` });
    await expect(card.getByText(clientName)).toBeVisible();
    await expect(admin.getByText("1 project · 1 active · 0 completed")).toBeVisible();

    // The client's contact sees it appear without reloading; the other client never does.
    await expect(contactPage.getByRole("heading", { name: `Booking bot ${stamp}` })).toBeVisible();
    await otherPage.reload();
    await expect(otherPage.getByText(`Booking bot ${stamp}`)).toHaveCount(0);

    // The contact writes to the team about that project.
    await contactPage.goto("/portal/messages");
    await hydrated(contactPage);
    await contactPage.getByRole("button", { name: "New Message" }).click();
    const compose = contactPage.getByRole("dialog", { name: "Send New Message" });
    await expect(compose.getByText("Send a message to the Kopano AI team")).toBeVisible();
    await compose.getByLabel("Subject *").fill(`Opening hours ${stamp}`);
    await compose.getByLabel("Message *").fill("Can the bot take bookings on Sundays?");
    await compose.getByLabel("Project").selectOption({ label: `Booking bot ${stamp}` });
    await compose.getByRole("button", { name: "Send" }).click();
    await expect(toasts(contactPage).getByText("Message sent successfully")).toBeVisible();
    const mail = await waitForMail(ADMIN.email, new RegExp(`Opening hours ${stamp}`));
    const link = mail.plain.match(/https?:\/\/\S+\/portal\/messages\?id=[0-9a-f-]{36}/)?.[0];
    expect(link, mail.plain).toBeTruthy();

    // The administrator follows the mail's link, sees it 'New' in the client's inbox, replies.
    await admin.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    const details = admin.getByRole("region", { name: "Conversation" });
    await expect(details.getByText("Can the bot take bookings on Sundays?")).toBeVisible();
    await expect(details.getByText(`Project: Booking bot ${stamp}`)).toBeVisible();
    // The client's name above the thread, and as the writer (the contact's client is named after them).
    await expect(details.getByText(clientName)).toHaveCount(2);
    await hydrated(admin);
    await details.getByRole("textbox", { name: "Reply" }).fill("Yes, from 9:00 to 13:00.");
    await details.getByRole("button", { name: "Send" }).click();
    await expect(toasts(admin).getByText("Message sent successfully")).toBeVisible();
    await expect(details.getByRole("article")).toHaveCount(2);

    // The contact's inbox shows the conversation 'New' without reloading; the dashboard counts it.
    const answer = contactPage.getByRole("button", {
      name: new RegExp(`Opening hours ${stamp}`),
    });
    await expect(answer.getByText("New", { exact: true })).toBeVisible();
    await expect(answer).toContainText("Yes, from 9:00 to 13:00.");
    await contactPage.goto("/portal");
    const unread = contactPage
      .getByRole("listitem")
      .filter({ has: contactPage.getByRole("heading", { name: "Unread Messages" }) });
    await expect(unread.getByText("1", { exact: true })).toBeVisible();
    await otherPage.goto("/portal/messages");
    await expect(otherPage.getByText("No messages yet")).toBeVisible();

    // The administrator's dashboard has a fifth card: Clients.
    await admin.goto("/portal");
    await expect(admin.getByRole("heading", { name: "Clients", level: 2 })).toBeVisible();

    // View as the client: the banner, no write controls, and the way back.
    await admin.goto("/portal/projects");
    const clientId = await clientIdOf(admin, clientName);
    const started = await staff.request.post("/portal/view-as", {
      headers: { origin: base },
      form: { intent: "start", clientId: clientId ?? "" },
      maxRedirects: 0,
    });
    expect(started.status()).toBe(302);
    await admin.goto("/portal/projects");
    const banner = admin.getByRole("region", { name: `Viewing as ${clientName} — read-only` });
    await expect(banner).toBeVisible();
    await expect(admin.getByRole("heading", { name: `Booking bot ${stamp}` })).toBeVisible();
    await expect(admin.getByRole("button", { name: "New Project" })).toHaveCount(0);
    await expect(admin.getByRole("button", { name: /^Edit / })).toHaveCount(0);
    await expect(admin.getByRole("form", { name: "Filter projects" })).toHaveCount(0);
    await admin.goto("/portal/messages");
    await expect(admin.getByRole("button", { name: "New Message" })).toHaveCount(0);
    await hydrated(admin);
    await banner.getByRole("button", { name: "Stop viewing as client" }).click();
    await expect(admin).toHaveURL(/\/portal\/clients/);
    await expect(banner).toHaveCount(0);
  } finally {
    for (const c of contexts) await c.close();
  }
});
