/**
 * Reports: a project's report for a period, for anyone who may see the project (its client's
 * contacts, administrators). The same report feeds the page and the PDF. Progress over time
 * comes from the activity record ('project.created' / 'project.updated'), kept from the day the
 * workspace began; messages from the conversation about the project.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { capitalise } from "~/lib/names";
import {
  MESSAGE_LIST_LIMIT,
  type ProjectReport,
  type ReportChange,
  type ReportMessage,
} from "~/lib/reports";
import type { Period } from "~/lib/validation/period";
import type { Database } from "../db/client.server";
import { activity, clients, messages, profiles, projects } from "../db/schema.server";
import { activityAudienceWhere } from "../workspace/activity.server";
import { parseId, type Scope, scopeWhere } from "../workspace/scope.server";
import { reportApprovals, reportFiles, reportMilestones } from "./report-deliverables.server";

const HISTORY_KINDS = ["project.created", "project.updated"];
/** More changes than this in one period are summarised by their latest ones. */
const CHANGE_LIMIT = 500;

type Changes = Record<string, { from?: unknown; to?: unknown }>;

interface HistoryRow {
  kind: string;
  data: Record<string, unknown>;
  createdAt: Date;
  actor: string | null;
}

/** The progress a history row leaves the project at, if it says. */
function progressAfter(row: Pick<HistoryRow, "kind" | "data">): number | null {
  if (row.kind === "project.created") {
    const p = row.data.progress;
    return typeof p === "number" ? p : null;
  }
  const to = (row.data.changes as Changes | undefined)?.progress?.to;
  return typeof to === "number" ? to : null;
}

const FIELD_LABEL: Record<string, string> = {
  status: "Status",
  progress: "Progress",
  priority: "Priority",
  title: "Title",
};

function shown(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field === "progress") return `${value}%`;
  if (field === "status" || field === "priority") return capitalise(String(value));
  return String(value);
}

function changesOf(row: HistoryRow): ReportChange[] {
  const at = row.createdAt.toISOString();
  if (row.kind === "project.created") {
    const status = shown("status", row.data.status);
    const progress = shown("progress", row.data.progress);
    return [
      {
        at,
        actor: row.actor,
        what: "Project created",
        from: null,
        to: [status, progress].filter(Boolean).join(", ") || null,
      },
    ];
  }
  const changes = (row.data.changes ?? {}) as Changes;
  // In a fixed order: jsonb keeps its keys in its own.
  return Object.keys(FIELD_LABEL)
    .filter((field) => changes[field])
    .map((field) => ({
      at,
      actor: row.actor,
      what: FIELD_LABEL[field] as string,
      from: shown(field, changes[field]?.from),
      to: shown(field, changes[field]?.to),
    }));
}

/** The report of a project the scope may see, or null (unknown, malformed, another client's). */
export async function buildProjectReport(
  db: Database,
  scope: Scope,
  projectId: unknown,
  period: Period,
  now: Date,
): Promise<ProjectReport | null> {
  const id = parseId(projectId);
  if (!id) return null;
  const [project] = await db
    .select({
      id: projects.id,
      title: projects.title,
      clientName: clients.name,
      status: projects.status,
      priority: projects.priority,
      progress: projects.progress,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(and(eq(projects.id, id), scopeWhere(scope, projects.clientId)))
    .limit(1);
  if (!project) return null;

  const start = new Date(period.start);
  const end = new Date(period.end);
  const historyColumns = {
    kind: activity.kind,
    data: activity.data,
    createdAt: activity.createdAt,
    actor: profiles.fullName,
  };
  // The last recorded progress before the period, and the period's changes (index
  // activity_project_created_idx for both).
  const [before] = await db
    .select(historyColumns)
    .from(activity)
    .leftJoin(profiles, eq(profiles.id, activity.actorId))
    .where(
      and(
        eq(activity.projectId, id),
        activityAudienceWhere(scope),
        lt(activity.createdAt, start),
        sql`(${activity.kind} = 'project.created' or ${activity.data}->'changes' ? 'progress')`,
      ),
    )
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(1);
  const during = (await db
    .select(historyColumns)
    .from(activity)
    .leftJoin(profiles, eq(profiles.id, activity.actorId))
    .where(
      and(
        eq(activity.projectId, id),
        activityAudienceWhere(scope),
        inArray(activity.kind, HISTORY_KINDS),
        gte(activity.createdAt, start),
        lt(activity.createdAt, end),
      ),
    )
    .orderBy(asc(activity.createdAt), asc(activity.id))
    .limit(CHANGE_LIMIT)) as HistoryRow[];

  // Where the line starts: the last value recorded before the period; or, for a project not
  // changed since before the period, its progress now. Otherwise it starts at the first change.
  let startValue = before ? progressAfter(before as HistoryRow) : null;
  if (startValue === null && project.updatedAt < start) startValue = project.progress;
  const progressSteps: ProjectReport["progressSteps"] = [];
  if (startValue !== null && project.createdAt < end) {
    const from = project.createdAt > start ? project.createdAt : start;
    progressSteps.push({ at: from.toISOString(), value: startValue });
  }
  for (const row of during) {
    const value = progressAfter(row);
    if (value !== null) progressSteps.push({ at: row.createdAt.toISOString(), value });
  }

  const inPeriod = and(
    eq(messages.projectId, id),
    scopeWhere(scope, messages.clientId),
    gte(messages.createdAt, start),
    lt(messages.createdAt, end),
  );
  const sides = await db
    .select({ fromAgency: messages.fromAgency, n: count() })
    .from(messages)
    .where(inPeriod)
    .groupBy(messages.fromAgency);
  const latest = await db
    .select({
      at: messages.createdAt,
      fromAgency: messages.fromAgency,
      sender: profiles.fullName,
      subject: messages.subject,
    })
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(inPeriod)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_LIST_LIMIT);

  return {
    project: {
      id: project.id,
      title: project.title,
      clientName: project.clientName,
      status: project.status,
      priority: project.priority,
      progress: project.progress,
      createdAt: project.createdAt.toISOString(),
    },
    period,
    madeAt: now.toISOString(),
    progressSteps,
    changes: during.flatMap(changesOf),
    milestones: await reportMilestones(db, id, period),
    approvals: await reportApprovals(db, id, period),
    files: await reportFiles(db, id, period, { internal: scope.kind !== "client" }),
    messages: {
      fromClient: sides.find((s) => !s.fromAgency)?.n ?? 0,
      fromAgency: sides.find((s) => s.fromAgency)?.n ?? 0,
      latest: latest.map(
        (m): ReportMessage => ({
          at: m.at.toISOString(),
          fromAgency: m.fromAgency,
          sender: m.sender,
          subject: m.subject,
        }),
      ),
    },
  };
}

/** "report-whatsapp-ordering-bot-2026-02-17-to-2026-03-18.pdf" */
export function reportFileName(report: ProjectReport) {
  const slug =
    report.project.title
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "project";
  return `report-${slug}-${report.period.from}-to-${report.period.to}.pdf`;
}
