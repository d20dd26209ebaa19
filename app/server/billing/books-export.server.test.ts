/**
 * The books export (issue 32, point 6; decision 097), on PGlite and PostgreSQL: Xero's and
 * Sage's layouts balance to the cent — the file's amounts equal the period's invoices less its
 * credit notes, and its payments — documents outside the period stay out, and bad input is a
 * 400 in words; only administrators export.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { action as billingAction } from "~/routes/portal/billing";
import { loader as exportLoader } from "~/routes/portal/billing-export-csv";
import { action as invoiceAction } from "~/routes/portal/invoice";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { creditNotes, invoices, payments } from "../db/schema.server";
import { SAGE_INVOICE_COLUMNS, XERO_INVOICE_COLUMNS } from "./books-export.server";
import { issueInvoiceIn } from "./invoices.server";

let h: Harness;
let admin: SignedUp;
let contact: SignedUp;
const NOW = new Date();
const today = todayInSouthAfrica(NOW);
const from = addDays(today, -10);

/** A CSV as rows of cells (the writer's quoting undone; no byte-order mark). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r") {
      // CRLF: the \n ends the row
    } else if (c === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  return rows;
}

/** "-1234.50" → -123450, exactly (no floating point). */
function cents(text: string): number {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}

const download = (query: string, cookie = admin.cookie) =>
  run(exportLoader, getRequest(`/portal/billing/export.csv?${query}`, cookie));

async function sheet(query: string) {
  const res = await download(query);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  return parseCsv(await res.text());
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@books.example" });
  admin = await signUpAdmin("admin@books.example");
  contact = await signUp("naledi@books.example", { fullName: "Naledi, Books & Co" });
  // Three lines whose VAT is rounded once on the invoice (R333.33 × 3 + R0.01 …).
  const multi = await h.handle.db.transaction((tx) =>
    issueInvoiceIn(
      tx,
      {
        clientId: contact.clientId,
        proposalId: null,
        kind: "one-off",
        period: null,
        description: 'Setup, "phase 1"',
        recipientVatNumber: null,
        lines: [
          { description: "Design", quantity: 3, unitCents: 33_333 },
          { description: "Build", quantity: 1, unitCents: 1 },
          { description: "Training", quantity: 2, unitCents: 12_345 },
        ],
        actorId: admin.id,
      },
      NOW,
    ),
  );
  for (const [description, amount] of [
    ["Workshop", "2000"],
    ["Old work", "500"],
  ] as const) {
    const res = await run(
      billingAction,
      formRequest(
        "/portal/billing",
        { intent: "one-off-invoice", clientId: contact.clientId, description, amount },
        { cookie: admin.cookie },
      ),
    );
    expect((await res.json()).ok).toBe(true);
  }
  const byDescription = async (d: string) =>
    (
      await h.handle.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.description, d))
    )[0]?.id as string;
  const workshop = await byDescription("Workshop");
  const old = await byDescription("Old work");
  // 'Old work' was issued before the period (and its payment too).
  await h.handle.db
    .update(invoices)
    .set({ issuedOn: addDays(from, -1), dueOn: addDays(from, 6) })
    .where(eq(invoices.id, old));
  const act = (id: string, fields: Record<string, string>) =>
    run(
      invoiceAction,
      formRequest(`/portal/billing/invoices/${id}`, fields, { cookie: admin.cookie }),
      {
        id,
      },
    );
  expect((await (await act(workshop, { intent: "credit", reason: "Cancelled" })).json()).ok).toBe(
    true,
  );
  const pay = (id: string, amount: string, paidOn: string) =>
    act(id, { intent: "record-payment", amount, paidOn, reference: "EFT" });
  expect((await (await pay(multi.id, "500.55", today)).json()).ok).toBe(true);
  expect((await (await pay(old, "100", addDays(from, -1))).json()).ok).toBe(true);
});
afterAll(() => h.close());

async function expected() {
  const inv = await h.handle.db.select().from(invoices);
  const notes = await h.handle.db.select().from(creditNotes);
  const paid = await h.handle.db.select().from(payments);
  const inPeriod = (day: string) => day >= from && day <= today;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const i = inv.filter((x) => inPeriod(x.issuedOn));
  const n = notes.filter((x) => inPeriod(x.issuedOn));
  return {
    invoices: i.length,
    notes: n.length,
    subtotal: sum(i.map((x) => x.subtotalCents)) - sum(n.map((x) => x.subtotalCents)),
    vat: sum(i.map((x) => x.vatCents)) - sum(n.map((x) => x.vatCents)),
    total: sum(i.map((x) => x.totalCents)) - sum(n.map((x) => x.totalCents)),
    payments: sum(paid.filter((p) => inPeriod(p.paidOn)).map((p) => p.amountCents)),
  };
}

