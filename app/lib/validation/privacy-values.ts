/**
 * The privacy forms' names and texts: plain values without zod, for the pages that show them (privacy.ts holds the
 * schemas and re-exports these). A page that imports only values loads no validation code.
 */
export const DELETE_ACCOUNT_INTENT = "delete-account";
/** Days between 'Delete my account' and the erasure; signing in before cancels it. */
export const DELETION_GRACE_DAYS = 14;
export const ERASE_LEAD_INTENT = "erase";

export const ERASE_LINK_INVALID =
  "This link is invalid or has expired. Ask again on our Contact page: Ask us to delete my details.";
export const UNSUBSCRIBE_LINK_INVALID =
  "This unsubscribe link is invalid. E-mail us and we will remove you.";

/** The marketing opt-in box (unticked by default): "yes" when ticked, absent otherwise. */
export const MARKETING_FIELD = "marketing";
export const MARKETING_LABEL =
  "Send me occasional e-mail about new services and offers (optional; unsubscribe at any time)";

export function marketingOptIn(value: FormDataEntryValue | string | null | undefined): boolean {
  return value === "yes";
}
