/**
 * The outside check's walk (decision 148): on a 320 px phone, an administrator, a team member
 * and a client contact each open every portal page they may see, and a visitor the public
 * booking page, with JavaScript off and hydrated. On each page:
 * - nothing scrolls sideways (the document is no wider than the screen);
 * - every box that scrolls is a named group or region a keyboard can reach;
 * - every visible control has an accessible name;
 * - no text lies off the screen (outside a box that scrolls) or is cut off by its box.
 * The data is long, as real clients' is: long names, titles and words.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import {
  createUser,
  expect,
  hydrated,
  newClient,
  signInAsAdmin,
  type TestUser,
  test,
  uniqueEmail,
} from "./fixtures";
import { waitForMail } from "./mail";
import { signedWebhookPost } from "./whatsapp-settings";

const HOST = { email: "booking-host@e2e.test", password: "host-pass-1", fullName: "Thandi Host" };
const PHONE = { width: 320, height: 740 };
const MODES = ["JavaScript off", "hydrated"] as const;
type Mode = (typeof MODES)[number];

// In order, in one worker: the walks share the world made once (made again after a failure).
test.describe.configure({ mode: "default" });

/** What a page breaks of the four rules, as lines a person can read. */
async function problemsOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const short = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 50);
      const cls = (el.getAttribute("class") ?? "").split(" ").slice(0, 3).join(".");
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""}> "${text}"`;
    };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && style.display !== "none";
    };
    /** Screen-reader-only text (1 px, clipped) and hidden parts are not on the screen. */
    const srOnly = (el: Element | null) => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.clip !== "auto" && s.clip !== "" && s.position === "absolute") return true;
        if (s.clipPath !== "none" && s.clipPath !== "") return true;
        if (e.closest("[hidden], [aria-hidden=true], template, noscript")) return true;
      }
      return false;
    };
    const scrollsX = (el: Element) =>
      /(auto|scroll)/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1;
    const scrollsY = (el: Element) =>
      /(auto|scroll)/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1;
    const nameOf = (el: Element): string => {
      const label = el.getAttribute("aria-label")?.trim();
      if (label) return label;
      const by = el.getAttribute("aria-labelledby");
      if (by) {
        return by
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
          .join(" ")
          .trim();
      }
      if (el instanceof HTMLInputElement && ["submit", "button", "reset"].includes(el.type)) {
        return el.value.trim();
      }
      if (
        el instanceof HTMLInputElement ||
        el instanceof HTMLSelectElement ||
        el instanceof HTMLTextAreaElement
      ) {
        const labels = [...(el.labels ?? [])].map((l) => l.textContent?.trim() ?? "").join(" ");
        return (labels || el.getAttribute("title") || "").trim();
      }
      const images = [...el.querySelectorAll("img[alt], svg[aria-label]")]
        .map((i) => i.getAttribute("alt") ?? i.getAttribute("aria-label") ?? "")
        .join(" ");
      return `${el.textContent ?? ""} ${images} ${el.getAttribute("title") ?? ""}`.trim();
    };

    const scrollBoxes: string[] = [];
    const boxes: Element[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) continue;
      if (!shown(el) || srOnly(el) || !(scrollsX(el) || scrollsY(el))) continue;
      boxes.push(el);
      const role = el.getAttribute("role") ?? "";
      const named =
        nameOf(el) !== "" && (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby"));
      const keyboard =
        (el as HTMLElement).tabIndex >= 0 ||
        el.querySelector("a[href], button, input, select, textarea, [tabindex]") !== null;
      const landmark =
        [
          "group",
          "region",
          "dialog",
          "navigation",
          "log",
          "list",
          "listbox",
          "tabpanel",
          "menu",
        ].includes(role) ||
        ["NAV", "DIALOG", "SECTION", "ASIDE", "MAIN", "UL", "OL"].includes(el.tagName);
      if (!named || !landmark || !keyboard) {
        scrollBoxes.push(
          `${short(el)} scrolls ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}${named ? "" : ", no name"}${landmark ? "" : ", no role"}${keyboard ? "" : ", no keyboard"}`,
        );
      }
    }

    const unnamed: string[] = [];
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=switch], [role=combobox], [role=tab], [role=menuitem], [role=radio], [role=slider]";
    for (const el of document.body.querySelectorAll(selector)) {
      if (!shown(el) || srOnly(el)) continue;
      if (!nameOf(el))
        unnamed.push(
          short(el) + (el.getAttribute("name") ? ` name=${el.getAttribute("name")}` : ""),
        );
    }

    const clipped: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const parent = node.parentElement;
      if (!text || !parent || !shown(parent) || srOnly(parent)) continue;
      if (parent.closest("script, style, option, select, textarea")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Cut off by the nearest box that hides what overflows it (not one that scrolls): a
      // line ending in an ellipsis ('…', a list's preview of a subject) is shortened on
      // purpose, and its whole text is a tap away; anything else is text a person cannot read.
      let clip: Element | null = null;
      for (let e: Element | null = parent; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.overflowX === "hidden" || s.overflowX === "clip") {
          clip = e;
          break;
        }
      }
      if (clip) {
        const box = clip.getBoundingClientRect();
        const cut = rect.right > box.right + 1 || rect.left < box.left - 1;
        if (cut && getComputedStyle(clip).textOverflow !== "ellipsis") {
          clipped.push(`"${text.slice(0, 50)}" cut off by ${short(clip)}`);
          continue;
        }
        if (cut) continue;
      }
      // Inside a box that scrolls, text beyond the screen is reached by scrolling the box.
      const inBox = boxes.some((b) => b.contains(node));
      if (!inBox && (rect.left < -0.5 || rect.right > width + 0.5)) {
        clipped.push(
          `"${text.slice(0, 50)}" ${Math.round(rect.left)}–${Math.round(rect.right)} px`,
        );
      }
    }
    return {
      scroll: document.documentElement.scrollWidth,
      width,
      scrollBoxes,
      unnamed,
      clipped,
    };
  });
}

/** The page keeps the four rules; every breach is listed (soft, so one walk shows them all). */
async function walkChecks(page: Page, label: string) {
  const found = await problemsOf(page);
  expect
    .soft(found.scroll, `${label}: the page is ${found.scroll} px wide in ${found.width} px`)
    .toBeLessThanOrEqual(found.width);
  expect
    .soft(found.scrollBoxes, `${label}: boxes that scroll, unnamed or out of reach`)
    .toEqual([]);
  expect.soft(found.unnamed, `${label}: controls without a name`).toEqual([]);
  expect.soft(found.clipped, `${label}: text off the screen or cut off`).toEqual([]);
}

/** Opens `path` (a 2xx page), waits for its heading, hydration in that mode, then checks it. */
async function visit(page: Page, mode: Mode, path: string, label = path) {
  const res = await page.goto(path);
  expect(res?.status(), `${label}: ${path}`).toBeLessThan(400);
  if (mode === "hydrated") await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await walkChecks(page, `${label} (${mode})`);
}

function phone(browser: Browser, baseURL: string, javaScriptEnabled = false) {
  return browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
  });
}

/** The world the walk sees, made once. */
interface World {
  admin: BrowserContext;
  host: BrowserContext;
  hostPages: string[];
  member: BrowserContext;
  contact: BrowserContext;
  contactUser: TestUser;
  adminPages: string[];
  memberPages: string[];
  contactPages: string[];
}
let world: World | null = null;

const tag = Date.now().toString(36);
const LONG_CLIENT = `Umhlanga Ridge Coastal Hospitality ${tag} TradingAs-Nkosikazi-Mthembu-Dlamini-Ndlovu-Zungu`;
const LONG_TITLE = `Route planner ${tag} with delivery-windows-for-the-whole-fleet-of-every-depot in KwaZulu-Natal`;
const LONG_WORD = "Supercalifragilisticexpialidocious-Ntsikelelo-Mahlangu-Rasebotsa";

/** A person writes to the business number and asks for a person: a 'chat' lead. */
async function chatLead(base: string, waId: string, name: string) {
  const body = {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              contacts: [{ wa_id: waId, profile: { name } }],
              messages: [
                {
                  from: waId,
                  id: `wamid.walk-${waId}-${Date.now()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "text",
                  text: { body: `Can I speak to a person please? ${LONG_WORD}` },
                },
              ],
            },
          },
        ],
      },
    ],
  };
  const res = await signedWebhookPost(base, body);
  expect(res.status).toBe(200);
}

