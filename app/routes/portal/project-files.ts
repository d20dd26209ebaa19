import { redirect } from "react-router";
import { uploadFiles } from "~/server/deliverables/file-requests.server";
import { withEventOrigin } from "~/server/portal/events.server";
import type { Route } from "./+types/project-files";

/**
 * A project's files endpoint: uploads are posted here (server.ts streams the body), and a GET
 * goes to the project's page.
 */
export function action({ request, params }: Route.ActionArgs) {
  return withEventOrigin(request, () => uploadFiles(request, params.id));
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/portal/projects/${encodeURIComponent(params.id)}`);
}
