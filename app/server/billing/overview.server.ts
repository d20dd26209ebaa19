/**
 * Where people see billing (issue 32, point 5): the agency's overview per client and overall,
 * the overdue list, a client's statement (invoices, credit notes and payments with a running
 * balance) and the revenue figures of Analytics. Every sum is SQL's, over integer cents, and
 * every query is limited by `billingScopeWhere` (a team member sees nothing without billing).
 */
import { type SQL, sql } from "drizzle-orm";
import { todayInSouthAfrica } from "~/lib/dates";
import { encodeSerialCursor, PAGE_SIZE, type SerialCursor } from "~/lib/pagination";
import type { BillingTotals, ClientBilling } from "~/lib/validation/billing-values";
import type { Period } from "~/lib/validation/period-values";
import type { Database } from "../db/client.server";
import { clients, invoices } from "../db/schema.server";
import type { Scope } from "../workspace/scope.server";
import { billingScopeWhere } from "./access.server";

const cents = (v: unknown) => Number(v ?? 0);
/** The scope's condition on a raw column of the statements below ("i.client_id"). */
const where = (scope: Scope, column: string): SQL =>
  billingScopeWhere(scope, sql.raw(column)) ?? sql`true`;

/** What is owed on an invoice still open (issued or part-paid). */
const OPEN = sql.raw(`i.status in ('issued', 'part-paid')`);

export type { BillingTotals, ClientBilling };

/**
 * Billing per client: every client with a proposal or an invoice the scope may see, by name,
 * and the totals over them all (SQL's, not added up here).
 */
export async function billingByClient(
  db: Database,
  scope: Scope,
  now: Date,
): Promise<{ clients: ClientBilling[]; totals: BillingTotals }> {
  const today = todayInSouthAfrica(now);
  const result = await db.execute(sql`
    with inv as (
      select i.client_id,
             count(*)::int as invoices,
             coalesce(sum(i.total_cents) filter (where i.status <> 'void'), 0)::bigint as invoiced,
             coalesce(sum(i.paid_cents), 0)::bigint as paid,
             coalesce(sum(i.total_cents - i.paid_cents) filter (where ${OPEN}), 0)::bigint as outstanding,
             coalesce(sum(i.total_cents - i.paid_cents) filter (where ${OPEN} and i.due_on < ${today}::date), 0)::bigint as overdue
        from ${invoices} i
       where ${where(scope, "i.client_id")}
       group by i.client_id
    ), prop as (
      select p.client_id,
             count(*)::int as proposals,
             (count(*) filter (where p.status = 'sent'))::int as awaiting
        from proposals p
       where ${where(scope, "p.client_id")}
       group by p.client_id
    ), rows as (
      select c.id as client_id, c.name as client_name,
             coalesce(prop.proposals, 0) as proposals, coalesce(prop.awaiting, 0) as awaiting,
             coalesce(inv.invoices, 0) as invoices, coalesce(inv.invoiced, 0) as invoiced,
             coalesce(inv.paid, 0) as paid, coalesce(inv.outstanding, 0) as outstanding,
             coalesce(inv.overdue, 0) as overdue
        from ${clients} c
        left join inv on inv.client_id = c.id
        left join prop on prop.client_id = c.id
       where inv.client_id is not null or prop.client_id is not null
    )
    select *, false as total from rows
    union all
    select null, null, coalesce(sum(proposals), 0), coalesce(sum(awaiting), 0),
           coalesce(sum(invoices), 0), coalesce(sum(invoiced), 0), coalesce(sum(paid), 0),
           coalesce(sum(outstanding), 0), coalesce(sum(overdue), 0), true
      from rows
    order by total, client_name, client_id`);
  const mapped = (result.rows as Record<string, unknown>[]).map((r) => ({
    total: r.total === true || r.total === "t",
    clientId: String(r.client_id ?? ""),
    clientName: String(r.client_name ?? ""),
    proposals: cents(r.proposals),
    awaitingAnswer: cents(r.awaiting),
    invoices: cents(r.invoices),
    invoicedCents: cents(r.invoiced),
    paidCents: cents(r.paid),
    outstandingCents: cents(r.outstanding),
    overdueCents: cents(r.overdue),
  }));
  const totalRow = mapped.find((r) => r.total);
  const {
    total: _t,
    clientId: _c,
    clientName: _n,
    ...totals
  } = totalRow ?? {
    total: true,
    clientId: "",
    clientName: "",
    proposals: 0,
    awaitingAnswer: 0,
    invoices: 0,
    invoicedCents: 0,
    paidCents: 0,
    outstandingCents: 0,
    overdueCents: 0,
  };
  return {
    clients: mapped.filter((r) => !r.total).map(({ total: _, ...r }) => r),
    totals,
  };
}

