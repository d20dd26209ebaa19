import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-paths";
import { expectNoAxeViolations } from "./axe";
import {
  createUser,
  expect,
  hydrated,
  replyAsTeam,
  signInAsAdmin as signInAsListedAdmin,
  test,
  toastsGone,
  uniqueEmail,
} from "./fixtures";
import { waitForMail } from "./mail";

const MOBILE = { width: 375, height: 740 };
const expectNoViolations = expectNoAxeViolations;

async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

async function signInAsAdmin(page: Page, baseURL: string) {
  await signInAsListedAdmin(page.request, baseURL);
}

function publicPageTests() {
  for (const path of publicPaths) {
    test(`public page ${path}`, async ({ page }) => {
      await visit(page, path);
      await expectNoViolations(page, path);
    });
  }

  test("sign-in page, both tabs", async ({ page }) => {
    await visit(page, "/auth");
    await expectNoViolations(page, "/auth Sign In");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page.getByLabel("Full Name")).toBeVisible();
    await expectNoViolations(page, "/auth Sign Up");
  });

  test("toasts: an error and a success", async ({ page, baseURL }) => {
    await visit(page, "/auth");
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const toasts = page.getByRole("region", { name: /Notifications/ });
    const error = toasts.getByRole("listitem").filter({ hasText: "Invalid email or password" });
    // Hovering holds the toast on screen while axe looks at it.
    await error.hover();
    await expectNoViolations(page, "/auth with the 'Error' toast");

    await page.request.post("/api/auth/sign-up/email", {
      headers: { origin: baseURL ?? "" },
      data: { email: uniqueEmail("toast"), password: "secret-pass-1", name: "Toast Reader" },
    });
    await visit(page, "/portal/settings");
    await page.getByRole("button", { name: "Save Changes" }).click();
    const success = toasts
      .getByRole("listitem")
      .filter({ hasText: "Profile updated successfully" });
    await success.hover();
    await expectNoViolations(page, "settings with the 'Success' toast");
  });

  test("the 404 page", async ({ page }) => {
    await visit(page, "/no-such-page");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expectNoViolations(page, "404");
  });
}

