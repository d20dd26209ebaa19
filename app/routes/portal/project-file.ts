import type { Route } from "./+types/project-file";
import { downloadFile } from "./project-files.server";

/** One version of a project's file, always as a download (decision 018). */
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadFile(request, params.id, params.versionId);
}
