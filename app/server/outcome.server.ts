/**
 * How a domain function reports an outcome it expects (a wrong password, a missing row, a rule
 * that says no): it returns an `Outcome`, never throws for it. Only the unexpected throws.
 * The route turns a refusal into an action's failure (`failed(r.status, r.message)`) or, for a
 * page, throws it (`throw notFound(r.message)`).
 *
 *   const result = await renameProject(db, user.id, id, name);
 *   if (!result.ok) return failed(result.status, result.message);
 */
export interface Refused {
  ok: false;
  /** The HTTP status it means: 400, 403, 404, 409, 429, 503... */
  status: number;
  /** The text for the person, in the spec's words. */
  message: string;
}

export type Outcome<T extends object = object> = ({ ok: true } & T) | Refused;

export function refused(status: number, message: string): Refused {
  return { ok: false, status, message };
}
