/**
 * Billing (issue 32): the Billing page in the portal's sidebar. Point 1: an administrator fills
 * in the business's legal and banking details, 'To be confirmed' until then, with and without
 * JavaScript; a contact never sees them; the page fits 320 px and passes axe in both palettes.
 * Then: proposals and their acceptance, the overview and statement, the export for the books,
 * 'Load more' on the invoices, paying an invoice through the fake PayFast (alone, and as the
 * end of the whole journey from a quote request), and a credit note voiding an invoice.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, todayInSouthAfrica } from "../../app/lib/dates";
import { type FakePayfast, startFakePayfast } from "../../app/test/fake-payfast.server";
import { expectNoAxeViolations } from "./axe";
import {
  createUser,
  expect,
  hydrated,
  signInAsAdmin,
  test,
  toastsGone,
  uniqueEmail,
} from "./fixtures";
import { waitForMail } from "./mail";
import { PAYFAST_E2E } from "./payfast-settings";

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("business details", () => {
  test("an administrator opens Billing from the sidebar and saves the details", async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.goto("/portal");
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "Portal navigation" })
      .getByRole("link", { name: "Billing" })
      .click();
    await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
    const card = page
      .getByRole("region", { name: "Business details" })
      .or(
        page.locator("form", { has: page.getByRole("button", { name: "Save business details" }) }),
      );
    await expect(card.first()).toBeVisible();
    await expect(page.getByText("VAT is charged at 15%.")).toBeVisible();
    await hydrated(page);

    await page.getByLabel("VAT number", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Save business details" }).click();
    await expect(
      page.getByText("VAT number must be 10 digits starting with 4").first(),
    ).toBeVisible();

    await page.getByLabel("Legal name").fill("Cape AI Automations (Pty) Ltd");
    await page.getByLabel("Address").fill("12 Bree Street\nCape Town 8001");
    await page.getByLabel("VAT number", { exact: true }).fill("4123456789");
    await page.getByLabel("Bank", { exact: true }).fill("First National Bank");
    await page.getByLabel("Account holder").fill("Cape AI Automations (Pty) Ltd");
    await page.getByLabel("Account number").fill("62123456789");
    await page.getByLabel("Branch code").fill("250655");
    await page.getByRole("button", { name: "Save business details" }).click();
    await expect(page.getByText("Business details saved").first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("VAT number", { exact: true })).toHaveValue("4123456789");
    await expect(page.getByLabel("Branch code")).toHaveValue("250655");
  });

  test("axe in both palettes, and the page fits 320 px", async ({ page, baseURL }) => {
    test.slow(); // axe twice
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto("/portal/billing");
    await hydrated(page);
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, "/portal/billing (administrator)");
  });

  test("a contact sees Billing without the business details", async ({ signedInPage: page }) => {
    await page.goto("/portal/billing");
    await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save business details" })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the details form posts and answers on the page", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.goto("/portal/billing");
    await page.getByLabel("Branch code").fill("12");
    await page.getByRole("button", { name: "Save business details" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Branch code must be 6 digits" }),
    ).toBeVisible();
    await expect(page.getByLabel("Branch code")).toHaveValue("12");
    await page.getByLabel("Branch code").fill("250655");
    await page.getByRole("button", { name: "Save business details" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Business details saved" }),
    ).toBeVisible();
  });
});

test.describe("proposals", () => {
  test("an administrator writes and sends a proposal; the contact accepts it on the Billing page and sees the deposit invoice", async ({
    browser,
    page,
    baseURL,
  }) => {
    test.slow(); // two people, axe on both sides
    const clientName = `Thandi Billing ${Date.now().toString(36)}`;
    await createUser(page.request, baseURL ?? "", { fullName: clientName });

    const staff = await browser.newContext({ baseURL });
    const admin = await staff.newPage();
    try {
      await signInAsAdmin(admin.request, baseURL ?? "");
      await admin.goto("/portal/billing");
      await hydrated(admin);
      await admin.getByRole("link", { name: "New proposal" }).click();
      await expect(admin.getByRole("heading", { name: "New proposal", level: 1 })).toBeVisible();
      await hydrated(admin);
      await admin.getByLabel("Client", { exact: true }).selectOption({ label: clientName });
      await admin.getByLabel("Title").fill("Growth package and setup");
      await admin.getByLabel("Deposit (% of the once-off amount)").fill("50");
      await admin.getByLabel("Line 1 package").selectOption("Growth");
      await admin.getByLabel("Line 2 description").fill("Voice agent setup");
      await admin.getByLabel("Line 2 billed").selectOption("once-off");
      await admin.getByLabel("Line 2 price (R)").fill("20 000");
      await admin.getByRole("button", { name: "Create proposal" }).click();
      await expect(
        admin.getByRole("heading", { name: "Growth package and setup", level: 1 }),
      ).toBeVisible();
      await expect(admin.getByText("Draft", { exact: true })).toBeVisible();
      // R20,000.00 once-off + 15% VAT; the Growth package at its pricing-page price.
      await expect(admin.getByText("R23,000.00")).toBeVisible();
      await expect(admin.getByText("R14,375.00")).toBeVisible();
      await hydrated(admin);
      await toastsGone(admin); // 'Proposal saved as a draft' fading reads as low contrast
      await expectNoAxeViolations(admin, "a proposal (administrator)");
      await admin.getByRole("button", { name: "Send to client" }).click();
      await expect(admin.getByText("Proposal sent to the client").first()).toBeVisible();
    } finally {
      await staff.close();
    }

    await page.goto("/portal");
    await hydrated(page);
    await page
      .getByRole("navigation", { name: "Portal navigation" })
      .getByRole("link", { name: "Billing" })
      .click();
    await expect(page.getByRole("heading", { name: "Billing", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Growth package and setup" }).click();
    await expect(page.getByText("Awaiting answer")).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page, "a proposal (contact)");
    await page.getByLabel("Your full name").fill(clientName);
    await page.getByLabel("I accept this proposal and its terms").check();
    await page.getByRole("button", { name: "Accept proposal" }).click();
    await expect(page.getByText("Proposal accepted. Thank you!").first()).toBeVisible();
    await expect(page.getByText(`Accepted by ${clientName}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Accept proposal" })).toHaveCount(0);

    // The deposit invoice is issued at once: 50% of R20,000.00 plus 15% VAT.
    await page
      .getByRole("link", { name: /^INV-\d{4}: Deposit: Growth package and setup$/ })
      .click();
    await expect(
      page.getByRole("heading", { name: /^Invoice INV-\d{4}$/, level: 1 }),
    ).toBeVisible();
    await expect(page.getByText("Tax Invoice", { exact: true })).toBeVisible();
    await expect(page.getByText("R11,500.00", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page, "an invoice (contact)");
  });
});

test.describe("on a 320 px phone", () => {
  test("a proposal's and an invoice's long words break, and their lines table is a named box a keyboard can scroll", async ({
    browser,
    page,
    baseURL,
  }) => {
    test.slow(); // two people
    const clientName = `Lindiwe Longwords ${Date.now().toString(36)}`;
    await createUser(page.request, baseURL ?? "", { fullName: clientName });
    const long = `Integration${"-and-automation-of-every-depot".repeat(3)}`;
    const staff = await browser.newContext({ baseURL, viewport: { width: 320, height: 700 } });
    const admin = await staff.newPage();
    try {
      await signInAsAdmin(admin.request, baseURL ?? "");
      await admin.goto("/portal/billing/proposals/new");
      await hydrated(admin);
      await admin.getByLabel("Client", { exact: true }).selectOption({ label: clientName });
      await admin.getByLabel("Title").fill("Fleet automation");
      await admin.getByLabel("Line 1 description").fill(long);
      await admin.getByLabel("Line 1 billed").selectOption("once-off");
      await admin.getByLabel("Line 1 price (R)").fill("9 999 999");
      await admin.getByRole("button", { name: "Create proposal" }).click();
      await expect(
        admin.getByRole("heading", { name: "Fleet automation", level: 1 }),
      ).toBeVisible();
      await expectLinesFit(admin, "Line items", long);
      const clientId = await clientIdOf(admin, clientName);
      await issueInvoice(admin.request, baseURL ?? "", clientId, long, "9999999");
      await admin.goto("/portal/billing");
      await admin.getByRole("link", { name: new RegExp(`^INV-\\d{4}: ${long}$`) }).click();
      await expect(
        admin.getByRole("heading", { name: /^Invoice INV-\d{4}$/, level: 1 }),
      ).toBeVisible();
      await expectLinesFit(admin, "Invoice lines", long);
    } finally {
      await staff.close();
    }
  });
});

/**
 * The page does not scroll sideways, the lines table's long words break (its description cell
 * is narrower than the box), and the box is named and takes focus, so a keyboard can scroll the
 * table where its amounts make it wider than a phone.
 */
