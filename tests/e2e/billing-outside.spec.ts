/**
 * Billing as the outside checkers see it (issue 32): on a 320 px phone with JavaScript off,
 * through roles, labels, visible text and URLs only. An administrator writes a proposal (a bad
 * price first), sends it; the contact accepts it and finds the deposit invoice with 'Pay now';
 * the administrator records a payment (a bad amount first), issues a one-off invoice and voids it
 * with a credit note, saves a draft, and downloads the books export (a bad period first). Every
 * page on the way has no sideways scroll, and every control on it is on the screen and named.
 * Then, through URLs only: a wrong method, a malformed address or a bad query is a 4xx.
 */
import type { Browser, Page } from "@playwright/test";
import { createUser, expect, signInAsAdmin, test } from "./fixtures";

const PHONE = { width: 320, height: 740 };

/** A phone without JavaScript. */
function phone(browser: Browser, baseURL: string) {
  return browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
  });
}

/**
 * No sideways scroll, and every visible control of the page's main content lies within the
 * screen's width and has a name: a form control its label (or aria-label), a link or button
 * its text (or aria-label).
 */
async function fitsAndNamed(page: Page, label: string) {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const main = document.querySelector("main") ?? document.body;
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]";
    const offScreen: string[] = [];
    const unnamed: string[] = [];
    for (const el of main.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue; // not shown (a closed <details>)
      const what = `<${el.tagName.toLowerCase()} ${
        el.getAttribute("name") ?? el.textContent?.trim().slice(0, 40) ?? ""
      }>`;
      if (box.left < -0.5 || box.right > width + 0.5) {
        offScreen.push(`${what} ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
      const isField = ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName);
      const named =
        Boolean(el.getAttribute("aria-label")?.trim() || el.getAttribute("aria-labelledby")) ||
        (isField
          ? ((el as HTMLInputElement).labels?.length ?? 0) > 0
          : Boolean(el.textContent?.trim()));
      if (!named) unnamed.push(what);
    }
    return {
      scroll: document.documentElement.scrollWidth,
      width,
      offScreen,
      unnamed,
    };
  });
  expect
    .soft(found.scroll, `${label}: ${found.scroll} px wide in ${found.width} px`)
    .toBeLessThanOrEqual(found.width);
  expect.soft(found.offScreen, `${label}: controls off the screen`).toEqual([]);
  expect.soft(found.unnamed, `${label}: controls without a name`).toEqual([]);
}

test.describe("billing on a 320 px phone without JavaScript", () => {
  test("proposal, acceptance, deposit invoice, payment, credit note, draft and books export", async ({
    browser,
    baseURL,
  }) => {
    test.slow(); // two people, many pages
    const tag = Date.now().toString(36);
    // Long names, as real clients have them: nothing may push the page sideways.
    const title = `Route planner ${tag} and delivery windows for the whole fleet of every depot`;
    const fullName = `Umhlanga Ridge Coastal Hospitality ${tag} TradingAs-Nkosikazi-Mthembu-Dlamini-Ndlovu-Zungu`;
    const staff = await phone(browser, baseURL ?? "");
    const client = await phone(browser, baseURL ?? "");
    try {
      const contact = await createUser(client.request, baseURL ?? "", {
        fullName,
      });
      await signInAsAdmin(staff.request, baseURL ?? "");
      const admin = await staff.newPage();
      const page = await client.newPage();

      // The administrator's Billing page, then 'New proposal' for the client.
      await admin.goto("/portal/billing");
      await expect(admin.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
      await fitsAndNamed(admin, "/portal/billing (administrator)");
      await admin.getByRole("link", { name: "New proposal" }).click();
      await expect(admin.getByRole("heading", { name: "New proposal", level: 1 })).toBeVisible();
      await fitsAndNamed(admin, "New proposal");
      await admin.getByLabel("Client", { exact: true }).selectOption({ label: contact.fullName });
      await admin.getByLabel("Title").fill(title);
      await admin.getByLabel("Deposit (% of the once-off amount)").fill("50");
      await admin.getByLabel("Line 1 description").fill("Voice agent setup");
      await admin.getByLabel("Line 1 billed").selectOption("once-off");
      await admin.getByLabel("Line 1 price (R)").fill("-5");
      await admin.getByRole("button", { name: "Create proposal" }).click();
      await expect(
        admin.getByText("Line 1: price must be an amount in rand, such as 12 500,00").first(),
      ).toBeVisible();
      await expect(admin.getByLabel("Title")).toHaveValue(title);
      await fitsAndNamed(admin, "New proposal, refused");
      await admin.getByLabel("Line 1 price (R)").fill("10 000");
      await admin.getByRole("button", { name: "Create proposal" }).click();
      await expect(admin.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expect(admin.getByText("Draft", { exact: true })).toBeVisible();
      await fitsAndNamed(admin, "a draft proposal (administrator)");
      await admin.getByRole("button", { name: "Send to client" }).click();
      await expect(admin.getByText("Proposal sent to the client")).toBeVisible();

      // The contact opens Billing from the sidebar's link and accepts.
      // On a phone the sidebar opens from the header's button (a popover without scripts).
      await page.goto("/portal");
      await page.getByRole("button", { name: "Toggle Sidebar" }).click();
      await page
        .getByRole("navigation", { name: "Portal navigation" })
        .getByRole("link", { name: "Billing" })
        .click();
      await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
      await fitsAndNamed(page, "/portal/billing (contact)");
      await page.getByRole("link", { name: title }).click();
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await fitsAndNamed(page, "a sent proposal (contact)");
      await page.getByLabel("Your full name").fill(contact.fullName);
      await page.getByLabel("I accept this proposal and its terms").check();
      await page.getByRole("button", { name: "Accept proposal" }).click();
      await expect(page.getByText("Proposal accepted. Thank you!")).toBeVisible();
      await expect(page.getByText(`Accepted by ${contact.fullName}`)).toBeVisible();
      await fitsAndNamed(page, "an accepted proposal (contact)");

      // The deposit invoice: 50% of R10,000.00 plus 15% VAT, with 'Pay now' (PayFast is on).
      await page.getByRole("link", { name: new RegExp(`^INV-\\d{4}: Deposit: ${title}$`) }).click();
      await expect(
        page.getByRole("heading", { name: /^Invoice INV-\d{4}$/, level: 1 }),
      ).toBeVisible();
      await expect(page.getByText("Tax Invoice", { exact: true })).toBeVisible();
      await expect(page.getByText("R5,750.00", { exact: true }).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Pay now" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
      await expect(page.getByRole("form", { name: "Record payment" })).toHaveCount(0);
      await fitsAndNamed(page, "an invoice (contact)");
      const invoiceUrl = new URL(page.url()).pathname;

      // The administrator records an EFT: a bad amount first, then part of what is owed.
      await admin.goto(invoiceUrl);
      await fitsAndNamed(admin, "an invoice (administrator)");
      const record = admin.getByRole("form", { name: "Record payment" });
      await record.getByLabel("Amount paid (R)").fill("1.234");
      await record.getByRole("button", { name: "Record payment" }).click();
      await expect(
        admin.getByText("Amount must be an amount in rand, such as 12 500,00").first(),
      ).toBeVisible();
      await expect(record.getByLabel("Amount paid (R)")).toHaveValue("1.234");
      await record.getByLabel("Amount paid (R)").fill("1 000");
      await record.getByLabel("Reference").fill(`EFT ${tag}`);
      await record.getByRole("button", { name: "Record payment" }).click();
      await expect(admin.getByText("Payment recorded", { exact: true })).toBeVisible();
      await expect(admin.getByText("Part-paid", { exact: true })).toBeVisible();
      await expect(admin.getByText(/Still owed: R4,750\.00\./)).toBeVisible();
      await fitsAndNamed(admin, "a part-paid invoice (administrator)");

      // A one-off invoice from the Billing page, voided by a credit note.
      await admin.goto("/portal/billing");
      const newInvoice = admin.locator("form", {
        has: admin.getByRole("button", { name: "Save as draft" }),
      });
      await newInvoice.getByLabel("Client", { exact: true }).selectOption({
        label: contact.fullName,
      });
      await newInvoice.getByLabel("Description").fill(`Billed twice ${tag}`);
      await newInvoice.getByLabel("Amount excluding VAT (R)").fill("100000000");
      await newInvoice.getByRole("button", { name: "Issue invoice" }).click();
      await expect(admin.getByText("Amount must be at most R10,000,000.00").first()).toBeVisible();
      await newInvoice.getByLabel("Amount excluding VAT (R)").fill("500");
      await newInvoice.getByRole("button", { name: "Issue invoice" }).click();
      await expect(admin.getByText(/^Invoice INV-\d{4} issued$/).first()).toBeVisible();
      await admin
        .getByRole("link", { name: new RegExp(`^INV-\\d{4}: Billed twice ${tag}$`) })
        .click();
      await admin.getByLabel("Reason").fill("The workshop was billed twice");
      await admin.getByRole("button", { name: "Issue credit note" }).click();
      await expect(
        admin.getByText(/^Credit note CN-\d{4} issued: the invoice is void$/),
      ).toBeVisible();
      await expect(admin.getByRole("link", { name: "Download credit note PDF" })).toBeVisible();
      await fitsAndNamed(admin, "a credited invoice (administrator)");

      // A draft one-off invoice: its page fits too.
      await admin.goto("/portal/billing");
      await newInvoice.getByLabel("Client", { exact: true }).selectOption({
        label: contact.fullName,
      });
      await newInvoice.getByLabel("Description").fill(`Later ${tag}`);
      await newInvoice.getByLabel("Amount excluding VAT (R)").fill("250");
      await newInvoice.getByRole("button", { name: "Save as draft" }).click();
      await expect(admin.getByText("Draft saved: it is under Draft invoices")).toBeVisible();
      await fitsAndNamed(admin, "/portal/billing with a draft (administrator)");
      await admin.getByRole("link", { name: `Later ${tag}` }).click();
      await expect(admin.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
      await fitsAndNamed(admin, "a draft invoice");

      // The books export: a period the wrong way round is refused in words; then a download.
      await admin.goto("/portal/billing");
      const xero = admin.getByRole("form", { name: "Export for Xero" });
      await xero.getByLabel("From").fill("2026-03-31");
      await xero.getByLabel("To").fill("2026-03-01");
      const refused = admin.waitForResponse((r) => r.url().includes("/portal/billing/export.csv"));
      await xero.getByRole("button", { name: "Invoices and credit notes (Xero)" }).click();
      expect((await refused).status()).toBe(400);
      await expect(admin.getByText("From must be on or before To")).toBeVisible();
      await admin.goto("/portal/billing");
      const download = admin.waitForEvent("download");
      await xero.getByRole("button", { name: "Invoices and credit notes (Xero)" }).click();
      expect((await download).suggestedFilename()).toMatch(/^xero-invoices-.*\.csv$/);
    } finally {
      await staff.close();
      await client.close();
    }
  });
});

test.describe("billing from the outside", () => {
  test("a wrong method, a malformed address or a bad query is a 4xx, never a 500", async ({
    browser,
    baseURL,
  }) => {
    const staff = await browser.newContext({ baseURL });
    try {
      await signInAsAdmin(staff.request, baseURL ?? "");
      const headers = { origin: baseURL ?? "" };
      const id = "7f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
      const answers: [string, number][] = [];
      const ask = async (method: string, path: string, form?: Record<string, string>) => {
        const res = await staff.request.fetch(path, { method, headers, form, maxRedirects: 0 });
        answers.push([`${method} ${path}`, res.status()]);
      };
      await ask("POST", `/portal/billing/invoices/${id}/pdf`, { x: "1" });
      await ask("POST", `/portal/billing/proposals/${id}/pdf`, { x: "1" });
      await ask("POST", "/portal/billing/export.csv", { format: "xero" });
      await ask("POST", "/portal/billing/statement.csv", { x: "1" });
      await ask("GET", "/api/payfast/itn");
      await ask("POST", "/api/payfast/itn", { m_payment_id: "x", signature: "nope" });
      await ask("PUT", "/portal/billing", { intent: "no-such-thing" });
      await ask("DELETE", `/portal/billing/invoices/${id}`, { intent: "credit" });
      await ask("GET", "/portal/billing/invoices/not-an-id");
      await ask("GET", `/portal/billing/invoices/${id}`);
      await ask("GET", "/portal/billing/proposals/%27%22");
      await ask("GET", `/portal/billing/drafts/${id}x`);
      await ask("GET", "/portal/billing?client=nope&invoices-cursor=%%");
      await ask(
        "GET",
        "/portal/billing/export.csv?format=xero&what=invoices&from=0000-01-01&to=0000-01-31",
      );
      await ask("GET", "/portal/billing/statement.csv?client=nope");
      for (const [what, status] of answers) {
        expect.soft(status, what).toBeGreaterThanOrEqual(400);
        expect.soft(status, what).toBeLessThan(500);
      }
    } finally {
      await staff.close();
    }
  });
});
