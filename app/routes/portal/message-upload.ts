import type { Route } from "./+types/message-upload";
import { withEventOrigin } from "./context.server";
import { changeResumableUpload, resumableUploadOffset } from "./project-uploads.server";

/** One attachment's resumable upload (decision 133): HEAD says its offset. */
export function loader({ request, params }: Route.LoaderArgs) {
  return resumableUploadOffset(request, "attachment", params.uploadId);
}

/** PATCH appends bytes at Upload-Offset; DELETE cancels it. */
export function action({ request, params }: Route.ActionArgs) {
  return withEventOrigin(request, () =>
    changeResumableUpload(request, "attachment", params.uploadId),
  );
}
