/**
 * Account security forms in Settings and on /auth: shared by the browser and the server.
 */

import type { ActionResult } from "~/lib/action-result";
import {
  PASSKEY_NAME_MAX,
  SIGN_UP_POLICIES as SIGN_UP_POLICIES_FOR_SCHEMA,
} from "./account-values";
import { emailSchema, newPasswordSchema, PASSWORD_MAX } from "./auth";
import { isStorableText } from "./text";
import { z } from "./zod";

export {
  PASSKEY_NAME_MAX,
  POLICY_NEEDS_OWN_TWO_FACTOR,
  SIGN_UP_CLOSED,
  SIGN_UP_POLICIES,
  SIGN_UP_POLICY_LABELS,
  type SignUpPolicy,
} from "./account-values";

export const RESET_LINK_INVALID =
  "This password reset link is invalid or has expired. Ask for a new one.";

/** What the Settings action answers. `intent` names the form that was sent. */
export type SettingsResult = ActionResult<{ intent: string }>;

export const sessionIdSchema = z
  .string({ error: "Session not found" })
  .trim()
  .min(1, "Session not found")
  .max(200, "Session not found");

/** A checkbox: present ("on") when ticked. */
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(PASSWORD_MAX, "Current password is incorrect"),
  newPassword: newPasswordSchema(),
  signOutOthers: checkbox,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: RESET_LINK_INVALID })
    .trim()
    .min(1, RESET_LINK_INVALID)
    .max(500)
    .refine(isStorableText, RESET_LINK_INVALID),
  newPassword: newPasswordSchema(),
});

/** How long a password-reset link works. */
export const RESET_LINK_HOURS = 1;

export const RESET_REQUESTED = `If an account exists for that e-mail address, we've sent it a link to reset the password. The link works for ${RESET_LINK_HOURS} hour.`;

export const passwordConfirmSchema = z.object({
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX, "Password is incorrect"),
});

/** An authenticator app's code (spaces allowed: "123 456") or a backup code. */
export const authCodeSchema = z.object({
  code: z
    .string({ error: "Enter the code from your authenticator app" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, "Enter the code from your authenticator app")
        .max(40, "That code is not right. Check your authenticator app and try again."),
    ),
});

export type TwoFactorStep = "enable" | "confirm" | "disable" | "show-codes";

export interface TotpSetupView {
  uri: string;
  key: string;
  qr: string;
}

/** The two-factor card's answers: the step, and a setup to scan (also again after a wrong code). */
export type TwoFactorResult = ActionResult<{
  intent: string;
  step?: TwoFactorStep;
  setup?: TotpSetupView;
  /** The backup codes, shown again after the password ('Show backup codes'). */
  backupCodes?: string[];
}>;

export const passkeyNameSchema = z.object({
  name: z
    .string({ error: "Give the passkey a name" })
    .trim()
    .min(1, "Give the passkey a name")
    .max(PASSKEY_NAME_MAX, `The name must be less than ${PASSKEY_NAME_MAX} characters`),
});

export const passkeyIdSchema = z
  .string({ error: "Passkey not found" })
  .trim()
  .min(1, "Passkey not found")
  .max(200, "Passkey not found");

/** Renaming a passkey in Settings: which one, and its new name (the same rules as adding). */
export const renamePasskeySchema = passkeyNameSchema.extend({ passkeyId: passkeyIdSchema });

/** The administrators' switch in Settings: a checkbox, so "on" or absent. */
export const securityPolicySchema = z.object({
  requireAdminTwoFactor: z
    .enum(["on"], { error: "Choose whether administrators must use two-factor authentication" })
    .optional()
    .transform((v) => v === "on"),
});

export const signUpPolicySchema = z.object({
  signUpPolicy: z.enum(SIGN_UP_POLICIES_FOR_SCHEMA, { error: "Choose who can create an account" }),
});

export const PASSKEY_NEEDS_JS =
  "Adding a passkey needs JavaScript: your browser talks to your device's passkey manager.";

export const changeEmailSchema = z.object({
  newEmail: emailSchema.transform((v) => v.toLowerCase()),
});

/** How long the link that confirms a new e-mail address works. */
export const EMAIL_LINK_HOURS = 1;

export function emailChangeRequested(newEmail: string) {
  return `We've sent a link to ${newEmail}. Your e-mail address changes when you open it (within ${EMAIL_LINK_HOURS} hour).`;
}

/** Settings' answer once the link that confirms the account's own address is on its way. */
export function addressConfirmationSent(email: string) {
  return `We've sent a link to ${email}. Open it to confirm your address.`;
}
