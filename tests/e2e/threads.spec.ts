/**
 * Conversations (issue 37, point 2; decision 068): a message and its replies are one thread.
 * The inbox lists conversations; the details panel shows the whole thread oldest first with a
 * composer at its foot (Enter sends, Shift+Enter adds a line; a plain form without scripts);
 * the unread count beside Messages and in the title counts conversations and clears when one
 * is opened. Both sides: a contact and the agency's team. A message carries files (decision 087):
 * shown under it, downloaded byte for byte by those who read the conversation, refused with a
 * clear message that keeps what was typed; without JavaScript too.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { formatFileSize } from "../../app/lib/files";
import { expectNoAxeViolations } from "./axe";
import {
  createUser,
  expect,
  gotoLive,
  hydrated,
  replyAsTeam,
  signInAsAdmin,
  test,
} from "./fixtures";

const inbox = (page: Page) => page.getByRole("list", { name: "Conversations" });
const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });
const sidebarMessages = (page: Page) =>
  page
    .getByRole("navigation", { name: "Portal navigation" })
    .getByRole("link", { name: "Messages" });
const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** Start a conversation as the page's person; returns its subject. */
async function startConversation(page: Page, baseURL: string, content: string) {
  const subject = `Thread ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const sent = await page.request.post("/portal/messages", {
    headers: { origin: baseURL },
    form: { intent: "send", subject, content },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return subject;
}

/** A small PDF whose bytes say what it is. */
const pdf = (label: string) =>
  Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from(`${label} `.repeat(1500))]);
/** Not a type the portal accepts (a Windows program's first bytes). */
const EXE = {
  name: "tool.exe",
  mimeType: "application/octet-stream",
  buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]),
};

/** The id of the conversation with `subject` in the inbox (its GET form names it). */
async function threadIdOf(page: Page, subject: string) {
  await page.goto("/portal/messages");
  const item = page.getByRole("button", { name: new RegExp(subject) });
  return page.locator("form", { has: item }).locator("input[name=id]").inputValue();
}

/** The open conversation's last message's attachments. */
const lastAttachments = (thread: Locator) =>
  thread.getByRole("article").last().getByRole("list", { name: "Attachments" });

/** The text of each message in the open conversation (once it shows `count`), line breaks kept. */
async function messageTexts(thread: Locator, count: number) {
  await expect(thread.getByRole("article")).toHaveCount(count);
  return thread.getByRole("article").locator("p").allTextContents();
}

test("a contact reads the team's reply in one conversation and answers inline: Shift+Enter adds a line, Enter sends", async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  const subject = await startConversation(page, baseURL ?? "", "When can we start?");
  await page.goto("/portal/messages");
  const item = page.getByRole("button", { name: new RegExp(subject) });
  await replyAsTeam(browser, baseURL ?? "", page, item, "Friday suits us.");

  // The reply did not start a second inbox item: one conversation, one unread message in it.
  await page.reload();
  await expect(inbox(page).getByRole("listitem")).toHaveCount(1);
  await expect(item).toContainText(subject);
  await expect(item).toContainText("Friday suits us.");
  await expect(item).toContainText("Kopano AI");
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  await expect(item.getByText("1 unread")).toBeVisible();
  await expect(sidebarMessages(page)).toHaveAccessibleName("Messages 1 unread");
  await expect(page).toHaveTitle(/^\(1\) Messages/);

  // Opening it shows the whole thread, oldest first, and reads it.
  await item.click();
  const thread = conversation(page);
  await expect(thread.getByRole("heading", { name: subject })).toBeVisible();
  await expect(thread.getByRole("article")).toHaveCount(2);
  expect(await messageTexts(thread, 2)).toEqual(["When can we start?", "Friday suits us."]);
  await expect(sidebarMessages(page)).toHaveAccessibleName("Messages");
  await expect(page).not.toHaveTitle(/^\(\d+\)/);
  await expect(item.getByText("New", { exact: true })).toHaveCount(0);

  const reply = thread.getByRole("textbox", { name: "Reply" });
  await reply.click();
  await page.keyboard.type("Friday is good.");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("We will bring the plan.");
  await expect(reply).toHaveValue("Friday is good.\nWe will bring the plan.");
  await page.keyboard.press("Enter");
  await expect(toasts(page).getByText("Message sent successfully")).toBeVisible();
  await expect(thread.getByRole("article")).toHaveCount(3);
  expect((await messageTexts(thread, 3)).at(-1)).toBe("Friday is good.\nWe will bring the plan.");
  await expect(reply).toHaveValue("");
  // Still one conversation, its newest message first in the inbox; nothing unread for its writer.
  await expect(inbox(page).getByRole("listitem")).toHaveCount(1);
  await expect(item).toContainText("Friday is good.");
  await expect(sidebarMessages(page)).toHaveAccessibleName("Messages");
});

/**
 * The team's unread count, once the sidebar and the tab's title agree on it. The team's count is
 * every client's and other journeys write to the team while this one runs (CI failed on a count
 * foretold as 'before - 1' while it rose from 7 to 10), so it is read, not foretold.
 */
async function teamUnread(admin: Page): Promise<number> {
  let count = -1;
  await expect(async () => {
    const n = Number(/^\((\d+)\) /.exec(await admin.title())?.[1] ?? 0);
    await expect(sidebarMessages(admin)).toHaveAccessibleName(
      n > 0 ? `Messages ${n} unread` : "Messages",
      { timeout: 500 },
    );
    count = n;
  }).toPass();
  return count;
}

test("the team sees a contact's conversation as one item, opens it, and the contact sees the answer arrive in the thread", async ({
  signedInPage: contact,
  browser,
  baseURL,
}) => {
  const subject = await startConversation(contact, baseURL ?? "", "Is the invoice paid?");
  await contact.goto("/portal/messages");
  const mine = contact.getByRole("button", { name: new RegExp(subject) });
  const threadId = await contact
    .locator("form", { has: mine })
    .locator("input[name=id]")
    .inputValue();
  // The contact writes again in the same conversation before the team has read it.
  const again = await contact.request.post("/portal/messages", {
    headers: { origin: baseURL ?? "" },
    form: { intent: "reply", id: threadId, content: "And the deposit?" },
  });
  expect(again.ok()).toBe(true);

  const staff = await browser.newContext({ baseURL });
  try {
    await signInAsAdmin(staff.request, baseURL ?? "");
    const admin = await staff.newPage();
    await admin.goto("/portal/messages");
    await hydrated(admin);
    const item = admin.getByRole("button", { name: new RegExp(subject) });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("And the deposit?");
    await expect(item.getByText("2 unread")).toBeVisible();
    // The team's count is every client's: it holds this conversation once, in the title too.
    // Other journeys write to the team at the same time, so the count is read, not foretold.
    expect(await teamUnread(admin)).toBeGreaterThanOrEqual(1);

    await gotoLive(contact, `/portal/messages?id=${threadId}`);
    await hydrated(contact);
    await item.click();
    const thread = conversation(admin);
    expect(await messageTexts(thread, 2)).toEqual(["Is the invoice paid?", "And the deposit?"]);
    await expect(item.getByText("New", { exact: true })).toHaveCount(0);
    await expect(item.getByText("2 unread")).toHaveCount(0);
    await teamUnread(admin);

    const reply = thread.getByRole("textbox", { name: "Reply" });
    await reply.fill("Both are paid.");
    await reply.press("Enter");
    await expect(toasts(admin).getByText("Message sent successfully")).toBeVisible();
    await expect(thread.getByRole("article")).toHaveCount(3);

    // The contact, with the conversation open, sees the answer arrive in it (live).
    const theirs = conversation(contact);
    await expect(theirs.getByRole("article")).toHaveCount(3);
    await expect(theirs.getByRole("article").last()).toContainText("Both are paid.");
    await expect(theirs.getByRole("article").last()).toContainText("Kopano AI");
    await expect(inbox(contact).getByRole("listitem")).toHaveCount(1);
  } finally {
    await staff.close();
  }
});

test("a notification's link opens the conversation at its message", async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  const subject = await startConversation(page, baseURL ?? "", "Where is the logo?");
  await page.goto("/portal/messages");
  const item = page.getByRole("button", { name: new RegExp(subject) });
  await replyAsTeam(browser, baseURL ?? "", page, item, "In the project's files.");
  await page.goto("/portal/notifications");
  await page.getByRole("link", { name: new RegExp(`Re: ${subject}`) }).click();
  await expect(page).toHaveURL(/\/portal\/messages\?id=[0-9a-f-]{36}#message-[0-9a-f-]{36}$/);
  const thread = conversation(page);
  expect(await messageTexts(thread, 2)).toEqual(["Where is the logo?", "In the project's files."]);
  const target = new URL(page.url()).hash.slice(1);
  await expect(page.locator(`li#${target}`)).toContainText("In the project's files.");
  await expect(sidebarMessages(page)).toHaveAccessibleName("Messages");
});

