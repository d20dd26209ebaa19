/**
 * Settings' account-security values that pages show: plain values without zod (account.ts
 * holds the schemas and re-exports these). A page that imports only these loads no validation
 * code (decision 025).
 */

export const PASSKEY_NAME_MAX = 50;

/** Settings → Security policy, 'Who can create an account' (issue 30, decision 052). */
export const SIGN_UP_POLICIES = ["anyone", "invitation"] as const;
export type SignUpPolicy = (typeof SIGN_UP_POLICIES)[number];
export const SIGN_UP_POLICY_LABELS: Record<SignUpPolicy, string> = {
  anyone: "Anyone",
  invitation: "By invitation only",
};
/** What the sign-up tab and /api/auth/sign-up/email say while the portal is by invitation. */
export const SIGN_UP_CLOSED =
  "This portal is by invitation only. Ask the agency for an invitation, or send us a message.";

export const POLICY_NEEDS_OWN_TWO_FACTOR =
  "Turn on two-factor authentication for your own account first.";
