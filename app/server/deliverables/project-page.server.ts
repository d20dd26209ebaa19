/**
 * The project page (/portal/projects/:id): what its loader shows, and what its forms do. Every
 * read and write starts from `requireProject` with the person's scope, and every id a form sends
 * (file, version, milestone, review) is looked up inside that project.
 */
import { eq } from "drizzle-orm";
import { failed, succeeded } from "~/lib/action-result";
import { todayInSouthAfrica } from "~/lib/dates";
import { MB } from "~/lib/files";
import { decodeCursor } from "~/lib/pagination";
import { NO_PERMISSION } from "~/lib/portal-text";
import { milestoneSchema, reviewAnswerSchema } from "~/lib/validation/deliverables";
import { idSchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { assertCanWrite, type PortalContext } from "~/routes/portal/context.server";
import type { Database } from "../db/client.server";
import { clients, projects } from "../db/schema.server";
import { env } from "../env.server";
import { requireProject, type Scope } from "../workspace/scope.server";
import { latestActivity, projectActivity } from "./activity-feed.server";
import { deleteFile, FILE_NOT_FOUND, listFiles } from "./files.server";
import {
  createMilestone,
  deleteMilestone,
  listMilestones,
  MILESTONE_NOT_FOUND,
  moveMilestone,
  setProgressFromMilestones,
  updateMilestone,
} from "./milestones.server";
import {
  answerReview,
  listReviews,
  pendingReviews,
  REVIEW_NOT_FOUND,
  requestFileReview,
  requestMilestoneReview,
} from "./reviews.server";

export async function loadProjectPage(
  ctx: PortalContext,
  projectId: string | undefined,
  cursor: string | null,
) {
  const { db } = ctx;
  const ref = await requireProject(db, ctx.scope, projectId);
  const [details] = await db
    .select({
      id: projects.id,
      title: projects.title,
      description: projects.description,
      status: projects.status,
      priority: projects.priority,
      progress: projects.progress,
      progressFromMilestones: projects.progressFromMilestones,
      createdAt: projects.createdAt,
      clientName: clients.name,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(projects.id, ref.id));
  const files = await listFiles(db, ref.id);
  const milestones = await listMilestones(db, ref.id);
  const reviews = await listReviews(db, ref.id);
  const activity = await projectActivity(db, ref.id, decodeCursor(cursor));
  return {
    project: details as NonNullable<typeof details>,
    files,
    milestones,
    reviews,
    activity,
    // Staff features show for the whole-agency scope: viewing as a client shows what its
    // contacts see (and writes nothing).
    viewer: { id: ctx.user.id, isAdmin: ctx.scope.kind === "all", readOnly: ctx.readOnly },
    maxUploadBytes: env().MAX_UPLOAD_MB * MB,
    today: todayInSouthAfrica(),
  };
}

/**
 * The dashboard's deliverables: reviews waiting for an answer and the latest activity, across
 * everything the person can see.
 */
export async function dashboardDeliverables(db: Database, scope: Scope) {
  return { pending: await pendingReviews(db, scope), activity: await latestActivity(db, scope) };
}

type Form = Record<string, string | undefined>;

/** The project page's forms, by `intent`. Administrators manage; contacts answer reviews. */
export async function projectPageAction(
  ctx: PortalContext,
  projectId: string | undefined,
  form: Form,
) {
  assertCanWrite(ctx);
  const { db } = ctx;
  const project = await requireProject(db, ctx.scope, projectId);
  const intent = form.intent ?? "";
  const fail = (status: number, message: string, field?: string) =>
    failed(status, message, { intent, ...(field ? { field } : {}) });
  const done = (text: string) => succeeded(text, { intent });
  const idOf = (value: string | undefined) => {
    const id = idSchema.safeParse(value);
    return id.success ? id.data : null;
  };
  const adminOnly = ["create-milestone", "update-milestone", "delete-milestone", "move-milestone"];
  if ([...adminOnly, "progress-source", "review-file", "review-milestone"].includes(intent)) {
    if (!ctx.isAdmin) return fail(403, NO_PERMISSION);
  }

  switch (intent) {
    case "create-milestone":
    case "update-milestone": {
      const parsed = milestoneSchema.safeParse(form);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        return fail(400, issue.message, issue.field);
      }
      if (intent === "create-milestone") {
        await createMilestone(db, project, ctx.user.id, parsed.data);
        return done("Milestone added");
      }
      const id = idOf(form.milestoneId);
      if (!id) return fail(404, MILESTONE_NOT_FOUND);
      const updated = await updateMilestone(db, project, ctx.user.id, id, parsed.data);
      return updated.ok ? done("Milestone updated") : fail(updated.status, updated.message);
    }
    case "delete-milestone": {
      const id = idOf(form.milestoneId);
      if (!id) return fail(404, MILESTONE_NOT_FOUND);
      const deleted = await deleteMilestone(db, project, ctx.user.id, id);
      return deleted.ok ? done("Milestone deleted") : fail(deleted.status, deleted.message);
    }
    case "move-milestone": {
      const id = idOf(form.milestoneId);
      if (!id) return fail(404, MILESTONE_NOT_FOUND);
      if (form.direction !== "up" && form.direction !== "down")
        return fail(400, "Move a milestone up or down");
      const moved = await moveMilestone(db, project, ctx.user.id, id, form.direction);
      return moved.ok ? done("Milestone moved") : fail(moved.status, moved.message);
    }
    case "progress-source": {
      if (form.on !== "true" && form.on !== "false") return fail(400, "Turn it on or off");
      const on = form.on === "true";
      const set = await setProgressFromMilestones(db, project, ctx.user.id, on);
      if (!set.ok) return fail(set.status, set.message);
      return done(
        on
          ? `Progress now comes from the milestones (${set.progress}%)`
          : "Progress is set by hand again",
      );
    }
    case "review-file": {
      const id = idOf(form.versionId);
      if (!id) return fail(404, FILE_NOT_FOUND);
      const marked = await requestFileReview(db, project, ctx.user.id, id);
      return marked.ok ? done("Marked ready for review") : fail(marked.status, marked.message);
    }
    case "review-milestone": {
      const id = idOf(form.milestoneId);
      if (!id) return fail(404, MILESTONE_NOT_FOUND);
      const marked = await requestMilestoneReview(db, project, ctx.user.id, id);
      return marked.ok ? done("Marked ready for review") : fail(marked.status, marked.message);
    }
    case "answer": {
      if (ctx.isAdmin) return fail(403, "Only the client's contacts answer a review.");
      const id = idOf(form.reviewId);
      if (!id) return fail(404, REVIEW_NOT_FOUND);
      const parsed = reviewAnswerSchema.safeParse(form);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        return fail(400, issue.message, issue.field);
      }
      const name = ctx.user.fullName?.trim() || ctx.user.email;
      const answered = await answerReview(db, project, { id: ctx.user.id, name }, id, parsed.data);
      if (!answered.ok) return fail(answered.status, answered.message);
      return done(parsed.data.decision === "approved" ? "Approved" : "Changes requested");
    }
    case "delete-file": {
      const id = idOf(form.fileId);
      if (!id) return fail(404, FILE_NOT_FOUND);
      const deleted = await deleteFile(db, project, { id: ctx.user.id, isAdmin: ctx.isAdmin }, id);
      return deleted.ok ? done(`Deleted ${deleted.name}`) : fail(deleted.status, deleted.message);
    }
    default:
      return fail(400, "Unknown action");
  }
}
