import type { Route } from "./+types/project-file-preview";
import { filePreview } from "./project-files.server";

/** A version's preview image (decision 093): images and a PDF's first page, never an SVG. */
export function loader({ request, params }: Route.LoaderArgs) {
  return filePreview(request, params.id, params.versionId);
}
