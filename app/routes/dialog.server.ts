/**
 * A dialog's form posted from the page that shows it in place (`?dialog=…`, decision 142):
 * once it succeeds, the person goes back to the page without the dialog, and the next page
 * says what happened (the toast cookie: a toast with JavaScript, `<CookieToastText>` without).
 * A refusal stays on the dialog's page, with the message beside its field and what was typed.
 */
import { DIALOG_PARAM, withoutDialog } from "~/lib/dialog-params";
import { redirectWithToast } from "./toast.server";

function successText(result: unknown): string | null {
  // `succeeded(…)` is React Router's `data(…)`: the answer is in its `data`.
  const value =
    result &&
    typeof result === "object" &&
    "type" in result &&
    result.type === "DataWithResponseInit"
      ? (result as { data?: unknown }).data
      : result;
  if (!value || typeof value !== "object" || !("ok" in value) || value.ok !== true) return null;
  return "success" in value && typeof value.success === "string" ? value.success : null;
}

/** The action's answer, or, for a dialog's form posted from its own page, a redirect. */
export async function closeDialogOnSuccess<T>(request: Request, result: T): Promise<T | Response> {
  const url = new URL(request.url);
  if (!url.searchParams.has(DIALOG_PARAM)) return result;
  const text = successText(result);
  if (text === null) return result;
  // Hydrated, the form posts through React Router: `/portal/team.data?…&_routes=…` is the
  // request for the page `/portal/team`, and the person goes back to the page, not its data.
  const page = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return redirectWithToast(withoutDialog(page, url.searchParams), {
    type: "success",
    title: "Success",
    description: text,
  });
}
