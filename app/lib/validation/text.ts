/** An unpaired UTF-16 surrogate (in `u` mode, a paired one is matched as one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether the database can store this text as it is: PostgreSQL's text refuses the NUL
 * character, and an unpaired UTF-16 surrogate has no UTF-8 form. A browser's form never sends
 * either; a hand-made request (JSON with "\u0000" or "\ud800") can. (The schemas also run in
 * browsers, some without String.prototype.isWellFormed.)
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** The message for a field holding such a character. */
export const notAllowed = (label: string) => `${label} contains a character that is not allowed`;
