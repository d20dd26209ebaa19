import { downloadMyData } from "~/server/privacy/privacy-forms.server";
import type { Route } from "./+types/my-data";
import { requireUser } from "./context.server";

/** Settings → 'Download my data': the signed-in person's own data, as a zip made now. */
export async function loader({ request }: Route.LoaderArgs) {
  return downloadMyData(await requireUser(request));
}
