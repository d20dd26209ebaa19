/**
 * Tax invoices and credit notes (issue 32, point 3; decision 073). An invoice is issued at
 * once — the deposit when a proposal is accepted, a retainer each month on the proposal's
 * billing day (a job safe with two instances), a one-off by an administrator's hand — with the
 * next number of a gapless series taken in its own transaction, the supplier's and recipient's
 * details as they were, its lines, VAT at the rate of its day and its totals. It is never edited:
 * a credit note (a gapless series of its own) voids it.
 */
import { and, asc, desc, eq, gt, lt, lte, sql } from "drizzle-orm";
import { addDays, periodName, todayInSouthAfrica } from "~/lib/dates";
import { vatOn } from "~/lib/money";
import { encodeSerialCursor, PAGE_SIZE, type Page, type SerialCursor } from "~/lib/pagination";
import {
  INVOICE_ALREADY_VOID,
  INVOICE_NOT_FOUND,
  type InvoiceKind,
  type InvoiceState,
  type InvoiceStatus,
} from "~/lib/validation/billing-values";
import type { Database } from "../db/client.server";
import {
  billingCounters,
  clients,
  creditNotes,
  invoiceLines,
  invoices,
  proposalItems,
  proposals,
  type SupplierSnapshot,
} from "../db/schema.server";
import type { Job, JobResult } from "../jobs.server";
import { announceNotifications, notify } from "../notifications/notifications.server";
import { type Outcome, refused } from "../outcome.server";
import { publishChange } from "../workspace/events.server";
import { type BillingViewer, billingScopeWhere } from "./access.server";
import { getBusinessDetails, vatRateOn } from "./business.server";

export { INVOICE_NOT_FOUND };

type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

