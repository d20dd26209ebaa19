import { DataTable } from "~/components/charts/chart-figure";
import { StepChart } from "~/components/charts/step-chart";
import { PriorityBadge, StatusBadge } from "~/components/portal/badges";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { site } from "~/content/site";
import type { FigureTable } from "~/lib/analytics";
import { formatDate, formatDateTime } from "~/lib/dates";
import { capitalise } from "~/lib/names";
import { formatBytes, type ProjectReport, type Section } from "~/lib/reports";

function ReportSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="break-inside-avoid" role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle as="h2" size="lg" id={id}>
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{children}</p>
  );
}

function SectionTable<T>({
  section,
  empty,
  table,
}: {
  section: Section<T>;
  empty: string;
  table: (items: T[]) => FigureTable;
}) {
  if (!section.available) return <Empty>{section.reason}</Empty>;
  if (section.items.length === 0) return <Empty>{empty}</Empty>;
  return <DataTable table={table(section.items)} />;
}

/** A project's report for a period: what the PDF prints too. */
export function ReportView({ report }: { report: ProjectReport }) {
  const { project, period, changes, messages } = report;
  const total = messages.fromClient + messages.fromAgency;
  return (
    <div className="space-y-6">
      <ReportSection id="report-status" title="Status">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-muted-foreground">Status</dt>
          <dd>
            <StatusBadge status={project.status} />
          </dd>
          <dt className="font-medium text-muted-foreground">Progress</dt>
          <dd>{project.progress}%</dd>
          <dt className="font-medium text-muted-foreground">Priority</dt>
          <dd>
            <PriorityBadge priority={project.priority} />
          </dd>
          <dt className="font-medium text-muted-foreground">Started</dt>
          <dd>{formatDate(project.createdAt)}</dd>
        </dl>
      </ReportSection>

      <ReportSection
        id="report-progress"
        title="Progress over time"
        description="Progress and status changes in the period, as they were recorded."
      >
        {report.progressSteps.length > 0 ? (
          <StepChart
            label={`Progress of ${project.title}`}
            steps={report.progressSteps}
            start={period.start}
            // biome-ignore lint/complexity/useMathMinMax: ISO timestamps (strings), the earlier of the two
            end={report.madeAt < period.end ? report.madeAt : period.end}
            axis={[formatDate(period.from), formatDate(period.to)]}
          />
        ) : (
          <Empty>
            No progress was recorded for this project in this period. Each change of progress or
            status is recorded from now on and drawn here.
          </Empty>
        )}
        {changes.length > 0 ? (
          <DataTable
            table={{
              id: "changes",
              title: "Changes in the period",
              columns: ["When", "Change", "From", "To", "By"],
              rows: changes.map((c) => [formatDateTime(c.at), c.what, c.from, c.to, c.actor]),
            }}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            No status or progress changes in this period.
          </p>
        )}
      </ReportSection>

      <ReportSection id="report-milestones" title="Milestones">
        <SectionTable
          section={report.milestones}
          empty="The project had no milestones by the end of this period."
          table={(items) => ({
            id: "milestones",
            title: "Milestones",
            columns: ["Milestone", "Due", "Status", "Done"],
            rows: items.map((m) => [
              m.title,
              m.dueDate ? formatDate(m.dueDate) : null,
              capitalise(m.status),
              m.completedAt ? formatDate(m.completedAt) : null,
            ]),
          })}
        />
      </ReportSection>

      <ReportSection id="report-approvals" title="Approvals">
        <SectionTable
          section={report.approvals}
          empty="No approvals were given in this period."
          table={(items) => ({
            id: "approvals",
            title: "Approvals",
            columns: ["When", "Item", "Answer", "By"],
            rows: items.map((a) => [
              formatDateTime(a.at),
              a.item,
              a.comment ? `${a.decision}: ${a.comment}` : a.decision,
              a.by,
            ]),
          })}
        />
      </ReportSection>

      <ReportSection id="report-files" title="Files delivered">
        <SectionTable
          section={report.files}
          empty="No files were delivered in this period."
          table={(items) => ({
            id: "files",
            title: "Files delivered",
            columns: ["File", "Version", "Size", "By", "When"],
            rows: items.map((f) => [
              f.name,
              f.version,
              formatBytes(f.size),
              f.by,
              formatDateTime(f.at),
            ]),
          })}
        />
      </ReportSection>

      <ReportSection
        id="report-messages"
        title="Messages"
        description="Messages about this project in the period."
      >
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-muted-foreground">From the client</dt>
          <dd className="tabular-nums">{messages.fromClient}</dd>
          <dt className="font-medium text-muted-foreground">From {site.name}</dt>
          <dd className="tabular-nums">{messages.fromAgency}</dd>
        </dl>
        {messages.latest.length > 0 ? (
          <>
            <DataTable
              table={{
                id: "messages",
                title: "Messages about this project",
                columns: ["When", "From", "Subject"],
                rows: messages.latest.map((m) => [
                  formatDateTime(m.at),
                  m.sender ?? (m.fromAgency ? site.name : "Client"),
                  m.subject,
                ]),
              }}
            />
            {total > messages.latest.length ? (
              <p className="text-sm text-muted-foreground">
                The latest {messages.latest.length} of {total} messages are listed.
              </p>
            ) : null}
          </>
        ) : (
          <Empty>
            No messages about this project in this period. Messages sent about the project (New
            Message, choosing this project) are counted here.
          </Empty>
        )}
      </ReportSection>
    </div>
  );
}
