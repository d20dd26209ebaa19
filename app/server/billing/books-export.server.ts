/**
 * The books export (issue 32, point 6; decision 097): a period's invoices, credit notes and
 * payments as CSV in the layouts Xero and Sage Business Cloud import. Xero: its sales invoice
 * template, one row per invoice line (amounts excluding VAT; a credit note as negative amounts),
 * and its bank statement template for payments. Sage: its sales quick entries (one row per
 * document: Invoice or Cr Note, net, VAT, total) and its 3-column bank statement file for
 * payments (decision 101 says where each payments layout is documented).
 * Amounts are exact cents written as decimals (`CsvAmount`); nothing is rounded again.
 */
import { sql } from "drizzle-orm";
import type { BooksExport, BooksFormat } from "~/lib/validation/billing-values";
import { CsvAmount } from "../csv.server";
import type { Database } from "../db/client.server";

export interface BooksExportInput {
  format: BooksFormat;
  what: BooksExport;
  from: string;
  to: string;
  account: string;
  taxRate: string;
}

/** "2026-11-27" → "27/11/2026" (Xero, a South African organisation) or "27-11-2026" (Sage). */
const dmy = (day: string, separator: "/" | "-") =>
  `${day.slice(8, 10)}${separator}${day.slice(5, 7)}${separator}${day.slice(0, 4)}`;

export const XERO_INVOICE_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;

export const SAGE_INVOICE_COLUMNS = [
  "Type",
  "Customer Reference",
  "Date",
  "Customer Name",
  "Reference",
  "Ledger Account",
  "Details",
  "Net",
  "VAT Rate",
  "VAT",
  "Total",
] as const;

/**
 * Xero's bank statement template (decision 101): the required `*Date` and `*Amount` (money in
 * positive), then the optional `Payee`, `Description`, `Reference` and `Cheque Number`, whose
 * headings are kept as they are even where a column stays empty.
 */
export const XERO_PAYMENT_COLUMNS = [
  "*Date",
  "*Amount",
  "Payee",
  "Description",
  "Reference",
  "Cheque Number",
] as const;
/** Sage Accounting's 3-column bank statement file: date, description, amount (money in +). */
export const SAGE_PAYMENT_COLUMNS = ["Date", "Description", "Amount"] as const;

interface DocumentRow {
  kind: "invoice" | "credit-note";
  number: string;
  on_day: string;
  due_on: string;
  invoice_number: string;
  client_name: string;
  client_id: string;
  description: string;
  subtotal: number | string;
  vat: number | string;
  total: number | string;
}

interface LineRow {
  invoice_id: string;
  description: string;
  quantity: number;
  unit_cents: number | string;
}

/** The period's invoices and credit notes (by their own date), by number. */
async function documents(db: Database, from: string, to: string) {
  const result = await db.execute(sql`
    select 'invoice' as kind, i.id, i.number, i.issued_on::text as on_day, i.due_on::text as due_on,
           i.number as invoice_number, i.recipient_name as client_name, i.client_id::text as client_id,
           i.description, i.subtotal_cents as subtotal, i.vat_cents as vat, i.total_cents as total, i.serial, 1 as ord
      from invoices i
     where i.issued_on between ${from}::date and ${to}::date
    union all
    select 'credit-note', n.invoice_id, n.number, n.issued_on::text, n.issued_on::text,
           i.number, i.recipient_name, i.client_id::text,
           n.reason, n.subtotal_cents, n.vat_cents, n.total_cents, n.serial, 2
      from credit_notes n join invoices i on i.id = n.invoice_id
     where n.issued_on between ${from}::date and ${to}::date
     order by ord, serial`);
  return result.rows as unknown as (DocumentRow & { id: string })[];
}

async function linesOf(db: Database, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, LineRow[]>();
  const result = await db.execute(sql`
    select l.invoice_id::text as invoice_id, l.description, l.quantity, l.unit_cents
      from invoice_lines l
     where l.invoice_id in (${sql.join(
       invoiceIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     order by l.invoice_id, l.position`);
  const byInvoice = new Map<string, LineRow[]>();
  for (const line of result.rows as unknown as LineRow[]) {
    const list = byInvoice.get(line.invoice_id) ?? [];
    list.push(line);
    byInvoice.set(line.invoice_id, list);
  }
  return byInvoice;
}