function portalPageTests() {
  // Several pages or states per test, each checked in two palettes.
  test.describe.configure({ timeout: 120_000 });

  test("dashboard, reports, analytics, team (no permission) and settings", async ({
    signedInPage: page,
  }) => {
    for (const path of [
      "/portal",
      "/portal/reports",
      "/portal/analytics",
      "/portal/team",
      "/portal/settings",
    ]) {
      await visit(page, path);
      await expectNoViolations(page, path);
    }
  });

  test("projects: empty, with a project, the dialog open, the delete confirmation open", async ({
    signedInPage: page,
  }) => {
    await visit(page, "/portal/projects");
    await expectNoViolations(page, "projects, empty");

    await page.getByRole("button", { name: "New Project" }).click();
    const create = page.getByRole("dialog", { name: "Create New Project" });
    await expect(create).toBeVisible();
    await expectNoViolations(page, "project dialog");
    await create.getByRole("combobox", { name: "Status" }).click();
    await expect(page.getByRole("listbox")).toBeVisible();
    // The open listbox is portalled to <body>, as Radix does for every popup; axe's best-practice
    // 'region' rule exempts dialogs but not listboxes, so only that rule is left out here.
    await expectNoViolations(page, "project dialog, status list open", ["region"]);
    await page.getByRole("option", { name: "On Hold" }).click();
    await create.getByLabel("Title *").fill("Voice agent pilot");
    await create.getByLabel("Description").fill("An after-hours line for bookings");
    await create.getByRole("button", { name: "Create" }).click();
    await expect(create).toBeHidden();

    const card = page.getByRole("listitem").filter({ hasText: "Voice agent pilot" });
    await expect(card).toBeVisible();
    // 'Project created successfully' fades out some 4 s later, in the middle of the next axe
    // runs (the delete confirmation's, dark, failed on it): the page without it.
    await toastsGone(page);
    await expectNoViolations(page, "projects, one project");

    await card.getByRole("button", { name: "Edit Voice agent pilot" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Project" })).toBeVisible();
    await expectNoViolations(page, "edit dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    await card.getByRole("button", { name: "Delete Voice agent pilot" }).click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoViolations(page, "delete confirmation");
  });

  test("messages: empty, one unread, a conversation open with its composer, the compose dialog open", async ({
    signedInPage: page,
    browser,
    baseURL,
  }) => {
    await visit(page, "/portal/messages");
    await expectNoViolations(page, "messages, empty");

    await page.getByRole("button", { name: "New Message" }).click();
    const compose = page.getByRole("dialog", { name: "Send New Message" });
    await expect(compose).toBeVisible();
    await expectNoViolations(page, "compose dialog");
    await compose.getByLabel("Subject *").fill("Quarterly review");
    await compose.getByLabel("Message *").fill("Shall we look at the numbers on Friday?");
    await compose.getByRole("button", { name: "Send" }).click();
    await expect(compose).toBeHidden();

    // The team's reply is unread for the contact.
    const sent = page.getByRole("button", { name: /Quarterly review/ });
    await replyAsTeam(browser, baseURL ?? "", page, sent, "Friday at 14:00?");
    await visit(page, "/portal/messages");
    await expect(sent.getByText("New", { exact: true })).toBeVisible();
    await expectNoViolations(page, "messages, one unread");
    await sent.click();
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation.getByRole("article")).toHaveCount(2);
    await expect(conversation.getByRole("textbox", { name: "Reply" })).toBeVisible();
    await expectNoViolations(page, "messages, a conversation open");
  });

  test("as an admin: projects and messages of every client, the Client fields, viewing as a client", async ({
    page,
    baseURL,
  }) => {
    await page.request.post("/api/auth/sign-up/email", {
      headers: { origin: baseURL ?? "" },
      data: { email: uniqueEmail("axe-client"), password: "secret-pass-1", name: "Axe Client" },
    });
    await page.context().clearCookies();
    await signInAsAdmin(page, baseURL ?? "");

    await visit(page, "/portal/projects");
    await expectNoViolations(page, "projects (admin)");
    await page.getByRole("button", { name: "New Project" }).click();
    await expect(page.getByRole("dialog", { name: "Create New Project" })).toBeVisible();
    await expectNoViolations(page, "project dialog (admin)");
    await page.keyboard.press("Escape");

    await visit(page, "/portal/messages");
    await expectNoViolations(page, "messages (admin)");
    await page.getByRole("button", { name: "New Message" }).click();
    await expect(page.getByRole("dialog", { name: "Send New Message" })).toBeVisible();
    await expectNoViolations(page, "compose dialog (admin)");
    await page.keyboard.press("Escape");

    const clientId = await page
      .getByRole("form", { name: "Filter messages" })
      .getByLabel("Client")
      .locator("option", { hasText: "Axe Client" })
      .first()
      .getAttribute("value");
    const started = await page.request.post("/portal/view-as", {
      headers: { origin: baseURL ?? "" },
      form: { intent: "start", clientId: clientId ?? "" },
      maxRedirects: 0,
    });
    expect(started.status()).toBe(302);
    await visit(page, "/portal");
    await expect(page.getByRole("region", { name: /^Viewing as Axe Client/ })).toBeVisible();
    // The start of viewing is told in a toast, which appears after hydration: axe looks once
    // it is on screen and held there (hovered), not while it fades in or out.
    const toast = page
      .getByRole("region", { name: /Notifications/ })
      .getByRole("listitem")
      .filter({ hasText: "Viewing as Axe Client" });
    await expect(toast).toHaveAttribute("data-mounted", "true");
    await toast.hover();
    await expectNoViolations(page, "viewing as a client");
    const stopped = await page.request.post("/portal/view-as", {
      headers: { origin: baseURL ?? "" },
      form: { intent: "stop" },
      maxRedirects: 0,
    });
    expect(stopped.status()).toBe(302);
  });

  test("as an admin: team, settings with the security policy, leads and a lead", async ({
    page,
    baseURL,
  }) => {
    const name = `Axe Lead ${Date.now()}`;
    const res = await page.request.post("/functions/v1/send-contact-email", {
      data: { name, email: uniqueEmail("axe"), company: "Axe & Co", message: "Call me, please" },
    });
    expect(await res.json()).toEqual({ success: true });
    await signInAsAdmin(page, baseURL ?? "");

    await visit(page, "/portal/team");
    await expect(page.getByRole("heading", { name: "Team Management" })).toBeVisible();
    await expectNoViolations(page, "team (admin)");
    await visit(page, "/portal/settings");
    await expect(page.getByRole("heading", { name: "Security policy" })).toBeVisible();
    await expectNoViolations(page, "settings (admin)");
    await visit(page, "/portal/leads");
    await expectNoViolations(page, "leads");
    await page.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/portal\/leads\/[^/]+$/);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await hydrated(page);
    await expectNoViolations(page, "lead detail");
  });
}

/** An administrator's Clients pages, their dialogs, and the page an invitation link opens. */
function clientsPageTests() {
  test.describe.configure({ timeout: 120_000 });

  test("as an admin: clients, a client with its dialogs, and an invitation's page", async ({
    page,
    baseURL,
    browser,
  }) => {
    await signInAsAdmin(page, baseURL ?? "");
    await visit(page, "/portal/clients");
    await expect(page.getByRole("heading", { name: "Clients", level: 1 })).toBeVisible();
    await expectNoViolations(page, "clients");
    await page.getByRole("button", { name: "New client" }).click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, "new client dialog");
    await dialog.getByLabel("Company name").fill(`Axe Client ${Date.now()}`);
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page).toHaveURL(/\/portal\/clients\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await page.getByRole("button", { name: "Invite contact" }).click();
    const invite = page.getByRole("dialog", { name: "Invite contact" });
    await expect(invite).toBeVisible();
    await expectNoViolations(page, "invite contact dialog");
    const email = uniqueEmail("axe-invite");
    await invite.getByLabel("Name").fill("Axe Invitee");
    await invite.getByLabel("Email").fill(email);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite).toBeHidden();
    await expect(
      page.getByRole("list", { name: "Pending invitations" }).getByText(email, { exact: true }),
    ).toBeVisible();
    await expectNoViolations(page, "client page with a pending invitation");

    const mail = await waitForMail(email, /invited/);
    const link = new URL(mail.text.match(/https?:\/\/\S+\/invitation\/\S+/)?.[0] ?? "");
    const context = await browser.newContext();
    const guest = await context.newPage();
    try {
      await visit(guest, link.pathname);
      await expect(guest.getByRole("button", { name: "Create account and join" })).toBeVisible();
      await expectNoViolations(guest, "invitation page");
    } finally {
      await context.close();
    }
  });
}

