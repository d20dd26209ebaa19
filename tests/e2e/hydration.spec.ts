/**
 * The public pages paint before their JavaScript loads (decision 010), and the sign-in pages
 * show their forms while theirs is still on the way. These journeys hold every script back until
 * the test lets it through, type, choose, pick and tick in that window, and check that nothing
 * is lost once React hydrates, and that a form sent in the window is answered (decision 016).
 */
import type { Locator, Page } from "@playwright/test";
import { createUser, expect, hydrated, test, uniqueEmail } from "./fixtures";
import { waitForMail } from "./mail";

/** Holds every script request until `release()`: the page is painted but not yet hydrated. */
async function holdScripts(page: Page) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/*.js", async (route) => {
    await gate;
    await route.continue().catch(() => {});
  });
  return release;
}

async function expectNotHydrated(page: Page) {
  const reactOwned = await page.evaluate(() => {
    const main = document.getElementById("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
  });
  expect(reactOwned, "the page hydrated while its scripts were held back").toBe(false);
}

/** Hydrated, and the effects that run after hydration (and the renders they cause) are done. */
async function settled(page: Page) {
  await hydrated(page);
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}

type Values = Record<string, string | boolean>;

/**
 * Fills every visible control of a form the way a person would and returns what it holds, by
 * name. `given` sets a control by name; others get a plausible value from their type.
 */
async function fillEverything(form: Locator, given: Record<string, string>): Promise<Values> {
  const controls = form.locator(
    "input:not([type=hidden]):not([type=submit]):not([tabindex='-1']), textarea, select",
  );
  const count = await controls.count();
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible()) || (await control.isDisabled())) continue;
    const name = (await control.getAttribute("name")) ?? "";
    const tag = await control.evaluate((el) => el.tagName.toLowerCase());
    const type = (await control.getAttribute("type")) ?? "text";
    if (tag === "select") {
      const options = await control
        .locator("option")
        .evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value).filter(Boolean));
      await control.selectOption(given[name] ?? options[options.length - 1] ?? "");
    } else if (type === "checkbox") {
      await control.setChecked(given[name] !== "off");
    } else {
      await control.fill(given[name] ?? `typed into ${name}`);
    }
  }
  return readValues(form);
}

async function readValues(form: Locator): Promise<Values> {
  return form.evaluate((f: HTMLFormElement) => {
    const out: Record<string, string | boolean> = {};
    for (const el of Array.from(f.elements)) {
      if (
        !(el instanceof HTMLInputElement) &&
        !(el instanceof HTMLTextAreaElement) &&
        !(el instanceof HTMLSelectElement)
      )
        continue;
      if (!el.name || el.type === "hidden" || el.name === "website") continue;
      out[el.name] =
        el instanceof HTMLInputElement && el.type === "checkbox" ? el.checked : el.value;
    }
    return out;
  });
}

function isoDay(offset: number) {
  const d = new Date(Date.now() + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
}

const quoteValues = () => ({
  selectedPackage: "Growth",
  name: "Thabo Molefe",
  email: uniqueEmail("early-quote"),
  phone: "082 555 0199",
  address: "12 Long Street, Cape Town",
  startDate: isoDay(10),
  finishDate: isoDay(40),
  message: "A WhatsApp chatbot for our three stores.",
});

const contactValues = () => ({
  name: "Naledi Dlamini",
  email: uniqueEmail("early-contact"),
  phone: "082 555 0100",
  company: "Dlamini Foods",
  message: "We'd like to automate our invoicing.",
});

const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test.describe("values entered before the scripts arrive", () => {
  test("/pricing keeps the package, dates and text, and the quote then sends", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/pricing", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Request a custom quote" });
    const before = await fillEverything(form, quoteValues());
    expect(before.selectedPackage).toBe("Growth");
    expect(before.marketing).toBe(true);
    await expectNotHydrated(page);

    release();
    await settled(page);
    expect(await readValues(form)).toEqual(before);
    await expect(form.getByLabel("Package")).toHaveValue("Growth");
    await expect(form.getByRole("checkbox", { name: /Send me occasional e-mail/ })).toBeChecked();

    await form.getByRole("button", { name: "Request Quote" }).click();
    await expect(toasts(page).getByText("Quote Request Sent!")).toBeVisible();
    await expect(toasts(page).getByText(/Growth package/)).toBeVisible();
  });

  test("/pricing?package=… preselects, but a package the visitor chose first wins", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/pricing?package=Starter#quote", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Request a custom quote" });
    await form.getByLabel("Package").selectOption("Enterprise");
    release();
    await settled(page);
    await expect(form.getByLabel("Package")).toHaveValue("Enterprise");
  });

  test("/contact keeps every field", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Send us a message" });
    const before = await fillEverything(form, contactValues());
    expect(before.marketing).toBe(true);
    await expectNotHydrated(page);

    release();
    await settled(page);
    expect(await readValues(form)).toEqual(before);
  });

  test("/auth keeps the sign-in and sign-up fields", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/auth", { waitUntil: "domcontentloaded" });
    const signIn = page.locator("form", { has: page.getByLabel("Password") });
    const before = await fillEverything(signIn, { email: "early@example.co.za" });
    await expectNotHydrated(page);
    release();
    await settled(page);
    expect(await readValues(signIn)).toEqual(before);

    await page.unrouteAll({ behavior: "ignoreErrors" });
    const again = await holdScripts(page);
    await page.goto("/auth?tab=signup", { waitUntil: "domcontentloaded" });
    const signUp = page.locator("form", { has: page.getByLabel("Full Name") });
    const typed = await fillEverything(signUp, { email: "early@example.co.za" });
    expect(typed.marketing).toBe(true);
    again();
    await settled(page);
    expect(await readValues(signUp)).toEqual(typed);
  });

  test("/auth/forgot-password keeps what was typed", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/auth/forgot-password", { waitUntil: "domcontentloaded" });
    const form = page.locator("form", { has: page.getByLabel("Email") });
    const before = await fillEverything(form, { email: "early@example.co.za" });
    await expectNotHydrated(page);
    release();
    await settled(page);
    expect(await readValues(form)).toEqual(before);
  });
});

