/**
 * Payments (issue 32, point 4; decision 074), on PGlite and PostgreSQL: EFT payments recorded by
 * an administrator (part payments add up to paid), and PayFast — the signed 'Pay now' form and
 * the notification (ITN), checked against a local fake of PayFast: a paid ITN, a bad signature,
 * a wrong amount, a replay, a failed validation call, a foreign address.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatDate, todayInSouthAfrica } from "~/lib/dates";
import { action as itnAction } from "~/routes/api/payfast";
import { action as billingAction } from "~/routes/portal/billing";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/portal/invoice";
import type { SignedUp } from "~/test/accounts.server";
import { BILLING_ADMIN_EMAIL, billingPeople } from "~/test/billing.server";
import { type FakePayfast, startFakePayfast } from "~/test/fake-payfast.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { invoices, payments } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { ipAllowed, payfastConfig, payfastSignature, recordPayment } from "./payments.server";

const MERCHANT = { id: "10000100", key: "46f0cd694581a", passphrase: "jt7NOE43FZPn" };

let h: Harness;
let fake: FakePayfast;
let admin: SignedUp;
let contact: SignedUp;
let other: SignedUp;

beforeAll(async () => {
  fake = await startFakePayfast({
    merchantId: MERCHANT.id,
    merchantKey: MERCHANT.key,
    passphrase: MERCHANT.passphrase,
  });
  h = await createHarness({
    ADMIN_EMAILS: BILLING_ADMIN_EMAIL,
    PAYFAST_MERCHANT_ID: MERCHANT.id,
    PAYFAST_MERCHANT_KEY: MERCHANT.key,
    PAYFAST_PASSPHRASE: MERCHANT.passphrase,
    PAYFAST_URL: fake.url,
    PAYFAST_VALID_IPS: "127.0.0.1,10.1.2.0/24",
  });
  ({ admin, contact, other } = await billingPeople());
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

/** A one-off invoice of R1,000.00 + VAT = R1,150.00 for the contact's client. */
async function newInvoice(): Promise<{ id: string; number: string }> {
  const res = await run(
    billingAction,
    formRequest(
      "/portal/billing",
      {
        intent: "one-off-invoice",
        clientId: contact.clientId,
        description: "Workshop",
        amount: "1000",
      },
      { cookie: admin.cookie },
    ),
  );
  expect((await res.json()).ok).toBe(true);
  const [row] = await h.handle.db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .orderBy(invoices.serial)
    .then((rows) => rows.slice(-1));
  return row as { id: string; number: string };
}

const page = (id: string, cookie: string) =>
  run(invoiceLoader, getRequest(`/portal/billing/invoices/${id}`, cookie), { id });
const record = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
  run(
    invoiceAction,
    formRequest(
      `/portal/billing/invoices/${id}`,
      { intent: "record-payment", ...fields },
      { cookie },
    ),
    { id },
  );

/** An ITN as PayFast posts it, signed (or not) with the passphrase. */
function itn(invoiceId: string, overrides: Record<string, string> = {}, sign = true) {
  const fields: [string, string][] = Object.entries({
    m_payment_id: invoiceId,
    pf_payment_id: "1089250",
    payment_status: "COMPLETE",
    item_name: "Invoice INV-0001",
    item_description: "",
    amount_gross: "1150.00",
    amount_fee: "-26.45",
    amount_net: "1123.55",
    name_first: "Lerato",
    email_address: "lerato@client.example",
    merchant_id: MERCHANT.id,
    ...overrides,
  });
  if (sign)
    fields.push(["signature", payfastSignature(fields, MERCHANT.passphrase, { skipEmpty: false })]);
  return fields;
}
const postItn = (fields: [string, string][], ip = "127.0.0.1") =>
  run(
    itnAction,
    new Request("http://localhost:3000/api/payfast/itn", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-client-ip": ip },
      body: new URLSearchParams(fields).toString(),
    }),
  );
const paymentsOf = (invoiceId: string) =>
  h.handle.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));

