import { expect, hydrated, test } from "./fixtures";

const NAV = [
  "Home",
  "Services",
  "Solutions",
  "Pricing",
  "Case Studies",
  "Demo",
  "About",
  "Contact",
];

test.describe("navigation and footer", () => {
  test("eight links; the current route is marked; Portal and Book a Demo", async ({ page }) => {
    await page.goto("/solutions");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(NAV);
    await expect(nav.getByRole("link", { name: "Solutions" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("banner").getByRole("link", { name: "Portal" })).toHaveAttribute(
      "href",
      "/portal",
    );
    await expect(page.getByRole("banner").getByRole("link", { name: "Book a Demo" })).toBeVisible();

    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Solutions" })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the footer has brand, links, contact details, legal links and © 2025", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "AI Services" })).toHaveAttribute(
      "href",
      "/services/ai",
    );
    await expect(
      footer.getByRole("navigation", { name: "Company" }).getByRole("link", { name: "About" }),
    ).toBeVisible();
    await expect(footer.getByRole("link", { name: /^\+27/ })).toHaveAttribute("href", /^tel:\+27/);
    await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await expect(footer.getByText(/Street/)).toBeVisible();
    for (const legal of ["Privacy Policy", "Terms of Service", "Cookie Policy"]) {
      await expect(footer.getByRole("link", { name: legal })).toBeVisible();
    }
    await expect(footer.getByText(/© 2025/)).toBeVisible();
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu toggles, works by keyboard and closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await hydrated(page); // the toggle answers once React has hydrated (decision 010)
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(menu.getByRole("link")).toHaveText([...NAV, "Portal", "Book a Demo"]);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("link", { name: "Pricing" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the floating chat button leaves the footer readable", async ({ page }) => {
    await page.goto("/about");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const button = page.getByRole("link", { name: /WhatsApp/ });
    const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
    const b = await button.boundingBox();
    const l = await legal.boundingBox();
    expect(b && l).toBeTruthy();
    if (b && l) {
      const overlaps =
        b.x < l.x + l.width && b.x + b.width > l.x && b.y < l.y + l.height && b.y + b.height > l.y;
      expect(overlaps).toBe(false);
    }
  });
});

test("the WhatsApp button opens a chat with the business's number and a greeting", async ({
  page,
}) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: /Chat with .* on WhatsApp/ });
  const href = (await link.getAttribute("href")) ?? "";
  const url = new URL(href);
  expect(url.origin).toBe("https://wa.me");
  expect(url.pathname).toMatch(/^\/27\d{9}$/);
  expect(url.searchParams.get("text")).toMatch(/^Hi Kopano AI,/);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
});

test.describe("unknown paths", () => {
  test("answer 404 with the spec's text and log the path", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (m) => messages.push(m.text()));
    const res = await page.goto("/no-such-page?x=1");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect.poll(() => messages.some((m) => m.includes("/no-such-page"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("also under known prefixes and for unknown detail pages", async ({ request }) => {
    for (const path of [
      "/services/unknown",
      "/legal/unknown",
      "/case-studies/unknown",
      "/portal-x",
      "/assets/missing.js",
    ]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
    }
  });

  test("serve public pages without a trailing-slash redirect and with health checks", async ({
    request,
  }) => {
    const res = await request.get("/about", { maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain("Innovation First");
    const health = await request.get("/healthz");
    expect(await health.json()).toEqual({ status: "ok" });
  });
});
