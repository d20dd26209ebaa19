/**
 * Lead kinds and statuses: plain values without zod, for the pages that show them (lead-status.ts holds the
 * schemas and re-exports these). A page that imports only values loads no validation code.
 */
export const LEAD_KINDS = ["contact", "quote", "chat", "booking"] as const;
export const LEAD_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export type LeadStatus = (typeof LEAD_STATUSES)[number];