/** A client's account reference for Sage (at most 10 characters): from the client's id. */
export const sageCustomerReference = (clientId: string) =>
  clientId.replace(/-/g, "").slice(0, 10).toUpperCase();

/** The header and rows of the export (cells as `toCsv` writes them). */
export async function booksExport(
  db: Database,
  input: BooksExportInput,
): Promise<{ name: string; rows: unknown[][] }> {
  const name = `${input.format}-${input.what}-${input.from}-to-${input.to}.csv`;
  if (input.what === "payments") {
    const result = await db.execute(sql`
      select p.paid_on::text as paid_on, p.amount_cents as amount, p.method, p.reference,
             i.number, i.recipient_name as client_name
        from payments p join invoices i on i.id = p.invoice_id
       where p.paid_on between ${input.from}::date and ${input.to}::date
       order by p.paid_on, p.created_at, p.id`);
    const rows = result.rows as {
      paid_on: string;
      amount: number | string;
      method: string;
      reference: string;
      number: string;
      client_name: string;
    }[];
    const method = (m: string) => (m === "payfast" ? "PayFast" : "EFT");
    if (input.format === "xero") {
      return {
        name,
        rows: [
          [...XERO_PAYMENT_COLUMNS],
          ...rows.map((r) => [
            dmy(r.paid_on, "/"),
            new CsvAmount(Number(r.amount)),
            r.client_name,
            `Payment of ${r.number} (${method(r.method)}: ${r.reference})`,
            // The invoice's number, which Xero's reconciliation matches against.
            r.number,
            "",
          ]),
        ],
      };
    }
    return {
      name,
      rows: [
        [...SAGE_PAYMENT_COLUMNS],
        ...rows.map((r) => [
          dmy(r.paid_on, "/"),
          `${r.number} ${r.client_name}: ${method(r.method)} ${r.reference}`,
          new CsvAmount(Number(r.amount)),
        ]),
      ],
    };
  }
  const docs = await documents(db, input.from, input.to);
  if (input.format === "sage") {
    return {
      name,
      rows: [
        [...SAGE_INVOICE_COLUMNS],
        ...docs.map((d) => [
          d.kind === "invoice" ? "Invoice" : "Cr Note",
          sageCustomerReference(d.client_id),
          dmy(d.on_day, "-"),
          d.client_name,
          d.number,
          input.account,
          // Sage keeps the first 25 characters of the details.
          (d.kind === "invoice" ? d.description : `Credit ${d.invoice_number}`).slice(0, 25),
          new CsvAmount(Number(d.subtotal)),
          input.taxRate,
          new CsvAmount(Number(d.vat)),
          new CsvAmount(Number(d.total)),
        ]),
      ],
    };
  }
  const lines = await linesOf(
    db,
    docs.filter((d) => d.kind === "invoice").map((d) => d.id),
  );
  const row = (
    d: DocumentRow,
    description: string,
    quantity: number,
    unitCents: number,
    reference: string,
  ) => [
    d.client_name,
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    d.number,
    reference,
    dmy(d.on_day, "/"),
    dmy(d.due_on, "/"),
    "",
    description,
    quantity,
    new CsvAmount(unitCents),
    "",
    input.account,
    input.taxRate,
    "",
    "",
    "",
    "",
    "ZAR",
    "",
  ];
  const out: unknown[][] = [[...XERO_INVOICE_COLUMNS]];
  for (const d of docs) {
    if (d.kind === "invoice") {
      for (const l of lines.get(d.id) ?? []) {
        out.push(row(d, l.description, Number(l.quantity), Number(l.unit_cents), d.description));
      }
    } else {
      // A credit note credits the whole invoice: one line, its amount excluding VAT, negative.
      out.push(row(d, d.description, 1, -Number(d.subtotal), `Credit for ${d.invoice_number}`));
    }
  }
  return { name, rows: out };
}
