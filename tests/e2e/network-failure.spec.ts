/**
 * Nothing a person types is lost when the request does not get through (decision 143): the
 * phone goes offline, or the server is down while it restarts. The form stays with what was
 * typed, says so ('Error' with REQUEST_FAILED), and sends once the network is back.
 */
import type { Page } from "@playwright/test";
import { REQUEST_FAILED } from "../../app/lib/client-action";
import { LEAD_FORM_TEXT } from "../../app/lib/validation/lead-form-result";
import { allowConsoleErrors, expect, hydrated, test } from "./fixtures";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
/** What the browser and React Router log while offline: the requests that fail. */
const OFFLINE =
  /^(Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|CONNECTION_REFUSED)|Failed to fetch dynamically imported module|Failed to fetch manifest patches)/;

test("a reply sent while offline stays in the composer, says why, and is sent once back online", async ({
  signedInPage: page,
  baseURL,
}) => {
  const subject = `Offline ${Date.now().toString(36)}`;
  const sent = await page.request.post("/portal/messages", {
    headers: { origin: baseURL ?? "" },
    form: { intent: "send", subject, content: "First message" },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await page.goto("/portal/messages");
  // Sending offline is React's: a page not yet hydrated would post the form itself and show the
  // browser's own error page (the thread opens either way, so nothing below waits for it).
  await hydrated(page);
  await page.getByRole("button", { name: new RegExp(subject) }).click();
  const thread = page.getByRole("region", { name: "Conversation" });
  await expect(thread.getByRole("article")).toHaveCount(1);

  allowConsoleErrors(page, OFFLINE);
  const reply = thread.getByRole("textbox", { name: "Reply" });
  await reply.fill("Typed on a train through a tunnel");
  await page.context().setOffline(true);
  await thread.getByRole("button", { name: "Send" }).click();
  // Said beside the form: offline, the toast's own code cannot arrive either.
  await expect(thread.getByRole("alert")).toHaveText(REQUEST_FAILED);
  await expect(reply).toHaveValue("Typed on a train through a tunnel");
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();

  await page.context().setOffline(false);
  await thread.getByRole("button", { name: "Send" }).click();
  // The toast's code, which could not load offline, is asked for again.
  await expect(toasts(page).getByText("Message sent successfully")).toBeVisible();
  await expect(thread.getByRole("article")).toHaveCount(2);
  await expect(thread.getByRole("alert")).toHaveCount(0);
  await expect(reply).toHaveValue("");
});

test("a new message sent while the server is down stays in its dialog and is sent once it is back", async ({
  signedInPage: page,
}) => {
  await page.goto("/portal/messages");
  await hydrated(page); // a dialog posted before hydration is not the page's .data request
  await page.getByRole("button", { name: "New Message" }).click();
  const dialog = page.getByRole("dialog", { name: "Send New Message" });
  await dialog.getByLabel("Subject *").fill("Restart subject");
  await dialog.getByLabel("Message *").fill("Sent while the server restarts");
  // The server restarting: nothing answers on its port.
  await page.route("**/portal/messages.data**", (route) => route.abort("connectionrefused"));
  allowConsoleErrors(page, OFFLINE, /^Failed to load resource: net::ERR_FAILED/);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(toasts(page).getByText(REQUEST_FAILED)).toBeVisible();
  await expect(dialog.getByLabel("Subject *")).toHaveValue("Restart subject");
  await expect(dialog.getByLabel("Message *")).toHaveValue("Sent while the server restarts");

  await page.unroute("**/portal/messages.data**");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(toasts(page).getByText("Message sent successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: /Restart subject/ })).toBeVisible();
});

test("signing in while offline keeps the e-mail address and says why", async ({ page, user }) => {
  await page.context().clearCookies();
  await page.goto("/auth");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password").fill(user.password);
  allowConsoleErrors(page, OFFLINE);
  await page.context().setOffline(true);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(form.getByRole("alert")).toHaveText(REQUEST_FAILED);
  await expect(form.getByLabel("Email")).toHaveValue(user.email);

  await page.context().setOffline(false);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/portal$/);
});

test("the contact form sent while offline keeps the message and says why beside it", async ({
  page,
}) => {
  await page.goto("/contact");
  await hydrated(page);
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Name", { exact: true }).fill("Naledi Dlamini");
  await form.getByLabel("Email", { exact: true }).fill("naledi@example.co.za");
  await form.getByLabel("Message", { exact: true }).fill("Typed on a phone that lost its signal");
  allowConsoleErrors(page, OFFLINE);
  await page.context().setOffline(true);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("alert")).toContainText(LEAD_FORM_TEXT.contact.fallback);
  await expect(form.getByLabel("Message", { exact: true })).toHaveValue(
    "Typed on a phone that lost its signal",
  );
});

test("a question put to the assistant while offline stays in the box and says why", async ({
  page,
}) => {
  // The assistant's own code has not arrived when the signal goes: the server is asked.
  await page.route(/demo-chat-engine/, (route) => route.abort());
  allowConsoleErrors(page, /^Failed to load resource: net::ERR_FAILED/);
  await page.goto("/demo");
  await hydrated(page);
  const question = page.getByLabel("Type your message");
  await question.fill("What does the Growth package cost?");
  allowConsoleErrors(page, OFFLINE);
  await page.context().setOffline(true);
  await question.press("Enter");
  await expect(
    page.getByRole("alert").filter({ hasText: "Please check your connection and try again." }),
  ).toBeVisible();
  await expect(question).toHaveValue("What does the Growth package cost?");
});

test("a question put to the assistant offline after its code arrived stays in the box and says why", async ({
  page,
}) => {
  // Decision 139: the server answers every question, so the code having arrived changes nothing.
  await page.goto("/demo");
  await hydrated(page);
  const question = page.getByLabel("Type your message");
  await question.fill("What does the Starter package cost?");
  await question.press("Enter");
  await expect(question).toHaveValue("");
  await expect(
    page.getByRole("log", { name: "Chat conversation" }).getByRole("listitem").last(),
  ).toContainText("R4,500");
  await question.fill("What does the Growth package cost?");
  allowConsoleErrors(page, OFFLINE);
  await page.context().setOffline(true);
  await question.press("Enter");
  await expect(
    page.getByRole("alert").filter({ hasText: "Please check your connection and try again." }),
  ).toBeVisible();
  await expect(question).toHaveValue("What does the Growth package cost?");
});
