import { badRequest, forbidden, notFound } from "~/routes/refuse.server";
import { redirectWithToast } from "~/routes/toast.server";
import { CLIENT_NOT_FOUND, findClient } from "~/server/clients/clients.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/view-as";
import { requireUser } from "./context.server";
import { startViewingAs, stopViewingAs } from "./view-as.server";

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
    return redirectWithToast(
      back,
      { type: "success", title: "Back to your own view" },
      { "Set-Cookie": await stopViewingAs() },
    );
  }
  if (form.intent === "start") {
    const client = await findClient(ctx.db, form.clientId);
    if (!client) throw notFound(CLIENT_NOT_FOUND);
    return redirectWithToast(
      "/portal",
      { type: "success", title: `Viewing as ${client.name}` },
      { "Set-Cookie": await startViewingAs(client.id) },
    );
  }
  throw badRequest(UNKNOWN_ACTION);
}
