/**
 * The project page (/portal/projects/:id): what its loader shows, and what its forms do. Every
 * read and write starts from `requireProject` with the person's scope, and every id a form sends
 * (file, version, milestone, review) is looked up inside that project.
 */

import { failed, succeeded } from "~/lib/action-result";
import { todayInSouthAfrica } from "~/lib/dates";
import { requestedDialog } from "~/lib/dialog-params";
import { MB } from "~/lib/files";
import { decodeCursor } from "~/lib/pagination";
import { NO_PERMISSION } from "~/lib/portal-text";
import { milestoneSchema, reviewAnswerSchema } from "~/lib/validation/deliverables";
import { firstIssue } from "~/lib/validation/zod";
import { projectActivity } from "~/server/deliverables/activity-feed.server";
import { deleteFile, FILE_NOT_FOUND, listFiles } from "~/server/deliverables/files.server";
import {
  createMilestone,
  deleteMilestone,
  listMilestones,
  MILESTONE_NOT_FOUND,
  moveMilestone,
  setProgressFromMilestones,
  updateMilestone,
} from "~/server/deliverables/milestones.server";
import {
  answerReview,
  listReviews,
  REVIEW_NOT_FOUND,
  requestFileReview,
  requestMilestoneReview,
} from "~/server/deliverables/reviews.server";
import { env } from "~/server/env.server";
import { listNotes } from "~/server/notes/notes.server";
import {
  DELIVERY_STATUS_TEXT,
  whatsappDeliveriesOfReviews,
  whatsappEnabled,
} from "~/server/notifications/whatsapp.server";
import { getProjectDetails, takeOnProject } from "~/server/projects/projects.server";
import { mayDeleteFile, sideOf } from "~/server/workspace/permissions.server";
import { parseId, seesAllClients } from "~/server/workspace/scope.server";
import { type Form, typedValues, UNKNOWN_ACTION } from "../form.server";
import { notFound } from "../refuse.server";
import { assertCanWrite, type PortalContext, requireProject } from "./context.server";
import { noteAction } from "./note-action.server";

/** The agency sees how far each review's WhatsApp messages got (decision 078). */
async function withWhatsAppDeliveries<T extends { id: string }>(
  db: PortalContext["db"],
  ctx: PortalContext,
  reviews: T[],
) {
  if (!seesAllClients(ctx.scope) || !whatsappEnabled()) return reviews;
  const deliveries = await whatsappDeliveriesOfReviews(
    db,
    reviews.map((r) => r.id),
  );
  return reviews.map((r) => ({
    ...r,
    whatsapp: deliveries
      .filter((d) => d.reviewId === r.id)
      .map((d) => ({ id: d.id, name: d.name, status: DELIVERY_STATUS_TEXT[d.status], at: d.at })),
  }));
}

/** The dialogs about one milestone that the address may ask for (`?dialog=…&item=<id>`). */
const MILESTONE_DIALOGS = new Set(["edit-milestone", "delete-milestone"]);

export async function loadProjectPage(
  ctx: PortalContext,
  projectId: string | undefined,
  search: URLSearchParams,
) {
  const cursor = search.get("cursor");
  const { db } = ctx;
  const ref = await requireProject(ctx, projectId);
  const details = await getProjectDetails(db, ref.id);
  const actor = { id: ctx.user.id, side: sideOf(ctx.scope) };
  // Each file says whether this person may delete it (the one rule, decision 051).
  const files = (await listFiles(db, ref.id, actor.side)).map((file) => ({
    ...file,
    deletable: mayDeleteFile(actor, {
      side: file.side,
      uploaders: file.versions.map((v) => v.uploadedBy),
    }),
  }));
  const milestones = await listMilestones(db, ref.id);
  const reviews = await withWhatsAppDeliveries(db, ctx, await listReviews(db, ref.id));
  const activity = await projectActivity(db, ctx.scope, ref.id, decodeCursor(cursor));
  // The agency's notes to itself: never loaded for a contact, nor while viewing as one (066).
  const notes = actor.side === "agency" ? await listNotes(db, { projectId: ref.id }) : null;
  // A dialog the address asks for about a milestone or a file that is not this project's (or
  // gone): said plainly, never an empty page (the page holds every milestone and file).
  const asked = requestedDialog(search);
  if (asked?.item && MILESTONE_DIALOGS.has(asked.name)) {
    if (!milestones.some((m) => m.id === asked.item)) throw notFound(MILESTONE_NOT_FOUND);
  }
  if (asked?.item && asked.name === "delete-file" && !files.some((f) => f.id === asked.item)) {
    throw notFound(FILE_NOT_FOUND);
  }
  return {
    project: details as NonNullable<typeof details>,
    files,
    milestones,
    reviews,
    activity,
    notes,
    // Staff features show for the whole-agency scope: viewing as a client shows what its
    // contacts see (and writes nothing).
    viewer: { id: ctx.user.id, isAdmin: seesAllClients(ctx.scope), readOnly: ctx.readOnly },
    maxUploadBytes: env().MAX_UPLOAD_MB * MB,
    today: todayInSouthAfrica(),
  };
}

