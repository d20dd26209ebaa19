import { redirect } from "react-router";
import type { Route } from "./+types/project-files";
import { withEventOrigin } from "./context.server";
import { uploadFiles } from "./project-files.server";

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