describe(`payments, on ${testDatabaseKind()}`, () => {
  it("signs as PayFast does: PHP's urlencode of each field, then the passphrase, MD5", () => {
    const fields: [string, string][] = [
      ["merchant_id", "10000100"],
      ["item_name", "Invoice INV-0001 (test!)"],
      ["item_description", ""],
    ];
    const text =
      "merchant_id=10000100&item_name=Invoice+INV-0001+%28test%21%29&passphrase=pass+word";
    expect(payfastSignature(fields, "pass word", { skipEmpty: true })).toBe(
      createHash("md5").update(text).digest("hex"),
    );
    expect(payfastSignature(fields, null, { skipEmpty: false })).toBe(
      createHash("md5")
        .update("merchant_id=10000100&item_name=Invoice+INV-0001+%28test%21%29&item_description=")
        .digest("hex"),
    );
    expect(ipAllowed("10.1.2.77", ["10.1.2.0/24"])).toBe(true);
    expect(ipAllowed("10.1.3.1", ["10.1.2.0/24"])).toBe(false);
    expect(ipAllowed("::ffff:127.0.0.1", ["127.0.0.1"])).toBe(true);
    expect(ipAllowed(null, ["127.0.0.1"])).toBe(false);
    expect(
      payfastConfig({
        PAYFAST_MERCHANT_ID: undefined,
        PAYFAST_MERCHANT_KEY: "k",
        PAYFAST_PASSPHRASE: undefined,
        PAYFAST_SANDBOX: true,
        PAYFAST_URL: undefined,
        PAYFAST_VALID_IPS: [],
      }),
    ).toBeNull();
    expect(
      payfastConfig({
        PAYFAST_MERCHANT_ID: "1",
        PAYFAST_MERCHANT_KEY: "k",
        PAYFAST_PASSPHRASE: undefined,
        PAYFAST_SANDBOX: true,
        PAYFAST_URL: undefined,
        PAYFAST_VALID_IPS: [],
      })?.url,
    ).toBe("https://sandbox.payfast.co.za");
  });

  it("records EFT payments: part payments add up to paid; never more than owed", async () => {
    const invoice = await newInvoice();
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await record(invoice.id, { amount: "100", paidOn: today, reference: "x" }, contact.cookie))
        .status,
    ).toBe(403);
    const bad = await record(invoice.id, {
      amount: "lots",
      paidOn: today,
      reference: invoice.number,
    });
    expect(await bad.json()).toMatchObject({ field: "amount", values: { amount: "lots" } });
    const future = await record(invoice.id, {
      amount: "100",
      paidOn: "2999-01-01",
      reference: "x",
    });
    expect(await future.json()).toMatchObject({
      field: "paidOn",
      error: "Date paid cannot be in the future",
      values: { paidOn: "2999-01-01" },
    });
    // A payment may come before its invoice (a deposit), but not more than a year before.
    const shown = await (await page(invoice.id, admin.cookie)).json();
    const earliest = addDays(shown.invoice.issuedOn, -365);
    const tooEarlyText = `Date paid cannot be before ${formatDate(earliest)}, a year before the invoice's date`;
    for (const paidOn of ["1900-01-01", addDays(earliest, -1)]) {
      const early = await record(invoice.id, { amount: "100", paidOn, reference: "x" });
      expect(early.status, paidOn).toBe(400);
      expect(await early.json(), paidOn).toMatchObject({ field: "paidOn", error: tooEarlyText });
    }
    // The domain keeps the rule too, whoever calls it.
    expect(
      await recordPayment(
        h.handle.db,
        admin.id,
        invoice.id,
        { amountCents: 100, paidOn: "1900-01-01", reference: "x" },
        new Date(),
      ),
    ).toEqual({ ok: false, status: 400, message: tooEarlyText });
    // The form's date field holds the same bounds, from the same rule.
    expect(shown.paidOnBounds).toEqual({ min: earliest, max: todayInSouthAfrica() });
    const part = await record(invoice.id, {
      amount: "R 500,00",
      paidOn: today,
      reference: invoice.number,
    });
    expect(await part.json()).toMatchObject({ ok: true, success: "Payment recorded" });
    let loaded = await (await page(invoice.id, admin.cookie)).json();
    expect(loaded.invoice.state).toBe("part-paid");
    expect(loaded.owed).toBe("R650.00");
    const over = await record(invoice.id, { amount: "650.01", paidOn: today, reference: "x" });
    expect(over.status).toBe(400);
    const rest = await record(invoice.id, {
      amount: "650",
      paidOn: today,
      reference: invoice.number,
    });
    expect((await rest.json()).success).toBe("Payment recorded: the invoice is paid");
    loaded = await (await page(invoice.id, contact.cookie)).json();
    expect(loaded.invoice).toMatchObject({ state: "paid", paidCents: 115_000 });
    expect(loaded.payments.map((p: { amountCents: number }) => p.amountCents)).toEqual([
      50_000, 65_000,
    ]);
    expect(loaded.payNow).toBeNull();
    expect((await record(invoice.id, { amount: "1", paidOn: today, reference: "x" })).status).toBe(
      409,
    );
  });

  it("refuses a payment on a credited invoice", async () => {
    const invoice = await newInvoice();
    await run(
      invoiceAction,
      formRequest(
        `/portal/billing/invoices/${invoice.id}`,
        { intent: "credit", reason: "Cancelled" },
        { cookie: admin.cookie },
      ),
      { id: invoice.id },
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await record(invoice.id, { amount: "1", paidOn: today, reference: "x" })).status).toBe(
      409,
    );
  });

  it("offers the client's contacts a signed 'Pay now' form for what is owed", async () => {
    const invoice = await newInvoice();
    const { payNow, backFromPayfast } = await (await page(invoice.id, contact.cookie)).json();
    expect(payNow.action).toBe(`${fake.url}/eng/process`);
    expect(backFromPayfast).toBe(false);
    // PayFast's return_url: the page says the payment counts once PayFast confirms it.
    const returned = await run(
      invoiceLoader,
      getRequest(`/portal/billing/invoices/${invoice.id}?paid=1`, contact.cookie),
      { id: invoice.id },
    );
    expect((await returned.json()).backFromPayfast).toBe(true);
    const fields = payNow.fields as [string, string][];
    expect(Object.fromEntries(fields)).toMatchObject({
      merchant_id: MERCHANT.id,
      m_payment_id: invoice.id,
      amount: "1150.00",
      item_name: `Invoice ${invoice.number}`,
      notify_url: "http://localhost:3000/api/payfast/itn",
    });
    const unsigned = fields.filter(([k]) => k !== "signature");
    expect(Object.fromEntries(fields).signature).toBe(
      payfastSignature(unsigned, MERCHANT.passphrase, { skipEmpty: true }),
    );
    expect((await (await page(invoice.id, admin.cookie)).json()).payNow).toBeNull();
    expect((await page(invoice.id, other.cookie)).status).toBe(404);

    // The fake's payment page (PayFast's signing written apart from ours) takes the form as
    // posted, and refuses it once a field is changed.
    const posted = (form: [string, string][]) =>
      fetch(payNow.action, { method: "POST", body: new URLSearchParams(form) });
    const accepted = await posted(fields);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain(">Pay</button>");
    const changed = fields.map(([k, v]): [string, string] => [k, k === "amount" ? "1.00" : v]);
    expect((await posted(changed)).status).toBe(400);
  });

  it("marks an invoice paid only after a notification passes every check, once", async () => {
    const invoice = await newInvoice();
    const before = fake.validations.length;

    const foreign = await postItn(itn(invoice.id), "198.51.100.9");
    expect(foreign.status).toBe(403);

    const forged = itn(invoice.id);
    forged[forged.length - 1] = ["signature", "0".repeat(32)];
    expect((await postItn(forged)).status).toBe(400);
    const tampered = itn(invoice.id).map(([k, v]): [string, string] =>
      k === "amount_gross" ? [k, "1.00"] : [k, v],
    );
    expect((await postItn(tampered)).status).toBe(400);

    const wrongAmount = await postItn(itn(invoice.id, { amount_gross: "1000.00" }));
    expect(wrongAmount.status).toBe(400);
    expect(await wrongAmount.text()).toMatch(/Amount does not match/);
    expect(fake.validations.length).toBe(before);

    fake.answer("INVALID");
    const unconfirmed = await postItn(itn(invoice.id, { pf_payment_id: "2000001" }));
    expect(unconfirmed.status).toBe(400);
    expect(fake.validations.length).toBe(before + 1);
    fake.answer("VALID");
    expect(await paymentsOf(invoice.id)).toEqual([]);

    const paid = await postItn(itn(invoice.id, { pf_payment_id: "2000002" }));
    expect(paid.status).toBe(200);
    expect(fake.validations.at(-1)).toContain(`m_payment_id=${invoice.id}`);
    const [row] = await h.handle.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: "paid", paidCents: 115_000 });
    expect(await paymentsOf(invoice.id)).toMatchObject([
      {
        method: "payfast",
        amountCents: 115_000,
        externalId: "2000002",
        reference: "PayFast 2000002",
      },
    ]);

    // The same notification again, and twice at once: nothing changes.
    const replays = await Promise.all([
      postItn(itn(invoice.id, { pf_payment_id: "2000002" })),
      postItn(itn(invoice.id, { pf_payment_id: "2000002" })),
    ]);
    for (const r of replays) expect(r.status).toBe(200);
    expect((await paymentsOf(invoice.id)).length).toBe(1);
    // A second, different payment for an invoice already paid is refused.
    expect((await postItn(itn(invoice.id, { pf_payment_id: "2000003" }))).status).toBe(400);
    expect((await paymentsOf(invoice.id)).length).toBe(1);
  });

  it("records one payment when the first notification arrives twice at once", async () => {
    const invoice = await newInvoice();
    const answers = await Promise.all([
      postItn(itn(invoice.id, { pf_payment_id: "3000001" })),
      postItn(itn(invoice.id, { pf_payment_id: "3000001" })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await paymentsOf(invoice.id)).length).toBe(1);
  });
});
