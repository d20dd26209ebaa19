/**
 * What every form action answers, in the browser and the server alike: a success with the text
 * to show, or a failure with the message (and, for forms that show it by the field, the field
 * and what was typed, so nothing is lost). `Extra` carries what one form needs besides, such
 * as the Settings forms' `intent`.
 */
import { data } from "react-router";

export type ActionResult<Extra extends object = object> =
  | ({ ok: true; success: string } & Extra)
  | ({
      ok: false;
      error: string;
      /** The field the error is about, shown beside it. */
      field?: string;
      /** What was typed, so a page rendered again without JavaScript keeps it. */
      values?: Record<string, string>;
    } & Extra);

export type ActionSuccess<T> = Extract<T, { ok: true }>;

/** An action's success: `{ ok: true, success }` (status 200, or `init`'s). */
export function succeeded<Extra extends object = object>(
  success: string,
  extra?: Extra,
  init?: ResponseInit,
) {
  return data({ ok: true as const, success, ...(extra as Extra) }, init);
}

type FailureDetails = { field?: string; values?: Record<string, string> };

/**
 * An action's failure: `{ ok: false, error }` with a 4xx (or 503) status, and `extra` (the
 * form's intent, what was typed, the field the error is about: an empty field names none).
 * The one way an action says no.
 */
export function failed<Extra extends object = object>(
  status: number,
  error: string,
  extra?: Extra & FailureDetails,
  init?: Omit<ResponseInit, "status">,
) {
  const { field, ...rest } = (extra ?? {}) as Extra & FailureDetails;
  return data(
    { ok: false as const, error, ...(rest as Extra & FailureDetails), ...(field ? { field } : {}) },
    {
      ...init,
      status,
    },
  );
}