test.describe("axe, desktop", () => {
  // axe reads the whole page twice (both palettes): 5–10 s each on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });
  publicPageTests();
  test.describe("portal", () => portalPageTests());
  test.describe("clients", () => clientsPageTests());

  test("the portal with the sidebar collapsed to icons, and an entry's tooltip", async ({
    signedInPage: page,
  }) => {
    await visit(page, "/portal");
    await page.keyboard.press("Control+b");
    await expect(page.locator("[data-slot=sidebar]")).toHaveAttribute("data-state", "collapsed");
    await expectNoViolations(page, "sidebar collapsed");
    await page
      .getByRole("navigation", { name: "Portal navigation" })
      .getByRole("link", { name: "Projects" })
      .focus();
    await expect(page.getByRole("tooltip", { name: "Projects" })).toBeAttached();
    // Like the select's listbox, the tooltip is portalled to <body>, outside the landmarks.
    await expectNoViolations(page, "sidebar collapsed, tooltip shown", ["region"]);
  });
});

test.describe("axe, a project's page", () => {
  test.describe.configure({ timeout: 120_000 });

  test("as a contact with a file up for review, and as an administrator, dialogs open", async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    await createUser(page.request, base, { fullName: "Axe Contact" });
    const origin = { origin: base };
    await page.request.post("/portal/projects", {
      headers: origin,
      form: { intent: "create", title: "Axe deliverables" },
    });
    await visit(page, "/portal/projects");
    await page.getByRole("link", { name: "Axe deliverables" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Axe deliverables" })).toBeVisible();
    const url = new URL(page.url()).pathname;
    const uploaded = await page.request.post(`${url}/files`, {
      headers: { ...origin, accept: "application/json" },
      multipart: {
        files: {
          name: "Wireframes.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.7\n"),
        },
      },
    });
    expect(uploaded.status()).toBe(200);

    const staff = await browser.newContext({ baseURL: base });
    const admin = await staff.newPage();
    await signInAsAdmin(admin, base);
    const html = await (await admin.request.get(url)).text();
    const versionId = html.match(/\/files\/([0-9a-f-]{36})/)?.[1] ?? "";
    for (const form of <Record<string, string>[]>[
      { intent: "review-file", versionId },
      { intent: "create-milestone", title: "Discovery", dueDate: "2026-01-15", status: "done" },
      { intent: "create-milestone", title: "Launch", dueDate: "2099-01-15", status: "planned" },
    ]) {
      expect((await admin.request.post(url, { headers: origin, form })).status()).toBe(200);
    }

    await visit(page, url);
    await expect(page.getByRole("button", { name: /^Approve/ })).toBeVisible();
    await expectNoViolations(page, "project page, contact, a file ready for review");
    await page.getByRole("button", { name: /^Request changes/ }).click();
    await expect(page.getByRole("dialog", { name: "Request changes" })).toBeVisible();
    await expectNoViolations(page, "request changes dialog");

    await visit(admin, url);
    await expectNoViolations(admin, "project page, administrator");
    await admin.getByRole("button", { name: "Add milestone" }).click();
    await expect(admin.getByRole("dialog", { name: "Add milestone" })).toBeVisible();
    await expectNoViolations(admin, "add milestone dialog");
    await staff.close();
  });
});

