import { describe, expect, it } from "vitest";
import { DeferHydrationError, deferHydration } from "./defer-hydration.server";

const page = `<!DOCTYPE html><html lang="en-ZA"><head><meta charSet="utf-8"/><title>T</title><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/framework-B.js"/><link rel="modulepreload" href="/assets/home-C.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><main><h1>Hello</h1></main><script>window.__reactRouterContext = {};</script><script type="module" async="">;
import * as route0 from "/assets/root-D.js";
import * as route1 from "/assets/home-C.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-A.js");</script></body></html>`;

describe("deferHydration", () => {
  it("removes the preload links and imports the same modules after the first frame", () => {
    const out = deferHydration(page);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toMatch(/^import \* as/m);
    expect(out).toContain("<h1>Hello</h1>");
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    const script =
      /<script type="module" async="" data-deferred-hydration="">([\s\S]*?)<\/script>/.exec(
        out,
      )?.[1];
    expect(script).toBeDefined();
    expect(script).toContain("first-contentful-paint");
    expect(script).toContain(
      '["/assets/entry.client-A.js","/assets/framework-B.js","/assets/home-C.js"]',
    );
    expect(script).toContain(
      'const routeModules = Promise.all([import("/assets/root-D.js"), import("/assets/home-C.js")]);',
    );
    expect(script).toContain("const [route0, route1] = await routeModules;");
    expect(script).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    );
    expect(script?.trim().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
  });

  it("keeps the request's CSP nonce on the script of a page rendered per request", () => {
    const nonced = page
      .replaceAll('"/>', '" nonce="abc+/="/>')
      .replace("<script type=", '<script nonce="abc+/=" type=');
    expect(nonced).toContain('<link rel="modulepreload" href="/assets/home-C.js" nonce="abc+/="/>');
    const out = deferHydration(nonced);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain(
      '<script nonce="abc+/=" type="module" async="" data-deferred-hydration="">',
    );
    expect(out).toContain('import("/assets/root-D.js")');
  });

  it("adds the preload links a few per task, so no one task adds them all (issue 17)", () => {
    const many = Array.from({ length: 20 }, (_, i) => `/assets/chunk-${i}.js`);
    const big = page.replace(
      '<link rel="stylesheet"',
      `${many.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("")}<link rel="stylesheet"`,
    );
    const script = deferHydration(big);
    expect(script).toContain("preloads.slice(i, i + 3)");
    expect(script).toContain("await new Promise((resolve) => setTimeout(resolve, 0))");
    expect(script).toContain('"/assets/chunk-19.js"');
  });

  it("is idempotent", () => {
    const once = deferHydration(page);
    expect(deferHydration(once)).toBe(once);
  });

  it("refuses a page whose script it does not recognise, so the build fails loudly", () => {
    expect(() => deferHydration("<html><body><p>static</p></body></html>")).toThrow(
      DeferHydrationError,
    );
    expect(() =>
      deferHydration(
        page.replace('import * as route0 from "/assets/root-D.js";', 'import x from "/y.js";'),
      ),
    ).toThrow(DeferHydrationError);
  });
});