async function expectLinesFit(page: Page, caption: string, text: string) {
  await noSidewaysScroll(page);
  const box = page.getByRole("group", { name: caption });
  const cell = box.getByRole("cell", { name: new RegExp(text) });
  await expect(cell).toBeVisible();
  await box.focus();
  await expect(box).toBeFocused();
  const [outer, described] = await Promise.all([
    box.evaluate((el) => el.clientWidth),
    cell.evaluate((el) => el.getBoundingClientRect().width),
  ]);
  expect(
    described,
    `the '${caption}' description is ${described} px wide in a ${outer} px box`,
  ).toBeLessThan(outer);
}

test.describe("overview and statement", () => {
  test("the agency sees each client's billing and its statement; the contact sees theirs; Analytics shows revenue", async ({
    browser,
    page,
    baseURL,
  }) => {
    test.slow(); // two people, axe on both sides
    const user = { fullName: `Zola Statement ${Date.now().toString(36)}` };
    await createUser(page.request, baseURL ?? "", user);
    const staff = await browser.newContext({ baseURL });
    const admin = await staff.newPage();
    try {
      await signInAsAdmin(admin.request, baseURL ?? "");
      await admin.goto("/portal/billing");
      await hydrated(admin);
      await admin
        .getByLabel("Client", { exact: true })
        .last()
        .selectOption({ label: user.fullName });
      await admin.getByLabel("Description").fill("Workshop day");
      await admin.getByLabel("Amount excluding VAT (R)").fill("2 000");
      await admin.getByRole("button", { name: "Issue invoice" }).click();
      await expect(admin.getByText(/^Invoice INV-\d{4} issued$/).first()).toBeVisible();

      await admin.reload();
      await hydrated(admin);
      await expect(admin.getByRole("heading", { name: "Overview", level: 2 })).toBeVisible();
      await expect(admin.getByRole("heading", { name: "Overdue", level: 2 })).toBeVisible();
      await admin.setViewportSize({ width: 320, height: 800 });
      await admin
        .getByRole("list", { name: "Billing per client" })
        .getByRole("link", { name: user.fullName })
        .click();
      await expect(
        admin.getByRole("heading", { name: `Statement: ${user.fullName}`, level: 2 }),
      ).toBeVisible();
      await expect(admin.getByText("Balance owed: R2,300.00.")).toBeVisible();
      await expect(admin.getByRole("link", { name: "Download statement (CSV)" })).toBeVisible();
      await hydrated(admin);
      await noSidewaysScroll(admin);
      await expectNoAxeViolations(admin, "/portal/billing?client= (administrator)");

      await admin.goto("/portal/analytics");
      await expect(admin.getByRole("heading", { name: "Billing", level: 2 })).toBeVisible();
      await expect(admin.getByRole("link", { name: /Download CSV/ }).first()).toBeVisible();
      await hydrated(admin);
      await noSidewaysScroll(admin);
    } finally {
      await staff.close();
    }

    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto("/portal/billing");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Statement", level: 2 })).toBeVisible();
    await expect(page.getByText("Balance owed: R2,300.00.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Overview" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^INV-\d{4}: Workshop day$/ })).toBeVisible();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page, "/portal/billing (contact, with a statement)");
  });
});

