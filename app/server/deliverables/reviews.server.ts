/**
 * Reviews: an administrator marks a file version or a milestone 'Ready for review'; a contact of
 * the client answers once, 'Approve' or 'Request changes' (with a comment). The review records
 * exactly what was put up (the version, or the milestone as it was); the answer records who and
 * when, is written once (its key is the review's) and never changed. Each answer notifies the
 * agency (the client's assigned team members, else the administrators) in the answer's
 * transaction: in the portal and by the grouped notification mail (decision 089).
 */
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { reviewSubjectText } from "~/lib/activity-text";
import type { ReviewAnswerInput, ReviewDecision } from "~/lib/validation/deliverables";
import type { Database } from "../db/client.server";
import { prepared } from "../db/prepared.server";
import {
  fileVersions,
  milestones,
  profiles,
  projectFiles,
  projects,
  type ReviewSubject,
  reviewAnswers,
  reviews,
  user,
} from "../db/schema.server";
import { announceNotifications, notify } from "../notifications/notifications.server";
import { type Outcome, refused } from "../outcome.server";
import { recordActivity } from "../workspace/activity.server";
import { publishChange } from "../workspace/events.server";
import type { Scope } from "../workspace/scope.server";
import { scopeParams, scopePlaceholder } from "../workspace/scope.server";
import { FILE_NOT_FOUND, type ProjectKey } from "./files.server";
import { MILESTONE_NOT_FOUND } from "./milestones.server";

export const REVIEW_NOT_FOUND = "Review not found";
export const ALREADY_ANSWERED = "This review has already been answered.";
export const ALREADY_WAITING = "This is already waiting for review.";
const GONE = "What this review was about has been deleted.";

