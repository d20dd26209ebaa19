/**
 * The administrators' security policy. Turning it on changes the portal for every administrator
 * account, so this file runs in its own Playwright project after all the others
 * (playwright.config.ts), with administrator accounts of its own (ADMIN_EMAILS).
 */
import type { Browser, Page } from "@playwright/test";
import { SIGN_UP_CLOSED } from "../../app/lib/validation/account-values";
import { createUser, expect, hydrated, signInAsAdmin, test, uniqueEmail } from "./fixtures";
import { turnOnTwoFactor } from "./two-factor";

// One policy at a time: the sign-up policy below would refuse the accounts the first test makes.
test.describe.configure({ mode: "serial" });

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

test("by invitation only, nobody signs up on their own; 'Anyone' opens sign-up again (issue 30)", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const base = baseURL ?? "";
  const owner = await signedIn(browser, base, "policy-signup@e2e.test");
  const saveSignUpPolicy = async (label: string, toast: RegExp) => {
    await owner.page.goto("/portal/settings");
    await hydrated(owner.page);
    await owner.page.getByLabel("Who can create an account").selectOption({ label });
    await owner.page.getByRole("button", { name: "Save sign-up policy" }).click();
    await expect(toasts(owner.page).getByText(toast)).toBeVisible();
  };
  const stranger = await browser.newContext({ baseURL: base });
  try {
    await saveSignUpPolicy("By invitation only", /^Accounts are now by invitation only$/);

    // The sign-up tab explains it and offers the contact form; the endpoint refuses.
    const page = await stranger.newPage();
    await page.goto("/auth?tab=signup");
    await expect(page.getByText(SIGN_UP_CLOSED)).toBeVisible();
    await expect(
      page.getByRole("tabpanel").getByRole("link", { name: "Contact us", exact: true }),
    ).toBeVisible();
    const refused = await page.request.post("/api/auth/sign-up/email", {
      headers: { origin: base },
      data: { email: uniqueEmail("stranger"), password: "secret-pass-1", name: "Stranger" },
    });
    expect(refused.status()).toBe(403);
  } finally {
    // Restored for whatever runs next: the spec's default.
    await saveSignUpPolicy("Anyone", /^Anyone can now create an account$/);
    await stranger.close();
  }
  const again = await browser.newContext({ baseURL: base });
  try {
    await createUser(again.request, base);
  } finally {
    await again.close();
    await owner.context.close();
  }
});
