import { periodFromSearch } from "~/lib/validation/period";
import type { PortalContext } from "~/routes/portal/context.server";
import { notFound } from "~/routes/refuse.server";
import { PROJECT_NOT_FOUND } from "../workspace/scope.server";
import { renderReportPdf } from "./report-pdf.server";
import { buildProjectReport, reportFileName } from "./reports.server";

/** The report of a project the person may see as a PDF download; 404 for any other id. */
export async function reportPdfResponse(
  ctx: PortalContext,
  projectId: string | undefined,
  search: URLSearchParams,
  now: Date,
): Promise<Response> {
  const { period, error } = periodFromSearch(search, now);
  if (error) {
    return new Response(error, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const report = await buildProjectReport(ctx.db, ctx.scope, projectId, period, now);
  if (!report) throw notFound(PROJECT_NOT_FOUND);
  const pdf = await renderReportPdf(report);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${reportFileName(report)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