async function post(
  context: BrowserContext,
  base: string,
  path: string,
  form: Record<string, string>,
) {
  const res = await context.request.post(path, {
    headers: { origin: base },
    form,
    maxRedirects: 0,
  });
  expect(res.status(), `${path} ${form.intent}: ${await res.text()}`).toBeLessThan(400);
  return res;
}

/** Ids in the links of a page: `/portal/<what>/<id>`. */
async function linkIds(page: Page, path: string, prefix: string) {
  await page.goto(path);
  const hrefs = await page
    .locator(`a[href^="${prefix}"]`)
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return [
    ...new Set(hrefs.map((h) => h.split("?")[0] ?? h).filter((h) => h.length > prefix.length)),
  ];
}

async function makeWorld(browser: Browser, base: string): Promise<World> {
  const admin = await phone(browser, base);
  const member = await phone(browser, base);
  const contact = await phone(browser, base);
  await signInAsAdmin(admin.request, base);
  const contactUser = await createUser(contact.request, base, { fullName: LONG_CLIENT });

  // The contact's own project and a message with a long word.
  await post(contact, base, "/portal/projects", { intent: "create", title: LONG_TITLE });
  await post(contact, base, "/portal/messages", {
    intent: "send",
    subject: `Question about ${LONG_WORD}`,
    content: `Please look at ${LONG_WORD} ${LONG_WORD}`,
  });

  // A client of the agency's, with a project, a team member assigned to it.
  const clientId = await newClient(admin.request, base, `Karoo ${tag} ${LONG_WORD} Holdings`);
  await post(admin, base, "/portal/projects", {
    intent: "create",
    title: `Agency ${LONG_TITLE}`,
    clientId,
  });
  const memberEmail = uniqueEmail("walk-member");
  await post(admin, base, "/portal/team", {
    intent: "invite",
    name: `Zinhle ${LONG_WORD}`,
    email: memberEmail,
    role: "team",
  });
  const mail = await waitForMail(memberEmail, /invited/);
  const link = mail.text.match(/https?:\/\/\S+\/invitation\/\S+/)?.[0] ?? "";
  const join = await member.newPage();
  await join.goto(new URL(link).pathname);
  await join.getByLabel("Password").fill("a-good-password");
  await join.getByRole("button", { name: "Create account and join" }).click();
  await expect(join).toHaveURL(/\/portal$/);
  const adminPage = await admin.newPage();
  await adminPage.goto(`/portal/clients/${clientId}`);
  await adminPage
    .getByLabel("Team member")
    .selectOption({ label: `Zinhle ${LONG_WORD} (${memberEmail})` });
  await adminPage.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(adminPage.getByText(`Team member assigned to`).first()).toBeVisible();

  // A WhatsApp 'chat' lead, waiting for the team.
  await chatLead(base, `2783${String(Date.now()).slice(-7)}`, `Sibusiso ${LONG_WORD}`);

  // Billing: a proposal for the contact's client, an issued invoice and a draft.
  await adminPage.goto("/portal/billing/proposals/new");
  await adminPage.getByLabel("Client", { exact: true }).selectOption({ label: LONG_CLIENT });
  await adminPage.getByLabel("Title").fill(LONG_TITLE);
  await adminPage.getByLabel("Deposit (% of the once-off amount)").fill("50");
  await adminPage.getByLabel("Line 1 description").fill(`Voice agent ${LONG_WORD}`);
  await adminPage.getByLabel("Line 1 billed").selectOption("once-off");
  await adminPage.getByLabel("Line 1 price (R)").fill("10 000");
  await adminPage.getByRole("button", { name: "Create proposal" }).click();
  await expect(adminPage.getByRole("heading", { name: LONG_TITLE, level: 1 })).toBeVisible();
  await adminPage.getByRole("button", { name: "Send to client" }).click();
  await expect(adminPage.getByText("Proposal sent to the client")).toBeVisible();
  for (const [button, description] of [
    ["Issue invoice", `Workshop ${LONG_WORD}`],
    ["Save as draft", `Later ${LONG_WORD}`],
  ] as const) {
    await adminPage.goto("/portal/billing");
    const form = adminPage.locator("form", {
      has: adminPage.getByRole("button", { name: "Save as draft" }),
    });
    await form.getByLabel("Client", { exact: true }).selectOption({ label: LONG_CLIENT });
    await form.getByLabel("Description").fill(description);
    await form.getByLabel("Amount excluding VAT (R)").fill("500");
    await form.getByRole("button", { name: button }).click();
    await expect(adminPage.getByRole("status").first()).toBeVisible();
  }

  const billing = await linkIds(adminPage, "/portal/billing", "/portal/billing/");
  const detail = billing.filter(
    (h) => /\/(proposals|invoices|drafts)\/[^/]+$/.test(h) && !h.endsWith("/new"),
  );
  const projects = await linkIds(adminPage, "/portal/projects", "/portal/projects/");
  const reports = await linkIds(adminPage, "/portal/reports", "/portal/reports/");
  const clients = await linkIds(adminPage, "/portal/clients", "/portal/clients/");
  const leads = await linkIds(adminPage, "/portal/leads", "/portal/leads/");
  const notifications = "/portal/notifications";
  await adminPage.close();

  // The booking host (an administrator) takes meetings; a visitor books one.
  const host = await phone(browser, base);
  await signInAsAdmin(host.request, base, HOST);
  const hostPage = await host.newPage();
  await hostPage.goto("/portal/bookings/availability");
  const take = hostPage.getByRole("button", { name: "Take meetings" });
  if (await take.isVisible()) await take.click();
  await expect(hostPage.getByRole("button", { name: "Stop taking meetings" })).toBeVisible();
  const visitor = await phone(browser, base);
  const book = await visitor.newPage();
  await book.goto("/book/consultation");
  await book.getByRole("region", { name: "1. Choose a day" }).getByRole("link").first().click();
  await book
    .getByRole("region", { name: /^2\. Choose a time on / })
    .getByRole("link")
    .last()
    .click();
  const form = book.getByRole("form", { name: "Book this time" });
  await form.getByLabel("Name", { exact: true }).fill(`Lerato ${LONG_WORD}`);
  await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("walk-booker"));
  await form.getByLabel("Phone", { exact: true }).fill("082 555 0142");
  await form.getByLabel(/^Company/).fill(`Karoo Clinics ${LONG_WORD}`);
  await form.getByLabel("What would you like to discuss?").fill(`Reminders ${LONG_WORD}`);
  await form.getByRole("button", { name: "Book this time" }).click();
  await expect(book.getByText("Your meeting is booked")).toBeVisible();
  await visitor.close();
  const bookings = await linkIds(hostPage, "/portal/bookings", "/portal/bookings/");
  await hostPage.close();
  await join.close();

  const contactPage = await contact.newPage();
  const contactProjects = await linkIds(contactPage, "/portal/projects", "/portal/projects/");
  const contactReports = await linkIds(contactPage, "/portal/reports", "/portal/reports/");
  const contactBilling = (await linkIds(contactPage, "/portal/billing", "/portal/billing/")).filter(
    (h) => /\/(proposals|invoices)\/[^/]+$/.test(h),
  );
  await contactPage.close();
  const memberPage = await member.newPage();
  const memberProjects = await linkIds(memberPage, "/portal/projects", "/portal/projects/");
  const memberClients = await linkIds(memberPage, "/portal/clients", "/portal/clients/");
  await memberPage.close();

  const common = [
    "/portal",
    "/portal/projects",
    "/portal/messages",
    "/portal/reports",
    "/portal/analytics",
    "/portal/billing",
    "/portal/settings",
    notifications,
  ];
  return {
    admin,
    host,
    hostPages: [
      "/portal/bookings",
      "/portal/bookings/availability",
      ...bookings.filter((h) => !h.endsWith("/availability")).slice(0, 1),
    ],
    member,
    contact,
    contactUser,
    adminPages: [
      ...common,
      "/portal/billing/proposals/new",
      ...detail.slice(0, 6),
      ...projects.slice(0, 2),
      ...reports.slice(0, 2),
      "/portal/clients",
      ...clients.slice(0, 2),
      "/portal/team",
      "/portal/leads",
      ...leads.slice(0, 2),
      ...leads.slice(0, 1).map((l) => `${l}/convert`),
    ],
    // Billing is a team member's only when an administrator gives them access.
    memberPages: [
      ...common.filter((p) => p !== "/portal/billing"),
      ...memberProjects.slice(0, 1),
      "/portal/clients",
      ...memberClients.slice(0, 1),
    ],
    contactPages: [
      ...common,
      ...contactProjects.slice(0, 1),
      ...contactReports.slice(0, 1),
      ...contactBilling.slice(0, 3),
    ],
  };
}