describe("Xero", () => {
  it("writes the sales invoice template, one row per line, and balances to the cent", async () => {
    const rows = await sheet(`format=xero&what=invoices&from=${from}&to=${today}`);
    expect(rows[0]).toEqual([...XERO_INVOICE_COLUMNS]);
    const col = (name: string) => XERO_INVOICE_COLUMNS.indexOf(name as never);
    const body = rows.slice(1);
    const want = await expected();
    // Two invoices in the period (3 lines + 1 line) and one credit note.
    expect(body.length).toBe(5);
    const net = body.reduce(
      (s, r) => s + Number(r[col("*Quantity")]) * cents(r[col("*UnitAmount")] as string),
      0,
    );
    expect(net).toBe(want.subtotal);
    const credit = body.find((r) => r[col("*InvoiceNumber")]?.startsWith("CN-"));
    expect(credit?.[col("*UnitAmount")]).toBe("-2000.00");
    expect(credit?.[col("Reference")]).toMatch(/^Credit for INV-\d{4}$/);
    expect(body[0]?.[col("*ContactName")]).toBe("Naledi, Books & Co");
    expect(body[0]?.[col("*InvoiceDate")]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(body[0]?.[col("*AccountCode")]).toBe("200");
    expect(body[0]?.[col("Currency")]).toBe("ZAR");
    expect(body.some((r) => r[col("Reference")] === 'Setup, "phase 1"')).toBe(true);
  });

  it("writes payments as a bank statement, summing to the period's payments", async () => {
    const rows = await sheet(`format=xero&what=payments&from=${from}&to=${today}`);
    // Xero's bank statement template, headings as it writes them.
    expect(rows[0]?.join(",")).toBe("*Date,*Amount,Payee,Description,Reference,Cheque Number");
    const total = rows.slice(1).reduce((s, r) => s + cents(r[1] as string), 0);
    expect(total).toBe((await expected()).payments);
    expect(total).toBe(50_055);
    const body = rows.slice(1);
    // Every payment is money in (positive), dated DD/MM/YYYY, referenced by its invoice.
    for (const r of body) {
      expect(r).toHaveLength(6);
      expect(r[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(cents(r[1] as string)).toBeGreaterThan(0);
      expect(r[4]).toMatch(/^INV-\d{4}$/);
      expect(r[3]).toContain(r[4]);
    }
  });
});

describe("Sage Business Cloud", () => {
  it("writes quick entries, one per document, and net, VAT and total balance", async () => {
    const rows = await sheet(
      `format=sage&what=invoices&from=${from}&to=${today}&account=4000&taxRate=Standard+15%25`,
    );
    expect(rows[0]).toEqual([...SAGE_INVOICE_COLUMNS]);
    const body = rows.slice(1);
    const want = await expected();
    expect(body.filter((r) => r[0] === "Invoice").length).toBe(want.invoices);
    expect(body.filter((r) => r[0] === "Cr Note").length).toBe(want.notes);
    const signed = (r: string[], i: number) =>
      (r[0] === "Cr Note" ? -1 : 1) * cents(r[i] as string);
    const sum = (i: number) => body.reduce((s, r) => s + signed(r, i), 0);
    expect(sum(7)).toBe(want.subtotal);
    expect(sum(9)).toBe(want.vat);
    expect(sum(10)).toBe(want.total);
    for (const r of body)
      expect(cents(r[7] as string) + cents(r[9] as string)).toBe(cents(r[10] as string));
    expect(body[0]?.[5]).toBe("4000");
    expect(body[0]?.[8]).toBe("Standard 15%");
    expect(body[0]?.[2]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(body.every((r) => (r[1] as string).length <= 10 && (r[6] as string).length <= 25)).toBe(
      true,
    );
  });

  it("writes payments, summing to the period's payments", async () => {
    const rows = await sheet(`format=sage&what=payments&from=${from}&to=${today}`);
    expect(rows[0]).toEqual(["Date", "Description", "Amount"]);
    const body = rows.slice(1);
    expect(body.reduce((s, r) => s + cents(r[2] as string), 0)).toBe((await expected()).payments);
    // Sage's 3-column layout: DD/MM/YYYY, the invoice's number first, money in positive.
    for (const r of body) {
      expect(r).toHaveLength(3);
      expect(r[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(r[1]).toMatch(/^INV-\d{4} /);
      expect(cents(r[2] as string)).toBeGreaterThan(0);
    }
  });
});

describe("bad input and access", () => {
  it.each([
    [
      "format=quickbooks&what=invoices&from=2026-01-01&to=2026-01-31",
      "Choose Xero or Sage Business Cloud",
    ],
    [
      "format=xero&what=everything&from=2026-01-01&to=2026-01-31",
      "Choose invoices and credit notes, or payments",
    ],
    ["format=xero&what=invoices&from=2026-02-30&to=2026-03-01", "From must be a date (YYYY-MM-DD)"],
    ["format=xero&what=invoices&from=2026-03-01&to=2026-02-01", "From must be on or before To"],
    ["format=xero&what=invoices&from=2024-01-01&to=2026-01-01", "A period of at most 366 days"],
    [
      "format=xero&what=invoices&from=2026-01-01&to=2026-01-31&account==cmd",
      "The sales account code may hold letters, digits, dots and dashes",
    ],
  ])("%s → 400", async (query, message) => {
    const res = await download(query);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(message);
  });

  it("refuses a contact (403)", async () => {
    const res = await download(
      `format=xero&what=invoices&from=${from}&to=${today}`,
      contact.cookie,
    );
    expect(res.status).toBe(403);
  });
});