test.describe("a form sent before the scripts arrive is answered", () => {
  test("/contact: the message is sent and the page says so", async ({ page }) => {
    const release = await holdScripts(page);
    try {
      await page.goto("/contact", { waitUntil: "domcontentloaded" });
      const form = page.getByRole("form", { name: "Send us a message" });
      await fillEverything(form, contactValues());
      await form.getByRole("button", { name: "Send Message" }).click();
      const outcome = page.getByRole("status").filter({ hasText: "Message sent successfully!" });
      await expect(outcome).toBeVisible();
      await expect(outcome).toContainText("within 24 hours");
    } finally {
      release();
    }
  });

  test("/pricing: the quote is sent with the package chosen", async ({ page }) => {
    const release = await holdScripts(page);
    try {
      await page.goto("/pricing", { waitUntil: "domcontentloaded" });
      const form = page.getByRole("form", { name: "Request a custom quote" });
      await fillEverything(form, quoteValues());
      await form.getByRole("button", { name: "Request Quote" }).click();
      const outcome = page.getByRole("status").filter({ hasText: "Quote Request Sent!" });
      await expect(outcome).toBeVisible();
      await expect(outcome).toContainText("Growth package");
    } finally {
      release();
    }
  });

  test("/pricing: a missing field comes back with its message and the values kept", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    try {
      await page.goto("/pricing", { waitUntil: "domcontentloaded" });
      const form = page.getByRole("form", { name: "Request a custom quote" });
      const values = await fillEverything(form, quoteValues());
      await form.getByLabel("Phone").fill("");
      await form.getByRole("button", { name: "Request Quote" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Validation Error" })).toBeVisible();
      await expect(form.getByLabel("Package")).toHaveValue("Growth");
      await expect(form.getByLabel("Name", { exact: true })).toHaveValue(String(values.name));
      await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    } finally {
      release();
    }
  });

  test("/auth: sign up, a wrong password and sign in are answered", async ({ page, baseURL }) => {
    const release = await holdScripts(page);
    try {
      const email = uniqueEmail("early-signup");
      await page.goto("/auth?tab=signup", { waitUntil: "domcontentloaded" });
      await page.getByLabel("Full Name").fill("Lerato Khumalo");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("secret1");
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await expect(page).toHaveURL(/\/portal$/);

      await page.context().clearCookies();
      const user = await createUser(page.request, baseURL ?? "");
      await page.context().clearCookies();
      await page.goto("/auth", { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill("wrong-one");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
      await expect(page.getByLabel("Email")).toHaveValue(user.email);

      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(/\/portal$/);
    } finally {
      release();
    }
  });

  test("/auth/forgot-password and /auth/reset-password: both are answered, the new password kept through hydration", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(page.request, baseURL ?? "");
    await page.context().clearCookies();
    let release = await holdScripts(page);
    try {
      await page.goto("/auth/forgot-password", { waitUntil: "domcontentloaded" });
      await page.getByLabel("Email").fill(user.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: /If an account exists for that e-mail address/ }),
      ).toBeVisible();
      const mail = await waitForMail(user.email, /Reset your password/);
      const link = mail.text.match(/http:\/\/\S+\/auth\/reset-password\?token=\S+/)?.[0];
      expect(link, mail.text).toBeTruthy();

      // Typed before hydration, kept after it.
      await page.goto(link as string, { waitUntil: "domcontentloaded" });
      const form = page.locator("form", { has: page.getByLabel("New password") });
      const typed = await fillEverything(form, { newPassword: "early-reset-1" });
      await expectNotHydrated(page);
      release();
      await settled(page);
      expect(await readValues(form)).toEqual(typed);

      // Sent before hydration: answered with the redirect and its message.
      await page.unrouteAll({ behavior: "ignoreErrors" });
      release = await holdScripts(page);
      await page.reload({ waitUntil: "domcontentloaded" });
      await page.getByLabel("New password").fill("early-reset-2");
      await page.getByRole("button", { name: "Reset password" }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(
        page.getByText("Your password has been reset. Sign in with your new password."),
      ).toBeVisible();
    } finally {
      release();
    }
  });
});
