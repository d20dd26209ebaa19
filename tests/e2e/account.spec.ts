import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { createUser, expect, hydrated, type TestUser, test, uniqueEmail } from "./fixtures";
import { waitForMail } from "./mail";
import { turnOnTwoFactor } from "./two-factor";

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
  test("sign out another device: its open portal lands on /auth, to come back to its page", async ({
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

      // The toast needs React: before hydration the form posts the page (it said so as text).
      await hydrated(page);
      await items
        .nth(1)
        .getByRole("button", { name: /^Sign out/ })
        .click();
      await expect(toasts(page).getByText("Success", { exact: true })).toBeVisible();
      await expect(toasts(page).getByText("Session signed out successfully")).toBeVisible();
      await expect(items).toHaveCount(1);

      await expect(other.page).toHaveURL(`/auth?next=${encodeURIComponent("/portal/projects")}`);
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
      await hydrated(page); // the toast needs React (before it, the form posts the page: 010)
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

async function signInForm(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Ask for a reset link on /auth and open the one the e-mail brings. */
async function resetLinkFor(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /If an account exists for that e-mail address/ }),
  ).toBeVisible();
  const mail = await waitForMail(email, /Reset your password/);
  const link = mail.text.match(/http:\/\/\S+\/auth\/reset-password\?token=\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  return link as string;
}

test.describe("password", () => {
  test("change it in Settings, then sign in with the new one", async ({ page, user }) => {
    await page.goto("/portal/settings");
    await hydrated(page); // a click before React posts the page (decision 010)
    await page.getByLabel("Current password").fill("wrong-password");
    await page.getByLabel("New password").fill("changed-pass-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(toasts(page).getByText("Error", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText("Current password is incorrect")).toBeVisible();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(toasts(page).getByText("Password changed successfully")).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveValue("");

    await page
      .getByRole("banner")
      .getByRole("button", { name: /sign out/i })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await signInForm(page, user.email, user.password);
    await expect(toasts(page).getByText("Invalid email or password")).toBeVisible();
    await signInForm(page, user.email, "changed-pass-2");
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("reset by e-mail: the link from the mail sets a new password", async ({ page, baseURL }) => {
    const user = await createUser(page.request, baseURL ?? "");
    await page.context().clearCookies();
    const link = await resetLinkFor(page, user.email);
    expect(link.startsWith(`${baseURL}/auth/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Reset password" })).toBeVisible();
    await page.getByLabel("New password").fill("after-reset-9");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toasts(page).getByText("Success", { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText("Your password has been reset. Sign in with your new password."),
    ).toBeVisible();

    await signInForm(page, user.email, "after-reset-9");
    await expect(page).toHaveURL(/\/portal$/);

    // The link worked once.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("alert")).toHaveText(/invalid or has expired/);
  });

  test("asking for an unknown address looks the same and sends nothing", async ({ page }) => {
    await page.goto("/auth/forgot-password");
    await page.getByLabel("Email").fill("nobody-at-all@e2e.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: /If an account exists for that e-mail address/ }),
    ).toBeVisible();
    await expect(toasts(page).getByText("Success", { exact: true })).toBeVisible();
  });
});

test.describe("profile without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Profile form says what happened after a plain post", async ({ signedInPage: page }) => {
    await page.goto("/portal/settings");
    await page.getByLabel("Full Name").fill("Sipho Nkosi");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Profile updated successfully" }),
    ).toBeVisible();
    await expect(page.getByTestId("header-name")).toHaveText("Sipho Nkosi");
  });
});

test.describe("password without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("reset by e-mail and change in Settings with plain forms", async ({ page, baseURL }) => {
    const user = await createUser(page.request, baseURL ?? "");
    await page.context().clearCookies();
    const link = await resetLinkFor(page, user.email);
    await page.goto(link);
    await page.getByLabel("New password").fill("nojs-reset-1");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(
      page.getByText("Your password has been reset. Sign in with your new password."),
    ).toBeVisible();
    await signInForm(page, user.email, "nojs-reset-1");
    await expect(page).toHaveURL(/\/portal$/);

    await page.goto("/portal/settings");
    await page.getByLabel("Current password").fill("nojs-reset-1");
    await page.getByLabel("New password").fill("nojs-changed-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Password changed successfully" }),
    ).toBeVisible();
  });
});

async function signOutFromPortal(page: Page) {
  await page
    .getByRole("banner")
    .getByRole("button", { name: /sign out/i })
    .click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe("two-factor authentication", () => {
  test("turn on with a QR code and key, sign in with an app code or a backup code, turn off", async ({
    page,
    user,
  }) => {
    test.slow();
    const { totp, backupCodes } = await turnOnTwoFactor(page, user.password);
    await expect(toasts(page).getByText("Two-factor authentication turned on")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /turned on/ })).toBeVisible();

    // better-auth replaced the session. The open page's live stream notices its old session
    // ended (checked every 30 s), finds this browser still signed in, and reconnects.
    const reconnected = page.waitForResponse((r) => r.url().endsWith("/api/events"), {
      timeout: 45_000,
    });
    expect((await reconnected).status()).toBe(200);
    await expect(page).toHaveURL(/\/portal\/settings$/);
    // The backup codes stay until the user says they saved them.
    await expect(page.getByRole("list", { name: "Backup codes" })).toBeVisible();
    await page.getByRole("button", { name: "I have saved my backup codes" }).click();
    await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);

    // The session was replaced; this browser is still signed in.
    await page.goto("/portal");
    await hydrated(page); // a click before React posts the page (decision 010)
    await expect(page.getByText("2FA on")).toBeVisible();

    await signOutFromPortal(page);
    await signInForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/auth\?step=two-factor$/);
    await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(toasts(page).getByText("Error", { exact: true })).toBeVisible();
    await page.getByLabel("Authentication code").fill(totp.generate());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/portal$/);

    await signOutFromPortal(page);
    await signInForm(page, user.email, user.password);
    await page.getByLabel("Authentication code").fill(backupCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/portal$/);

    await page.goto("/portal/settings");
    await hydrated(page);
    const card = page.locator("#two-factor");
    // The codes again, only with the password (the one used is gone).
    await expect(card.getByRole("list", { name: "Backup codes" })).toHaveCount(0);
    await card.getByLabel("Password to show your backup codes").fill(user.password);
    await card.getByRole("button", { name: "Show backup codes" }).click();
    const again = card.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await expect(again).toHaveCount(9);
    await expect(again.filter({ hasText: backupCodes[0] ?? "" })).toHaveCount(0);
    await card.getByRole("button", { name: "I have saved my backup codes" }).click();
    await card.getByLabel("Password to turn it off").fill(user.password);
    await card.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await expect(toasts(page).getByText("Two-factor authentication turned off")).toBeVisible();
    await expect(card.getByTestId("two-factor-status")).toHaveText("Off");

    await signOutFromPortal(page);
    await signInForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/portal$/);
  });
});

test.describe("two-factor authentication without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("turn on and sign in with a code using plain forms", async ({ page, user }) => {
    const { totp } = await turnOnTwoFactor(page, user.password);
    await expect(
      page.getByRole("status").filter({ hasText: "Two-factor authentication turned on" }),
    ).toBeVisible();
    await signOutFromPortal(page);
    await signInForm(page, user.email, user.password);
    await expect(page).toHaveURL(/\/auth\?step=two-factor$/);
    await page.getByLabel("Authentication code").fill(totp.generate());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/portal$/);
  });
});

/** Chromium's virtual authenticator: a device with a platform passkey manager. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test.describe("passkeys", () => {
  test("add a passkey, sign in with it, remove it", async ({ page, user }) => {
    test.slow();
    await virtualAuthenticator(page);
    await page.goto("/portal/settings");
    await hydrated(page); // a click before React posts the page (decision 010)
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    await page.getByLabel("Passkey name").fill("Work laptop");
    await page.getByRole("button", { name: "Add passkey" }).click();
    await expect(toasts(page).getByText("Passkey added")).toBeVisible();
    const items = page.getByRole("list", { name: "Your passkeys" }).getByTestId("passkey-item");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("Work laptop");
    await expect(page.getByLabel("Passkey name")).toHaveValue("");

    // Rename it: the form opens in place, Escape cancels, Save keeps the new name.
    await page.getByRole("button", { name: "Rename passkey Work laptop" }).click();
    const newName = page.getByLabel("New name for passkey Work laptop");
    await expect(newName).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Rename passkey Work laptop" })).toBeFocused();
    await page.getByRole("button", { name: "Rename passkey Work laptop" }).click();
    await newName.fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(newName).toBeVisible();
    await newName.fill("Home desktop");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toasts(page).getByText("Passkey renamed")).toBeVisible();
    await expect(items.first()).toContainText("Home desktop");

    await signOutFromPortal(page);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(
      page.getByRole("heading", { name: `Welcome back, ${user.fullName}!` }),
    ).toBeVisible();

    await page.goto("/portal/settings");
    await hydrated(page); // a click before React posts the page (decision 010)
    await page.getByRole("button", { name: "Remove passkey Home desktop" }).click();
    await expect(toasts(page).getByText("Passkey removed")).toBeVisible();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();

    // The authenticator still holds the credential, but the site no longer knows it.
    await signOutFromPortal(page);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(toasts(page).getByText("Error", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe("passkeys without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the add form explains that passkeys need JavaScript; no passkey button on /auth", async ({
    page,
    user,
  }) => {
    void user;
    await page.goto("/portal/settings");
    await page.getByLabel("Passkey name").fill("Laptop");
    await page.getByRole("button", { name: "Add passkey" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /needs JavaScript/ })).toBeVisible();
    await page.context().clearCookies();
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  });
});

test.describe("e-mail change", () => {
  test("the link sent to the new address changes it; sign in with the new one", async ({
    page,
    user,
  }) => {
    const newEmail = uniqueEmail("moved");
    await page.goto("/portal/settings");
    await hydrated(page); // a click before React posts the page (decision 010)
    await page.getByLabel("New e-mail address").fill(newEmail);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(toasts(page).getByText(`We've sent a link to ${newEmail}`)).toBeVisible();
    // Nothing changes before the link is opened.
    await expect(page.getByRole("banner").getByText(user.email).first()).toBeVisible();

    const notice = await waitForMail(user.email, /being changed/);
    expect(notice.text).toContain(newEmail);
    const mail = await waitForMail(newEmail, /Confirm your e-mail address/);
    const link = mail.text.match(/http:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link as string);
    await expect(page).toHaveURL(/\/portal\/settings\?email=changed$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Your e-mail address has been changed." }),
    ).toBeVisible();
    await expect(page.getByRole("banner").getByText(newEmail).first()).toBeVisible();

    await signOutFromPortal(page);
    await signInForm(page, newEmail, user.password);
    await expect(page).toHaveURL(/\/portal$/);
  });
});
