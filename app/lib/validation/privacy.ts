/**
 * The privacy forms (POPIA): delete my account (Settings), ask us to delete my details (contact
 * page), unsubscribe. Shared by the browser and the server.
 */
import { authCodeSchema, passwordConfirmSchema } from "./account";
import { emailSchema } from "./auth";
import { z } from "./zod";

export const DELETE_ACCOUNT_INTENT = "delete-account";
/** Days between 'Delete my account' and the erasure; signing in before cancels it. */
export const DELETION_GRACE_DAYS = 14;
export const ERASE_LEAD_INTENT = "erase";

/** The password always; the authenticator code only when two-factor is on (the server decides). */
export const deleteAccountSchema = passwordConfirmSchema;
export const deleteAccountCodeSchema = authCodeSchema;

export const eraseDetailsSchema = z.object({ email: emailSchema });

/** A link's token as it arrives in a query string or a form. */
export const privacyTokenSchema = z.object({
  token: z.string({ error: "This link is invalid" }).trim().min(1).max(1000),
});

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