/** The series' next number, taken in the caller's transaction (the row stays locked until it ends). */
async function nextSerial(tx: Executor, series: "invoice" | "credit-note"): Promise<number> {
  const [row] = await tx
    .insert(billingCounters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({
      target: billingCounters.series,
      set: { last: sql`${billingCounters.last} + 1` },
    })
    .returning({ last: billingCounters.last });
  if (!row) throw new Error(`no number for the ${series} series`);
  return row.last;
}

export const invoiceNumber = (serial: number) => `INV-${String(serial).padStart(4, "0")}`;
export const creditNoteNumber = (serial: number) => `CN-${String(serial).padStart(4, "0")}`;
export const invoiceLink = (id: string) => `/portal/billing/invoices/${id}`;

export interface NewInvoiceLine {
  description: string;
  quantity: number;
  unitCents: number;
}

export interface NewInvoice {
  clientId: string;
  proposalId: string | null;
  kind: InvoiceKind;
  period: string | null;
  description: string;
  recipientVatNumber: string | null;
  lines: NewInvoiceLine[];
  actorId: string | null;
}

/**
 * Issue an invoice inside the caller's transaction: its number, the supplier's details of now,
 * the client's name and address, VAT at the rate of today (South Africa's day), its lines;
 * the client's contacts are notified in the same transaction. Returns who to announce to.
 */
export async function issueInvoiceIn(
  tx: Executor,
  input: NewInvoice,
  now: Date,
): Promise<{ id: string; number: string; notified: string[] }> {
  const today = todayInSouthAfrica(now);
  const [client] = await tx
    .select({ name: clients.name, address: clients.address })
    .from(clients)
    .where(eq(clients.id, input.clientId))
    .limit(1);
  if (!client) throw new Error("an invoice for a client that does not exist");
  const business = await getBusinessDetails(tx);
  const { paymentDays, ...supplier } = business;
  const vatBasisPoints = await vatRateOn(tx, today);
  const subtotalCents = input.lines.reduce((s, l) => s + l.quantity * l.unitCents, 0);
  const vatCents = vatOn(subtotalCents, vatBasisPoints);
  const serial = await nextSerial(tx, "invoice");
  const number = invoiceNumber(serial);
  const [row] = await tx
    .insert(invoices)
    .values({
      clientId: input.clientId,
      proposalId: input.proposalId,
      kind: input.kind,
      period: input.period,
      serial,
      number,
      issuedOn: today,
      dueOn: addDays(today, paymentDays),
      description: input.description,
      supplier: supplier satisfies SupplierSnapshot,
      recipientName: client.name,
      recipientAddress: client.address,
      recipientVatNumber: input.recipientVatNumber,
      vatBasisPoints,
      subtotalCents,
      vatCents,
      totalCents: subtotalCents + vatCents,
      createdBy: input.actorId,
    })
    .returning({ id: invoices.id });
  const id = (row as { id: string }).id;
  await tx
    .insert(invoiceLines)
    .values(input.lines.map((l, position) => ({ invoiceId: id, position, ...l })));
  const notified = await notify(tx, {
    kind: "invoice.issued",
    clientId: input.clientId,
    actorId: input.actorId,
    title: `${number}: ${input.description}`,
    link: invoiceLink(id),
    groupKey: `invoice:${id}`,
  });
  return { id, number, notified };
}

/**
 * The retainer invoices due today: for every accepted proposal with monthly lines whose billing
 * day of this month has come (and fell after its acceptance), the month's invoice, once; and a
 * month whose day passed while the job did not run, too. Each
 * proposal in a transaction of its own that locks it and looks again, so two instances (or a
 * retried run) issue it once; the unique index (proposal, month) is the last guard, and a
 * refused insert rolls its number back with it, so the series keeps no gap.
 */
export async function issueRetainerInvoices(db: Database, now: Date): Promise<JobResult> {
  const today = todayInSouthAfrica(now);
  let issued = 0;
  // A month the job missed (the server down on its billing day and after) is caught up, the
  // oldest first, up to RETAINER_CATCH_UP_MONTHS back; this month only once its day has come.
  for (let back = RETAINER_CATCH_UP_MONTHS - 1; back >= 0; back--) {
    const period = monthBefore(today.slice(0, 7), back);
    const day = back === 0 ? Number(today.slice(8, 10)) : 31;
    issued += await issueRetainersOf(db, now, period, day);
  }
  return { issued };
}

/** How many months back a missed retainer invoice is still issued. */
export const RETAINER_CATCH_UP_MONTHS = 12;

/** "2026-03" and 2 → "2026-01". */
function monthBefore(period: string, months: number): string {
  const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1 - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The retainer invoices of one month whose billing day is at most `day`, each once. */
async function issueRetainersOf(
  db: Database,
  now: Date,
  period: string,
  day: number,
): Promise<number> {
  const due = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(
      and(
        eq(proposals.status, "accepted"),
        gt(proposals.monthlyCents, 0),
        lte(proposals.billingDay, day),
        sql`not exists (select 1 from ${invoices} where ${invoices.proposalId} = ${proposals.id} and ${invoices.kind} = 'retainer' and ${invoices.period} = ${period})`,
        // Accepted by that month's end (a later acceptance is looked at again below).
        sql`${proposals.answeredAt} < (${`${period}-01`}::date + interval '1 month')`,
      ),
    )
    .orderBy(asc(proposals.createdAt), asc(proposals.id))
    .limit(500);
  let issued = 0;
  for (const { id } of due) {
    try {
      const made = await db.transaction(async (tx) => {
        const [p] = await tx
          .select({
            clientId: proposals.clientId,
            title: proposals.title,
            status: proposals.status,
            billingDay: proposals.billingDay,
            answeredAt: proposals.answeredAt,
            recipientVatNumber: proposals.recipientVatNumber,
          })
          .from(proposals)
          .where(eq(proposals.id, id))
          .for("update");
        if (p?.status !== "accepted" || !p.answeredAt) return null;
        const billingDate = `${period}-${String(p.billingDay).padStart(2, "0")}`;
        if (todayInSouthAfrica(p.answeredAt) > billingDate) return null;
        const [already] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              eq(invoices.proposalId, id),
              eq(invoices.kind, "retainer"),
              eq(invoices.period, period),
            ),
          )
          .limit(1);
        if (already) return null;
        const lines = await tx
          .select({
            description: proposalItems.description,
            quantity: proposalItems.quantity,
            unitCents: proposalItems.unitCents,
          })
          .from(proposalItems)
          .where(and(eq(proposalItems.proposalId, id), eq(proposalItems.kind, "monthly")))
          .orderBy(asc(proposalItems.position));
        const month = periodName(period);
        return issueInvoiceIn(
          tx,
          {
            clientId: p.clientId,
            proposalId: id,
            kind: "retainer",
            period,
            description: `${p.title}: ${month}`,
            recipientVatNumber: p.recipientVatNumber,
            lines: lines.map((l) => ({ ...l, description: `${l.description} (${month})` })),
            actorId: null,
          },
          now,
        ).then((r) => ({ ...r, clientId: p.clientId }));
      });
      if (made) {
        issued += 1;
        publishChange("billing", { clientIds: [made.clientId] }, null);
        announceNotifications(made.notified, null);
      }
    } catch (error) {
      // Another instance issued it first (the unique index): nothing to do.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
  }
  return issued;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export const billingJobs: Job[] = [
  { name: "retainer-invoices", everyMs: 60 * 60 * 1000, run: issueRetainerInvoices },
];

/** 'New invoice' (administrators): a one-off invoice for a client, issued at once. */
export async function createOneOffInvoice(
  db: Database,
  actorId: string,
  input: {
    clientId: string;
    description: string;
    amountCents: number;
    recipientVatNumber: string | null;
  },
  now: Date,
): Promise<Outcome<{ id: string; number: string }>> {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, input.clientId))
    .limit(1);
  if (!client) return refused(404, "Client not found");
  const made = await db.transaction((tx) =>
    issueInvoiceIn(
      tx,
      {
        clientId: input.clientId,
        proposalId: null,
        kind: "one-off",
        period: null,
        description: input.description,
        recipientVatNumber: input.recipientVatNumber,
        lines: [{ description: input.description, quantity: 1, unitCents: input.amountCents }],
        actorId,
      },
      now,
    ),
  );
  publishChange("billing", { clientIds: [input.clientId] }, actorId);
  announceNotifications(made.notified, actorId);
  return { ok: true, id: made.id, number: made.number };
}