test("the thread view has no axe violations in either palette", async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  const subject = await startConversation(page, baseURL ?? "", "Shall we review the numbers?");
  await page.goto("/portal/messages");
  const item = page.getByRole("button", { name: new RegExp(subject) });
  await replyAsTeam(browser, baseURL ?? "", page, item, "Yes, on Friday.");
  await page.reload();
  await expectNoAxeViolations(page, "messages, one unread conversation");
  await item.click();
  await expect(conversation(page).getByRole("article")).toHaveCount(2);
  await expectNoAxeViolations(page, "messages, a conversation open");
});

test("a contact attaches files to a reply: a refused file keeps the text, the sent ones show under the message and download byte for byte on both sides, and nobody else gets them", async ({
  signedInPage: page,
  browser,
  baseURL,
}) => {
  const subject = await startConversation(page, baseURL ?? "", "The brief follows.");
  const threadId = await threadIdOf(page, subject);
  await gotoLive(page, `/portal/messages?id=${threadId}`);
  await hydrated(page);
  const thread = conversation(page);
  await expect(thread.getByRole("article")).toHaveCount(1);
  const reply = thread.getByRole("textbox", { name: "Reply" });
  const attach = thread.getByLabel("Attach files");

  // A chosen file is uploaded at once, resumable (decision 133). A refused type: a clear
  // message under the field, nothing sent, what was typed still there.
  await reply.fill("Here it is.");
  await attach.setInputFiles(EXE);
  const attached = thread.getByRole("list", { name: "Attached files" });
  await expect(
    attached.getByRole("alert").getByText('"tool.exe" is not a type of file we accept'),
  ).toBeVisible();
  await expect(thread.getByRole("article")).toHaveCount(1);
  await expect(reply).toHaveValue("Here it is.");
  await attached.getByRole("button", { name: "Remove tool.exe" }).click();
  await expect(attached).toHaveCount(0);

  const brief = pdf("brief");
  const notes = Buffer.from("Plain notes for the team\n");
  await attach.setInputFiles([
    { name: "Brief.pdf", mimeType: "application/pdf", buffer: brief },
    { name: "Notes.txt", mimeType: "text/plain", buffer: notes },
  ]);
  await expect(attached.getByRole("listitem")).toHaveCount(2);
  await expect(attached.getByText("Uploaded")).toHaveCount(2);
  await reply.press("Enter");
  await expect(toasts(page).getByText("Message sent successfully")).toBeVisible();
  await expect(thread.getByRole("article")).toHaveCount(2);
  const files = lastAttachments(thread);
  await expect(files.getByRole("listitem")).toHaveCount(2);
  await expect(files.getByRole("listitem").first()).toContainText(
    `Brief.pdf (${formatFileSize(brief.length)})`,
  );
  await expect(reply).toHaveValue("");
  // The sent files leave the form with it.
  await expect(attached).toHaveCount(0);

  // Downloaded as a file, byte for byte.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    files.getByRole("link", { name: "Brief.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Brief.pdf");
  expect((await readFile(await download.path())).equals(brief)).toBe(true);
  const href = (await files.getByRole("link", { name: "Notes.txt" }).getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/portal\/messages\/files\/[0-9a-f-]{36}$/);

  // The team sees them in the thread and gets the same bytes.
  const staff = await browser.newContext({ baseURL });
  const stranger = await browser.newContext({ baseURL });
  try {
    await signInAsAdmin(staff.request, baseURL ?? "");
    const admin = await staff.newPage();
    await admin.goto(`/portal/messages?id=${threadId}`);
    await expect(lastAttachments(conversation(admin)).getByRole("link")).toHaveText([
      "Brief.pdf",
      "Notes.txt",
    ]);
    const got = await staff.request.get(href);
    expect(got.status()).toBe(200);
    expect((await got.body()).equals(notes)).toBe(true);
    // Another client's contact: not found.
    await createUser(stranger.request, baseURL ?? "");
    expect((await stranger.request.get(href)).status()).toBe(404);
  } finally {
    await staff.close();
    await stranger.close();
  }
});

