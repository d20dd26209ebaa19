import type { Route } from "./+types/message-uploads";
import { withEventOrigin } from "./context.server";
import { createResumableUpload, tusCapabilities } from "./project-uploads.server";

/** A message's attachments uploaded before it is sent (decision 133, tus): POST creates one. */
export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: tusCapabilities() });
  return withEventOrigin(request, () => createResumableUpload(request, "attachment"));
}

/** What the endpoint supports (the tus discovery headers); no page. */
export function loader() {
  return new Response(null, { status: 204, headers: tusCapabilities() });
}
