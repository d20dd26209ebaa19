/**
 * Nothing a person enters is lost when the server restarts while their form is open (decision
 * 148, after 143's network failures). This file starts a server of its own (the build, on the
 * embedded database in a data folder of its own, on E2E_PORT + 20), stops it with SIGTERM and
 * starts it again on the same data folder, as a deploy or a crash-and-restart does:
 * - a form opened before the restart and sent after it is answered as usual (JavaScript on
 *   and off): the session, the page's scripts and the form's action all still work;
 * - a form sent while the server is down keeps what was typed and says why, and sends once
 *   the server is back (with JavaScript), said beside the form, since the toast's own code
 *   cannot be loaded while nothing answers;
 * - the open page is not replaced by the error page while the server is down (the live
 *   updates' reconnect no longer reloads the page's data until the server answers again).
 * Without JavaScript, a form sent while nothing answers is the browser's own: it shows its
 * connection error page, and going back re-asks the server for the page (portal pages are not
 * stored), so what was typed is not restored — a limit of the platform, not tested here.
 */
import { rmSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { REQUEST_FAILED } from "../../app/lib/client-action";
import { type Running, startBuiltServer } from "../../scripts/serve-build";
import { allowConsoleErrors, expect, hydrated, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3123) + 20;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = `/tmp/agency-e2e-restart-${PORT}`;
const USER = { email: "restart@e2e.test", password: "restart-pass-1", name: "Lindiwe Restart" };
/** What the browser and React Router log while the server is down. */
const DOWN =
  /^(Failed to load resource: net::ERR_(CONNECTION_REFUSED|EMPTY_RESPONSE|CONNECTION_RESET)|Failed to fetch dynamically imported module|Failed to fetch manifest patches)/;

let server: Running | null = null;

const start = async () => {
  server = await startBuiltServer(PORT, {
    DATABASE_URL: "",
    DATA_DIR,
    AUTH_RATE_LIMIT: "500",
    LOG_LEVEL: "warn",
  });
};
const stop = async () => {
  await server?.stop();
  server = null;
};

// One server, stopped and started by the journeys: one after another, in one worker.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  await start();
  const res = await fetch(`${BASE}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify(USER),
  });
  expect(res.status, await res.text()).toBe(200);
});
test.afterAll(async () => {
  await stop();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** A phone signed in on this file's server. */
async function signedIn(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 360, height: 740 },
    javaScriptEnabled,
  });
  const res = await context.request.post("/api/auth/sign-in/email", {
    headers: { origin: BASE },
    data: { email: USER.email, password: USER.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return context.newPage();
}

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** Messages on a signed-in phone, with 'Send New Message' open and filled in. */
async function newMessage(
  browser: Browser,
  javaScriptEnabled: boolean,
  message: { subject: string; text: string },
) {
  const page = await signedIn(browser, javaScriptEnabled);
  await page.goto("/portal/messages");
  if (javaScriptEnabled) await hydrated(page);
  await page.getByRole("button", { name: "New Message" }).click();
  const dialog = page.getByRole("dialog", { name: "Send New Message" });
  await dialog.getByLabel("Subject *").fill(message.subject);
  await dialog.getByLabel("Message *").fill(message.text);
  return { page, dialog };
}

/** The message is sent (the toast says so) and listed. */
async function sentAndListed(page: Page, subject: string) {
  await expect(toasts(page).getByText("Message sent successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(subject) })).toBeVisible();
}

test("a new message typed before a restart is sent after it (JavaScript on)", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const subject = `Across a restart ${Date.now().toString(36)}`;
  const text = "Typed while the server restarted";
  const { page, dialog } = await newMessage(browser, true, { subject, text });
  await stop();
  await start();
  await dialog.getByRole("button", { name: "Send" }).click();
  await sentAndListed(page, subject);
  await page.context().close();
});

test("a new message sent while the server is down stays, says why, and is sent once it is back (JavaScript on)", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const subject = `While down ${Date.now().toString(36)}`;
  const text = "Sent while nothing answered";
  const { page, dialog } = await newMessage(browser, true, { subject, text });
  allowConsoleErrors(page, DOWN);
  await stop();
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(REQUEST_FAILED).first()).toBeVisible();
  await expect(dialog.getByLabel("Subject *")).toHaveValue(subject);
  await expect(dialog.getByLabel("Message *")).toHaveValue(text);
  await start();
  await dialog.getByRole("button", { name: "Send" }).click();
  await sentAndListed(page, subject);
  await page.context().close();
});

test("a new message typed before a restart is sent after it (JavaScript off)", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const subject = `No script restart ${Date.now().toString(36)}`;
  const text = "Typed while the server restarted";
  const { page, dialog } = await newMessage(browser, false, { subject, text });
  await stop();
  await start();
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(
    page.getByRole("status").getByText("Message sent successfully", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(subject) })).toBeVisible();
  await page.context().close();
});
