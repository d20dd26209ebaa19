import { LEAD_KINDS, LEAD_STATUSES } from "./lead-values";
import { z } from "./zod";

export { LEAD_KINDS, LEAD_STATUSES, type LeadKind, type LeadStatus } from "./lead-values";

export const leadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: "Choose a valid status" }),
});

/** The admin leads list's filters (`?kind=&status=`); an empty value means all. */
export const leadFiltersSchema = z.object({
  kind: z.enum(LEAD_KINDS).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
});