export interface OverdueInvoice {
  id: string;
  clientId: string;
  clientName: string;
  number: string;
  description: string;
  dueOn: string;
  daysLate: number;
  owedCents: number;
}

/**
 * A page of the open invoices past their due date, the longest late first (due date, then
 * serial), with how many there are in all: the rows after the cursor (`?overdue-cursor=`, the
 * last row's due date and serial), so 'Load more' goes on without JavaScript.
 */
export async function overdueInvoices(
  db: Database,
  scope: Scope,
  now: Date,
  page: { cursor?: SerialCursor | null; limit?: number } = {},
): Promise<{ invoices: OverdueInvoice[]; total: number; next: string | null }> {
  const today = todayInSouthAfrica(now);
  const limit = page.limit ?? PAGE_SIZE;
  const cursor = page.cursor;
  // The count is of every overdue invoice, not only those after the cursor.
  const result = await db.execute(sql`
    with late as (
      select i.id, i.client_id, c.name as client_name, i.number, i.description, i.serial,
             i.due_on::text as due_on, (${today}::date - i.due_on)::int as days_late,
             (i.total_cents - i.paid_cents)::bigint as owed, i.due_on as due_day
        from ${invoices} i join ${clients} c on c.id = i.client_id
       where ${OPEN} and i.due_on < ${today}::date
         and ${where(scope, "i.client_id")}
    )
    select t.total, p.*
      from (select count(*)::int as total from late) t
      left join lateral (
        select * from late
         where ${cursor?.on ? sql`(due_day, serial) > (${cursor.on}::date, ${cursor.serial})` : sql`true`}
         order by due_day, serial
         limit ${limit + 1}
      ) p on true
     order by p.due_day, p.serial`);
  const all = result.rows as Record<string, unknown>[];
  const rows = all.filter((r) => r.id !== null && r.id !== undefined);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    total: cents(all[0]?.total),
    next:
      rows.length > limit && last
        ? encodeSerialCursor({ on: String(last.due_on), serial: cents(last.serial) })
        : null,
    invoices: shown.map((r) => ({
      id: String(r.id),
      clientId: String(r.client_id),
      clientName: String(r.client_name),
      number: String(r.number),
      description: String(r.description),
      dueOn: String(r.due_on),
      daysLate: cents(r.days_late),
      owedCents: cents(r.owed),
    })),
  };
}

export type StatementEntryKind = "invoice" | "credit-note" | "payment";

export interface StatementEntry {
  /** The invoice's, credit note's or payment's own id. */
  id: string;
  kind: StatementEntryKind;
  on: string;
  /** The document's number (a payment: its invoice's number). */
  number: string;
  invoiceId: string;
  description: string;
  /** What it adds to what the client owes (an invoice) or takes off it (negative). */
  amountCents: number;
  balanceCents: number;
}

/**
 * A client's statement: every invoice, credit note and payment in date order (on one day:
 * invoices, then credit notes, then payments), with the balance after each, summed by SQL.
 * Null when the client is not one the scope may see.
 */
export async function clientStatement(
  db: Database,
  scope: Scope,
  clientId: string,
): Promise<{ clientName: string; entries: StatementEntry[]; balanceCents: number } | null> {
  const client = await db.execute(sql`
    select c.name from ${clients} c
     where c.id = ${clientId}::uuid and ${where(scope, "c.id")}`);
  const name = (client.rows[0] as { name?: string } | undefined)?.name;
  if (name === undefined) return null;
  const result = await db.execute(sql`
    with entries as (
      select i.id as entry_id, 'invoice' as kind, 1 as ord, i.issued_on as on_day, i.serial, i.number,
             i.id as invoice_id, i.description, i.total_cents::bigint as amount, i.created_at
        from ${invoices} i where i.client_id = ${clientId}::uuid
      union all
      select n.id, 'credit-note', 2, n.issued_on, n.serial, n.number, n.invoice_id,
             'Credit for ' || i.number || ': ' || n.reason, -n.total_cents::bigint, n.created_at
        from credit_notes n join ${invoices} i on i.id = n.invoice_id
       where i.client_id = ${clientId}::uuid
      union all
      select p.id, 'payment', 3, p.paid_on, i.serial, i.number, p.invoice_id,
             case p.method when 'payfast' then 'Payment (PayFast) ' else 'Payment (EFT) ' end || p.reference,
             -p.amount_cents::bigint, p.created_at
        from payments p join ${invoices} i on i.id = p.invoice_id
       where i.client_id = ${clientId}::uuid
    )
    select entry_id, kind, on_day::text as on_day, number, invoice_id, description, amount,
           sum(amount) over (order by on_day, ord, serial, created_at, entry_id rows unbounded preceding)::bigint as balance
      from entries
     order by on_day, ord, serial, created_at, entry_id`);
  const entries = (result.rows as Record<string, unknown>[]).map((r) => ({
    id: String(r.entry_id),
    kind: r.kind as StatementEntryKind,
    on: String(r.on_day),
    number: String(r.number),
    invoiceId: String(r.invoice_id),
    description: String(r.description),
    amountCents: cents(r.amount),
    balanceCents: cents(r.balance),
  }));
  return { clientName: name, entries, balanceCents: entries.at(-1)?.balanceCents ?? 0 };
}

