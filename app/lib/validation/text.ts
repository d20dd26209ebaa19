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

/** CR or LF: a one-line field (a name, a phone number) that holds one could forge mail lines. */
export const hasNoLineBreak = (value: string) => !/[\r\n]/.test(value);

/** The message for a one-line field holding a line break. */
export const oneLine = (label: string) => `${label} must be on one line`;

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) can
 * make a title read differently from what it holds ("invoice\u202Efdp.exe"). Titles refuse
 * them; the plain direction marks (U+200E, U+200F) stay allowed.
 */
export const hasNoBidiControl = (value: string) => !/[\u202A-\u202E\u2066-\u2069]/.test(value);

/**
 * Line breaks as one LF: a form sent as multipart/form-data (a message with its attachments)
 * carries a textarea's line breaks as CRLF, a script's as LF; stored text has one kind.
 */
export const withLfLineBreaks = (value: string) => value.replace(/\r\n?/g, "\n");
