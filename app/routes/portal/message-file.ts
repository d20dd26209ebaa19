import type { Route } from "./+types/message-file";
import { downloadAttachment } from "./message-files.server";

/** A message's attachment, always as a download, for those who may read its conversation. */
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadAttachment(request, params.versionId);
}
