/**
 * Password length: plain values without zod, for the pages that show them (auth.ts holds the
 * schemas and re-exports these). A page that imports only values loads no validation code.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
