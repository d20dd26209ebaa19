import type { Page } from "@playwright/test";
import { addDays, todayInSouthAfrica } from "../../app/lib/dates";
import { expect, hydrated, signInAsAdmin, test, uniqueEmail } from "./fixtures";
import { waitForMail } from "./mail";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test("an administrator adds a client and invites a contact, who follows the mailed link into the portal", {
  tag: "@two-instances",
}, async ({ page, baseURL, browser }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page.request, baseURL ?? "");
  const company = `Umoya Solar ${Date.now()}`;
  await page.goto("/portal/clients");
  await hydrated(page);
  await page.getByRole("button", { name: "New client" }).click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  await dialog.getByLabel("Company name").fill(company);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/portal\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: company, level: 1 })).toBeVisible();
  await expect(toasts(page).getByText("Client created successfully")).toBeVisible();

  const email = uniqueEmail("contact");
  await hydrated(page);
  await page.getByRole("button", { name: "Invite contact" }).click();
  const invite = page.getByRole("dialog", { name: "Invite contact" });
  await invite.getByLabel("Name").fill("Lindiwe Zulu");
  await invite.getByLabel("Email").fill(email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toasts(page).getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Pending invitations" }).getByText(email, { exact: true }),
  ).toBeVisible();

  const mail = await waitForMail(email, /invited/);
  const link = mail.text.match(/https?:\/\/\S+\/invitation\/\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();

  // The contact, in a browser of their own.
  const context = await browser.newContext();
  const contact = await context.newPage();
  try {
    await contact.goto(new URL(link ?? "").pathname);
    await expect(contact.getByRole("heading", { name: `Join ${company}` })).toBeVisible();
    await expect(contact.getByLabel("Email")).toHaveValue(email);
    await expect(contact.getByLabel("Full Name")).toHaveValue("Lindiwe Zulu");
    await contact.getByLabel("Password").fill("a-good-password");
    await contact.getByRole("button", { name: "Create account and join" }).click();
    await expect(contact).toHaveURL(/\/portal$/);
    await expect(contact.getByRole("navigation", { name: "Portal navigation" })).toBeVisible();
    await contact.goto("/portal/settings");
    await expect(contact.getByLabel("Company name")).toHaveValue(company);
    // The link is used now: a clear page, not a crash.
    const again = await contact.goto(new URL(link ?? "").pathname);
    expect(again?.status()).toBe(410);
    await expect(contact.getByText("This invitation has already been used.")).toBeVisible();
  } finally {
    await context.close();
  }

  await page.reload();
  await expect(page.getByRole("list", { name: "Contacts" }).getByText(email)).toBeVisible();
  await expect(page.getByText("No pending invitations.")).toBeVisible();

  // 'View as client' from the client's page, and back to it.
  await page.getByRole("button", { name: "View as client" }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(
    page.getByRole("heading", { name: `Viewing as ${company} — read-only` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Stop viewing as client" }).click();
  await expect(page).toHaveURL(/\/portal\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: company, level: 1 })).toBeVisible();
});

test("a client created while another administrator's change arrives still opens its page", async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page.request, baseURL ?? "");
  const company = `Ilanga Foods ${Date.now()}`;
  await page.goto("/portal/clients");
  await hydrated(page);
  // The creation is held back until another administrator's change has reached this page.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/portal\/clients(\.data)?(\?.*)?$/, async (route) => {
    if (route.request().method() === "POST") await held;
    return route.fallback();
  });
  await page.getByRole("button", { name: "New client" }).click();
  const dialog = page.getByRole("dialog", { name: "New client" });
  await dialog.getByLabel("Company name").fill(company);
  const posted = page.waitForRequest((r) => r.method() === "POST");
  await dialog.getByRole("button", { name: "Create" }).click();
  await posted;
  // Another administrator (not this tab) creates a client: this page hears of it, and used to
  // reload the list at once, which made the router drop the new client's page.
  const reloaded = page
    .waitForRequest(
      (r) => r.method() === "GET" && new URL(r.url()).pathname === "/portal/clients.data",
      { timeout: 3_000 },
    )
    .catch(() => null);
  const other = await page.request.post("/portal/clients", {
    headers: { origin: baseURL ?? "" },
    form: { intent: "create", name: `Other admin's client ${Date.now()}` },
    maxRedirects: 0,
  });
  expect(other.status(), await other.text()).toBeLessThan(400);
  await reloaded;
  release();
  await expect(page).toHaveURL(/\/portal\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: company, level: 1 })).toBeVisible();
});

test("an administrator converts a quote request: the client and its first project appear", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const name = `Quote ${Date.now()}`;
  const start = addDays(todayInSouthAfrica(), 10);
  await page.goto("/pricing");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Request a custom quote" });
  await form.getByLabel("Package").selectOption("Growth");
  const values: Record<string, string> = {
    Name: name,
    Email: uniqueEmail("quote"),
    Phone: "082 555 0199",
    Address: "12 Long Street, Cape Town",
    "Project Start Date": start,
    "Project Finish Date": addDays(start, 30),
    Message: "A WhatsApp assistant for our three stores.",
  };
  for (const [label, value] of Object.entries(values)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole("button", { name: "Request Quote" }).click();
  await expect(toasts(page).getByText("Quote Request Sent!")).toBeVisible();

  await signInAsAdmin(page.request, baseURL ?? "");
  await page.goto("/portal/leads?kind=quote");
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await hydrated(page);
  // A preview first: nothing is made or mailed until the administrator confirms.
  await page.getByRole("link", { name: "Convert to client" }).click();
  await expect(
    page.getByRole("heading", { name: `Convert ${name} to a client`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByLabel("Client name")).toHaveValue(name);
  await expect(page.getByLabel(`Invite ${values.Email}`)).toBeChecked();
  await expect(page.getByLabel("Create a first project")).toBeChecked();
  await expect(page.getByLabel("Project title")).toHaveValue("Growth Package");
  await expect(page.getByText("Message: A WhatsApp assistant for our three stores.")).toBeVisible();
  await page.getByLabel("Project description").fill("WhatsApp assistant, phase one.");
  await page.getByRole("button", { name: "Confirm and convert" }).click();
  await expect(page).toHaveURL(/\/portal\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  // The phone and address are the client's now; the quote's words are the agency's note.
  await expect(page.getByText("082 555 0199")).toBeVisible();
  await expect(page.getByText("12 Long Street, Cape Town")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Projects" }).getByText("Growth Package"),
  ).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Pending invitations" })
      .getByText(values.Email ?? "", { exact: true }),
  ).toBeVisible();
  // Both ways: the client names its lead, the lead its client.
  await page.getByRole("link", { name: `Converted from the lead of ${name}` }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Convert to client" })).toHaveCount(0);
  await expect(page.getByRole("link", { name })).toBeVisible();
  // The client is in the Clients list, found by its name.
  await page.goto(`/portal/clients?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("link", { name })).toBeVisible();
});

test("a contact cannot open the Clients pages, and sees no 'Clients' entry", async ({
  signedInPage: page,
}) => {
  await page.goto("/portal");
  await expect(
    page
      .getByRole("navigation", { name: "Portal navigation" })
      .getByRole("link", { name: "Clients" }),
  ).toHaveCount(0);
  const res = await page.goto("/portal/clients");
  expect(res?.status()).toBe(403);
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test("a forged invitation link gets a clear page with 404", async ({ page }) => {
  const res = await page.goto(`/invitation/${"A".repeat(43)}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByText("This invitation link is not valid.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to sign in" })).toBeVisible();
});
