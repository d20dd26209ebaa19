import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-paths";
import { expect, hydrated, test } from "./fixtures";

/**
 * First-load JavaScript on the wire (brotli, as the server sends it to a browser), issue 38:
 * every public route and /auth at most 110 KB, and none more than 10 % over the home page.
 */
const JS_BUDGET_BYTES = 110_000;
const OVER_HOME_AT_MOST = 1.1;
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

/** Bytes on the wire for a file fetched as a browser does (`Accept-Encoding: gzip, br`). */
function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, (res) => {
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
  /** The page's first-load JavaScript: bytes on the wire and files. */
  async function firstLoad(page: Page, pathname: string) {
    const scripts = await scriptsLoadedBy(page, pathname);
    expect(scripts.length, pathname).toBeGreaterThan(0);
    const sizes = await Promise.all(scripts.map((url) => wireBytes(url)));
    return { bytes: sizes.reduce((a, b) => a + b, 0), files: scripts.length };
  }

  test("every public page and /auth loads at most 110 KB of JavaScript, ≤ 10 % over home", async ({
    page,
  }) => {
    // 22 pages, each loaded until hydrated and its network quiet: it passed 90 s (test.slow())
    // under CI's load.
    test.setTimeout(180_000);
    const home = await firstLoad(page, "/");
    const lines: string[] = [];
    const over: string[] = [];
    // The booking page (issue 33) is rendered per request, not prerendered: listed here.
    for (const pathname of [...publicPaths, "/auth", "/book/consultation"]) {
      const { bytes, files } = pathname === "/" ? home : await firstLoad(page, pathname);
      lines.push(`${pathname}: ${(bytes / 1000).toFixed(1)} KB brotli in ${files} files`);
      if (bytes > JS_BUDGET_BYTES) over.push(`${pathname} ${bytes} > ${JS_BUDGET_BYTES}`);
      if (bytes > home.bytes * OVER_HOME_AT_MOST) over.push(`${pathname} ${bytes} > home × 1.1`);
    }
    test.info().annotations.push({ type: "first-load JavaScript", description: lines.join("; ") });
    console.log(lines.join("\n"));
    expect(home.bytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(over).toEqual([]);
  });

  test("no public page loads code of the portal or the sign-in pages", async ({ page }) => {
    test.slow();
    const portalOnly = portalOnlyFiles();
    expect(portalOnly.size).toBeGreaterThan(0);
    for (const pathname of [...publicPaths, "/book/consultation"]) {
      const scripts = await scriptsLoadedBy(page, pathname);
      const leaked = scripts.map((url) => new URL(url).pathname).filter((p) => portalOnly.has(p));
      expect(leaked, pathname).toEqual([]);
    }
  });

  /**
   * The page's HTML has no preload links, no script is asked for before its stylesheet has
   * arrived (decision 113: the first paint needs only the stylesheet), then it hydrates.
   */
  async function stylesheetBeforeScripts(page: Page, pathname: string) {
    const response = await page.goto(pathname);
    expect(page.url()).toMatch(new RegExp(`${pathname}$`));
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain("data-deferred-hydration");
    await hydrated(page);
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const stylesheets = resources.filter((e) => e.name.endsWith(".css"));
      const scripts = resources.filter((e) => e.name.endsWith(".js")).map((e) => e.startTime);
      return {
        stylesheetIn: Math.max(...stylesheets.map((e) => e.responseEnd)),
        stylesheets: stylesheets.length,
        firstScript: Math.min(...scripts),
      };
    });
    expect(timing.stylesheets).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.stylesheetIn);
  }

  test("a public page has its stylesheet before it asks for its JavaScript, then hydrates", async ({
    page,
  }) => {
    await stylesheetBeforeScripts(page, "/about");
  });

  test("the sign-in page has its stylesheet before it asks for its JavaScript, then hydrates", async ({
    page,
  }) => {
    await stylesheetBeforeScripts(page, "/auth");
  });

  test("a portal page has its stylesheet before it asks for its JavaScript, then hydrates", async ({
    signedInPage: page,
  }) => {
    await stylesheetBeforeScripts(page, "/portal");
  });

  /**
   * On a slow line (Lighthouse's Slow 4G: 562.5 ms per round trip, ~1.6 Mbit/s) the head's
   * classic script asks for the modules at once, while the stylesheet is still on the wire
   * (decision 129); on the pages rendered per request its place before the stylesheet was
   * missed, and the scripts waited for the stylesheet there (decision 140). Then it hydrates.
   */
  for (const pathname of ["/", "/pricing", "/auth"]) {
    test(`on a slow line ${pathname} asks for its scripts before its stylesheet is in, then hydrates`, async ({
      page,
    }) => {
      test.slow();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 562.5,
        downloadThroughput: (1638.4 * 1024 * 0.9) / 8,
        uploadThroughput: (675 * 1024 * 0.9) / 8,
      });
      const response = await page.goto(pathname);
      expect(response?.ok()).toBe(true);
      await hydrated(page);
      const timing = await page.evaluate(() => {
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const stylesheets = resources.filter((e) => e.name.endsWith(".css"));
        const scripts = resources.filter((e) => e.name.endsWith(".js")).map((e) => e.startTime);
        return {
          early: (globalThis as { __earlyPreloads?: boolean }).__earlyPreloads === true,
          stylesheetIn: Math.max(...stylesheets.map((e) => e.responseEnd)),
          scripts: scripts.length,
          firstScript: Math.min(...scripts),
        };
      });
      expect(timing.early).toBe(true);
      expect(timing.scripts).toBeGreaterThan(0);
      expect(timing.firstScript).toBeLessThan(timing.stylesheetIn);
    });
  }
});