/** The project page's forms, by `intent`. The agency's staff manage; contacts answer reviews. */
export async function projectPageAction(
  ctx: PortalContext,
  projectId: string | undefined,
  form: Form,
) {
  assertCanWrite(ctx);
  const { db } = ctx;
  const project = await requireProject(ctx, projectId);
  const intent = form.intent ?? "";
  if (intent === "add-note") {
    if (!ctx.isStaff) return failed(403, NO_PERMISSION, { intent });
    return noteAction(ctx, form, { projectId: project.id });
  }
  const adminOnly = ["create-milestone", "update-milestone", "delete-milestone", "move-milestone"];
  if ([...adminOnly, "progress-source", "review-file", "review-milestone"].includes(intent)) {
    if (!ctx.isStaff) return failed(403, NO_PERMISSION, { intent });
  }

  switch (intent) {
    case "create-milestone":
    case "update-milestone": {
      const parsed = milestoneSchema.safeParse(form);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        return failed(400, issue.message, {
          intent,
          field: issue.field,
          values: typedValues(form),
        });
      }
      if (intent === "create-milestone") {
        await createMilestone(db, project, ctx.user.id, parsed.data);
        return succeeded("Milestone added", { intent });
      }
      const id = parseId(form.milestoneId);
      if (!id) return failed(404, MILESTONE_NOT_FOUND, { intent });
      const updated = await updateMilestone(db, project, ctx.user.id, id, parsed.data);
      return updated.ok
        ? succeeded("Milestone updated", { intent })
        : failed(updated.status, updated.message, { intent });
    }
    case "delete-milestone": {
      const id = parseId(form.milestoneId);
      if (!id) return failed(404, MILESTONE_NOT_FOUND, { intent });
      const deleted = await deleteMilestone(db, project, ctx.user.id, id);
      return deleted.ok
        ? succeeded("Milestone deleted", { intent })
        : failed(deleted.status, deleted.message, { intent });
    }
    case "move-milestone": {
      const id = parseId(form.milestoneId);
      if (!id) return failed(404, MILESTONE_NOT_FOUND, { intent });
      if (form.direction !== "up" && form.direction !== "down")
        return failed(400, "Move a milestone up or down", { intent });
      const moved = await moveMilestone(db, project, ctx.user.id, id, form.direction);
      return moved.ok
        ? succeeded("Milestone moved", { intent })
        : failed(moved.status, moved.message, { intent });
    }
    case "progress-source": {
      if (form.on !== "true" && form.on !== "false")
        return failed(400, "Turn it on or off", { intent });
      const on = form.on === "true";
      const set = await setProgressFromMilestones(db, project, ctx.user.id, on);
      if (!set.ok) return failed(set.status, set.message, { intent });
      return succeeded(
        on
          ? `Progress now comes from the milestones (${set.progress}%)`
          : "Progress is set by hand again",
        { intent },
      );
    }
    case "review-file": {
      const id = parseId(form.versionId);
      if (!id) return failed(404, FILE_NOT_FOUND, { intent });
      const marked = await requestFileReview(db, project, ctx.user.id, id);
      return marked.ok
        ? succeeded("Marked ready for review", { intent })
        : failed(marked.status, marked.message, { intent });
    }
    case "review-milestone": {
      const id = parseId(form.milestoneId);
      if (!id) return failed(404, MILESTONE_NOT_FOUND, { intent });
      const marked = await requestMilestoneReview(db, project, ctx.user.id, id);
      return marked.ok
        ? succeeded("Marked ready for review", { intent })
        : failed(marked.status, marked.message, { intent });
    }
    case "answer": {
      if (ctx.isStaff)
        return failed(403, "Only the client's contacts answer a review.", { intent });
      const id = parseId(form.reviewId);
      if (!id) return failed(404, REVIEW_NOT_FOUND, { intent });
      const parsed = reviewAnswerSchema.safeParse(form);
      if (!parsed.success) {
        const issue = firstIssue(parsed.error);
        return failed(400, issue.message, { intent, field: issue.field });
      }
      const name = ctx.user.fullName?.trim() || ctx.user.email;
      const answered = await answerReview(db, project, { id: ctx.user.id, name }, id, parsed.data);
      if (!answered.ok) return failed(answered.status, answered.message, { intent });
      return succeeded(parsed.data.decision === "approved" ? "Approved" : "Changes requested", {
        intent,
      });
    }
    case "take-on": {
      const taken = await takeOnProject(db, ctx.scope, ctx.user.id, project.id);
      if (!taken.ok) return failed(taken.status, taken.message, { intent });
      return succeeded(taken.changed ? "Project taken on" : "The agency has this project already", {
        intent,
      });
    }
    case "delete-file": {
      const id = parseId(form.fileId);
      if (!id) return failed(404, FILE_NOT_FOUND, { intent });
      const deleted = await deleteFile(
        db,
        project,
        { id: ctx.user.id, side: sideOf(ctx.scope) },
        id,
      );
      return deleted.ok
        ? succeeded(`Deleted ${deleted.name}`, { intent })
        : failed(deleted.status, deleted.message, { intent });
    }
    default:
      return failed(400, UNKNOWN_ACTION, { intent });
  }
}