test.describe("every portal page on a 320 px phone", () => {
  test.beforeAll(async ({ browser }, info) => {
    info.setTimeout(180_000);
    world = await makeWorld(browser, `http://localhost:${process.env.E2E_PORT ?? 3123}`);
  });
  test.afterAll(async () => {
    await world?.admin.close();
    await world?.host.close();
    await world?.member.close();
    await world?.contact.close();
  });

  for (const mode of MODES) {
    for (const role of [
      "administrator",
      "booking host",
      "team member",
      "client contact",
    ] as const) {
      test(`${role}, ${mode}`, async ({ browser, baseURL }) => {
        test.setTimeout(240_000);
        const w = world as World;
        const source = {
          administrator: w.admin,
          "booking host": w.host,
          "team member": w.member,
          "client contact": w.contact,
        }[role];
        const context = await phone(browser, baseURL ?? "", mode === "hydrated");
        await context.addCookies(await source.cookies());
        const page = await context.newPage();
        const pages = {
          administrator: w.adminPages,
          "booking host": w.hostPages,
          "team member": w.memberPages,
          "client contact": w.contactPages,
        }[role];
        for (const path of pages) await visit(page, mode, path, `${role} ${path}`);
        if (role === "administrator") {
          // The WhatsApp 'chat' lead: the team replies from its page.
          await page.goto("/portal/leads");
          await page
            .getByRole("link", { name: `Sibusiso ${LONG_WORD}` })
            .first()
            .click();
          if (mode === "hydrated") await hydrated(page);
          const reply = page.getByLabel("Your reply");
          await reply.fill(`Good morning, ${LONG_WORD}: we can help.`);
          await page.getByRole("button", { name: "Send on WhatsApp" }).click();
          await expect(page.getByText("Reply sent on WhatsApp").first()).toBeVisible();
          await walkChecks(page, `administrator, a WhatsApp lead replied to (${mode})`);
          // A conversation opened in Messages.
          await page.goto("/portal/messages");
          if (mode === "hydrated") await hydrated(page);
          await page
            .getByRole("button", { name: new RegExp(`Question about ${LONG_WORD}`) })
            .first()
            .click();
          await expect(page.getByText(`Please look at ${LONG_WORD}`).last()).toBeVisible();
          await walkChecks(page, `administrator, a conversation opened (${mode})`);
        }
        await context.close();
      });
    }

    test(`dialogs asked for by the address, open at 320 px, ${mode}`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const w = world as World;
      const context = await phone(browser, baseURL ?? "", mode === "hydrated");
      await context.addCookies(await w.admin.cookies());
      const page = await context.newPage();
      const open = async (path: string, role: "dialog" | "alertdialog", name: string) => {
        await page.goto(path);
        if (mode === "hydrated") await hydrated(page);
        const dialog = page.getByRole(role, { name });
        await expect(dialog).toBeVisible();
        await walkChecks(page, `${path}, '${name}' open (${mode})`);
        return dialog;
      };
      // Team: the invitation, sent from the dialog the address opened. Hydrated, this led to
      // 'Oops! Page not found' (/portal/team.data.data), fixed in dialog.server.ts with its unit
      // test; sent both ways here.
      const invite = await open("/portal/team?dialog=invite", "dialog", "Invite team member");
      const email = uniqueEmail("walk-invite");
      await invite.getByLabel("Name").fill(`Ayo ${LONG_WORD}`);
      await invite.getByLabel("Email").fill(email);
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();
      await expect(page.getByRole("dialog", { name: "Invite team member" })).toHaveCount(0);
      await expect(page).toHaveURL(/\/portal\/team$/);
      await expect(page.getByRole("heading", { name: "Team Management", level: 1 })).toBeVisible();
      await expect(page.getByText(email, { exact: true }).first()).toBeVisible();
      await open("/portal/projects?dialog=new-project", "dialog", "Create New Project");
      await open("/portal/clients?dialog=new-client", "dialog", "New client");
      await open("/portal/messages?dialog=new-message", "dialog", "Send New Message");
      await open("/portal/settings?dialog=delete-account", "dialog", "Delete my account");
      await context.close();
    });

    test(`the header's e-mail address can be read whole at 320 px, ${mode}`, async ({
      browser,
      baseURL,
    }) => {
      const w = world as World;
      const context = await phone(browser, baseURL ?? "", mode === "hydrated");
      await context.addCookies(await w.contact.cookies());
      const page = await context.newPage();
      await page.goto("/portal");
      if (mode === "hydrated") await hydrated(page);
      const email = w.contactUser.email;
      const header = page.getByRole("banner");
      // Shortened in the header (a phone has no room for it), a tap shows it whole.
      await header.getByText(email, { exact: true }).first().click();
      const whole = header.getByText(email, { exact: true }).last();
      await expect(whole).toBeVisible();
      const fits = await whole.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return (
          el.scrollWidth <= el.clientWidth + 1 &&
          box.left >= 0 &&
          box.right <= document.documentElement.clientWidth
        );
      });
      expect(fits, `${email}: on the screen and not cut off`).toBe(true);
      await walkChecks(page, `the header's account details open (${mode})`);
      await header.getByRole("link", { name: "Account settings" }).click();
      await expect(page).toHaveURL(/\/portal\/settings$/);
      await context.close();
    });

    test(`the public booking page, ${mode}`, async ({ browser, baseURL }) => {
      const context = await phone(browser, baseURL ?? "", mode === "hydrated");
      const page = await context.newPage();
      await visit(page, mode, "/book/consultation");
      const days = page.getByRole("region", { name: "1. Choose a day" }).getByRole("link");
      if ((await days.count()) > 0) {
        await days.first().click();
        const time = page
          .getByRole("region", { name: /^2\. Choose a time on / })
          .getByRole("link")
          .first();
        await time.click();
        await expect(page.getByRole("form", { name: "Book this time" })).toBeVisible();
        await walkChecks(page, `/book/consultation, a time chosen (${mode})`);
      }
      await context.close();
    });
  }
});
