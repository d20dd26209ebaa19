/**
 * Pages paint before their JavaScript runs: the prerendered pages at build time
 * (scripts/defer-hydration.ts), the pages rendered per request (sign-in, portal, 404) in
 * app/entry.server.tsx, where the tags carry the request's CSP nonce. React Router renders a
 * `<link rel="modulepreload">` for every module of the page (React puts them at the top of the
 * head, before the stylesheet) and a module script that imports them at the end of the body.
 * This rewrite moves the preload links to the end of the head, after the stylesheet, at low
 * priority (`fetchpriority="low"`): the browser's preload scanner asks for the stylesheet
 * first and for the scripts as soon as it has read the head, so their round trips overlap the
 * stylesheet's and the first layout and paint (decision 129). React Router's module script
 * runs the same modules (one per task) once the stylesheets are in and the document is parsed.
 * The content is in the HTML, so nothing a visitor reads waits for scripts.
 * See docs/decisions/010-paint-before-hydration.md, 031, 113, 118 and 129.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/g;
const ROUTE_IMPORT = /^import \* as ([\w$]+) from "([^"]+)";$/;
const MARKER = "data-deferred-hydration";

/**
 * Resolves once the page's stylesheets have arrived (each `<link rel="stylesheet">` has its
 * sheet, or has failed), at once when they already have, and after 1 s whatever happens, so
 * hydration is never lost: no module runs (and none of their compiling competes with the
 * first layout and paint) before the stylesheet is in. The scripts' downloads themselves start
 * from the head's preload links, earlier (decision 129).
 */
const WAIT_FOR_STYLESHEETS = `await new Promise((resolve) => {
  setTimeout(resolve, 1000);
  const pending = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((l) => !l.sheet);
  let left = pending.length;
  if (left === 0) return resolve();
  const done = () => { if (--left === 0) resolve(); };
  for (const l of pending) { l.addEventListener("load", done, { once: true }); l.addEventListener("error", done, { once: true }); }
});`;

/**
 * One turn of the event loop: the next line runs in a new task. `scheduler.yield()` where the
 * browser has it (no 4 ms clamp on nested timers), a zero timeout elsewhere.
 */
const YIELD = `const nextTask = () => globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0));`;

/**
 * Then the modules run one per task. Importing a route module runs every module it needs that
 * has not run yet, in one task: on a portal page that was 25–35 ms of the test machine's CPU
 * (100–140 ms on Lighthouse's mobile CPU), the page's longest task after hydration's own
 * (decision 031). React Router lists a module before the modules it imports, so the list read
 * backwards runs a module's imports first and each import runs little more than itself. The
 * entry module is not among them: it starts hydration, so it runs last, as before.
 */
const RUN_MODULES = `for (const href of order) {
  await nextTask();
  await import(href);
}`;

export class DeferHydrationError extends Error {}

export function deferHydration(html: string): string {
  if (html.includes(MARKER)) return html;
  const preloads = [...new Set([...html.matchAll(PRELOAD)].map((m) => m[1] as string))];
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (scripts.length !== 1 || preloads.length === 0) {
    throw new DeferHydrationError(
      `expected one React Router module script and its preload links, found ${scripts.length} and ${preloads.length}`,
    );
  }
  const [whole, nonce = "", code] = scripts[0] as RegExpMatchArray & [string, string, string];
  const names: string[] = [];
  const urls: string[] = [];
  const rest: string[] = [];
  for (const line of code.split("\n")) {
    const m = ROUTE_IMPORT.exec(line.trim());
    if (m) {
      names.push(m[1] as string);
      urls.push(m[2] as string);
    } else if (/^\s*import\s/.test(line)) {
      throw new DeferHydrationError(`unexpected static import in the module script: ${line}`);
    } else {
      rest.push(line);
    }
  }
  const entry = /import\("([^"]+)"\);\s*$/.exec(code)?.[1];
  if (names.length === 0 || !entry) {
    throw new DeferHydrationError("the module script no longer has the shape this rewrite expects");
  }
  const order = preloads.filter((href) => href !== entry).reverse();
  // The preload links at the end of the head: after the stylesheet, so the preload scanner
  // asks for it first, and read at once, so the scripts' round trips overlap the stylesheet's
  // (decision 129; decision 118's script that added them once the stylesheet was in started
  // them 0.8 s later on the home page). The shared chunks first (React and React DOM, the
  // site's shell: the large files), then the route modules and the entry (a few hundred bytes
  // each): over HTTP/1.1's six connections the first requests go out at once and the rest
  // wait for a free one, and a large file waiting behind a small one's round trip costs most.
  const shared = preloads.filter((u) => !urls.includes(u) && u !== entry);
  const links = [...shared, ...urls, entry]
    .map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low"${nonce}/>`)
    .join("");
  const deferred = [
    WAIT_FOR_STYLESHEETS,
    YIELD,
    `const order = ${JSON.stringify(order)};`,
    RUN_MODULES,
    `const [${names.join(", ")}] = await Promise.all([${urls.map((u) => `import(${JSON.stringify(u)})`).join(", ")}]);`,
    ...rest,
  ].join("\n");
  if (!html.includes("</head>")) throw new DeferHydrationError("the page has no </head>");
  return html
    .replace(PRELOAD, "")
    .replace("</head>", () => `${links}</head>`)
    .replace(
      whole,
      () => `<script${nonce} type="module" async="" ${MARKER}="">${deferred}</script>`,
    );
}
