import type { Route } from "./+types/project-files-zip";
import { downloadAllFiles } from "./project-files.server";

/** 'Download all': the project's files as one zip (`?v=<versionId>` for chosen versions). */
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadAllFiles(request, params.id);
}
