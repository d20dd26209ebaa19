import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-paths";
import { expect, hydrated, test } from "./fixtures";

/** The home page's budget (decision 017): the JavaScript it loads, gzipped as sent. */
const HOME_JS_BUDGET_BYTES = 120_000;

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
}

/** The client manifest of the build under test: every route's module and its imports. */
function routeFiles(): Map<string, Set<string>> {
  const dir = path.resolve("build/client/assets");
  const file = readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("No client manifest in build/client/assets");
  const text = readFileSync(path.join(dir, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    routes: Record<string, ManifestRoute>;
  };
  const files = new Map<string, Set<string>>();
  for (const route of Object.values(manifest.routes)) {
    files.set(route.id, new Set([route.module, ...(route.imports ?? [])]));
  }
  return files;
}

/** Files only the portal and sign-in routes use: none of them may load on a public page. */
function portalOnlyFiles(): Set<string> {
  const portal = new Set<string>();
  const elsewhere = new Set<string>();
  for (const [id, files] of routeFiles()) {
    const target = /^routes\/(portal|auth)\//.test(id) ? portal : elsewhere;
    for (const f of files) target.add(f);
  }
  return new Set([...portal].filter((f) => !elsewhere.has(f)));
}

/** Bytes on the wire for a file fetched with `Accept-Encoding: gzip`. */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

/** Loads a page, waits until it is hydrated and quiet, and returns the scripts it fetched. */
async function scriptsLoadedBy(page: Page, pathname: string): Promise<string[]> {
  const scripts = new Set<string>();
  const listener = (response: { url(): string; request(): { resourceType(): string } }) => {
    if (response.request().resourceType() === "script") scripts.add(response.url());
  };
  page.on("response", listener);
  await page.goto(pathname);
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  page.off("response", listener);
  return [...scripts];
}

test.describe("performance budgets", () => {
  test("the home page loads at most 120 KB of gzipped JavaScript", async ({ page }) => {
    const scripts = await scriptsLoadedBy(page, "/");
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = await Promise.all(scripts.map((url) => gzipBytes(url)));
    const total = sizes.reduce((a, b) => a + b, 0);
    test.info().annotations.push({
      type: "home JavaScript",
      description: `${(total / 1000).toFixed(1)} KB gzip in ${scripts.length} files`,
    });
    console.log(
      `Home page JavaScript: ${(total / 1000).toFixed(1)} KB gzip, ${scripts.length} files`,
    );
    expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });

  test("no public page loads code of the portal or the sign-in pages", async ({ page }) => {
    test.slow();
    const portalOnly = portalOnlyFiles();
    expect(portalOnly.size).toBeGreaterThan(0);
    for (const pathname of publicPaths) {
      const scripts = await scriptsLoadedBy(page, pathname);
      const leaked = scripts.map((url) => new URL(url).pathname).filter((p) => portalOnly.has(p));
      expect(leaked, pathname).toEqual([]);
    }
  });

  /** The page's HTML has no preload links, and its first paint comes before any script. */
  async function paintsBeforeScripts(page: Page, pathname: string) {
    const response = await page.goto(pathname);
    expect(page.url()).toMatch(new RegExp(`${pathname}$`));
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain("data-deferred-hydration");
    await hydrated(page);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith(".js"))
        .map((e) => e.startTime);
      return { paint, firstScript: Math.min(...scripts) };
    });
    expect(timing.paint).not.toBeNull();
    expect(timing.firstScript).toBeGreaterThan(timing.paint ?? Number.POSITIVE_INFINITY);
  }

  test("a public page paints before it fetches its JavaScript, then hydrates", async ({ page }) => {
    await paintsBeforeScripts(page, "/about");
  });

  test("the sign-in page paints before it fetches its JavaScript, then hydrates", async ({
    page,
  }) => {
    await paintsBeforeScripts(page, "/auth");
  });

  test("a portal page paints before it fetches its JavaScript, then hydrates", async ({
    signedInPage: page,
  }) => {
    await paintsBeforeScripts(page, "/portal");
  });
});
