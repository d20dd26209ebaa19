import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-paths";
import { services } from "../../app/content/services";
import { site } from "../../app/content/site";
import { themeScript } from "../../app/lib/theme";
import { axe } from "./axe";
import { allowConsoleErrors, expect, hydrated, test } from "./fixtures";

type JsonLd = Record<string, unknown> & { "@type"?: string; "@graph"?: JsonLd[] };

/** What the browser logs when a test blocks the module scripts on purpose. */
const BLOCKED_SCRIPTS = [
  /^Failed to load resource: net::ERR_FAILED/,
  /^Failed to fetch dynamically imported module/,
];

/** Every JSON-LD block in an HTML string, parsed; nodes of an @graph are flattened. */
function jsonLdIn(html: string): JsonLd[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  return blocks.flatMap((m) => {
    const data = JSON.parse(m[1] ?? "") as JsonLd;
    expect(data["@context"]).toBe("https://schema.org");
    return data["@graph"] ?? [data];
  });
}

async function jsonLdOnPage(page: Page): Promise<JsonLd[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return jsonLdIn(texts.map((t) => `<script type="application/ld+json">${t}</script>`).join(""));
}

function attr(html: string, pattern: RegExp): string | undefined {
  return html.match(pattern)?.[1];
}

const url = (path: string) => `${site.url}${path}`;

test.describe("sitemap.xml and robots.txt", () => {
  test("the sitemap lists every public page once, and only those", async ({ request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(publicPaths.length);
    expect([...locs].sort()).toEqual(publicPaths.map(url).sort());
  });

  test("every page in the sitemap is indexable, canonical to itself and has its breadcrumbs", async ({
    request,
  }) => {
    for (const path of publicPaths) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).not.toMatch(/<meta name="robots"/);
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/), path).toBe(url(path));
      expect(attr(html, /<meta property="og:url" content="([^"]+)"/), path).toBe(url(path));
      const crumbs = jsonLdIn(html).filter((d) => d["@type"] === "BreadcrumbList");
      if (path === "/") {
        expect(crumbs).toHaveLength(0);
        continue;
      }
      expect(crumbs, path).toHaveLength(1);
      const items = crumbs[0]?.itemListElement as { position: number; item: string }[];
      expect(items[0]?.item, path).toBe(url("/"));
      expect(items.at(-1)?.item, path).toBe(url(path));
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    }
  });

  test("robots.txt points to the sitemap and keeps crawlers out of the private areas", async ({
    request,
  }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/portal", "/auth", "/api", "/functions"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${url("/sitemap.xml")}`);
  });
});

test.describe("page metadata", () => {
  for (const path of ["/", "/services/voice-agents", "/case-studies/retail-automation", "/about"]) {
    test(`${path} has a canonical URL, Open Graph and Twitter card tags`, async ({ page }) => {
      await page.goto(path);
      const title = await page.title();
      const meta = (key: string, name: string) =>
        page.locator(`meta[${key}="${name}"]`).getAttribute("content");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url(path));
      expect(await meta("property", "og:url")).toBe(url(path));
      expect(await meta("property", "og:title")).toBe(title);
      expect(await meta("property", "og:description")).toBe(await meta("name", "description"));
      expect(await meta("property", "og:type")).toBe("website");
      expect(await meta("property", "og:locale")).toBe("en_ZA");
      expect(await meta("property", "og:image")).toBe(url("/og-image.png"));
      expect(await meta("property", "og:image:width")).toBe("1200");
      expect(await meta("property", "og:image:height")).toBe("630");
      expect(await meta("property", "og:image:alt")).toContain(site.name);
      expect(await meta("name", "twitter:card")).toBe("summary_large_image");
      expect(await meta("name", "twitter:image")).toBe(url("/og-image.png"));
      await expect(page.locator("html")).toHaveAttribute("lang", "en-ZA");
    });
  }

  test("the share card and the logo are served as PNG", async ({ request }) => {
    for (const path of ["/og-image.png", "/logo.png"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/png");
    }
  });
});

