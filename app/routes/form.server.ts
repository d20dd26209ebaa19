/**
 * Reading a posted form: the one place a route reads `request.formData()`. A body that is not a
 * form (a wrong content type, a broken multipart body) is a 400 with `FORM_UNREADABLE`.
 */
import { badRequest } from "./refuse.server";

/** A posted form's fields as strings: the first text value of each (files are ignored). */
export type Form = Record<string, string | undefined>;

export const FORM_UNREADABLE = "The form could not be read.";

/**
 * The request's form data, or null when its body is not a form: for an action that answers
 * every failure in its own shape (an `ActionResult` naming its intent, the assistant's chat).
 */
export async function readFormData(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** The form's fields (`Form`), or a thrown 400 (`FORM_UNREADABLE`) when it cannot be read. */
export async function readForm(request: Request): Promise<Form> {
  const form = await readFormData(request);
  if (!form) throw badRequest(FORM_UNREADABLE);
  const out: Form = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !(key in out)) out[key] = value;
  }
  return out;
}

/** What was typed, for a form shown again without JavaScript (never the intent). */
export function typedValues(form: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key !== "intent" && value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * What a refusal shows again: all that was typed, except after a 403 or 404 (a record not there
 * or not theirs), which shows it without the ids that were sent (`id`, `…Id`) — an answer never
 * names another client's record, not even one the request named (the isolation matrix,
 * app/server/workspace/isolation.server.test.ts).
 */
export function valuesAfterRefusal(
  status: number,
  values: Record<string, string>,
): Record<string, string> {
  if (status !== 403 && status !== 404) return values;
  return Object.fromEntries(
    Object.entries(values).filter(([key]) => key !== "id" && !key.endsWith("Id")),
  );
}

/** The answer to a form whose `intent` no handler knows (400). */
export const UNKNOWN_ACTION = "Unknown action";
