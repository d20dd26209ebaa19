/**
 * A form whose request never gets an answer from the app (the phone is offline, the connection
 * drops, the server is restarting behind its proxy) must not lose what was typed (decision 143).
 * Without this, React Router hands the failed request to the error boundary, which replaces the
 * page, and with it the form. A route that shows forms exports
 * `export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);`
 * (so its answer is typed by the route's action): the request goes to the server as before;
 * when it fails on the way, the answer is a failure with `REQUEST_FAILED` and the form's intent
 * (toasted as 'Error' by `useFormOutcome`), the page and what was typed stay, and sending again
 * works once the server answers. The server's own answers (a success, a refusal, a redirect, an
 * error of the app) pass through unchanged.
 */
import { data, isRouteErrorResponse } from "react-router";

export const REQUEST_FAILED =
  "The server could not be reached. Please check your connection and try again: what you entered is still here.";

/** Statuses a proxy answers while the app behind it is down or restarting. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/** Whether the error says the request did not reach the app, or its answer did not arrive. */
export function isFailedRequest(error: unknown): boolean {
  // fetch() rejects with a TypeError when the network fails or the connection is refused.
  if (error instanceof TypeError) return true;
  // The connection dropped while the answer was arriving.
  if (error instanceof Error && error.message === "Unable to decode turbo-stream response") {
    return true;
  }
  // A proxy's own answer (the app's refusals arrive as data, with React Router's header).
  return isRouteErrorResponse(error) && UNREACHABLE_STATUSES.has(error.status);
}

/** What was typed (never a password or a file), for forms that read `values` back. */
function typedValues(form: FormData | null) {
  const values: Record<string, string> = {};
  for (const [name, value] of form?.entries() ?? []) {
    if (typeof value === "string" && !/password/i.test(name)) values[name] = value;
  }
  return values;
}

export async function keepInputOnFailedRequest<T>(
  {
    request,
    serverAction,
  }: {
    request: Request;
    serverAction: () => Promise<T>;
  },
  message = REQUEST_FAILED,
) {
  // Read before the request is sent: its body can be read once.
  const copy = request.clone();
  try {
    return await serverAction();
  } catch (error) {
    if (!isFailedRequest(error)) throw error;
    const form = await copy.formData().catch(() => null);
    const intent = form?.get("intent");
    // A 503: React Router then does not reload the page's data, which would fail the same way.
    return data(
      {
        ok: false as const,
        error: message,
        /** Said beside the form as well as in a toast (`useFormOutcome`). */
        unsent: true as const,
        values: typedValues(form),
        ...(typeof intent === "string" ? { intent } : {}),
      },
      { status: 503 },
    );
  }
}
