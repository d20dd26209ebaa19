/**
 * Notifications in the portal (issue 31, step 2): the agency marks a deliverable 'Ready for
 * review'; the client's contact sees the bell's count change without reloading, gets one e-mail
 * (a text and an HTML part, the link to the place, a one-click unsubscribe), reads the list
 * (what, who, when) without JavaScript, marks everything read, and opens the notification at the
 * exact place. (The server groups notification mail for 2 seconds: scripts/e2e-server.sh.)
 */
import { ADMIN, createUser, expect, gotoLive, hydrated, signInAsAdmin, test } from "./fixtures";
import { countMails, waitForMail } from "./mail";

test("a review request reaches the contact's bell live; the list works without JavaScript", {
  tag: "@two-instances",
}, async ({ page: adminPage, browser, baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  const contactContext = await browser.newContext({ baseURL: base });
  const contact = await contactContext.newPage();
  const naledi = await createUser(contact.request, base, { fullName: "Naledi Contact" });
  const created = await contact.request.post("/portal/projects", {
    headers: { origin: base },
    form: { intent: "create", title: "Brand refresh" },
  });
  expect(created.status()).toBe(200);
  await contact.goto("/portal/projects");
  await contact.getByRole("link", { name: "Brand refresh" }).click();
  await expect(contact.getByRole("heading", { level: 1, name: "Brand refresh" })).toBeVisible();
  const projectUrl = new URL(contact.url()).pathname;

  // The contact waits on the dashboard: nothing unread yet.
  await gotoLive(contact, "/portal");
  await hydrated(contact);
  await expect(contact.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();

  // The agency uploads a design and marks it ready for review.
  await signInAsAdmin(adminPage.request, base);
  await adminPage.goto(projectUrl);
  await hydrated(adminPage);
  await adminPage.getByLabel("Files to upload").setInputFiles({
    name: "Logo.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n% logo\n"),
  });
  const versions = adminPage.getByRole("list", { name: "Versions of Logo.pdf" });
  await expect(versions).toBeVisible();
  await versions.getByRole("button", { name: /Ready for review/ }).click();
  await expect(versions.getByText("Ready for review", { exact: true })).toBeVisible();

  // The contact's bell counts it, without a reload.
  const unreadBell = contact.getByRole("link", { name: "Notifications, 1 unread" });
  await expect(unreadBell).toBeVisible();

  // One e-mail: what is up for review, the link to it, a one-click unsubscribe for its kind.
  const subject = /Subject: Ready for review: Logo\.pdf \(version 1\)/;
  const mail = await waitForMail(naledi.email, subject);
  expect(mail.headers).toMatch(
    /^List-Unsubscribe: <https?:\/\/\S+\/notifications\/unsubscribe\?token=/m,
  );
  expect(mail.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  expect(mail.headers).toMatch(/multipart\/alternative/);
  expect(mail.plain).toContain(projectUrl);
  expect(await countMails(naledi.email, subject)).toBe(1);

  // Without JavaScript: the list says what, who and when, and 'Mark all as read' works.
  const noScript = await browser.newContext({
    baseURL: base,
    javaScriptEnabled: false,
    storageState: await contactContext.storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto("/portal/notifications");
  await expect(plain.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const item = plain.getByTestId("notification").first();
  await expect(item).toContainText("Ready for review");
  await expect(item).toContainText("Logo.pdf (version 1)");
  await expect(item).toContainText(ADMIN.fullName);
  await expect(item).toContainText("(unread)");
  await plain.getByRole("button", { name: "Mark all as read" }).click();
  await expect(plain.getByText("All notifications marked as read")).toBeVisible();
  await expect(plain.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
  await expect(plain.getByTestId("notification").first()).not.toContainText("(unread)");
  await noScript.close();

  // The contact's open tab hears of it: the bell has nothing unread.
  await expect(contact.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();

  // From the bell to the list, and from the notification to the exact place.
  await contact.getByRole("link", { name: "Notifications", exact: true }).click();
  await expect(contact.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await contact.getByTestId("notification").first().click();
  await expect(contact).toHaveURL(new RegExp(`${projectUrl}#file-[0-9a-f-]{36}$`));
  await expect(contact.getByRole("heading", { level: 1, name: "Brand refresh" })).toBeVisible();
  await contactContext.close();
});

test("a phone-sized portal header still shows the bell", async ({ signedInPage: page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/portal");
  const bell = page.getByRole("link", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const box = await bell.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
});
