/**
 * The privacy forms (POPIA): delete my account (Settings), ask us to delete my details (contact
 * page), unsubscribe. Shared by the browser and the server.
 */
import { authCodeSchema, passwordConfirmSchema } from "./account";
import { emailSchema } from "./auth";
import { z } from "./zod";

export {
  DELETE_ACCOUNT_INTENT,
  DELETION_GRACE_DAYS,
  ERASE_LEAD_INTENT,
  ERASE_LINK_INVALID,
  MARKETING_FIELD,
  MARKETING_LABEL,
  marketingOptIn,
  UNSUBSCRIBE_LINK_INVALID,
} from "./privacy-values";

/** The password always; the authenticator code only when two-factor is on (the server decides). */
export const deleteAccountSchema = passwordConfirmSchema;
export const deleteAccountCodeSchema = authCodeSchema;

export const eraseDetailsSchema = z.object({ email: emailSchema });
