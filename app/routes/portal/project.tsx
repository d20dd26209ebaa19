import { Link } from "react-router";
import { ArrowLeft } from "~/components/icons";
import { PriorityBadge, StatusBadge } from "~/components/portal/badges";
import { InternalNotes } from "~/components/portal/internal-notes";
import { ActivityList } from "~/components/portal/project/activity-list";
import { ApprovalsSection } from "~/components/portal/project/approvals-section";
import { FilesSection } from "~/components/portal/project/files-section";
import { MilestonesSection } from "~/components/portal/project/milestones-section";
import type { ReviewState } from "~/components/portal/project/review-controls";
import { TakeOn } from "~/components/portal/project/take-on";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { LoadMore } from "~/components/ui/load-more";
import { Progress } from "~/components/ui/progress";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import type { LiveHandle } from "~/lib/live-events";
import { portalMeta } from "~/lib/seo";
import { closeDialogOnSuccess } from "../dialog.server";
import { readForm } from "../form.server";
import type { Route } from "./+types/project";
import { requireUser } from "./context.server";
import { loadProjectPage, projectPageAction } from "./project.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  portalMeta(loaderData?.project.title ?? "Project", matches);

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = {
  live: ["projects", "files", "milestones", "approvals", "messages"],
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireUser(request);
  return loadProjectPage(ctx, params.id, new URL(request.url).searchParams);
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireUser(request);
  // A dialog's form posted from its page (`?dialog=…`): back to the page once it succeeds (142).
  return closeDialogOnSuccess(
    request,
    await projectPageAction(ctx, params.id, await readForm(request)),
  );
}

/** The latest review of each file version and each milestone. */
function latestReviews(reviews: Route.ComponentProps["loaderData"]["reviews"]) {
  const byVersion: Record<string, ReviewState> = {};
  const byMilestone: Record<string, ReviewState> = {};
  // Newest first: the first one seen is the latest.
  for (const review of reviews) {
    if (review.fileVersionId && !byVersion[review.fileVersionId])
      byVersion[review.fileVersionId] = review;
    if (review.milestoneId && !byMilestone[review.milestoneId])
      byMilestone[review.milestoneId] = review;
  }
  return { byVersion, byMilestone };
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project, files, milestones, reviews, activity, notes, viewer, maxUploadBytes, today } =
    loaderData;
  const { byVersion, byMilestone } = latestReviews(reviews);
  return (
    <div className="space-y-6">
      <div className="space-y-4">
        <Link
          to="/portal/projects"
          className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Projects
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="space-y-2">
            <h1 className="text-3xl font-bold tracking-tight break-words">{project.title}</h1>
            {viewer.isAdmin ? (
              <p className="text-sm text-muted-foreground">Client: {project.clientName}</p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <StatusBadge status={project.status} />
              <PriorityBadge priority={project.priority} />
            </div>
          </div>
          <div className="w-full max-w-xs space-y-1">
            <div className="flex justify-between text-sm">
              <span>Progress{project.progressFromMilestones ? " (from milestones)" : ""}</span>
              <span className="font-medium tabular-nums">{project.progress}%</span>
            </div>
            <Progress value={project.progress} aria-label={`${project.title} progress`} />
          </div>
        </div>
        {viewer.isAdmin && !viewer.readOnly ? <TakeOn open={project.takenOnAt === null} /> : null}
        {project.description ? (
          <p className="max-w-3xl whitespace-pre-line text-muted-foreground">
            {project.description}
          </p>
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-2">
          <FilesSection
            projectId={project.id}
            files={files}
            reviewsByVersion={byVersion}
            viewer={viewer}
            maxUploadBytes={maxUploadBytes}
          />
          <MilestonesSection
            milestones={milestones}
            reviewsByMilestone={byMilestone}
            viewer={viewer}
            today={today}
            progressFromMilestones={project.progressFromMilestones}
          />
          <ApprovalsSection reviews={reviews} />
          {notes ? <InternalNotes notes={notes} canAdd={!viewer.readOnly} /> : null}
        </div>
        <Card className="self-start">
          <CardHeader>
            <CardTitle as="h2">Activity</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {activity.rows.length === 0 ? (
              <p className="text-muted-foreground">Nothing has happened yet.</p>
            ) : (
              <ActivityList items={activity.rows} label="Project activity" />
            )}
            <LoadMore next={activity.next} label="Older activity" />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