test.describe("axe, 375×740", () => {
  // axe reads the whole page twice (both palettes): 5–10 s each on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });
  test.use({ viewport: MOBILE });
  publicPageTests();
  test.describe("portal", () => portalPageTests());
  test.describe("clients", () => clientsPageTests());

  test("public pages with the mobile menu open", async ({ page }) => {
    // Four axe runs (two pages, two palettes): several seconds each on a busy machine.
    test.setTimeout(120_000);
    for (const path of ["/", "/pricing"]) {
      await visit(page, path);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
      await expectNoViolations(page, `${path} with the menu open`);
    }
  });

  test("the portal with the sidebar sheet open", async ({ signedInPage: page }) => {
    await visit(page, "/portal");
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("link", { name: "Projects" })).toBeVisible();
    await expectNoViolations(page, "portal sidebar sheet");
  });
});

test.describe("document structure", () => {
  test("a public page: one h1, banner/main/contentinfo, a working skip link", async ({ page }) => {
    await visit(page, "/services");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await expectSkipLink(page);
  });

  for (const path of ["/portal/projects", "/portal/settings"]) {
    test(`a portal page (${path}): one h1, banner and main, a working skip link`, async ({
      signedInPage: page,
    }) => {
      await visit(page, path);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("navigation", { name: "Portal navigation" })).toBeVisible();
      await expectSkipLink(page);
    });
  }

  test("other pages have one h1 and a main landmark", async ({ page }) => {
    for (const path of ["/auth", "/no-such-page"]) {
      await visit(page, path);
      await expect(page.locator("h1"), path).toHaveCount(1);
      await expect(page.getByRole("main"), path).toHaveCount(1);
    }
  });
});