/** What a person reads: issued or part-paid past its due date is overdue. */
export function invoiceState(status: InvoiceStatus, dueOn: string, today: string): InvoiceState {
  return (status === "issued" || status === "part-paid") && dueOn < today ? "overdue" : status;
}

export interface InvoiceSummary {
  id: string;
  clientId: string;
  clientName: string;
  number: string;
  kind: InvoiceKind;
  description: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  paidCents: number;
  state: InvoiceState;
}

const summaryColumns = {
  id: invoices.id,
  clientId: invoices.clientId,
  clientName: clients.name,
  number: invoices.number,
  kind: invoices.kind,
  description: invoices.description,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  totalCents: invoices.totalCents,
  paidCents: invoices.paidCents,
  status: invoices.status,
};

/**
 * A page of the invoices a viewer sees, newest first (optionally of one client or one
 * proposal): the rows after the cursor's serial (`?invoices-cursor=`, app/lib/pagination.ts),
 * so 'Load more' goes on from there without JavaScript.
 */
export async function listInvoices(
  db: Database,
  viewer: BillingViewer,
  now: Date,
  options: {
    clientId?: string | null;
    proposalId?: string | null;
    cursor?: SerialCursor | null;
    limit?: number;
  } = {},
): Promise<Page<InvoiceSummary>> {
  const today = todayInSouthAfrica(now);
  const limit = options.limit ?? PAGE_SIZE;
  const rows = await db
    .select({ ...summaryColumns, serial: invoices.serial })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        billingScopeWhere(viewer.scope, invoices.clientId),
        options.clientId ? eq(invoices.clientId, options.clientId) : undefined,
        options.proposalId ? eq(invoices.proposalId, options.proposalId) : undefined,
        options.cursor ? lt(invoices.serial, options.cursor.serial) : undefined,
      ),
    )
    .orderBy(desc(invoices.serial))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown.map(({ status, serial: _, ...r }) => ({
      ...r,
      state: invoiceState(status, r.dueOn, today),
    })),
    next: rows.length > limit && last ? encodeSerialCursor({ serial: last.serial }) : null,
  };
}

