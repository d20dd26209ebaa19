/**
 * Every page fits a phone (issue 37, point 1): at 320, 375 and 390 px wide, no page of the portal
 * (as an administrator and as a contact) or of the public site scrolls sideways, with long
 * data: a 200-character project title, a 5,000-character message holding a 120-character URL
 * with no spaces, a long client name and a long file name (a project's file, and a message's
 * attachment in the thread), and a booking with a long name, company and topic (the portal's
 * Bookings and the visitor's booking pages). A dialog's buttons are on the screen, and so is the
 * conversation's Send button (the thread view holds both long messages).
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-paths";
import { createUser, expect, hydrated, signInAsAdmin, test } from "./fixtures";

const WIDTHS = [320, 375, 390] as const;

const stamp = Date.now().toString(36);
const LONG_URL = `https://example.co.za/${"campaigns/2026/summer-launch/".repeat(4)}`.slice(0, 120);
const LONG = {
  title: `Route planner ${stamp} `
    .padEnd(200, "and-delivery-windows-for-the-whole-fleet-")
    .slice(0, 200),
  clientName: `Umhlanga Ridge Coastal Hospitality ${stamp} Holdings Proprietary Limited TradingAs-Nkosikazi-Mthembu-Dlamini-Ndlovu-Zungu`,
  fileName: `${"Quarterly-route-planning-wireframes-final-version-".repeat(3)}${stamp}.pdf`,
  subject: `Delivery windows for every depot ${stamp} ${"x".repeat(60)}`,
  message: `Sawubona, here is the brief: ${LONG_URL} `.padEnd(5000, "The trucks leave at six. "),
};

interface Portal {
  admin: string;
  contact: string;
  projectId: string;
  clientId: string;
  messageId: string;
  leadId: string;
  /** A booking with long details, its visitor's page and the booking form's address. */
  bookingId: string;
  meetingPath: string;
  timePath: string;
}

