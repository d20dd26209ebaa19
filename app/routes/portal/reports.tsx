import { data, Link } from "react-router";
import { StatusBadge } from "~/components/portal/badges";
import { PeriodForm } from "~/components/portal/period-form";
import { Card } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { LoadMore } from "~/components/ui/load-more";
import type { LiveHandle } from "~/lib/live-events";
import { decodeCursor } from "~/lib/pagination";
import { portalMeta } from "~/lib/seo";
import { periodFromSearch } from "~/lib/validation/period";
import { periodSearch } from "~/lib/validation/period-values";
import { now } from "~/server/clock.server";
import { listProjects } from "~/server/projects/projects.server";
import { seesAllClients } from "~/server/workspace/scope.server";
import type { Route } from "./+types/reports";
import { requireUser } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Reports", matches);

export const handle: LiveHandle = { live: ["projects"] };

export async function loader({ request }: Route.LoaderArgs) {
  const { db, scope } = await requireUser(request);
  const url = new URL(request.url);
  const { period, error } = periodFromSearch(url.searchParams, now());
  const page = await listProjects(db, scope, {
    cursor: decodeCursor(url.searchParams.get("cursor")),
  });
  return data(
    {
      period,
      periodError: error,
      showClient: seesAllClients(scope),
      next: page.next,
      projects: page.rows.map((p) => ({
        id: p.id,
        title: p.title,
        clientName: p.clientName,
        status: p.status,
        progress: p.progress,
      })),
    },
    { status: error ? 400 : 200 },
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { period, periodError, projects, next, showClient } = loaderData;
  const search = periodSearch(period);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Reports</h1>
        <p className="mt-1 text-muted-foreground">
          A report for each project: status, progress over time, milestones, approvals, files and
          messages for the period you choose, to read here, print or download as a PDF.
        </p>
      </div>
      <PeriodForm period={period} error={periodError} />
      {projects.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="text-muted-foreground">
            No projects yet. A report appears here for each project as soon as it is created in
            Projects.
          </p>
        </Card>
      ) : (
        <DataTable
          caption="Project reports, newest project first"
          columns={[
            { label: "Project" },
            showClient && { label: "Client" },
            { label: "Status" },
            { label: "Progress", className: "text-right" },
          ]}
        >
          {projects.map((p) => (
            <tr key={p.id} className="border-t">
              <th scope="row" className="px-4 py-3 font-normal">
                <Link
                  to={`/portal/reports/${p.id}?${search}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {p.title}
                  <span className="sr-only"> report</span>
                </Link>
              </th>
              {showClient ? <td className="px-4 py-3">{p.clientName}</td> : null}
              <td className="px-4 py-3">
                <StatusBadge status={p.status} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{p.progress}%</td>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore next={next} />
    </div>
  );
}
