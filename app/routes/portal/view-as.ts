import { badRequest, forbidden, notFound } from "~/routes/refuse.server";
import { redirectWithToast } from "~/routes/toast.server";
import { CLIENT_NOT_FOUND, findClient } from "~/server/clients/clients.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/view-as";
import { requireUser } from "./context.server";
import { CLEAR_OLD_VIEW_AS, startViewingAs, stopViewingAs } from "./view-as.server";

/** Nothing to show here: the page is the portal itself, seen as the client. */
export async function loader() {
  throw notFound("Page not found");
}

/**
 * 'View as client' (intent=start, clientId) and the banner's way back (intent=stop), for
 * administrators only. Decision 018.
 */
export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireUser(request);
  if (!ctx.isAdmin) throw forbidden();
  const form = await readForm(request);
  if (form.intent === "stop") {
    const back = ctx.viewingAs ? `/portal/clients/${ctx.viewingAs.clientId}` : "/portal/clients";
    const headers = new Headers({ "Set-Cookie": await stopViewingAs() });
    headers.append("Set-Cookie", CLEAR_OLD_VIEW_AS);
    return redirectWithToast(back, { type: "success", title: "Back to your own view" }, headers);
  }
  if (form.intent === "start") {
    const client = await findClient(ctx.db, form.clientId);
    if (!client) throw notFound(CLIENT_NOT_FOUND);
    const headers = new Headers({ "Set-Cookie": await startViewingAs(client.id) });
    headers.append("Set-Cookie", CLEAR_OLD_VIEW_AS);
    return redirectWithToast(
      "/portal",
      { type: "success", title: `Viewing as ${client.name}` },
      headers,
    );
  }
  throw badRequest(UNKNOWN_ACTION);
}