/** An open review of this target (no answer yet): a second 'Ready for review' is refused. */
async function openReviewOf(
  db: Database,
  target: { fileVersionId: string } | { milestoneId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .leftJoin(reviewAnswers, eq(reviewAnswers.reviewId, reviews.id))
    .where(
      and(
        "fileVersionId" in target
          ? eq(reviews.fileVersionId, target.fileVersionId)
          : eq(reviews.milestoneId, target.milestoneId),
        isNull(reviewAnswers.reviewId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function createReview(
  db: Database,
  project: ProjectKey,
  actorId: string,
  target: { fileVersionId: string } | { milestoneId: string },
  subject: ReviewSubject,
): Promise<Outcome<{ reviewId: string }>> {
  const outcome = await db.transaction(async (tx) => {
    // The target's row orders two marks of the same thing.
    if ("fileVersionId" in target) {
      await tx
        .select({ id: fileVersions.id })
        .from(fileVersions)
        .where(eq(fileVersions.id, target.fileVersionId))
        .for("update");
    } else {
      await tx
        .select({ id: milestones.id })
        .from(milestones)
        .where(eq(milestones.id, target.milestoneId))
        .for("update");
    }
    if (await openReviewOf(tx as unknown as Database, target)) return refused(409, ALREADY_WAITING);
    const [row] = await tx
      .insert(reviews)
      .values({
        clientId: project.clientId,
        projectId: project.id,
        ...target,
        subject,
        requestedBy: actorId,
      })
      .returning({ id: reviews.id });
    const reviewId = (row as { id: string }).id;
    await recordActivity(tx, {
      clientId: project.clientId,
      projectId: project.id,
      actorId,
      kind: "approval.requested",
      data: { reviewId, subject },
    });
    const notified = await notify(tx, {
      kind: "review.requested",
      clientId: project.clientId,
      actorId,
      title: reviewSubjectText(subject),
      link: reviewLink(project.id, subject),
      groupKey: `project:${project.id}`,
      refs: { reviewId },
    });
    return { ok: true as const, reviewId, notified };
  });
  if (!outcome.ok) return outcome;
  publishChange("approvals", { clientIds: [project.clientId] }, actorId);
  announceNotifications(outcome.notified, actorId);
  return { ok: true, reviewId: outcome.reviewId };
}

/** 'Ready for review' on a ready version of one of the project's files (administrators). */
export async function requestFileReview(
  db: Database,
  project: ProjectKey,
  actorId: string,
  versionId: string,
): Promise<Outcome<{ reviewId: string }>> {
  const [version] = await db
    .select({ fileId: fileVersions.fileId, name: fileVersions.name, number: fileVersions.number })
    .from(fileVersions)
    .where(
      and(
        eq(fileVersions.id, versionId),
        eq(fileVersions.projectId, project.id),
        eq(fileVersions.state, "ready"),
      ),
    );
  if (!version?.fileId || version.number === null) return refused(404, FILE_NOT_FOUND);
  // An internal file is never shown to the client, so it is not theirs to review (066).
  const [file] = await db
    .select({ internal: projectFiles.internal })
    .from(projectFiles)
    .where(eq(projectFiles.id, version.fileId));
  if (file?.internal) return refused(409, INTERNAL_NOT_REVIEWABLE);
  return createReview(
    db,
    project,
    actorId,
    { fileVersionId: versionId },
    { kind: "file", fileId: version.fileId, fileName: version.name, version: version.number },
  );
}

export const INTERNAL_NOT_REVIEWABLE =
  "This file is internal: the client never sees it. Upload a shared copy to ask for a review.";

/** 'Ready for review' on one of the project's milestones, as it is now (administrators). */
export async function requestMilestoneReview(
  db: Database,
  project: ProjectKey,
  actorId: string,
  milestoneId: string,
): Promise<Outcome<{ reviewId: string }>> {
  const [m] = await db
    .select({
      title: milestones.title,
      status: milestones.status,
      dueDate: milestones.dueDate,
      description: milestones.description,
    })
    .from(milestones)
    .where(and(eq(milestones.id, milestoneId), eq(milestones.projectId, project.id)));
  if (!m) return refused(404, MILESTONE_NOT_FOUND);
  return createReview(db, project, actorId, { milestoneId }, { kind: "milestone", ...m });
}

/** The portal path of what a review is about: the file, or the project's milestones. */
export function reviewLink(projectId: string, subject: ReviewSubject) {
  const anchor = subject.kind === "file" ? `file-${subject.fileId}` : "milestones";
  return `/portal/projects/${projectId}#${anchor}`;
}

const DECISION_TEXT: Record<ReviewDecision, string> = {
  approved: "Approved",
  "changes-requested": "Changes requested",
};

/**
 * A contact's answer to one of the project's open reviews. Refused: 404 for another project's
 * review or an unknown id, 409 when it has been answered already (by anyone) or what it was
 * about has been deleted.
 */
export async function answerReview(
  db: Database,
  project: ProjectKey & { title: string },
  actor: { id: string; name: string },
  reviewId: string,
  input: ReviewAnswerInput,
  { channel = "portal" }: { channel?: "portal" | "whatsapp" } = {},
): Promise<Outcome> {
  const outcome = await db.transaction(async (tx) => {
    const [review] = await tx
      .select({
        subject: reviews.subject,
        fileVersionId: reviews.fileVersionId,
        milestoneId: reviews.milestoneId,
      })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.projectId, project.id)))
      .for("update");
    if (!review) return refused(404, REVIEW_NOT_FOUND);
    if (review.fileVersionId === null && review.milestoneId === null) return refused(409, GONE);
    const written = await tx
      .insert(reviewAnswers)
      .values({
        reviewId,
        decision: input.decision,
        comment: input.comment,
        answeredBy: actor.id,
        channel,
      })
      .onConflictDoNothing({ target: reviewAnswers.reviewId })
      .returning({ reviewId: reviewAnswers.reviewId });
    if (written.length === 0) return refused(409, ALREADY_ANSWERED);
    await recordActivity(tx, {
      clientId: project.clientId,
      projectId: project.id,
      actorId: actor.id,
      kind: input.decision === "approved" ? "approval.approved" : "approval.changes_requested",
      data: { reviewId, subject: review.subject, comment: input.comment },
    });
    const what = reviewSubjectText(review.subject);
    // The agency hears of it in the portal and by e-mail (the comment in the title), as each
    // person chose (decision 089): the assigned team members, else the administrators.
    const notified = await notify(tx, {
      kind: "review.answered",
      clientId: project.clientId,
      actorId: actor.id,
      title: `${DECISION_TEXT[input.decision]}: ${what} — ${project.title}${input.comment ? `: ${input.comment}` : ""}`,
      link: reviewLink(project.id, review.subject),
      groupKey: `project:${project.id}`,
    });
    return { ok: true as const, notified };
  });
  if (!outcome.ok) return outcome;
  publishChange("approvals", { clientIds: [project.clientId] }, actor.id);
  announceNotifications(outcome.notified, actor.id);
  return { ok: true };
}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

export interface ReviewItem {
  id: string;
  projectId: string;
  subject: ReviewSubject;
  fileVersionId: string | null;
  milestoneId: string | null;
  requestedByName: string | null;
  createdAt: Date;
  answer: {
    decision: ReviewDecision;
    comment: string | null;
    answeredByName: string | null;
    answeredAt: Date;
    channel: "portal" | "whatsapp";
  } | null;
}

const requester = alias(user, "requester");
const requesterProfile = alias(profiles, "requester_profile");
const answerer = alias(user, "answerer");
const answererProfile = alias(profiles, "answerer_profile");

function reviewQuery(db: Database) {
  return db
    .select({
      id: reviews.id,
      projectId: reviews.projectId,
      subject: reviews.subject,
      fileVersionId: reviews.fileVersionId,
      milestoneId: reviews.milestoneId,
      requestedByName: sql<
        string | null
      >`coalesce(${requesterProfile.fullName}, ${requester.name})`,
      createdAt: reviews.createdAt,
      decision: reviewAnswers.decision,
      comment: reviewAnswers.comment,
      answeredByName: sql<string | null>`coalesce(${answererProfile.fullName}, ${answerer.name})`,
      answeredAt: reviewAnswers.answeredAt,
      channel: reviewAnswers.channel,
    })
    .from(reviews)
    .leftJoin(reviewAnswers, eq(reviewAnswers.reviewId, reviews.id))
    .leftJoin(requester, eq(requester.id, reviews.requestedBy))
    .leftJoin(requesterProfile, eq(requesterProfile.id, reviews.requestedBy))
    .leftJoin(answerer, eq(answerer.id, reviewAnswers.answeredBy))
    .leftJoin(answererProfile, eq(answererProfile.id, reviewAnswers.answeredBy));
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>["execute"]>>[number];

function toItem(row: ReviewRow): ReviewItem {
  const { decision, comment, answeredByName, answeredAt, channel, ...rest } = row;
  return {
    ...rest,
    answer:
      decision && answeredAt
        ? { decision, comment, answeredByName, answeredAt, channel: channel ?? "portal" }
        : null,
  };
}

/** Every review of the project, answered or not, newest first: the record. */
export async function listReviews(db: Database, projectId: string): Promise<ReviewItem[]> {
  const rows = await reviewQuery(db)
    .where(eq(reviews.projectId, projectId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toItem);
}

export interface PendingReview extends ReviewItem {
  projectTitle: string;
}

/**
 * Reviews waiting for an answer across what the person can see (the dashboard), newest first:
 * not answered, and what they are about still exists. A prepared statement (the dashboard
 * asks on every load); the projects' titles only when there are reviews.
 */
export async function pendingReviews(
  db: Database,
  scope: Scope,
  limit = 5,
): Promise<PendingReview[]> {
  const rows = await prepared(db, `pending_reviews_${scope.kind}`, (name) =>
    reviewQuery(db)
      .where(
        and(
          scopePlaceholder(scope, reviews.clientId),
          isNull(reviewAnswers.reviewId),
          or(isNotNull(reviews.fileVersionId), isNotNull(reviews.milestoneId)),
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  ).execute({ ...scopeParams(scope), limit });
  const titles = rows.length
    ? await db
        .select({ id: projects.id, title: projects.title })
        .from(projects)
        .where(
          inArray(
            projects.id,
            rows.map((r) => r.projectId),
          ),
        )
    : [];
  return rows.map((r) => ({
    ...toItem(r),
    projectTitle: titles.find((t) => t.id === r.projectId)?.title ?? "",
  }));
}
