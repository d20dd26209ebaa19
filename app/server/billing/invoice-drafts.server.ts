/**
 * Draft invoices (issue 32, point 3: the 'draft' status; decision 073 amended): a one-off
 * invoice an administrator prepares before issuing it. A draft is not a tax invoice: it takes
 * no number (the invoices' series stays gapless), the client never sees it, and it can be
 * changed or deleted. 'Issue invoice' writes the tax invoice with the next number and deletes
 * the draft in one transaction, so a draft is issued once even when pressed twice at once.
 */
import { desc, eq } from "drizzle-orm";
import { INVOICE_DRAFT_NOT_FOUND } from "~/lib/validation/billing-values";
import type { Database } from "../db/client.server";
import { clients, invoiceDrafts } from "../db/schema.server";
import { announceNotifications } from "../notifications/notifications.server";
import { type Outcome, refused } from "../outcome.server";
import { publishChange } from "../workspace/events.server";
import { issueInvoiceIn } from "./invoices.server";

export { INVOICE_DRAFT_NOT_FOUND };

/** What a draft holds: the one-off invoice's form. */
export interface InvoiceDraftInput {
  clientId: string;
  description: string;
  amountCents: number;
  recipientVatNumber: string | null;
}

export interface InvoiceDraft extends InvoiceDraftInput {
  id: string;
  clientName: string;
  updatedAt: Date;
}

/** The most drafts the Billing page lists (drafts are few: work in progress). */
export const DRAFTS_LISTED = 50;

export const invoiceDraftLink = (id: string) => `/portal/billing/drafts/${id}`;

const CLIENT_NOT_FOUND = "Client not found";

const draftColumns = {
  id: invoiceDrafts.id,
  clientId: invoiceDrafts.clientId,
  clientName: clients.name,
  description: invoiceDrafts.description,
  amountCents: invoiceDrafts.amountCents,
  recipientVatNumber: invoiceDrafts.recipientVatNumber,
  updatedAt: invoiceDrafts.updatedAt,
};

async function clientExists(db: Pick<Database, "select">, clientId: string) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return Boolean(row);
}

/** 'Save as draft' (administrators): a new draft. */
export async function createInvoiceDraft(
  db: Database,
  actorId: string,
  input: InvoiceDraftInput,
): Promise<Outcome<{ id: string }>> {
  if (!(await clientExists(db, input.clientId))) return refused(404, CLIENT_NOT_FOUND);
  const [row] = await db
    .insert(invoiceDrafts)
    .values({ ...input, createdBy: actorId })
    .returning({ id: invoiceDrafts.id });
  publishChange("billing", { clientIds: [input.clientId] }, actorId);
  return { ok: true, id: (row as { id: string }).id };
}

/** 'Save draft' (administrators): the draft changed; 404 when it was issued or deleted. */
export async function updateInvoiceDraft(
  db: Database,
  actorId: string,
  id: string,
  input: InvoiceDraftInput,
  now: Date,
): Promise<Outcome> {
  if (!(await clientExists(db, input.clientId))) return refused(404, CLIENT_NOT_FOUND);
  const rows = await db
    .update(invoiceDrafts)
    .set({ ...input, updatedAt: now })
    .where(eq(invoiceDrafts.id, id))
    .returning({ id: invoiceDrafts.id });
  if (rows.length === 0) return refused(404, INVOICE_DRAFT_NOT_FOUND);
  publishChange("billing", { clientIds: [input.clientId] }, actorId);
  return { ok: true };
}

/** 'Delete draft' (administrators). */
export async function deleteInvoiceDraft(
  db: Database,
  actorId: string,
  id: string,
): Promise<Outcome> {
  const rows = await db
    .delete(invoiceDrafts)
    .where(eq(invoiceDrafts.id, id))
    .returning({ clientId: invoiceDrafts.clientId });
  const [row] = rows;
  if (!row) return refused(404, INVOICE_DRAFT_NOT_FOUND);
  publishChange("billing", { clientIds: [row.clientId] }, actorId);
  return { ok: true };
}

/**
 * 'Issue invoice' (administrators): the draft becomes a tax invoice with the next number, VAT
 * of today and the supplier's details of now, and is gone — both in one transaction. The
 * delete takes the draft's row first, so a second press at the same moment finds nothing (404)
 * and issues nothing.
 */
export async function issueInvoiceDraft(
  db: Database,
  actorId: string,
  id: string,
  now: Date,
): Promise<Outcome<{ invoiceId: string; number: string }>> {
  const made = await db.transaction(async (tx) => {
    const [draft] = await tx.delete(invoiceDrafts).where(eq(invoiceDrafts.id, id)).returning({
      clientId: invoiceDrafts.clientId,
      description: invoiceDrafts.description,
      amountCents: invoiceDrafts.amountCents,
      recipientVatNumber: invoiceDrafts.recipientVatNumber,
    });
    if (!draft) return null;
    const issued = await issueInvoiceIn(
      tx,
      {
        clientId: draft.clientId,
        proposalId: null,
        kind: "one-off",
        period: null,
        description: draft.description,
        recipientVatNumber: draft.recipientVatNumber,
        lines: [{ description: draft.description, quantity: 1, unitCents: draft.amountCents }],
        actorId,
      },
      now,
    );
    return { ...issued, clientId: draft.clientId };
  });
  if (!made) return refused(404, INVOICE_DRAFT_NOT_FOUND);
  publishChange("billing", { clientIds: [made.clientId] }, actorId);
  announceNotifications(made.notified, actorId);
  return { ok: true, invoiceId: made.id, number: made.number };
}

/** The drafts, newest change first (administrators: every client's, or one client's). */
export async function listInvoiceDrafts(
  db: Pick<Database, "select">,
  clientId: string | null,
): Promise<InvoiceDraft[]> {
  return db
    .select(draftColumns)
    .from(invoiceDrafts)
    .innerJoin(clients, eq(clients.id, invoiceDrafts.clientId))
    .where(clientId ? eq(invoiceDrafts.clientId, clientId) : undefined)
    .orderBy(desc(invoiceDrafts.updatedAt), desc(invoiceDrafts.id))
    .limit(DRAFTS_LISTED);
}

/** One draft (administrators), or null. */
export async function getInvoiceDraft(
  db: Pick<Database, "select">,
  id: string,
): Promise<InvoiceDraft | null> {
  const [row] = await db
    .select(draftColumns)
    .from(invoiceDrafts)
    .innerJoin(clients, eq(clients.id, invoiceDrafts.clientId))
    .where(eq(invoiceDrafts.id, id))
    .limit(1);
  return row ?? null;
}