test.describe("structured data", () => {
  test("home: Organization and ProfessionalService with the +27 phone, address and hours", async ({
    page,
  }) => {
    await page.goto("/");
    const nodes = await jsonLdOnPage(page);
    const org = nodes.find((n) => n["@type"] === "Organization");
    const business = nodes.find((n) => n["@type"] === "ProfessionalService");
    expect(org).toMatchObject({
      name: site.name,
      url: url("/"),
      telephone: site.phoneE164,
      email: site.email,
      address: { "@type": "PostalAddress", addressCountry: "ZA" },
    });
    expect(org?.telephone).toMatch(/^\+27\d{9}$/);
    expect(business).toMatchObject({
      name: site.name,
      telephone: site.phoneE164,
      address: { streetAddress: site.address.street, addressLocality: site.address.city },
      areaServed: { "@type": "Country", name: "South Africa" },
      openingHoursSpecification: [
        {
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "08:00",
          closes: "17:00",
        },
      ],
    });
  });

  test("a service page: a Service provided by the agency", async ({ page }) => {
    const service = services.find((s) => s.slug === "automations");
    await page.goto("/services/automations");
    const nodes = await jsonLdOnPage(page);
    expect(nodes.find((n) => n["@type"] === "Service")).toMatchObject({
      name: service?.title,
      description: service?.description,
      url: url("/services/automations"),
      provider: { "@type": "Organization", name: site.name, telephone: site.phoneE164 },
      areaServed: { name: "South Africa" },
    });
  });

  test("an inner page: a BreadcrumbList that matches the visible trail", async ({ page }) => {
    await page.goto("/case-studies/ecommerce-overhaul");
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trail.getByRole("listitem")).toHaveText(["Case Studies", "E-commerce Overhaul"]);
    const list = (await jsonLdOnPage(page)).find((n) => n["@type"] === "BreadcrumbList");
    expect(list?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: url("/") },
      { "@type": "ListItem", position: 2, name: "Case Studies", item: url("/case-studies") },
      {
        "@type": "ListItem",
        position: 3,
        name: "E-commerce Overhaul",
        item: url("/case-studies/ecommerce-overhaul"),
      },
    ]);
  });

  test("follows client-side navigation (no stale data from the previous page)", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    const [list] = await jsonLdOnPage(page);
    expect(list?.["@type"]).toBe("BreadcrumbList");
    expect(list?.itemListElement).toHaveLength(2);
  });
});