/** The first Tab reaches a visible 'Skip to content' link; Enter moves focus to #main. */
async function expectSkipLink(page: Page) {
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toHaveAttribute("href", "#main");
  const box = await skip.boundingBox();
  expect(box && box.width > 20 && box.height > 10 && box.y >= 0).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("#main")).toBeFocused();
  // The next Tab continues inside the main content, past the header and navigation.
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement)),
  ).toBe(true);
}

/** The longest transition or animation duration (in seconds) of any element on the page. */
function longestMotion(page: Page) {
  return page.evaluate(() => {
    const seconds = (list: string) =>
      Math.max(
        ...list
          .split(",")
          .map((d) => d.trim())
          .map((d) => (d.endsWith("ms") ? Number.parseFloat(d) / 1000 : Number.parseFloat(d))),
      );
    let longest = 0;
    for (const el of [document.documentElement, ...document.querySelectorAll("body *")]) {
      for (const pseudo of [null, "::before", "::after"]) {
        const style = getComputedStyle(el, pseudo);
        longest = Math.max(
          longest,
          seconds(style.transitionDuration),
          style.animationName === "none" ? 0 : seconds(style.animationDuration),
        );
      }
    }
    return longest;
  });
}

test.describe("prefers-reduced-motion", () => {
  test("reduce: sidebar, dialogs and smooth scrolling have no motion", async ({
    signedInPage: page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await visit(page, "/portal/projects");
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe("auto");
    expect(await longestMotion(page)).toBeLessThanOrEqual(0.001);
    await page.keyboard.press("Control+b");
    await expect(page.locator("[data-slot=sidebar]")).toHaveAttribute("data-state", "collapsed");
    expect(await longestMotion(page)).toBeLessThanOrEqual(0.001);
    await page.getByRole("button", { name: "New Project" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await longestMotion(page)).toBeLessThanOrEqual(0.001);
  });

  test("no preference: the same sidebar and smooth scrolling do move", async ({
    signedInPage: page,
  }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await visit(page, "/portal/projects");
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe("smooth");
    const sidebar = page.locator("[data-slot=sidebar-container]");
    expect(await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0.2s");
    expect(await longestMotion(page)).toBeGreaterThan(0.1);
  });
});

/**
 * Where the focused element is hidden: under the sticky header (at all) or entirely under the
 * floating chat button (WCAG 2.4.11). Null when it is clear, or is itself fixed or sticky.
 */
function focusObscured(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    for (let n: Element | null = el; n; n = n.parentElement) {
      const position = getComputedStyle(n).position;
      if (position === "fixed" || position === "sticky") return null;
    }
    const r = el.getBoundingClientRect();
    const header = document.querySelector("header")?.getBoundingClientRect();
    if (header && r.top < header.bottom - 1) {
      return `${el.outerHTML.slice(0, 80)} is under the header (${r.top} < ${header.bottom})`;
    }
    const chat = document.querySelector('a[href^="https://wa.me"]')?.getBoundingClientRect();
    if (
      chat &&
      r.left >= chat.left &&
      r.right <= chat.right &&
      r.top >= chat.top &&
      r.bottom <= chat.bottom
    ) {
      return `${el.outerHTML.slice(0, 80)} is under the chat button`;
    }
    return null;
  });
}

for (const viewport of [undefined, MOBILE]) {
  test(`focus is never hidden by the sticky header or the chat button${viewport ? ", 375×740" : ""}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (viewport) await page.setViewportSize(viewport);
    // Instant scrolling, so each position is final when it is measured.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await visit(page, "/pricing");
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press(key);
        expect(await focusObscured(page), `${key} #${i + 1}`).toBeNull();
      }
    }
  });
}
