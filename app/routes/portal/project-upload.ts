import type { Route } from "./+types/project-upload";
import { withEventOrigin } from "./context.server";
import { changeResumableUpload, resumableUploadOffset } from "./project-uploads.server";

/** One resumable upload (decision 092): HEAD says its offset (a GET gets nothing more). */
export function loader({ request, params }: Route.LoaderArgs) {
  return resumableUploadOffset(request, { projectId: params.id }, params.uploadId);
}

/** PATCH appends bytes at Upload-Offset; DELETE cancels it. */
export function action({ request, params }: Route.ActionArgs) {
  return withEventOrigin(request, () =>
    changeResumableUpload(request, { projectId: params.id }, params.uploadId),
  );
}
