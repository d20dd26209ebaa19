import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createUser, expect, type TestUser, test } from "./fixtures";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** Sign in through the auth API; the request context keeps the session cookie. */
async function signInApi(request: APIRequestContext, baseURL: string, user: TestUser) {
  const res = await request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL },
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Open the portal and wait until its live-update stream is connected. */
async function openPortal(page: Page, path = "/portal") {
  const stream = page.waitForResponse((r) => r.url().endsWith("/api/events"));
  await page.goto(path);
  expect((await stream).status()).toBe(200);
}

async function secondDevice(browser: Browser, baseURL: string, user: TestUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInApi(page.request, baseURL, user);
  return { context, page };
}

test.describe("sessions", () => {
  test("sign out another device: its open portal lands on /auth", async ({
    page,
    browser,
    baseURL,
  }) => {
    const user = await createUser(page.request, baseURL ?? "");
    const other = await secondDevice(browser, baseURL ?? "", user);
    try {
      await openPortal(other.page, "/portal/projects");

      await page.goto("/portal/settings");
      const list = page.getByRole("list", { name: "Active sessions" });
      const items = list.getByTestId("session-item");
      await expect(items).toHaveCount(2);
      await expect(items.first()).toContainText("Chrome on Windows");
      await expect(items.first().getByText("This device")).toBeVisible();
      await expect(items.nth(1).getByText("This device")).toHaveCount(0);
      await expect(items.nth(1)).toContainText(/Last active/);

      await items
        .nth(1)
        .getByRole("button", { name: /^Sign out/ })
        .click();
      await expect(toasts(page).getByText("Success", { exact: true })).toBeVisible();
      await expect(toasts(page).getByText("Session signed out successfully")).toBeVisible();
      await expect(items).toHaveCount(1);

      await expect(other.page).toHaveURL(/\/auth$/);
      await expect(other.page.getByRole("heading", { name: "Welcome" })).toBeVisible();
      // This device is still signed in.
      await page.reload();
      await expect(page).toHaveURL(/\/portal\/settings$/);
    } finally {
      await other.context.close();
    }
  });

  test("sign out all other sessions", async ({ page, browser, baseURL }) => {
    const user = await createUser(page.request, baseURL ?? "");
    const second = await secondDevice(browser, baseURL ?? "", user);
    const third = await secondDevice(browser, baseURL ?? "", user);
    try {
      await openPortal(second.page);
      await openPortal(third.page);
      await page.goto("/portal/settings");
      await expect(page.getByTestId("session-item")).toHaveCount(3);
      await page.getByRole("button", { name: "Sign out all other sessions" }).click();
      await expect(toasts(page).getByText("2 other sessions signed out")).toBeVisible();
      await expect(page.getByTestId("session-item")).toHaveCount(1);
      await expect(second.page).toHaveURL(/\/auth$/);
      await expect(third.page).toHaveURL(/\/auth$/);
      await expect(
        page.getByRole("button", { name: "Sign out all other sessions" }),
      ).toBeDisabled();
    } finally {
      await second.context.close();
      await third.context.close();
    }
  });
});

test.describe("sessions without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign out another session with a plain form", async ({ page, browser, baseURL }) => {
    const user = await createUser(page.request, baseURL ?? "");
    const other = await secondDevice(browser, baseURL ?? "", user);
    try {
      await page.goto("/portal/settings");
      const items = page.getByTestId("session-item");
      await expect(items).toHaveCount(2);
      await items
        .nth(1)
        .getByRole("button", { name: /^Sign out/ })
        .click();
      await expect(
        page.getByRole("status").filter({ hasText: "Session signed out successfully" }),
      ).toBeVisible();
      await expect(items).toHaveCount(1);
      const res = await other.page.request.get("/portal", { maxRedirects: 0 });
      expect(res.headers().location).toBe("/auth");
    } finally {
      await other.context.close();
    }
  });
});
