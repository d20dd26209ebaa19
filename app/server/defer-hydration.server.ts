/**
 * Pages paint before their JavaScript loads: the prerendered pages at build time
 * (scripts/defer-hydration.ts), the pages rendered per request (sign-in, portal, 404) in
 * app/entry.server.tsx, where the tags carry the request's CSP nonce. React Router puts a
 * `<link rel="modulepreload">` for every module of the page in the head and a module script
 * that imports them at the end of the body; the browser fetches all of them while it is still
 * parsing, so on a slow connection the scripts compete with the HTML and the stylesheet for the
 * first paint. This rewrite removes the preload links; a small script at the end of the head
 * adds the same links (a few per task, at low priority) once the stylesheets are in, and React
 * Router's module script runs the same modules (one per task) once the document is parsed.
 * The content is in the HTML, so nothing a visitor reads waits for scripts.
 * See docs/decisions/010-paint-before-hydration.md, 031, 113 and 118.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/g;
const ROUTE_IMPORT = /^import \* as ([\w$]+) from "([^"]+)";$/;
const MARKER = "data-deferred-hydration";
/** The head's script that asks for the modules (decision 118). */
const PRELOAD_MARKER = "data-deferred-preloads";

/**
 * Resolves once the page's stylesheets have arrived (each `<link rel="stylesheet">` has its
 * sheet, or has failed), at once when they already have, and after 1 s whatever happens, so
 * hydration is never lost. Until then the stylesheet, which the first paint needs, is the
 * only thing on the wire; from then on the scripts' round trips overlap the first layout and
 * paint instead of following them (decision 113: waiting for the first paint itself put the
 * scripts' 0.5 s round trip and their download after the paint, 1.2–1.7 s under Slow 4G).
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
 * The preload links go into the head a few at a time, one task each: the browser starts each
 * link's fetch as it is added, 1–3 ms of main thread per link (4–11 ms on Lighthouse's mobile
 * CPU), and a portal page has 25–40 modules; added at once they made one 150–250 ms task
 * (decision 025). The route modules' links come first, so their fetches do not wait. The
 * links are still needed: React's hydration looks for the preload links the page renders and
 * inserts the missing ones itself, all in the task that ends hydration.
 */
const PRELOADS_PER_TASK = 3;

/**
 * A line counts as slow when the browser's estimate of its round trip (`navigator.connection.rtt`,
 * Chromium's network quality estimate; under devtools' Slow 4G emulation 600 ms, unthrottled
 * ~100) is this long or longer: there each request is a round trip of about that length, and
 * asking for the modules only once the stylesheet is in puts a whole round trip and their
 * download after the first paint (hydrated 3.4–3.8 s; asked at once, 2.1–2.8 s, decision 129).
 * On a fast line a round trip is cheap, and the stylesheet has the line to itself until it is
 * in. Where the browser has no estimate (Firefox, Safari), the moment the head's scripts run
 * stands in for it: more than this long after the navigation began. That moment also counts
 * the server's time, so a page rendered per request on a busy server would pass for a slow
 * line (decision 140); the estimate does not. (The navigation's own `responseStart` does not
 * show a throttled line's latency: 7 ms under Chrome's Slow 4G emulation, where the head
 * arrives at ~650 ms.)
 */
export const SLOW_HEAD_MS = 300;
const SLOW_LINE = `const rtt = navigator.connection?.rtt; const slowLine = rtt > 0 ? rtt >= ${SLOW_HEAD_MS} : performance.now() > ${SLOW_HEAD_MS};`;
/** The head's classic script before the stylesheet: on a slow line it asks for the modules. */
const EARLY_FLAG = "__earlyPreloads";
const EARLY_MARKER = "data-early-preloads";
/**
 * A classic script placed before the stylesheet link, so that no pending stylesheet holds it
 * (any script after one waits for it, module scripts too: decision 118's head script first ran
 * when the stylesheet was in). It adds every link in one task: 10–16 links, a few ms each, at a
 * moment the page has nothing else to do but wait for its stylesheet.
 */
/**
 * On a fast line, the moment the page's first paint is on screen: the first
 * `largest-contentful-paint` entry (or `paint` where the browser has no such entry, a frame
 * elsewhere, and 1 s at most). Both module scripts wait for it there before a module is asked
 * for. Lighthouse's default run loads the page unthrottled and simulates Slow 4G from that
 * load's requests: every script that has *finished* before the unthrottled load's largest paint
 * counts as holding that paint, and its simulated end becomes the simulated LCP (decision 129:
 * +1.0 s). Asked for once the stylesheet was in, on this machine the scripts finished a few ms
 * before or after the paint, so the simulated LCP was 0.8 or 1.8 s from one run to the next
 * (decision 140); asked for after the paint, they never count. On a fast line that wait is one
 * frame; a slow line asks for them at once (above) and does not wait.
 */