test.describe("export for the books", () => {
  test("an administrator downloads last month's invoices for Xero and payments for Sage", async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page.request, baseURL ?? "");
    await page.goto("/portal/billing");
    await hydrated(page);
    const xero = page.getByRole("form", { name: "Export for Xero" });
    await expect(xero.getByLabel("Sales account code")).toHaveValue("200");
    const invoices = page.waitForEvent("download");
    await xero.getByRole("button", { name: "Invoices and credit notes (Xero)" }).click();
    expect((await invoices).suggestedFilename()).toMatch(
      /^xero-invoices-\d{4}-\d{2}-01-to-.*\.csv$/,
    );
    const sage = page.getByRole("form", { name: "Export for Sage Business Cloud" });
    const paid = page.waitForEvent("download");
    await sage.getByRole("button", { name: "Payments (Sage Business Cloud)" }).click();
    expect((await paid).suggestedFilename()).toMatch(/^sage-payments-.*\.csv$/);
  });
});

/** The client's id as the administrator's 'New invoice' form offers it. */
async function clientIdOf(admin: Page, fullName: string): Promise<string> {
  await admin.goto("/portal/billing");
  const id = await admin
    .getByLabel("Client", { exact: true })
    .last()
    .locator("option", { hasText: fullName })
    .getAttribute("value");
  expect(id).toBeTruthy();
  return id ?? "";
}

