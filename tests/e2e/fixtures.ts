import {
  type APIRequestContext,
  type Browser,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { waitForMail } from "./mail";

let counter = 0;
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
}

/** Create an account through the auth API; the request context keeps its session cookie. */
export async function createUser(
  request: APIRequestContext,
  baseURL: string,
  overrides: Partial<TestUser> = {},
): Promise<TestUser> {
  const user = {
    email: uniqueEmail(),
    password: "secret-pass-1",
    fullName: "Naledi Dlamini",
    ...overrides,
  };
  const res = await request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL },
    data: { email: user.email, password: user.password, name: user.fullName },
  });
  expect(res.status(), await res.text()).toBe(200);
  return user;
}

/** A new client, as the administrator's 'New client' form posts it; its id. */
export async function newClient(request: APIRequestContext, base: string, name: string) {
  const res = await request.post("/portal/clients", {
    headers: { origin: base },
    form: { intent: "create", name },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(302);
  return (res.headers().location ?? "").split("/").pop() ?? "";
}

/** The administrator account most journeys use (listed in ADMIN_EMAILS, playwright.config.ts). */
export const ADMIN = {
  email: "admin@e2e.test",
  password: "admin-pass-1",
  fullName: "Ayanda Admin",
};

/**
 * Sign in (signing up first if needed) as an address listed in ADMIN_EMAILS, and prove the
 * address as its owner would: open the confirmation link mailed at sign-up, which grants the
 * administrator role (decision 013). Opening it again later changes nothing.
 */
export async function signInAsAdmin(
  request: APIRequestContext,
  baseURL: string,
  admin: TestUser = ADMIN,
): Promise<TestUser> {
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL },
    data: { email: admin.email, password: admin.password, name: admin.fullName },
  });
  if (signUp.status() !== 200) {
    const signIn = await request.post("/api/auth/sign-in/email", {
      headers: { origin: baseURL },
      data: { email: admin.email, password: admin.password },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
  }
  const mail = await waitForMail(admin.email, /Confirm your e-mail address/);
  const link = mail.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\S*/)?.[0];
  expect(link, mail.text).toBeTruthy();
  const opened = await request.get(link ?? "", { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  expect(opened.headers().location ?? "").not.toContain("error=");
  return admin;
}

/**
 * The agency's team answers the conversation shown by `item` (a button of the Messages inbox
 * in `page`): the administrator, in a browser context of their own, posts what the
 * conversation's 'Reply' composer posts.
 */
export async function replyAsTeam(
  browser: Browser,
  baseURL: string,
  page: Page,
  item: Locator,
  content: string,
) {
  const id = await page.locator("form", { has: item }).locator("input[name=id]").inputValue();
  const staff = await browser.newContext({ baseURL });
  try {
    await signInAsAdmin(staff.request, baseURL);
    const replied = await staff.request.post("/portal/messages", {
      headers: { origin: baseURL },
      form: { intent: "reply", id, content },
    });
    expect(replied.ok(), await replied.text()).toBe(true);
  } finally {
    await staff.close();
  }
}

/**
 * Console errors that are not failures: the browser's own line for a request answered 4xx (bad
 * input, refusals and rate limits are answers the tests ask for; a 5xx is still a failure), and
 * the 404 page's deliberate log of the unknown path.
 */
const EXPECTED_CONSOLE_ERRORS = [
  /^Failed to load resource: the server responded with a status of 4\d\d/,
  /^404 Error: User attempted to access non-existent route:/,
];

const allowed = new WeakMap<Page, RegExp[]>();

/** Lets this page log console errors matching `patterns`: for a test that provokes them. */
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]) {
  allowed.set(page, [...(allowed.get(page) ?? []), ...patterns]);
}

/**
 * Every test's `page` fails the test on an unexpected console error or uncaught exception
 * (a test that provokes one calls `allowConsoleErrors(page, /pattern/)`).
 */
const checked = base.extend({
  page: async ({ page }, use) => {
    const errors = collectConsoleErrors(page);
    await use(page);
    const expected = [...EXPECTED_CONSOLE_ERRORS, ...(allowed.get(page) ?? [])];
    const unexpected = errors.filter((text) => !expected.some((re) => re.test(text)));
    expect(unexpected, "console errors in the page").toEqual([]);
  },
});

/** A page whose browser context is signed in as a fresh user. */
export const test = checked.extend<{ user: TestUser; signedInPage: Page }>({
  user: async ({ page, baseURL }, use) => {
    await use(await createUser(page.request, baseURL ?? ""));
  },
  signedInPage: async ({ page, user, javaScriptEnabled }, use) => {
    void user;
    if (javaScriptEnabled) settleOnHydration(page);
    await use(page);
  },
});

/**
 * Portal journeys act as a person does once the page works: `goto` and `reload` of a document
 * return when React has hydrated it. Before that a form posts the page and answers inline and
 * a menu or a dialog does not open (decision 010 defers hydration past the first paint); on a
 * busy machine a click can land in that gap. Journeys of the page before its scripts run use
 * `javaScriptEnabled: false`, or the plain `page`.
 */
function settleOnHydration(page: Page) {
  const settle = async (response: Awaited<ReturnType<Page["goto"]>>) => {
    const html = response?.headers()["content-type"]?.startsWith("text/html");
    if (html && response?.ok()) await hydrated(page);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => settle(await goto(url, options));
  page.reload = async (options) => settle(await reload(options));
}

export { expect };

/**
 * Holds every script file back: the page shows its HTML, runs its inline scripts, no more
 * (issue 38: every control works before the page's scripts arrive).
 */
export async function holdScripts(page: Page) {
  await page.route(/\.js(\?|$)/, () => {
    // Never answered: the scripts stay on their way for the whole test.
  });
}

/** Whether React has hydrated the page by now (no waiting). */
export const hydratedNow = (page: Page) =>
  page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber$")));

/**
 * Opens `url` in the portal and waits until its realtime stream (/api/events) has answered: from
 * then on the server delivers the user's events to this page. Use it instead of a pause before
 * a change that another page must see.
 */
export async function gotoLive(page: Page, url: string) {
  const connected = page.waitForResponse(
    (res) => new URL(res.url()).pathname === "/api/events" && res.status() === 200,
  );
  await page.goto(url);
  await connected;
}

/** Collects the page's console errors and uncaught exceptions (hydration mismatches show here). */
export function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

/**
 * Waits until React has hydrated the page, so its handlers work: React renders the whole
 * document, and <body> carries a React fiber once hydration has reached it (public pages, the
 * sign-in pages and the portal alike).
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")),
  );
}

/**
 * Every toast has gone (Sonner's 4 s and its exit). Before an axe run on a page that has just
 * toasted: a toast that starts fading during the run reads as text of too little contrast.
 */
export async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}
