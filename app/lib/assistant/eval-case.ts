/**
 * One question of the site assistant's evaluation (decision 038): what a visitor asks, in
 * their own words, and what a good reply does. The questions were written from the site's
 * content before looking at what the retrieval returns; see eval-held-out.ts and
 * eval-tuning.ts.
 */
export interface EvalCase {
  /** What the visitor types. */
  question: string;
  /**
   * Earlier questions in the same conversation, oldest first. The evaluation asks them in
   * turn and keeps the assistant's own replies, as the chat does.
   */
  before?: string[];
  /**
   * The page a good answer links to (any of several where each really answers it), or null:
   * the site does not answer it, so the question must be handed to the team.
   */
  page: string | string[] | null;
  /** What a good answer must say (a price, a duration, a name), matched on the reply's text. */
  says?: RegExp;
}