/** A one-off invoice (amount excl. VAT), issued through the administrator's form. */
async function issueInvoice(
  request: APIRequestContext,
  baseURL: string,
  clientId: string,
  description: string,
  amount: string,
) {
  const issued = await request.post("/portal/billing", {
    headers: { origin: baseURL },
    form: { intent: "one-off-invoice", clientId, description, amount, recipientVatNumber: "" },
  });
  expect(issued.ok(), await issued.text()).toBe(true);
}

test.describe("Load more", () => {
  test("a contact with 51 invoices presses 'Load more invoices' and sees the 51st, with and without JavaScript", async ({
    browser,
    page,
    baseURL,
  }) => {
    test.slow(); // 51 invoices, axe, a second browser without scripts
    const tag = Date.now().toString(36);
    const user = await createUser(page.request, baseURL ?? "", { fullName: `Pule Paging ${tag}` });
    const staff = await browser.newContext({ baseURL });
    try {
      await signInAsAdmin(staff.request, baseURL ?? "");
      const clientId = await clientIdOf(await staff.newPage(), user.fullName);
      for (let n = 1; n <= 51; n++) {
        await issueInvoice(
          staff.request,
          baseURL ?? "",
          clientId,
          `Paging ${tag} month ${n}`,
          "100",
        );
      }
    } finally {
      await staff.close();
    }

    const invoice = (n: number) =>
      page.getByRole("link", { name: new RegExp(`^INV-\\d{4}: Paging ${tag} month ${n}$`) });
    await page.goto("/portal/billing");
    await hydrated(page);
    await expect(invoice(51)).toBeVisible();
    await expect(invoice(2)).toBeVisible();
    await expect(invoice(1)).toHaveCount(0);
    await page.getByRole("link", { name: "Load more invoices" }).click();
    await expect(page).toHaveURL(/[?&]invoices-cursor=/);
    await expect(invoice(1)).toBeVisible();
    await expect(invoice(51)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Load more invoices" })).toHaveCount(0);
    await hydrated(page);
    await expectNoAxeViolations(page, "/portal/billing?invoices-cursor= (contact)");
    await page.getByRole("navigation", { name: "More invoices" }).getByRole("link").click();
    await expect(invoice(51)).toBeVisible();

    const plain = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const noScripts = await plain.newPage();
      await noScripts.goto("/portal/billing");
      await noScripts.getByRole("link", { name: "Load more invoices" }).click();
      await expect(noScripts).toHaveURL(/[?&]invoices-cursor=/);
      await expect(
        noScripts.getByRole("link", { name: new RegExp(`^INV-\\d{4}: Paging ${tag} month 1$`) }),
      ).toBeVisible();
    } finally {
      await plain.close();
    }
  });
});

