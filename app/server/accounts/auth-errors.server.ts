import { RESET_LINK_INVALID, SIGN_UP_CLOSED } from "~/lib/validation/account";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/validation/auth";

/**
 * The one place that reads better-auth's failures. Its error body carries a stable `code`
 * (INVALID_PASSWORD, INVALID_CODE…); the message beside it is English prose that may change.
 * Callers decide on the typed `reason`, never on text, and show `message`, which is ours.
 */

export type AuthFailureReason =
  | "wrong-credentials"
  | "wrong-password"
  | "account-exists"
  | "wrong-code"
  | "wrong-backup-code"
  | "second-step-expired"
  | "two-factor-already-on"
  | "two-factor-not-on"
  | "link-invalid"
  | "same-email"
  | "address-confirmed"
  | "password-too-short"
  | "password-too-long"
  | "rate-limited"
  | "sign-up-closed"
  | "unavailable"
  | "other";

export interface AuthFailure {
  ok: false;
  status: number;
  reason: AuthFailureReason;
  message: string;
}

/** better-auth's error codes (its `BASE_ERROR_CODES` and the twoFactor plugin's) → reasons. */
const REASON_BY_CODE: Record<string, AuthFailureReason> = {
  INVALID_EMAIL_OR_PASSWORD: "wrong-credentials",
  INVALID_PASSWORD: "wrong-password",
  USER_ALREADY_EXISTS: "account-exists",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "account-exists",
  INVALID_CODE: "wrong-code",
  INVALID_BACKUP_CODE: "wrong-backup-code",
  INVALID_TWO_FACTOR_COOKIE: "second-step-expired",
  TOTP_ALREADY_ENABLED: "two-factor-already-on",
  TOTP_NOT_ENABLED: "two-factor-not-on",
  INVALID_TOKEN: "link-invalid",
  EMAIL_ALREADY_VERIFIED: "address-confirmed",
  PASSWORD_TOO_SHORT: "password-too-short",
  PASSWORD_TOO_LONG: "password-too-long",
  // Ours (auth.server.ts's sign-up hook, decision 052).
  SIGN_UP_CLOSED: "sign-up-closed",
};

/** What the person reads for each reason; "other" shows better-auth's own message. */
export const AUTH_FAILURE_TEXT: Record<Exclude<AuthFailureReason, "other">, string> = {
  "wrong-credentials": "Invalid email or password",
  "wrong-password": "Password is incorrect",
  "account-exists": "User already exists. Use another email.",
  "wrong-code": "That code is not right. Check your authenticator app and try again.",
  "wrong-backup-code": "That backup code is not right, or it was used before.",
  "second-step-expired": "Your sign-in took too long. Please sign in again.",
  "two-factor-already-on": "Two-factor authentication is already on.",
  "two-factor-not-on": "Set up two-factor authentication first.",
  "link-invalid": RESET_LINK_INVALID,
  "same-email": "That is already your e-mail address.",
  "address-confirmed": "Your e-mail address is already confirmed.",
  "password-too-short": `Password must be at least ${PASSWORD_MIN} characters`,
  "password-too-long": `Password must be at most ${PASSWORD_MAX} characters`,
  "rate-limited": "Too many attempts. Please wait a minute and try again.",
  "sign-up-closed": SIGN_UP_CLOSED,
  unavailable: "Something went wrong. Please try again.",
};

/** A failure with our text for this reason (and a 5xx turned into a 503). */
export function authFailure(
  status: number,
  reason: AuthFailureReason,
  fallbackMessage?: string,
): AuthFailure {
  const message =
    reason === "other"
      ? fallbackMessage || AUTH_FAILURE_TEXT.unavailable
      : AUTH_FAILURE_TEXT[reason];
  return { ok: false, status: status >= 500 ? 503 : status, reason, message };
}

/** Read a failed answer of better-auth's handler: its status and JSON body `{ code, message }`. */
export function authFailureFrom(status: number, body: unknown): AuthFailure {
  if (status === 429) return authFailure(429, "rate-limited");
  if (status >= 500) return authFailure(status, "unavailable");
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  const reason = (typeof code === "string" && REASON_BY_CODE[code]) || "other";
  return authFailure(status, reason, typeof message === "string" ? message : undefined);
}
