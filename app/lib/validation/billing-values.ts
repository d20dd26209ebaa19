/**
 * Billing's values a page shows (issue 32), free of zod: proposal statuses, line kinds, limits.
 */
import { addDays, formatDate } from "~/lib/dates";

/** A detail not yet filled in prints as this, on the page and on every document. */
export const TO_BE_CONFIRMED = "To be confirmed";

export const PROPOSAL_STATUSES = ["draft", "sent", "accepted", "declined"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
/** What a person reads: a sent proposal past its validity date reads 'Expired'. */
export type ProposalState = ProposalStatus | "expired";

export const PROPOSAL_STATE_LABELS: Record<ProposalState, string> = {
  draft: "Draft",
  sent: "Awaiting answer",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
};

export const PROPOSAL_ITEM_KINDS = ["once-off", "monthly"] as const;
export type ProposalItemKind = (typeof PROPOSAL_ITEM_KINDS)[number];
export const PROPOSAL_ITEM_KIND_LABELS: Record<ProposalItemKind, string> = {
  "once-off": "Once-off",
  monthly: "Monthly",
};

/** Rows the proposal form offers (a plain form: a fixed number of lines, empty ones ignored). */
export const PROPOSAL_ITEM_ROWS = 6;
export const PROPOSAL_TITLE_MAX = 200;
export const PROPOSAL_TERMS_MAX = 5000;
export const ITEM_DESCRIPTION_MAX = 300;
export const ITEM_QUANTITY_MAX = 1000;
/** How far ahead a proposal may be valid. */
export const PROPOSAL_VALID_DAYS_MAX = 365;

/** The texts of billing's refusals and answers, one home each. */
export const PROPOSAL_NOT_FOUND = "Proposal not found";
export const PROPOSAL_LOCKED = "An accepted, declined or expired proposal cannot be changed";
export const PROPOSAL_EXPIRED = "This proposal has expired. Ask us for a new one.";
export const PROPOSAL_NOT_OPEN = "This proposal is no longer open for an answer";
export const PROPOSAL_CHANGED =
  "This proposal changed while you were reading it. Read it again before you accept.";
export const PROPOSAL_EMPTY = "Add at least one line item";
export const SIGNATURE_NAME_MISMATCH = "Type your full name as your signature";

export const INVOICE_KINDS = ["deposit", "retainer", "one-off"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ["issued", "part-paid", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What a person reads: an issued or part-paid invoice past its due date is overdue. */
export type InvoiceState = InvoiceStatus | "overdue";
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  issued: "Issued",
  "part-paid": "Part-paid",
  paid: "Paid",
  overdue: "Overdue",
  void: "Void (credited)",
};

export const INVOICE_NOT_FOUND = "Invoice not found";
export const INVOICE_DRAFT_NOT_FOUND = "Draft invoice not found";
/** A one-off invoice not yet issued: no number, not seen by the client (invoice-drafts.server.ts). */
export const INVOICE_DRAFT_LABEL = "Draft";
/** On an invoice not yet paid when the person comes back from PayFast's page. */
export const PAYFAST_PENDING =
  "Back from PayFast. Your payment shows on this invoice as soon as PayFast confirms it to us.";
export const INVOICE_ALREADY_VOID = "This invoice has already been credited";
export const INVOICE_DESCRIPTION_MAX = 300;
export const CREDIT_REASON_MAX = 500;

/** The accounting systems the books export writes for (issue 32, point 6; decision 097). */
export const BOOKS_FORMATS = ["xero", "sage"] as const;
export type BooksFormat = (typeof BOOKS_FORMATS)[number];
export const BOOKS_FORMAT_LABELS: Record<BooksFormat, string> = {
  xero: "Xero",
  sage: "Sage Business Cloud",
};
export const BOOKS_EXPORTS = ["invoices", "payments"] as const;
export type BooksExport = (typeof BOOKS_EXPORTS)[number];
/** The longest period one export covers (a year and a day, for a leap year). */
export const BOOKS_EXPORT_DAYS_MAX = 366;
/** The ledger codes a new organisation starts with; the form lets the administrator change them. */
export const BOOKS_DEFAULTS: Record<BooksFormat, { account: string; taxRate: string }> = {
  xero: { account: "200", taxRate: "Standard Rate Sales" },
  sage: { account: "1000", taxRate: "Standard 15%" },
};

/** A client's billing on the agency's overview (amounts in cents, incl. VAT). */
export interface ClientBilling {
  clientId: string;
  clientName: string;
  proposals: number;
  /** Sent and not yet answered. */
  awaitingAnswer: number;
  invoices: number;
  /** Invoiced, not counting credited (void) invoices, incl. VAT. */
  invoicedCents: number;
  paidCents: number;
  outstandingCents: number;
  overdueCents: number;
}

/** The overview's totals over every client it shows. */
export type BillingTotals = Omit<ClientBilling, "clientId" | "clientName">;

/**
 * How long before its invoice a payment may have arrived: a deposit can be paid on the
 * proposal, before its invoice is issued, but a date years earlier is a typing mistake.
 */
export const PAYMENT_DAYS_BEFORE_INVOICE = 365;
export const PAYMENT_DATE_IN_FUTURE = "Date paid cannot be in the future";

/** The earliest day a payment of an invoice issued on `issuedOn` may carry. */
export function earliestPaymentDay(issuedOn: string): string {
  return addDays(issuedOn, -PAYMENT_DAYS_BEFORE_INVOICE);
}

/** 'Date paid' of 'Record payment': the field's min and max, and the schema's bounds. */
export function paymentDateBounds(issuedOn: string, today: string) {
  return { min: earliestPaymentDay(issuedOn), max: today };
}

export function paymentDateTooEarly(earliest: string): string {
  return `Date paid cannot be before ${formatDate(earliest)}, a year before the invoice's date`;
}
