import { now } from "~/server/clock.server";
import { env } from "~/server/env.server";
import { collectPersonalData, personalDataZip } from "~/server/privacy/privacy-export.server";
import { notFound } from "../refuse.server";
import type { Route } from "./+types/my-data";
import { requireUser } from "./context.server";

/** Settings → 'Download my data': the signed-in person's own data, as a zip made now. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, user } = await requireUser(request);
  const at = now();
  const personal = await collectPersonalData(db, user.id, at);
  if (!personal) throw notFound("Account not found");
  const zip = personalDataZip(personal, { baseUrl: env().BASE_URL });
  const name = `my-data-${at.toISOString().slice(0, 10)}.zip`;
  return new Response(new Blob([zip as Uint8Array<ArrayBuffer>]), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(zip.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