test.describe("noindex outside the public pages", () => {
  async function expectNoindex(page: Page) {
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }

  test("the sign-in page", async ({ page }) => {
    await page.goto("/auth");
    await expectNoindex(page);
  });

  test("/contact with the map open, a route of its own for the page without scripts, in its HTML as served; /contact itself is indexed", async ({
    request,
  }) => {
    const map = await (await request.get("/contact/map")).text();
    expect(map).toContain('<meta name="robots" content="noindex"/>');
    expect(map).toMatch(/<link rel="canonical" href="[^"]*\/contact"\/>/);
    const contact = await (await request.get("/contact")).text();
    expect(contact).not.toContain('name="robots"');
  });

  test("404 pages", async ({ page }) => {
    for (const path of ["/no-such-page", "/services/blockchain", "/legal/nope"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expectNoindex(page);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    }
  });

  test("every portal page", async ({ signedInPage: page }) => {
    for (const [path, status] of [
      ["/portal", 200],
      ["/portal/projects", 200],
      ["/portal/messages", 200],
      ["/portal/reports", 200],
      ["/portal/analytics", 200],
      ["/portal/team", 403],
      ["/portal/settings", 200],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(status);
      await expectNoindex(page);
    }
  });
});

test.describe("theme", () => {
  test("the inline theme script is in the raw HTML, before the stylesheet and the body", async ({
    request,
  }) => {
    for (const path of ["/", "/about", "/auth", "/no-such-page"]) {
      const html = await (await request.get(path)).text();
      const script = html.indexOf(`<script>${themeScript}</script>`);
      expect(script, path).toBeGreaterThan(0);
      expect(script, path).toBeLessThan(html.indexOf('rel="stylesheet"'));
      expect(script, path).toBeLessThan(html.indexOf("<body"));
    }
  });

  test("the toggle switches the theme, remembers it in a cookie, and a reload shows it before any module runs", async ({
    page,
    context,
  }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/about");
    await hydrated(page);
    const html = page.locator("html");
    const banner = page.getByRole("banner");
    await expect(html).not.toHaveClass(/\bdark\b/);

    await banner.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(banner.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "theme");
    expect(cookie).toMatchObject({ value: "dark", path: "/", sameSite: "Lax" });
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    // With every module script blocked, only the inline head script can set the class.
    await page.route("**/assets/**/*.js", (route) => route.abort());
    allowConsoleErrors(page, ...BLOCKED_SCRIPTS);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      true,
    );
    expect(
      await page.evaluate(() =>
        Object.keys(document.getElementById("main") ?? {}).some((k) => k.startsWith("__react")),
      ),
    ).toBe(false);
    await page.unroute("**/assets/**/*.js");

    await page.reload();
    await hydrated(page);
    await banner.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    // Light is what the system asks for, so the choice goes back to following the system.
    expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("system");
  });

  test.describe("with a dark system setting", () => {
    test.use({ colorScheme: "dark" });

    test("follows the system until the visitor chooses, also without JavaScript", async ({
      page,
      context,
    }) => {
      await page.route("**/assets/**/*.js", (route) => route.abort());
      allowConsoleErrors(page, ...BLOCKED_SCRIPTS);
      await page.goto("/pricing");
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        true,
      );
      await page.unroute("**/assets/**/*.js");

      await page.reload();
      await hydrated(page);
      await page.getByRole("banner").getByRole("button", { name: "Switch to light theme" }).click();
      await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("light");
      await page.reload();
      await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    });
  });

  test("the portal header has the toggle too", async ({ signedInPage: page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/portal");
    const html = await (await page.request.get("/portal")).text();
    expect(html).toContain(`<script>${themeScript}</script>`);
    await hydrated(page); // the toggle is React's: a click before hydration does nothing
    await page.getByRole("banner").getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(
      page.getByRole("banner").getByRole("button", { name: "Switch to light theme" }),
    ).toBeVisible();
  });
});

test.describe("dark theme contrast", () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ colorScheme: "dark" });

  async function expectReadable(page: Page, label: string) {
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    // A toast or dialog still fading in has blended colours; measure what stays on screen.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const { violations } = await axe(page).withRules(["color-contrast"]).analyze();
    expect(
      violations.flatMap((v) =>
        v.nodes.map((n) => `${label}: ${n.target.join(" ")}: ${n.any[0]?.message}`),
      ),
    ).toEqual([]);
  }

  test("public pages have enough contrast in the dark theme", async ({ page }) => {
    for (const path of ["/", "/about", "/contact", "/pricing", "/services/ai", "/demo"]) {
      await page.goto(path);
      await hydrated(page);
      await expectReadable(page, path);
    }
  });

  test("portal pages have enough contrast in the dark theme", async ({ signedInPage: page }) => {
    await page.goto("/portal/projects");
    await hydrated(page);
    await page.getByRole("button", { name: "New Project" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill("Dark mode check");
    await expectReadable(page, "project dialog");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Project created successfully")).toBeVisible();
    await expectReadable(page, "/portal/projects");
    await page.goto("/portal");
    await expectReadable(page, "/portal");
  });
});

test.describe("navigation progress", () => {
  test("a slim bar shows while a client navigation waits, and goes away after", async ({
    page,
  }) => {
    await page.goto("/services");
    await hydrated(page);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/services/ai.data*", async (route) => {
      await gate;
      await route.continue();
    });
    const bar = page.getByTestId("navigation-progress");
    await expect(bar).toHaveAttribute("data-state", "idle");
    await page.getByRole("link", { name: "Learn More about AI Services" }).click();
    await expect(bar).toHaveAttribute("data-state", "loading");
    await expect(bar).toHaveCSS("opacity", "1");
    release();
    await expect(page).toHaveURL(/\/services\/ai$/);
    await expect(bar).toHaveAttribute("data-state", "idle");
    await expect(bar).toHaveCSS("opacity", "0");
  });

  test("does not animate when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/services");
    await hydrated(page);
    await page.route("**/services/ai.data*", () => {});
    await page.getByRole("link", { name: "Learn More about AI Services" }).click();
    const bar = page.getByTestId("navigation-progress");
    await expect(bar).toHaveAttribute("data-state", "loading");
    const durations = await bar.evaluate((el) =>
      getComputedStyle(el)
        .transitionDuration.split(",")
        .map((d) => Number.parseFloat(d)),
    );
    for (const seconds of durations) expect(seconds).toBeLessThan(0.001);
  });
});