test.describe("PayFast", () => {
  test.describe.configure({ mode: "serial" });
  let fake: FakePayfast;
  test.beforeAll(async () => {
    fake = await startFakePayfast(PAYFAST_E2E);
  });
  test.afterAll(async () => {
    await fake.close();
  });

  test("a contact pays an invoice with 'Pay now'; it shows paid only after PayFast's notification is validated", async ({
    browser,
    page,
    baseURL,
  }) => {
    test.slow(); // two people, two trips to PayFast, axe
    const user = await createUser(page.request, baseURL ?? "", {
      fullName: `Palesa Payer ${Date.now().toString(36)}`,
    });
    const staff = await browser.newContext({ baseURL });
    try {
      await signInAsAdmin(staff.request, baseURL ?? "");
      const clientId = await clientIdOf(await staff.newPage(), user.fullName);
      await issueInvoice(staff.request, baseURL ?? "", clientId, "Strategy workshop", "1 000");
    } finally {
      await staff.close();
    }

    await page.goto("/portal/billing");
    await hydrated(page);
    await page.getByRole("link", { name: /^INV-\d{4}: Strategy workshop$/ }).click();
    await expect(
      page.getByRole("heading", { name: /^Invoice INV-\d{4}$/, level: 1 }),
    ).toBeVisible();
    const invoiceUrl = page.url();
    const state = page.locator("h1 + p + *");
    await expect(state).toHaveText("Issued");

    // The page's forms may post to us and to PayFast, nowhere else.
    const response = await page.request.get(invoiceUrl);
    const csp = response.headers()["content-security-policy"] ?? "";
    const formAction = csp
      .split(";")
      .map((d) => d.trim())
      .filter((d) => d.startsWith("form-action"));
    expect(formAction).toEqual([`form-action 'self' ${PAYFAST_E2E.url}`]);
    await hydrated(page);
    await expectNoAxeViolations(page, "an invoice with 'Pay now' (contact)");

    // PayFast takes the money, but its validation call says INVALID: nothing is marked paid.
    fake.answer("INVALID");
    const validations = fake.validations.length;
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page.getByRole("heading", { name: "PayFast (fake): pay" })).toBeVisible();
    await expect(page.getByText("R 1150.00")).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(`${invoiceUrl}?paid=1`);
    expect(fake.notifications.at(-1)).toMatchObject({
      status: 400,
      body: "PayFast did not confirm the payment",
    });
    expect(fake.validations.length).toBe(validations + 1);
    await expect(state).toHaveText("Issued");
    await expect(page.getByText("No payments yet.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Back from PayFast." })).toBeVisible();

    // Again, validated this time: paid, with the PayFast payment listed.
    fake.answer("VALID");
    await hydrated(page);
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(`${invoiceUrl}?paid=1`);
    expect(fake.notifications.at(-1)).toMatchObject({ status: 200, body: "OK" });
    await expect(state).toHaveText("Paid");
    await expect(page.getByText(/· PayFast · PayFast \d+/)).toBeVisible();
    await expect(page.getByText("Still owed: R0.00.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
    await expect(page.getByText("Back from PayFast.")).toHaveCount(0);
    await hydrated(page);
    await expectNoAxeViolations(page, "a paid invoice (contact)");

    // The same notification again (a replay) changes nothing.
    const last = fake.notifications.at(-1)?.fields ?? [];
    const replay = await page.request.post("/api/payfast/itn", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: new URLSearchParams(last).toString(),
    });
    expect(replay.status()).toBe(200);
    await page.reload();
    await expect(page.getByText(/· PayFast · PayFast \d+/)).toHaveCount(1);
  });

  test("from a quote request to a paid deposit: the administrator proposes, the invited contact accepts and pays", async ({
    browser,
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000); // a visitor, an administrator and a contact; PayFast; axe
    const tag = Date.now().toString(36);
    const name = `Quote Payer ${tag}`;
    const email = uniqueEmail("billing-quote");
    const title = `Growth package for ${name}`;
    const start = addDays(todayInSouthAfrica(), 10);
    let clientId = "";

    // A visitor asks for a quote on the pricing page.
    await page.goto("/pricing");
    await hydrated(page);
    const quote = page.getByRole("form", { name: "Request a custom quote" });
    await quote.getByLabel("Package").selectOption("Growth");
    const values: Record<string, string> = {
      Name: name,
      Email: email,
      Phone: "082 555 0123",
      Address: "3 Loop Street, Cape Town",
      "Project Start Date": start,
      "Project Finish Date": addDays(start, 30),
      Message: "A voice agent for our front desk.",
    };
    for (const [label, value] of Object.entries(values)) {
      await quote.getByLabel(label, { exact: true }).fill(value);
    }
    await quote.getByRole("button", { name: "Request Quote" }).click();
    await expect(page.getByText("Quote Request Sent!").first()).toBeVisible();

    // The administrator converts it (inviting the person) and proposes from it.
    const staff = await browser.newContext({ baseURL });
    const admin = await staff.newPage();
    try {
      await signInAsAdmin(admin.request, baseURL ?? "");
      await admin.goto("/portal/leads?kind=quote");
      await admin.getByRole("link", { name }).click();
      await expect(admin.getByRole("heading", { name, level: 1 })).toBeVisible();
      await hydrated(admin);
      await admin.getByRole("link", { name: "Convert to client" }).click();
      await expect(admin.getByLabel(`Invite ${email}`)).toBeChecked();
      await admin.getByRole("button", { name: "Confirm and convert" }).click();
      await expect(admin).toHaveURL(/\/portal\/clients\/[0-9a-f-]{36}$/);
      clientId = admin.url().split("/").pop() ?? "";
      await admin.getByRole("link", { name: `Converted from the lead of ${name}` }).click();
      await admin.getByRole("link", { name: "Create proposal" }).click();
      await expect(admin.getByRole("heading", { name: "New proposal", level: 1 })).toBeVisible();
      await expect(admin.getByLabel("Title")).toHaveValue(title);
      await expect(admin.getByLabel("Line 1 package")).toHaveValue("Growth");
      await hydrated(admin);
      await expectNoAxeViolations(admin, "/portal/billing/proposals/new?lead= (administrator)");
      await admin.getByLabel("Deposit (% of the once-off amount)").fill("50");
      await admin.getByLabel("Line 2 description").fill("Voice agent setup");
      await admin.getByLabel("Line 2 billed").selectOption("once-off");
      await admin.getByLabel("Line 2 price (R)").fill("10 000");
      await admin.getByRole("button", { name: "Create proposal" }).click();
      await expect(admin.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await hydrated(admin);
      await admin.getByRole("button", { name: "Send to client" }).click();
      await expect(admin.getByText("Proposal sent to the client").first()).toBeVisible();
    } finally {
      await staff.close();
    }

    // The person follows the invitation, accepts with their typed name and pays the deposit.
    const mail = await waitForMail(email, /invited/);
    const link = mail.text.match(/https?:\/\/\S+\/invitation\/\S+/)?.[0];
    expect(link, mail.text).toBeTruthy();
    const people = await browser.newContext({ baseURL });
    const contact = await people.newPage();
    try {
      await contact.goto(new URL(link ?? "").pathname);
      await contact.getByLabel("Password").fill("a-good-password");
      await contact.getByRole("button", { name: "Create account and join" }).click();
      await expect(contact).toHaveURL(/\/portal$/);
      await contact.goto("/portal/billing");
      await contact.getByRole("link", { name: title }).click();
      await expect(contact.getByText("Awaiting answer")).toBeVisible();
      await hydrated(contact);
      await contact.getByLabel("Your full name").fill(name);
      await contact.getByLabel("I accept this proposal and its terms").check();
      await contact.getByRole("button", { name: "Accept proposal" }).click();
      await expect(contact.getByText(`Accepted by ${name}`)).toBeVisible();
      await contact
        .getByRole("link", { name: new RegExp(`^INV-\\d{4}: Deposit: ${title}$`) })
        .click();
      // 50% of R10,000.00 once-off, plus 15% VAT. (The proposal's page shows the amount too:
      // the invoice's heading first, then its address.)
      await expect(
        contact.getByRole("heading", { name: /^Invoice INV-\d{4}$/, level: 1 }),
      ).toBeVisible();
      await expect(contact.getByText("R5,750.00", { exact: true })).toBeVisible();
      const invoiceUrl = contact.url();
      await hydrated(contact);
      await contact.getByRole("button", { name: "Pay now" }).click();
      await expect(contact.getByText("R 5750.00")).toBeVisible();
      await contact.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(contact).toHaveURL(`${invoiceUrl}?paid=1`);
      expect(fake.notifications.at(-1)).toMatchObject({ status: 200, body: "OK" });
      await expect(contact.locator("h1 + p + *")).toHaveText("Paid");
    } finally {
      await people.close();
    }

    // The administrator sees it paid by PayFast on the invoice's page (with its forms).
    const again = await browser.newContext({ baseURL });
    const agency = await again.newPage();
    try {
      await signInAsAdmin(agency.request, baseURL ?? "");
      await agency.goto(`/portal/billing?client=${clientId}`);
      await agency
        .getByRole("link", { name: new RegExp(`^INV-\\d{4}: Deposit: ${title}$`) })
        .click();
      await expect(agency.locator("h1 + p + *")).toHaveText("Paid");
      await expect(agency.getByText(/· PayFast · PayFast \d+/)).toBeVisible();
      await hydrated(agency);
      await expectNoAxeViolations(agency, "a paid invoice (administrator)");
    } finally {
      await again.close();
    }
  });
});

