/**
 * The administrators' security policy. Turning it on changes the portal for every administrator
 * account, so this file runs in its own Playwright project after all the others
 * (playwright.config.ts), with administrator accounts of its own (ADMIN_EMAILS).
 */
import type { Browser, Page } from "@playwright/test";
import { createUser, expect, signInAsAdmin, test } from "./fixtures";
import { turnOnTwoFactor } from "./two-factor";

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
const POLICY = "Require two-factor authentication for administrators";

async function signedIn(browser: Browser, baseURL: string, email?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A listed address becomes administrator once its confirmation link is opened.
  const user = email
    ? await signInAsAdmin(page.request, baseURL, {
        email,
        password: "secret-pass-1",
        fullName: "Naledi Dlamini",
      })
    : await createUser(page.request, baseURL);
  return { context, page, user };
}

async function savePolicy(page: Page, required: boolean) {
  const box = page.getByRole("checkbox", { name: POLICY });
  await box.setChecked(required);
  await page.getByRole("button", { name: "Save policy" }).click();
}

test("an administrator requires two-factor authentication of every administrator", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const base = baseURL ?? "";
  const lead = await signedIn(browser, base, "policy-lead@e2e.test");
  await lead.page.goto("/portal/settings");
  await expect(lead.page.getByRole("heading", { name: "Security policy" })).toBeVisible();
  await expect(lead.page.getByRole("checkbox", { name: POLICY })).not.toBeChecked();

  // Not before the administrator has it themself: nobody locks themselves out by accident.
  await savePolicy(lead.page, true);
  await expect(
    toasts(lead.page).getByText("Turn on two-factor authentication for your own account first."),
  ).toBeVisible();

  await turnOnTwoFactor(lead.page, lead.user.password);
  await savePolicy(lead.page, true);
  await expect(
    toasts(lead.page).getByText("Administrators must now use two-factor authentication"),
  ).toBeVisible();
  await lead.page.reload();
  await expect(lead.page.getByRole("checkbox", { name: POLICY })).toBeChecked();

  // Another administrator without it can only use Settings until they turn it on.
  const second = await signedIn(browser, base, "policy-second@e2e.test");
  await second.page.goto("/portal/projects");
  await expect(second.page).toHaveURL(/\/portal\/settings$/);
  await expect(
    second.page.getByRole("alert").filter({
      hasText: "Administrator accounts must use two-factor authentication.",
    }),
  ).toBeVisible();
  await turnOnTwoFactor(second.page, second.user.password);
  await second.page.goto("/portal/projects");
  await expect(second.page).toHaveURL(/\/portal\/projects$/);
  await expect(second.page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();

  // Customers never see the policy and are not affected by it.
  const customer = await signedIn(browser, base);
  await customer.page.goto("/portal/projects");
  await expect(customer.page).toHaveURL(/\/portal\/projects$/);
  await customer.page.goto("/portal/settings");
  await expect(customer.page.getByRole("heading", { name: "Security policy" })).toHaveCount(0);

  // Lifted again.
  await savePolicy(lead.page, false);
  await expect(
    toasts(lead.page).getByText("Two-factor authentication is now optional for administrators"),
  ).toBeVisible();

  for (const c of [lead, second, customer]) await c.context.close();
});