/** The ages an overdue amount is counted in (days past its due date, inclusive). */
export const OVERDUE_AGES = [
  { label: "1–30 days", from: 1, to: 30 },
  { label: "31–60 days", from: 31, to: 60 },
  { label: "61–90 days", from: 61, to: 90 },
  { label: "Over 90 days", from: 91, to: null },
] as const;

export interface RevenueFigures {
  /** Accepted proposals' monthly amounts, excluding VAT. */
  monthlyRecurringCents: number;
  /** Invoices issued in the period, incl. VAT (also those credited since). */
  invoicedCents: number;
  /** Credit notes issued in the period. */
  creditedCents: number;
  /** Payments received in the period. */
  paidCents: number;
  /** Owed today on open invoices, and of it what is past due. */
  outstandingCents: number;
  overdueCents: number;
  overdueByAge: { label: string; invoices: number; owedCents: number }[];
}

/** Analytics' revenue figures for a period, for what the scope may see (one statement). */
export async function revenueFigures(
  db: Database,
  scope: Scope,
  period: Period,
  now: Date,
): Promise<RevenueFigures> {
  const today = todayInSouthAfrica(now);
  const inPeriod = (column: string) =>
    sql`${sql.raw(column)} between ${period.from}::date and ${period.to}::date`;
  const ages = OVERDUE_AGES.map(
    (a, n) =>
      sql`, (count(*) filter (where ${OPEN} and ${today}::date - i.due_on between ${a.from} and ${a.to ?? 1_000_000}))::int as ${sql.raw(`n${n}`)},
        coalesce(sum(i.total_cents - i.paid_cents) filter (where ${OPEN} and ${today}::date - i.due_on between ${a.from} and ${a.to ?? 1_000_000}), 0)::bigint as ${sql.raw(`c${n}`)}`,
  );
  const scoped = (column: string) => where(scope, column);
  const result = await db.execute(sql`
    select
      (select coalesce(sum(p.monthly_cents), 0)::bigint from proposals p
        where p.status = 'accepted' and ${scoped("p.client_id")}) as mrr,
      (select coalesce(sum(i.total_cents), 0)::bigint from ${invoices} i
        where ${inPeriod("i.issued_on")} and ${scoped("i.client_id")}) as invoiced,
      (select coalesce(sum(n.total_cents), 0)::bigint from credit_notes n join ${invoices} i on i.id = n.invoice_id
        where ${inPeriod("n.issued_on")} and ${scoped("i.client_id")}) as credited,
      (select coalesce(sum(p.amount_cents), 0)::bigint from payments p join ${invoices} i on i.id = p.invoice_id
        where ${inPeriod("p.paid_on")} and ${scoped("i.client_id")}) as paid,
      o.*
      from (select coalesce(sum(i.total_cents - i.paid_cents) filter (where ${OPEN}), 0)::bigint as outstanding,
                   coalesce(sum(i.total_cents - i.paid_cents) filter (where ${OPEN} and i.due_on < ${today}::date), 0)::bigint as overdue
                   ${sql.join(ages, sql``)}
              from ${invoices} i where ${scoped("i.client_id")}) o`);
  const r = (result.rows[0] ?? {}) as Record<string, unknown>;
  return {
    monthlyRecurringCents: cents(r.mrr),
    invoicedCents: cents(r.invoiced),
    creditedCents: cents(r.credited),
    paidCents: cents(r.paid),
    outstandingCents: cents(r.outstanding),
    overdueCents: cents(r.overdue),
    overdueByAge: OVERDUE_AGES.map((a, n) => ({
      label: a.label,
      invoices: cents(r[`n${n}`]),
      owedCents: cents(r[`c${n}`]),
    })),
  };
}