/** Data with long values, made once per worker through the forms' own endpoints. */
async function makeData(browser: Browser, baseURL: string): Promise<Portal> {
  const origin = { origin: baseURL };
  const contactContext = await browser.newContext({ baseURL });
  const adminContext = await browser.newContext({ baseURL });
  try {
    const contact = contactContext.request;
    const contactName = `Nomvula Dlamini-Mthembu ${stamp}`;
    await createUser(contact, baseURL, { fullName: contactName });
    const made = await contact.post("/portal/projects", {
      headers: origin,
      form: {
        intent: "create",
        title: LONG.title,
        status: "active",
        priority: "high",
        progress: "40",
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const projects = await contactContext.newPage();
    await projects.goto("/portal/projects");
    const href = await projects
      .getByRole("link", { name: LONG.title })
      .first()
      .getAttribute("href");
    const projectId = href?.split("/").pop() ?? "";
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);
    const uploaded = await contact.post(`/portal/projects/${projectId}/files`, {
      headers: { ...origin, accept: "application/json" },
      multipart: {
        files: {
          name: LONG.fileName,
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.7\n"),
        },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const sent = await contact.post("/portal/messages", {
      headers: origin,
      form: { intent: "send", subject: LONG.subject, content: LONG.message, projectId },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await projects.goto("/portal/messages");
    const messageId = await projects
      .getByRole("list", { name: "Conversations" })
      .locator("input[name=id]")
      .first()
      .inputValue();

    const admin = adminContext.request;
    await signInAsAdmin(admin, baseURL);
    // The team's reply carries a file with the long name (decision 087).
    const replied = await admin.post("/portal/messages", {
      headers: origin,
      multipart: {
        intent: "reply",
        id: messageId,
        content: LONG.message,
        files: {
          name: LONG.fileName,
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.7\n"),
        },
      },
    });
    expect(replied.ok(), await replied.text()).toBe(true);
    const lead = await admin.post("/functions/v1/send-contact-email", {
      headers: { ...origin, referer: `${baseURL}/contact` },
      data: {
        name: LONG.clientName.slice(0, 100),
        email: `phone-${stamp}-${process.pid}@e2e.test`,
        message: LONG.message.slice(0, 2000),
      },
    });
    expect(lead.status(), await lead.text()).toBe(200);
    const page = await adminContext.newPage();
    await page.goto("/portal/clients");
    const clientHref = await page
      .getByRole("link", { name: contactName })
      .first()
      .getAttribute("href");
    const clientId = clientHref?.split("/").pop() ?? "";
    const renamed = await admin.post(`/portal/clients/${clientId}`, {
      headers: origin,
      form: { intent: "rename", name: LONG.clientName },
    });
    expect(renamed.ok(), await renamed.text()).toBe(true);
    await page.goto("/portal/leads");
    const leadHref = await page
      .getByRole("link", { name: LONG.clientName.slice(0, 100) })
      .first()
      .getAttribute("href");
    // A booking with long details (issue 33): the administrator takes meetings and a visitor
    // books the first free time through the booking form's POST.
    const takes = await admin.post("/portal/bookings/availability", {
      headers: origin,
      form: { intent: "takes-meetings", takesMeetings: "yes" },
    });
    expect(takes.ok(), await takes.text()).toBe(true);
    const link = (html: string, pattern: RegExp) =>
      (pattern.exec(html)?.[1] ?? "").replace(/&amp;/g, "&");
    const dayPath = link(
      await (await admin.get("/book/consultation")).text(),
      /href="(\/book\/consultation\?day=[^"]+)"/,
    );
    const timePath = link(
      await (await admin.get(dayPath)).text(),
      /href="(\/book\/consultation\?[^"]*time=[^"]+)"/,
    );
    const slot = new URL(timePath, baseURL).searchParams;
    const booked = await admin.post("/book/consultation", {
      headers: { ...origin, referer: `${baseURL}/book/consultation` },
      form: {
        name: LONG.clientName.slice(0, 100),
        email: `phone-booking-${stamp}-${process.pid}@e2e.test`,
        phone: "082 555 0142",
        company: LONG.clientName.slice(0, 100),
        topic: LONG.message.slice(0, 2000),
        day: slot.get("day") ?? "",
        time: slot.get("time") ?? "",
      },
      maxRedirects: 0,
    });
    expect(booked.status(), await booked.text()).toBe(302);
    const meetingPath = booked.headers().location?.split("?")[0] ?? "";
    expect(meetingPath).toMatch(/^\/booking\//);
    await page.goto("/portal/bookings");
    const bookingHref = await page
      .getByRole("row", { name: LONG.clientName.slice(0, 60) })
      .first()
      .getByRole("link")
      .first()
      .getAttribute("href");
    return {
      bookingId: bookingHref?.split("/").pop() ?? "",
      meetingPath,
      timePath,
      admin: JSON.stringify(await adminContext.storageState()),
      contact: JSON.stringify(await contactContext.storageState()),
      projectId,
      clientId,
      messageId,
      leadId: leadHref?.split("/").pop() ?? "",
    };
  } finally {
    await contactContext.close();
    await adminContext.close();
  }
}

let data: Portal | null = null;
async function portalData(browser: Browser, baseURL: string) {
  data ??= await makeData(browser, baseURL);
  return data;
}

/**
 * The page is no wider than the window (nothing scrolls sideways). When it is, the message
 * names the elements that stick out of a parent that fits, past the window's edge.
 */
async function expectFits(page: Page, label: string) {
  const { scroll, client, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.body.querySelectorAll("*")].filter(
      (el) => el.getBoundingClientRect().right > width + 0.5,
    );
    const innermost = wide.filter(
      (el) => !wide.some((other) => other !== el && el.contains(other)),
    );
    return {
      scroll: document.documentElement.scrollWidth,
      client: width,
      culprits: innermost.slice(0, 4).map((el) => {
        const cls = typeof el.className === "string" ? el.className.slice(0, 80) : "";
        return `<${el.tagName.toLowerCase()} class="${cls}">`;
      }),
    };
  });
  expect
    .soft(scroll, `${label} is ${scroll} px wide in a ${client} px window: ${culprits.join(" ")}`)
    .toBeLessThanOrEqual(client);
}

/** `opener` opens a dialog whose every button can be reached on the screen; Escape closes it. */
async function expectDialogFits(page: Page, opener: string, label: string) {
  await hydrated(page);
  await page.getByRole("button", { name: opener, exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => null))),
  );
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  for (const button of await dialog.getByRole("button").all()) {
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    const name = (await button.getAttribute("aria-label")) ?? (await button.innerText());
    const inside =
      box !== null &&
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= view.width + 0.5 &&
      box.y + box.height <= view.height + 0.5;
    expect
      .soft(inside, `${label}: '${opener}' dialog's '${name}' at ${JSON.stringify(box)}`)
      .toBe(true);
  }
  await expectFits(page, `${label} with '${opener}' open`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/**
 * The open conversation (both 5,000-character messages) fits, and its composer's 'Reply' field
 * and 'Send' button can be reached on the screen.
 */
async function expectThreadFits(page: Page, messageId: string, label: string) {
  await page.goto(`/portal/messages?id=${messageId}`);
  const thread = page.getByRole("region", { name: "Conversation" });
  await expect(thread.getByRole("article")).toHaveCount(2);
  await expect(thread.getByRole("link", { name: LONG.fileName })).toBeVisible();
  await expectFits(page, `${label}, the conversation open`);
  const view = page.viewportSize() ?? { width: 0, height: 0 };
  for (const control of [
    thread.getByRole("textbox", { name: "Reply" }),
    thread.getByRole("button", { name: "Send" }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    const inside =
      box !== null &&
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= view.width + 0.5 &&
      box.y + box.height <= view.height + 0.5;
    expect.soft(inside, `${label}: the composer's control at ${JSON.stringify(box)}`).toBe(true);
  }
}

/** A visit's status: 404 for the unknown page; 409 for a chosen time taken meanwhile (by this
 * file's own booking or another journey's), a page that offers the next free times. */
async function visit(page: Page, path: string, width: number) {
  const res = await page.goto(path);
  const taken = path.startsWith("/book/") && res?.status() === 409;
  expect(res?.status(), path).toBeLessThan(path === "/no-such-page" || taken ? 500 : 400);
  await expectFits(page, `${path} at ${width} px`);
}

async function phoneContext(browser: Browser, baseURL: string, width: number, state?: string) {
  return browser.newContext({
    baseURL,
    viewport: { width, height: 780 },
    isMobile: true,
    hasTouch: true,
    storageState: state ? JSON.parse(state) : undefined,
  });
}

async function withPhone(
  browser: Browser,
  baseURL: string,
  width: number,
  state: string | undefined,
  use: (page: Page, context: BrowserContext) => Promise<void>,
) {
  const context = await phoneContext(browser, baseURL, width, state);
  try {
    await use(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

for (const width of WIDTHS) {
  test.describe(`${width} px wide`, () => {
    test(`every public page fits`, async ({ browser, baseURL }) => {
      test.slow();
      await withPhone(browser, baseURL ?? "", width, undefined, async (page) => {
        for (const path of [
          ...publicPaths,
          "/book/consultation",
          "/book/voice-demo",
          "/privacy/delete-my-details",
          "/privacy/unsubscribe",
          "/auth",
          "/auth?tab=signup",
          "/auth/forgot-password",
          "/no-such-page",
        ]) {
          await visit(page, path, width);
        }
      });
    });

    test(`every portal page of a contact fits, with long data`, async ({ browser, baseURL }) => {
      test.slow();
      const d = await portalData(browser, baseURL ?? "");
      await withPhone(browser, baseURL ?? "", width, d.contact, async (page) => {
        for (const path of [
          "/portal",
          "/portal/projects",
          `/portal/projects/${d.projectId}`,
          "/portal/messages",
          `/portal/messages?id=${d.messageId}`,
          "/portal/reports",
          `/portal/reports/${d.projectId}`,
          "/portal/analytics",
          "/portal/billing",
          "/portal/notifications",
          "/portal/settings",
        ]) {
          await visit(page, path, width);
        }
        // What to act on comes before the counts.
        await page.goto("/portal");
        const top = async (name: string) =>
          (await page.getByRole("heading", { name, exact: true }).boundingBox())?.y ?? -1;
        const counts = await top("Total Projects");
        expect(await top("Pending approvals")).toBeGreaterThan(0);
        expect(await top("Pending approvals")).toBeLessThan(counts);
        expect(await top("Unread Messages")).toBeLessThan(counts);
        await page.goto("/portal/projects");
        await expectDialogFits(page, "New Project", `/portal/projects at ${width} px`);
        await expectThreadFits(page, d.messageId, `/portal/messages at ${width} px`);
        await expectDialogFits(page, "New Message", `/portal/messages at ${width} px`);
      });
    });

    test(`every portal page of an administrator fits, with long data`, async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const d = await portalData(browser, baseURL ?? "");
      await withPhone(browser, baseURL ?? "", width, d.admin, async (page) => {
        for (const path of [
          "/portal",
          "/portal/projects",
          `/portal/projects/${d.projectId}`,
          "/portal/messages",
          `/portal/messages?id=${d.messageId}`,
          "/portal/reports",
          `/portal/reports/${d.projectId}`,
          "/portal/analytics",
          "/portal/analytics?range=365",
          "/portal/team",
          "/portal/clients",
          `/portal/clients/${d.clientId}`,
          "/portal/leads",
          `/portal/leads/${d.leadId}`,
          `/portal/leads/${d.leadId}/convert`,
          "/portal/bookings",
          "/portal/bookings?when=past",
          "/portal/bookings/availability",
          `/portal/bookings/${d.bookingId}`,
          "/portal/billing",
          "/portal/notifications",
          "/portal/settings",
          // The visitor's side of the booking: the form with a time chosen, their meeting's page.
          d.timePath,
          d.meetingPath,
          `${d.meetingPath}?action=move`,
        ]) {
          await visit(page, path, width);
        }
        await page.goto("/portal/clients");
        await expectDialogFits(page, "New client", `/portal/clients at ${width} px`);
        await page.goto(`/portal/clients/${d.clientId}`);
        await expectDialogFits(page, "Invite contact", `/portal/clients/:id at ${width} px`);
        await expectThreadFits(page, d.messageId, `/portal/messages at ${width} px`);
        await expectDialogFits(page, "New Message", `/portal/messages at ${width} px`);
      });
    });
  });
}
