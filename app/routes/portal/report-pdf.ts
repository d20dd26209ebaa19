import { now } from "~/server/clock.server";
import { reportPdfResponse } from "~/server/reports/report-download.server";
import type { Route } from "./+types/report-pdf";
import { requireUser } from "./context.server";

/** Reports → 'Download PDF': the project's report for the period in the link, made now. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireUser(request);
  return reportPdfResponse(ctx, params.id, new URL(request.url).searchParams, now());
}
