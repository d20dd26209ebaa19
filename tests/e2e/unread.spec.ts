/**
 * Unread where people look (issue 37, point 5): the count beside 'Messages' in the sidebar and
 * at the start of the tab's title, on every portal page; opening the conversation clears it.
 */
import { expect, hydrated, replyAsTeam, test } from "./fixtures";

test("a reply from the team shows beside Messages and in the title until it is opened", {
  tag: "@two-instances",
}, async ({ signedInPage: page, browser, baseURL }) => {
  const subject = `Unread count ${Date.now().toString(36)}`;
  const sent = await page.request.post("/portal/messages", {
    headers: { origin: baseURL ?? "" },
    form: { intent: "send", subject, content: "When is the launch?" },
  });
  expect(sent.ok()).toBe(true);
  await page.goto("/portal/messages");
  const mine = page.getByRole("button", { name: new RegExp(subject) });
  await replyAsTeam(browser, baseURL ?? "", page, mine, "Launch is on Friday.");

  const sidebar = page.getByRole("navigation", { name: "Portal navigation" });
  const messages = sidebar.getByRole("link", { name: "Messages" });
  for (const path of ["/portal", "/portal/projects", "/portal/messages"]) {
    await page.goto(path);
    await expect(messages, path).toHaveAccessibleName("Messages 1 unread");
    await expect(page, path).toHaveTitle(/^\(1\) /);
  }

  // Opening the reply reads it: the count goes at once, here and in the title.
  await hydrated(page);
  await page
    .getByRole("list", { name: "Conversations" })
    .getByRole("button", { name: /Launch is on Friday/ })
    .click();
  await expect(page).toHaveURL(/\?id=/);
  await expect(messages).toHaveAccessibleName("Messages");
  await expect(page).not.toHaveTitle(/^\(\d+\)/);
  await page.goto("/portal");
  await expect(messages).toHaveAccessibleName("Messages");
  await expect(page).toHaveTitle(/^Dashboard \| Portal/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the count is in the first HTML, and opening the message clears it", async ({
    signedInPage: page,
    browser,
    baseURL,
  }) => {
    const subject = `Unread plain ${Date.now().toString(36)}`;
    await page.request.post("/portal/messages", {
      headers: { origin: baseURL ?? "" },
      form: { intent: "send", subject, content: "Any news?" },
    });
    await page.goto("/portal/messages");
    const list = page.getByRole("list", { name: "Conversations" });
    await replyAsTeam(
      browser,
      baseURL ?? "",
      page,
      page.getByRole("button", { name: new RegExp(subject) }),
      "Yes: it is done.",
    );
    await page.goto("/portal/settings");
    const messages = page
      .getByRole("navigation", { name: "Portal navigation" })
      .getByRole("link", { name: "Messages" });
    await expect(messages).toHaveAccessibleName("Messages 1 unread");
    await expect(page).toHaveTitle(/^\(1\) Settings/);
    await page.goto("/portal/messages");
    await list.getByRole("button", { name: /Yes: it is done/ }).click();
    await expect(messages).toHaveAccessibleName("Messages");
    await expect(page).toHaveTitle(/^Messages \| Portal/);
  });
});