export interface InvoiceDetail extends InvoiceSummary {
  proposalId: string | null;
  period: string | null;
  supplier: SupplierSnapshot;
  recipientAddress: string | null;
  recipientVatNumber: string | null;
  vatBasisPoints: number;
  subtotalCents: number;
  vatCents: number;
  status: InvoiceStatus;
  lines: {
    position: number;
    description: string;
    quantity: number;
    unitCents: number;
    amountCents: number;
  }[];
  creditNote: {
    number: string;
    issuedOn: string;
    reason: string;
    totalCents: number;
  } | null;
}

/** One invoice as its page and PDF show it, or null (unknown, or not the viewer's). */
export async function getInvoice(
  db: Pick<Database, "select">,
  viewer: BillingViewer,
  id: string,
  now: Date,
): Promise<InvoiceDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      proposalId: invoices.proposalId,
      period: invoices.period,
      supplier: invoices.supplier,
      recipientAddress: invoices.recipientAddress,
      recipientVatNumber: invoices.recipientVatNumber,
      vatBasisPoints: invoices.vatBasisPoints,
      subtotalCents: invoices.subtotalCents,
      vatCents: invoices.vatCents,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(eq(invoices.id, id), billingScopeWhere(viewer.scope, invoices.clientId)))
    .limit(1);
  if (!row) return null;
  const lines = await db
    .select({
      position: invoiceLines.position,
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      unitCents: invoiceLines.unitCents,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.position));
  const [credit] = await db
    .select({
      number: creditNotes.number,
      issuedOn: creditNotes.issuedOn,
      reason: creditNotes.reason,
      totalCents: creditNotes.totalCents,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, id))
    .limit(1);
  return {
    ...row,
    state: invoiceState(row.status, row.dueOn, todayInSouthAfrica(now)),
    lines: lines.map((l) => ({ ...l, amountCents: l.quantity * l.unitCents })),
    creditNote: credit ?? null,
  };
}

/**
 * 'Issue credit note' (administrators): a credit note for the invoice's full amount, with the
 * next number of its own series, voids it; an invoice already credited is refused (409).
 */
export async function creditInvoice(
  db: Database,
  actorId: string,
  id: string,
  reason: string,
  now: Date,
): Promise<Outcome<{ number: string }>> {
  const outcome = await db.transaction(
    async (tx): Promise<Outcome<{ number: string; clientId: string }>> => {
      const [invoice] = await tx
        .select({
          status: invoices.status,
          clientId: invoices.clientId,
          subtotalCents: invoices.subtotalCents,
          vatCents: invoices.vatCents,
          totalCents: invoices.totalCents,
        })
        .from(invoices)
        .where(eq(invoices.id, id))
        .for("update");
      if (!invoice) return refused(404, INVOICE_NOT_FOUND);
      if (invoice.status === "void") return refused(409, INVOICE_ALREADY_VOID);
      const serial = await nextSerial(tx, "credit-note");
      const number = creditNoteNumber(serial);
      await tx.insert(creditNotes).values({
        invoiceId: id,
        serial,
        number,
        issuedOn: todayInSouthAfrica(now),
        reason,
        subtotalCents: invoice.subtotalCents,
        vatCents: invoice.vatCents,
        totalCents: invoice.totalCents,
        createdBy: actorId,
      });
      await tx.update(invoices).set({ status: "void" }).where(eq(invoices.id, id));
      return { ok: true, number, clientId: invoice.clientId };
    },
  );
  if (!outcome.ok) return outcome;
  publishChange("billing", { clientIds: [outcome.clientId] }, actorId);
  return { ok: true, number: outcome.number };
}

/** The file name of an invoice's PDF: "INV-0001.pdf". */
export const invoiceFileName = (invoice: { number: string }) => `${invoice.number}.pdf`;
