/**
 * Whether the database can store this text as it is: PostgreSQL's text refuses the NUL
 * character, and an unpaired UTF-16 surrogate has no UTF-8 form. A browser's form never sends
 * either; a hand-made request (JSON with "\u0000" or "\ud800") can.
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && value.isWellFormed();
}

/** The message for a field holding such a character. */
export const notAllowed = (label: string) => `${label} contains a character that is not allowed`;
