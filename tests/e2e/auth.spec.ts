import { createUser, expect, hydrated, test, uniqueEmail } from "./fixtures";

test.describe("sign-in page", () => {
  test("sign up through the form lands on /portal with the 'Success!' toast", {
    tag: "@two-instances",
  }, async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
    await hydrated(page); // the tabs switch once React has hydrated (decision 010)
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByLabel("Full Name").fill("Sipho Mokoena");
    await page.getByLabel("Email").fill(uniqueEmail("signup"));
    await page.getByLabel("Password").fill("secret1");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page).toHaveURL(/\/portal$/);
    const toast = page.getByRole("region", { name: /Notifications/ });
    await expect(toast.getByText("Success!")).toBeVisible();
    await expect(
      toast.getByText("Account created successfully. You can now log in."),
    ).toBeVisible();

    // Stays signed in after a reload.
    await page.reload();
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("a signed-out visitor to /portal is sent to /auth", async ({ page }) => {
    const response = await page.goto("/portal");
    expect(response?.url()).toMatch(/\/auth$/);
    await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  });

  test("a signed-in visitor to /auth is sent to /portal by the server", async ({
    page,
    baseURL,
  }) => {
    await createUser(page.request, baseURL ?? "");
    const res = await page.request.get("/auth", { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/portal");
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/portal$/);
  });

  test("a wrong password shows 'Error' and keeps the e-mail", async ({ page, baseURL }) => {
    const user = await createUser(page.request, baseURL ?? "");
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(toasts.getByText("Error", { exact: true })).toBeVisible();
    await expect(toasts.getByText("Invalid email or password")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a portal link opened signed out opens that page after signing in", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(page.request, baseURL ?? "");
    await page.context().clearCookies();
    await page.goto("/portal/projects?view=mine");
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent("/portal/projects?view=mine")}`);
    await hydrated(page);
    // Switching tabs keeps where to go.
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.getByRole("tab", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/portal/projects?view=mine");
    await expect(page.getByRole("heading", { name: "Projects", exact: true })).toBeVisible();

    // Signed in, the sign-in page sends the link on at once.
    const res = await page.request.get(`/auth?next=${encodeURIComponent("/portal/settings")}`, {
      maxRedirects: 0,
    });
    expect(res.headers().location).toBe("/portal/settings");
  });

  test("a link to another site or outside the portal goes to /portal after signing in", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(page.request, baseURL ?? "");
    for (const next of [
      "https://evil.example/portal",
      "//evil.example/portal",
      "/\\evil.example",
      "/about",
    ]) {
      await page.context().clearCookies();
      await page.goto(`/auth?next=${encodeURIComponent(next)}`);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page, next).toHaveURL(/\/portal$/);
    }
  });

  test("sign in, sign out to /, sign in again", { tag: "@two-instances" }, async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(page.request, baseURL ?? "");
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await page.getByRole("button", { name: /sign out/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/portal");
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign up and sign in work with plain forms", { tag: "@two-instances" }, async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/auth?tab=signup");
    await page.getByLabel("Full Name").fill("Lerato Khumalo");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("secret1");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page).toHaveURL(/\/portal$/);

    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-one");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });

  test("a portal link opened signed out opens that page after a plain sign-in", async ({
    page,
    baseURL,
  }) => {
    const user = await createUser(page.request, baseURL ?? "");
    await page.context().clearCookies();
    await page.goto("/portal/settings");
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent("/portal/settings")}`);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("wrong-one");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/portal/settings");
  });
});
