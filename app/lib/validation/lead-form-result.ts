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
