import type { Route } from "./+types/project-uploads";
import { withEventOrigin } from "./context.server";
import { createResumableUpload, tusCapabilities } from "./project-uploads.server";

/** A project's resumable uploads (decision 092): POST creates one. */
export function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: tusCapabilities() });
  return withEventOrigin(request, () => createResumableUpload(request, { projectId: params.id }));
}

/** What the endpoint supports (the tus discovery headers); no page. */
export function loader() {
  return new Response(null, { status: 204, headers: tusCapabilities() });
}
