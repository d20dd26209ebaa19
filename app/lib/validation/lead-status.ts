import { z } from "./zod";

export const LEAD_KINDS = ["contact", "quote", "chat"] as const;
export const LEAD_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: "Choose a valid status" }),
});

/** The admin leads list's filters (`?kind=&status=`); an empty value means all. */
export const leadFiltersSchema = z.object({
  kind: z.enum(LEAD_KINDS).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
});
