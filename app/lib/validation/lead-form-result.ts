/** What the contact and quote form actions answer. */
export type LeadFormResult =
  | { success: true; packageName?: string }
  | {
      success: false;
      error: string;
      /** A validation failure names its field (the product shows only the first). */
      validation?: boolean;
      field?: string;
      values?: Record<string, string>;
    };

export type LeadFormKind = "contact" | "quote";

/** The spec's failure text of each lead form ('Failed to send message'). */
export const LEAD_FORM_FAILED: Record<LeadFormKind, string> = {
  contact: "Failed to send message",
  quote: "Failed to send quote request",
};

/** The answer when a submission failed for no reason the visitor can fix. */
export function leadFormFailure(kind: LeadFormKind): Extract<LeadFormResult, { success: false }> {
  return { success: false, error: `${LEAD_FORM_FAILED[kind]}. Please try again.` };
}
