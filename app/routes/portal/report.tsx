import { data, Link } from "react-router";
import { ArrowLeft, Download } from "~/components/icons";
import { PeriodForm } from "~/components/portal/period-form";
import { ReportView } from "~/components/reports/report-view";
import { buttonVariants } from "~/components/ui/button";
import { formatDateTime } from "~/lib/dates";
import type { LiveHandle } from "~/lib/live-events";
import { portalMeta } from "~/lib/seo";
import { periodFromSearch } from "~/lib/validation/period";
import { periodSearch } from "~/lib/validation/period-values";
import { notFound } from "~/routes/refuse.server";
import { now } from "~/server/clock.server";
import { buildProjectReport } from "~/server/reports/reports.server";
import { PROJECT_NOT_FOUND } from "~/server/workspace/scope.server";
import type { Route } from "./+types/report";
import { requireUser } from "./context.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  portalMeta(loaderData?.report ? `Report: ${loaderData.report.project.title}` : "Report", matches);

export const handle: LiveHandle = { live: ["projects", "messages"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, scope } = await requireUser(request);
  const at = now();
  const { period, error } = periodFromSearch(new URL(request.url).searchParams, at);
  const report = await buildProjectReport(db, scope, params.id, period, at);
  if (!report) throw notFound(PROJECT_NOT_FOUND);
  return data({ report, periodError: error }, { status: error ? 400 : 200 });
}

export default function Report({ loaderData }: Route.ComponentProps) {
  const { report, periodError } = loaderData;
  const { project, period } = report;
  const search = periodSearch(period);
  return (
    <div className="max-w-4xl space-y-6">
      <Link
        to={`/portal/reports?${search}`}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline print:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden />
        All reports
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Report: {project.title}</h1>
          <p className="mt-1 text-muted-foreground">
            {project.clientName ? `${project.clientName} · ` : null}
            {period.label} · made on {formatDateTime(report.madeAt)}
          </p>
        </div>
        <a
          href={`/portal/reports/${project.id}/pdf?${search}`}
          download
          className={`${buttonVariants({ variant: "default" })} print:hidden`}
        >
          <Download className="size-4" aria-hidden />
          Download PDF
        </a>
      </div>
      <PeriodForm period={period} error={periodError} />
      <ReportView report={report} />
    </div>
  );
}
