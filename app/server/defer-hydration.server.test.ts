import { describe, expect, it } from "vitest";
import { DeferHydrationError, deferHydration, SLOW_HEAD_MS } from "./defer-hydration.server";

const page = `<!DOCTYPE html><html lang="en-ZA"><head><meta charSet="utf-8"/><title>T</title><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/framework-B.js"/><link rel="modulepreload" href="/assets/home-C.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><main><h1>Hello</h1></main><script>window.__reactRouterContext = {};</script><script type="module" async="">;
import * as route0 from "/assets/root-D.js";
import * as route1 from "/assets/home-C.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-A.js");</script></body></html>`;

interface StyleLink {
  sheet: object | null;
  listeners: Record<string, (() => void)[]>;
}
/** A `<link rel="stylesheet">` stand-in: loaded (it has its sheet) or still on the wire. */
const styleLink = (loaded: boolean): StyleLink => ({ sheet: loaded ? {} : null, listeners: {} });

/**
 * Runs a rewritten page's two module scripts, the head's then the body's, with stand-ins for
 * the browser: the page's stylesheet links (loaded unless given), `import()` and the link
 * insertions recorded (with their fetch priority when not the default), and " | " recorded
 * wherever a script gives the event loop a turn.
 */
async function run(
  html: string,
  styles: StyleLink[] = [styleLink(true)],
  log: string[] = [],
  headMs = 20,
  /** `navigator.connection`, where the browser has one (Chromium). */
  connection?: { rtt: number },
  /** More of the browser: `PerformanceObserver`, `requestAnimationFrame`. */
  browser: Record<string, unknown> = {},
): Promise<string[]> {
  const early = /<script[^>]*data-early-preloads="">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const asker = /<script[^>]*data-deferred-preloads="">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const code = /<script[^>]*data-deferred-hydration="">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!early || !asker || !code) throw new Error("no deferred module scripts");
  const window: Record<string, unknown> = {};
  const document = {
    querySelectorAll: (selector: string) => {
      expect(selector).toBe('link[rel="stylesheet"]');
      return styles.map((s) => ({
        ...s,
        addEventListener: (type: string, listener: () => void) => {
          s.listeners[type] = [...(s.listeners[type] ?? []), listener];
        },
      }));
    },
    createElement: () => ({}) as { rel?: string; href?: string; fetchPriority?: string },
    head: {
      append: (link: { href: string; fetchPriority?: string }) =>
        log.push(`link:${link.href}${link.fetchPriority ? `(${link.fetchPriority})` : ""}`),
    },
  };
  const scheduler = { yield: async () => void log.push("|") };
  const performance = { now: () => headMs };
  const global: Record<string, unknown> = { scheduler, ...browser };
  const load = async (href: string) => {
    log.push(`import:${href}`);
    return { href };
  };
  const script = (text: string) =>
    text
      .replace(/\bimport\(/g, "load(")
      .replace(
        "window.__reactRouterRouteModules = ",
        "log.push(`routes:${Object.keys(window.__reactRouterRouteModules = ",
      )
      .replace(/(log\.push\(`routes:[^\n]*?\});/, "$1)}`);");
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
  for (const text of [early, asker, code]) {
    await new AsyncFunction(
      "globalThis",
      "document",
      "window",
      "performance",
      "navigator",
      "load",
      "log",
      script(text),
    )(global, document, window, performance, { connection }, load, log);
  }
  return log;
}

describe("deferHydration", () => {
  it("removes the preload links and imports the same modules once the stylesheets are in", () => {
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
    expect(script).toContain('link[rel="stylesheet"]');
    expect(script).not.toContain("first-contentful-paint");
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-D.js"), import("/assets/home-C.js")]);',
    );
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

  it("adds the preload links a few per task, then runs the modules one per task, the entry last (issue 17)", async () => {
    const many = Array.from({ length: 7 }, (_, i) => `/assets/chunk-${i}.js`);
    const big = page.replace(
      '<link rel="stylesheet"',
      `${many.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("")}<link rel="stylesheet"`,
    );
    const log = await run(deferHydration(big));
    const tasks = log
      .join(" ")
      .split(" | ")
      .map((task) => task.trim().split(" "));
    // The links: the route modules' first, never more than three in one task.
    const links = tasks.filter((t) => t.every((step) => step.startsWith("link:")));
    expect(links.flat()[0]).toBe("link:/assets/root-D.js(low)");
    expect(links.flat()[1]).toBe("link:/assets/home-C.js(low)");
    expect(links.flat()).toHaveLength(3 + many.length + 1);
    for (const task of links) expect(task.length).toBeLessThanOrEqual(3);
    // Every module runs in a task of its own, in the reverse of React Router's order; the last
    // one's task then hands the route modules to React Router and imports the entry module,
    // which starts hydration.
    const imports = tasks.filter((t) => t.some((step) => step.startsWith("import:")));
    expect(imports.slice(0, -1)).toEqual(
      [...many.reverse(), "/assets/home-C.js"].map((m) => [`import:${m}`]),
    );
    expect(imports.at(-1)).toEqual([
      "import:/assets/framework-B.js",
      "import:/assets/root-D.js",
      "import:/assets/home-C.js",
      "routes:root,routes/home",
      "import:/assets/entry.client-A.js",
    ]);
  });

  it("asks for no script while a stylesheet is still on the wire, then for all of them at low priority (decision 113)", async () => {
    const pending = styleLink(false);
    const log: string[] = [];
    const running = run(deferHydration(page), [styleLink(true), pending], log);
    // The head's script is waiting on the stylesheet: give it every turn it could take.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(log).toEqual([]);
    expect(Object.keys(pending.listeners).sort()).toEqual(["error", "load"]);
    pending.sheet = {};
    for (const listener of pending.listeners.load ?? []) listener();
    await running;
    const links = log.filter((step) => step.startsWith("link:"));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.endsWith("(low)"))).toBe(true);
    expect(log.at(-1)).toBe("import:/assets/entry.client-A.js");
  });

  it("on a slow line (no round-trip estimate, and the head's scripts run over 300 ms after the navigation began) asks for the scripts with the stylesheet still on the wire, still at low priority (decision 129)", async () => {
    const pending = styleLink(false);
    const log: string[] = [];
    const running = run(deferHydration(page), [styleLink(true), pending], log, SLOW_HEAD_MS + 1);
    await expect
      .poll(() => log.filter((step) => step.startsWith("link:")).length)
      .toBeGreaterThanOrEqual(page.match(/rel="modulepreload"/g)?.length ?? 1);
    expect(log.filter((step) => step.startsWith("link:")).every((l) => l.endsWith("(low)"))).toBe(
      true,
    );
    // The modules themselves still run only once the stylesheet is in (the body's script).
    expect(log.some((step) => step.startsWith("import:"))).toBe(false);
    pending.sheet = {};
    for (const listener of pending.listeners.load ?? []) listener();
    await running;
    expect(log.at(-1)).toBe("import:/assets/entry.client-A.js");
    // Asked for once: the head's module script adds none of its own on a slow line.
    const links = log.filter((step) => step.startsWith("link:"));
    expect(new Set(links).size).toBe(links.length);
  });

  it("takes the browser's round-trip estimate over the head's moment where it has one: a busy server is not a slow line (decision 140)", async () => {
    // The head parsed 2 s after the navigation began (a page rendered per request on a busy
    // server), on a line whose round trip the browser puts at 100 ms: no script before the
    // stylesheet.
    const pending = styleLink(false);
    const log: string[] = [];
    const running = run(deferHydration(page), [pending], log, 2000, { rtt: 100 });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(log).toEqual([]);
    pending.sheet = {};
    for (const listener of pending.listeners.load ?? []) listener();
    await running;
    expect(log.at(-1)).toBe("import:/assets/entry.client-A.js");
  });

  it("asks at once when the browser puts the round trip at 300 ms or more, however soon the head came (decision 140)", async () => {
    const pending = styleLink(false);
    const log: string[] = [];
    const running = run(deferHydration(page), [pending], log, 20, { rtt: 600 });
    await expect
      .poll(() => log.filter((step) => step.startsWith("link:")).length)
      .toBeGreaterThanOrEqual(page.match(/rel="modulepreload"/g)?.length ?? 1);
    expect(log.some((step) => step.startsWith("import:"))).toBe(false);
    pending.sheet = {};
    for (const listener of pending.listeners.load ?? []) listener();
    await running;
    expect(log.at(-1)).toBe("import:/assets/entry.client-A.js");
  });

  it("on a fast line asks for no script before the first paint is on screen, the stylesheet in or not (decision 145)", async () => {
    // Lighthouse's simulated LCP counts every script that finished before the unthrottled
    // load's largest paint (decision 140: 0.8 or 1.8 s from one run to the next).
    let paint: (() => void) | undefined;
    class PerformanceObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: "largest-contentful-paint", buffered: true });
        paint = () => this.callback({}, this);
      }
      disconnect() {}
    }
    const log: string[] = [];
    const running = run(
      deferHydration(page),
      [styleLink(true)],
      log,
      20,
      { rtt: 100 },
      {
        PerformanceObserver,
      },
    );
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(paint).toBeDefined();
    expect(log).toEqual([]);
    paint?.();
    await running;
    expect(log.filter((step) => step.startsWith("link:")).length).toBeGreaterThan(0);
    expect(log.at(-1)).toBe("import:/assets/entry.client-A.js");
  });

  it("on a slow line waits for no paint: the links go in with the stylesheet still on the wire (decision 145)", async () => {
    class PerformanceObserver {
      static supportedEntryTypes = ["largest-contentful-paint"];
      observe() {
        throw new Error("a slow line waits for no paint");
      }
    }
    const log: string[] = [];
    await run(
      deferHydration(page),
      [styleLink(true)],
      log,
      20,
      { rtt: 600 },
      {
        PerformanceObserver,
      },
    );
    expect(log.at(-1)).toBe("import:/assets/entry.client-A.js");
  });

  it("puts the slow line's script before the stylesheet, as a classic script no stylesheet holds (decision 129)", () => {
    const out = deferHydration(page);
    const early = out.indexOf("<script data-early-preloads");
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(out.indexOf('<link rel="stylesheet"'));
    expect(out.slice(early, out.indexOf("</script>", early))).not.toContain("type=");
  });

  it("puts it before a <noscript> that holds a stylesheet, where it would never run (the sign-in page and the portal)", () => {
    const withNoscript = page.replace(
      '<link rel="stylesheet"',
      '<noscript><link rel="stylesheet" href="/preferences/theme.css"/></noscript><link rel="stylesheet"',
    );
    expect(withNoscript).toContain("<noscript>");
    const out = deferHydration(withNoscript);
    const early = out.indexOf("<script data-early-preloads");
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(out.indexOf("<noscript>"));
  });

  it("puts it before the stylesheet of a page rendered per request, whose link carries the nonce first (the sign-in page and the portal)", () => {
    // React writes the request's nonce before `rel` on the stylesheet link of a page rendered
    // per request; the script placed after that link waited for the stylesheet (decision 140).
    const nonced = page
      .replace('<link rel="stylesheet"', '<link nonce="abc+/=" rel="stylesheet"')
      .replace(
        "</head>",
        '<noscript><link rel="stylesheet" href="/preferences/theme.css"/></noscript></head>',
      )
      .replace("<script type=", '<script nonce="abc+/=" type=');
    const out = deferHydration(nonced);
    const early = out.indexOf('<script nonce="abc+/=" data-early-preloads');
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(out.indexOf('<link nonce="abc+/=" rel="stylesheet"'));
  });

  it("asks for the modules from the end of the head, not behind the parser at the end of the body (decision 118)", () => {
    const out = deferHydration(page);
    const head = out.slice(0, out.indexOf("</head>"));
    const asker =
      /<script type="module" async="" data-deferred-preloads="">([\s\S]*?)<\/script>$/.exec(
        head,
      )?.[1];
    expect(asker).toContain('link[rel="stylesheet"]');
    expect(asker).toContain('"/assets/home-C.js"');
    expect(asker).not.toContain("import(");
    const body = out.slice(out.indexOf("</head>"));
    expect(body).not.toContain("modulepreload");
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
