/**
 * The one way to refuse a request: throw one of these from a loader, an action or a guard.
 * React Router answers with the status, and the nearest error boundary (`RouteError`, in the
 * portal inside the portal's shell) shows the message.
 *
 *   if (!lead) throw notFound("Lead not found");
 */
import { data } from "react-router";
import { NO_PERMISSION } from "~/lib/portal-text";

/** The body of every refusal: the text the error boundary shows. */
export interface Refusal {
  message: string;
}

function refuse(status: number, message: string) {
  return data<Refusal>({ message }, { status });
}

export const badRequest = (message: string) => refuse(400, message);
export const forbidden = (message: string = NO_PERMISSION) => refuse(403, message);
export const notFound = (message: string) => refuse(404, message);
