/**
 * Messages' rules that pages use without validating: plain values and helpers without zod
 * (portal.ts holds the schemas and re-exports these). A page that imports only these loads no
 * validation code (decision 025).
 */

/** The longest subject a message may have. */
export const SUBJECT_MAX = 200;

/** A reply's subject: 'Re: …' once (not 'Re: Re: …'), within the subject's 200 characters. */
export function replySubject(subject: string) {
  const trimmed = subject.trim();
  return (/^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`).slice(0, SUBJECT_MAX);
}
