/**
 * Settings' account-security values that pages show: plain values without zod (account.ts
 * holds the schemas and re-exports these). A page that imports only these loads no validation
 * code (decision 025).
 */

export const PASSKEY_NAME_MAX = 50;

export const POLICY_NEEDS_OWN_TWO_FACTOR =
  "Turn on two-factor authentication for your own account first.";