test.describe("credit note", () => {
  test("an administrator voids an invoice with a credit note; the contact sees it credited, with nothing to pay", async ({
    browser,
    page,
    baseURL,
  }) => {
    test.slow(); // two people
    const user = await createUser(page.request, baseURL ?? "", {
      fullName: `Credit Client ${Date.now().toString(36)}`,
    });
    const invoiceLink = (p: Page) => p.getByRole("link", { name: /^INV-\d{4}: Billed twice$/ });
    const staff = await browser.newContext({ baseURL });
    try {
      await signInAsAdmin(staff.request, baseURL ?? "");
      const admin = await staff.newPage();
      const clientId = await clientIdOf(admin, user.fullName);
      await issueInvoice(staff.request, baseURL ?? "", clientId, "Billed twice", "500");
      await admin.goto(`/portal/billing?client=${clientId}`);
      await invoiceLink(admin).click();
      await expect(admin.locator("h1 + p + *")).toHaveText("Issued");
      await hydrated(admin);
      await admin.getByLabel("Reason").fill("The workshop was billed twice");
      await admin.getByRole("button", { name: "Issue credit note" }).click();
      await expect(
        admin.getByText(/^Credit note CN-\d{4} issued: the invoice is void$/).first(),
      ).toBeVisible();
      await expect(admin.locator("h1 + p + *")).toHaveText("Void (credited)");
      await expect(
        admin.getByRole("heading", { name: /^Credit note CN-\d{4}$/, level: 2 }),
      ).toBeVisible();
      await expect(admin.getByRole("link", { name: "Download credit note PDF" })).toBeVisible();
      await expect(admin.getByRole("button", { name: "Issue credit note" })).toHaveCount(0);
      await expect(admin.getByRole("form", { name: "Record payment" })).toHaveCount(0);
    } finally {
      await staff.close();
    }

    await page.goto("/portal/billing");
    await invoiceLink(page).click();
    await expect(page.locator("h1 + p + *")).toHaveText("Void (credited)");
    await expect(page.getByText("This invoice was credited.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
  });
});

test.describe("draft invoices", () => {
  test("an administrator saves a one-off invoice as a draft, changes it and issues it; the contact sees only the issued invoice", async ({
    browser,
    page,
    baseURL,
  }) => {
    test.slow(); // two people, axe
    const tag = Date.now().toString(36);
    const user = await createUser(page.request, baseURL ?? "", {
      fullName: `Draft Client ${tag}`,
    });
    const staff = await browser.newContext({ baseURL });
    let number = "";
    try {
      await signInAsAdmin(staff.request, baseURL ?? "");
      const admin = await staff.newPage();
      const clientId = await clientIdOf(admin, user.fullName);
      await admin.goto(`/portal/billing?client=${clientId}`);
      await hydrated(admin);
      const card = admin.locator("form", {
        has: admin.getByRole("button", { name: "Save as draft" }),
      });
      await card.getByLabel("Client", { exact: true }).selectOption(clientId);
      await card.getByLabel("Description").fill(`Strategy workshop ${tag}`);
      await card.getByLabel("Amount excluding VAT (R)").fill("3000");
      await card.getByRole("button", { name: "Save as draft" }).click();
      await expect(
        admin.getByText("Draft saved: it is under Draft invoices").first(),
      ).toBeVisible();
      await expect(admin.getByRole("heading", { name: "Draft invoices", level: 2 })).toBeVisible();
      await expect(admin.getByText("R3,000.00 excl. VAT")).toBeVisible();
      await admin.getByRole("link", { name: `Strategy workshop ${tag}` }).click();
      await expect(admin.getByRole("heading", { name: "Draft invoice", level: 1 })).toBeVisible();
      await expect(admin.getByLabel("Amount excluding VAT (R)")).toHaveValue("3000.00");
      await hydrated(admin);
      await expectNoAxeViolations(admin, "a draft invoice (administrator)");
      await admin.setViewportSize({ width: 320, height: 700 });
      await noSidewaysScroll(admin);
      await admin.setViewportSize({ width: 1280, height: 800 });

      // The contact sees no draft and no invoice yet.
      await page.goto("/portal/billing");
      await expect(page.getByText(`Strategy workshop ${tag}`)).toHaveCount(0);
      const draftUrl = admin.url();
      expect((await page.request.get(draftUrl)).status()).toBe(404);

      await admin.getByLabel("Amount excluding VAT (R)").fill("3500");
      await admin.getByRole("button", { name: "Save draft" }).click();
      await expect(admin.getByText("Draft saved", { exact: true })).toBeVisible();
      await admin.getByRole("button", { name: "Issue invoice" }).click();
      const heading = admin.getByRole("heading", { name: /^Invoice INV-\d{4}$/, level: 1 });
      await expect(heading).toBeVisible();
      number = ((await heading.textContent()) ?? "").replace("Invoice ", "");
      await expect(admin.getByText(`Invoice ${number} issued`).first()).toBeVisible();
      await expect(admin.getByText("R4,025.00").first()).toBeVisible(); // R3,500.00 + 15% VAT
      await admin.goto(`/portal/billing?client=${clientId}`);
      await expect(admin.getByRole("heading", { name: "Draft invoices" })).toHaveCount(0);
      expect((await staff.request.get(draftUrl)).status()).toBe(404);
    } finally {
      await staff.close();
    }

    await page.goto("/portal/billing");
    await page.getByRole("link", { name: `${number}: Strategy workshop ${tag}` }).click();
    await expect(page.locator("h1 + p + *")).toHaveText("Issued");
  });

  test("a draft is deleted without scripts, and uses no invoice number", async ({
    browser,
    page,
    baseURL,
  }) => {
    const tag = Date.now().toString(36);
    const user = await createUser(page.request, baseURL ?? "", {
      fullName: `Deleted Draft ${tag}`,
    });
    const staff = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      await signInAsAdmin(staff.request, baseURL ?? "");
      const admin = await staff.newPage();
      const clientId = await clientIdOf(admin, user.fullName);
      await admin.goto(`/portal/billing?client=${clientId}`);
      const card = admin.locator("form", {
        has: admin.getByRole("button", { name: "Save as draft" }),
      });
      await card.getByLabel("Client", { exact: true }).selectOption(clientId);
      await card.getByLabel("Description").fill(`Not needed ${tag}`);
      await card.getByLabel("Amount excluding VAT (R)").fill("100");
      await card.getByRole("button", { name: "Save as draft" }).click();
      await expect(admin.getByText("Draft saved: it is under Draft invoices")).toBeVisible();
      await admin.getByRole("link", { name: `Not needed ${tag}` }).click();
      await admin.getByRole("button", { name: "Delete draft" }).click();
      await expect(admin).toHaveURL(/\/portal\/billing$/);
      await expect(admin.getByText(`Not needed ${tag}`)).toHaveCount(0);
    } finally {
      await staff.close();
    }
  });
});
