import { periodFromSearch } from "~/lib/validation/period";
import { now } from "~/server/clock.server";
import { renderReportPdf } from "~/server/reports/report-pdf.server";
import { buildProjectReport, reportFileName } from "~/server/reports/reports.server";
import { PROJECT_NOT_FOUND } from "~/server/workspace/scope.server";
import { notFound } from "../refuse.server";
import type { Route } from "./+types/report-pdf";
import { requireUser } from "./context.server";
import { pdfDownload } from "./pdf-download.server";

/**
 * Reports → 'Download PDF': the report of a project the person may see, for the period in the
 * link, made now; 404 for any other id.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, scope } = await requireUser(request);
  const at = now();
  const { period, error } = periodFromSearch(new URL(request.url).searchParams, at);
  if (error) {
    return new Response(error, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const report = await buildProjectReport(db, scope, params.id, period, at);
  if (!report) throw notFound(PROJECT_NOT_FOUND);
  const pdf = await renderReportPdf(report);
  return pdfDownload(pdf, reportFileName(report));
}