test("a conversation's link opened signed out opens it after signing in, on both sides", async ({
  signedInPage: page,
  user,
  browser,
  baseURL,
}) => {
  const subject = await startConversation(page, baseURL ?? "", "Please read this first.");
  const threadId = await threadIdOf(page, subject);
  const link = `/portal/messages?id=${threadId}`;
  const signInThrough = async (who: Page, email: string, password: string) => {
    await who.goto(link);
    await expect(who).toHaveURL(`/auth?next=${encodeURIComponent(link)}`);
    await hydrated(who);
    await who.getByLabel("Email").fill(email);
    await who.getByLabel("Password").fill(password);
    await who.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(who).toHaveURL(link);
    await expect(conversation(who).getByRole("heading", { name: subject })).toBeVisible();
  };
  await page.context().clearCookies();
  await signInThrough(page, user.email, user.password);

  const staff = await browser.newContext({ baseURL });
  try {
    // The team's account exists (and is proven) before it signs in through the link.
    const admin = await signInAsAdmin(staff.request, baseURL ?? "");
    await staff.clearCookies();
    await signInThrough(await staff.newPage(), admin.email, admin.password);
  } finally {
    await staff.close();
  }
});

test("a conversation with attachments has no axe violations in either palette", async ({
  signedInPage: page,
  baseURL,
}) => {
  const subject = await startConversation(page, baseURL ?? "", "Two files for you.");
  const threadId = await threadIdOf(page, subject);
  const sent = await page.request.post("/portal/messages", {
    headers: { origin: baseURL ?? "" },
    multipart: {
      intent: "reply",
      id: threadId,
      content: "And a third.",
      files: { name: "Logo.pdf", mimeType: "application/pdf", buffer: pdf("logo") },
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await page.goto(`/portal/messages?id=${threadId}`);
  await expect(lastAttachments(conversation(page)).getByRole("link")).toHaveText(["Logo.pdf"]);
  await expectNoAxeViolations(page, "messages, a conversation with attachments");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the reply is a plain form; the count is in the HTML and opening clears it", async ({
    signedInPage: page,
    browser,
    baseURL,
  }) => {
    const subject = await startConversation(page, baseURL ?? "", "Any news?");
    await page.goto("/portal/messages");
    const item = page.getByRole("button", { name: new RegExp(subject) });
    await replyAsTeam(browser, baseURL ?? "", page, item, "Yes: it is done.");
    await page.goto("/portal/messages");
    await expect(sidebarMessages(page)).toHaveAccessibleName("Messages 1 unread");
    await expect(page).toHaveTitle(/^\(1\) Messages/);
    await item.click();
    await expect(sidebarMessages(page)).toHaveAccessibleName("Messages");
    await expect(page).toHaveTitle(/^Messages \| Portal/);

    const thread = conversation(page);
    await thread.getByRole("textbox", { name: "Reply" }).fill("Thank you,\nsent without scripts.");
    await thread.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("status").getByText("Message sent successfully")).toBeVisible();
    expect(await messageTexts(conversation(page), 3)).toEqual([
      "Any news?",
      "Yes: it is done.",
      "Thank you,\nsent without scripts.",
    ]);
    await expect(inbox(page).getByRole("listitem")).toHaveCount(1);
  });

  test("a reply carries files as a plain multipart form; a refused one keeps the text", async ({
    signedInPage: page,
    baseURL,
  }) => {
    const subject = await startConversation(page, baseURL ?? "", "The plan, please.");
    const threadId = await threadIdOf(page, subject);
    await page.goto(`/portal/messages?id=${threadId}`);
    const thread = conversation(page);
    await thread.getByRole("textbox", { name: "Reply" }).fill("Attached,\nwithout scripts.");
    await thread.getByLabel("Attach files").setInputFiles(EXE);
    await thread.getByRole("button", { name: "Send" }).click();
    await expect(
      page.getByRole("alert").getByText('"tool.exe" is not a type of file we accept'),
    ).toBeVisible();
    await expect(conversation(page).getByRole("article")).toHaveCount(1);
    await expect(conversation(page).getByRole("textbox", { name: "Reply" })).toHaveValue(
      "Attached,\nwithout scripts.",
    );

    const plan = pdf("plan");
    await conversation(page)
      .getByLabel("Attach files")
      .setInputFiles({ name: "Plan.pdf", mimeType: "application/pdf", buffer: plan });
    await conversation(page).getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("status").getByText("Message sent successfully")).toBeVisible();
    expect(await messageTexts(conversation(page), 2)).toEqual([
      "The plan, please.",
      "Attached,\nwithout scripts.",
    ]);
    const link = lastAttachments(conversation(page)).getByRole("link", { name: "Plan.pdf" });
    await expect(link).toBeVisible();
    const got = await page.request.get((await link.getAttribute("href")) ?? "");
    expect(got.status()).toBe(200);
    expect((await got.body()).equals(plan)).toBe(true);
  });
});