const FIRST_PAINT_FLAG = "__firstPaint";
const FIRST_PAINT = `globalThis.${FIRST_PAINT_FLAG} = new Promise((resolve) => { setTimeout(resolve, 1000); const Observer = globalThis.PerformanceObserver; const types = Observer?.supportedEntryTypes ?? []; const type = ["largest-contentful-paint", "paint"].find((t) => types.includes(t)); if (type) return new Observer((list, observer) => { observer.disconnect(); resolve(); }).observe({ type, buffered: true }); const frame = globalThis.requestAnimationFrame ?? ((f) => f()); frame(() => setTimeout(resolve, 0)); });`;
const earlyPreloads = (hrefs: string[]) =>
  `(() => { ${SLOW_LINE} if (!slowLine) { ${FIRST_PAINT} return; } globalThis.${EARLY_FLAG} = true; for (const href of ${JSON.stringify(hrefs)}) { const l = document.createElement("link"); l.rel = "modulepreload"; l.fetchPriority = "low"; l.href = href; document.head.append(l); } })();`;
const ADD_PRELOAD_LINKS = `for (let i = 0; i < preloads.length; i += ${PRELOADS_PER_TASK}) {
  if (i > 0) await nextTask();
  for (const href of preloads.slice(i, i + ${PRELOADS_PER_TASK})) { const l = document.createElement("link"); l.rel = "modulepreload"; l.fetchPriority = "low"; l.href = href; document.head.append(l); }
}`;

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
  // In the head, so that the modules are asked for as soon as the stylesheets are in (on a
  // slow line at once, decision 129): at the end of the body this waited behind the parser,
  // which a classic script after the stylesheet holds until the first layout and paint are
  // done (0.6–1.6 s under Slow 4G and 4× CPU, decision 118). An async module script is not
  // held by a pending stylesheet.
  const asker = [
    `if (!globalThis.${EARLY_FLAG}) {`,
    WAIT_FOR_STYLESHEETS,
    `await globalThis.${FIRST_PAINT_FLAG};`,
    YIELD,
    `const preloads = ${JSON.stringify([...urls, ...preloads.filter((u) => !urls.includes(u))])};`,
    ADD_PRELOAD_LINKS,
    "}",
  ].join("\n");
  // On a slow line the large shared chunks first: over HTTP/1.1's six connections the last
  // requests wait a round trip for a free one, and the route modules are a few hundred bytes.
  const early = earlyPreloads([...preloads.filter((u) => !urls.includes(u)), ...urls]);
  // Before the first stylesheet, or before the <noscript> that holds one (the portal's and the
  // sign-in page's theme): a script inside a <noscript> never runs.
  const head = html.slice(0, Math.max(0, html.indexOf("</head>")));
  const stylesheet = Math.min(
    // Any attribute order: on a page rendered per request React writes the nonce before `rel`
    // (`<link nonce="…" rel="stylesheet"`), and a script after that link waited for it
    // (decision 140).
    ...[head.search(/<link\b[^>]*\brel="stylesheet"/), head.search(/<noscript>/)].map((i) =>
      i < 0 ? Number.POSITIVE_INFINITY : i,
    ),
  );
  const deferred = [
    WAIT_FOR_STYLESHEETS,
    // On a fast line, not before the first paint (see FIRST_PAINT); nothing to wait for on a slow one.
    `await globalThis.${FIRST_PAINT_FLAG};`,
    YIELD,
    `const order = ${JSON.stringify(order)};`,
    RUN_MODULES,
    `const [${names.join(", ")}] = await Promise.all([${urls.map((u) => `import(${JSON.stringify(u)})`).join(", ")}]);`,
    ...rest,
  ].join("\n");
  if (!html.includes("</head>")) throw new DeferHydrationError("the page has no </head>");
  const earlyScript = `<script${nonce} ${EARLY_MARKER}="">${early}</script>`;
  const withEarly = Number.isFinite(stylesheet)
    ? `${html.slice(0, stylesheet)}${earlyScript}${html.slice(stylesheet)}`
    : html.replace("</head>", () => `${earlyScript}</head>`);
  return withEarly
    .replace(PRELOAD, "")
    .replace(
      "</head>",
      () => `<script${nonce} type="module" async="" ${PRELOAD_MARKER}="">${asker}</script></head>`,
    )
    .replace(
      whole,
      () => `<script${nonce} type="module" async="" ${MARKER}="">${deferred}</script>`,
    );
}
