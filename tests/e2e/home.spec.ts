import { proofItems } from "../../app/content/home";
import { industries } from "../../app/content/industries";
import { servicesPage } from "../../app/content/services-page";
import { whatsappLink } from "../../app/content/site";
import { expect, hydrated, test } from "./fixtures";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("home page", () => {
  test("the first response holds the picture, the proof and the steps", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Results Our Clients Measured");
    expect(html).toContain("How a Project Runs");
    expect(html).toContain("Start Where It Suits You");
    expect(html).toMatch(/role="img" aria-label="Illustration: the assistant/);
  });

  test("a picture of the product with a text alternative", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("img", { name: /^Illustration: the assistant booking an appointment/ }),
    ).toBeVisible();
  });

  test("headline results name their clients and link to their case studies", async ({ page }) => {
    await page.goto("/");
    const proof = page.getByRole("region", { name: "Results Our Clients Measured" });
    const items = proofItems();
    await expect(proof.getByRole("link", { name: /^Read the case study/ })).toHaveCount(
      items.length,
    );
    for (const item of items) {
      const name = new RegExp(`^Read the case study\\W+${escapeRegExp(item.title)}$`);
      await expect(proof.getByRole("link", { name })).toHaveAttribute("href", item.href);
      const card = proof.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
      await expect(card).toContainText(item.client);
      await expect(card).toContainText(item.value);
      await expect(card).toContainText(item.label);
    }
    for (const industry of industries) {
      await expect(proof.getByRole("link", { name: industry.title, exact: true })).toHaveAttribute(
        "href",
        `/solutions#industry-${industry.slug}`,
      );
    }

    const first = items[0];
    if (!first) throw new Error("no proof items");
    await hydrated(page);
    await proof
      .getByRole("link", {
        name: new RegExp(`^Read the case study\\W+${escapeRegExp(first.title)}$`),
      })
      .click();
    await expect(page).toHaveURL(new RegExp(`${first.href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  });

  test("how a project runs: every step with its time", async ({ page }) => {
    await page.goto("/");
    const process = page.getByRole("region", { name: "How a Project Runs" });
    const steps = process.getByRole("listitem").filter({ has: page.getByRole("heading") });
    await expect(steps).toHaveCount(servicesPage.how.length);
    for (const [i, step] of servicesPage.how.entries()) {
      await expect(steps.nth(i).getByRole("heading")).toHaveText(step.title);
      await expect(steps.nth(i)).toContainText(step.time);
    }
  });

  test("a way in for each kind of visitor", async ({ page }) => {
    await page.goto("/");
    const ways = page.getByRole("region", { name: "Start Where It Suits You" });
    for (const [name, href] of [
      ["Try Demo", "/demo"],
      ["View Pricing", "/pricing"],
      ["Book a Call", "/contact#schedule-heading"],
    ] as const) {
      await expect(ways.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const whatsapp = ways.getByRole("link", { name: "Chat on WhatsApp (opens in a new tab)" });
    await expect(whatsapp).toHaveAttribute("href", whatsappLink());
    await expect(whatsapp).toHaveAttribute("target", "_blank");

    await hydrated(page);
    await ways.getByRole("link", { name: "Book a Call", exact: true }).click();
    await expect(page).toHaveURL(/\/contact#schedule-heading$/);
    await expect(page.getByRole("heading", { name: "Schedule a Demo" })).toBeInViewport();
  });

  test("arriving from another page by a client-side link shows the same sections", async ({
    page,
  }) => {
    await page.goto("/about");
    await hydrated(page);
    await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("region", { name: "Results Our Clients Measured" }).getByRole("link"),
    ).not.toHaveCount(0);
    await expect(page.getByRole("img", { name: /^Illustration: the assistant/ })).toBeVisible();
  });

  test("the picture's motion stops when reduced motion is asked for", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const durations = await page
      .locator('main [role="img"] .animate-pulse')
      .evaluateAll((dots) =>
        dots.map((d) => Number.parseFloat(getComputedStyle(d).animationDuration)),
      );
    expect(durations.length).toBeGreaterThan(0);
    for (const seconds of durations) expect(seconds).toBeLessThan(0.01);
  });
});

test.describe("service and industry cards carry an illustration", () => {
  for (const [path, region, count] of [
    ["/", "What We Do", 4],
    ["/services", "What We Offer", 4],
    ["/solutions", null, 6],
  ] as const) {
    test(path, async ({ page }) => {
      await page.goto(path);
      const main = page.getByRole("main");
      const scope = region ? main.getByRole("region", { name: region }) : main;
      const pictures = scope.locator('svg[viewBox="0 0 320 150"]');
      await expect(pictures).toHaveCount(count);
      for (const svg of await pictures.all()) {
        await expect(svg).toHaveAttribute("aria-hidden", "true");
        await expect(svg).toBeVisible();
      }
    });
  }
});

test.describe("320 px wide", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const path of ["/", "/services", "/solutions"]) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(scroll).toBeLessThanOrEqual(client);
    });
  }
});
