import { ProjectsView } from "~/components/portal/projects-view";
import { failed, succeeded } from "~/lib/action-result";
import type { LiveHandle } from "~/lib/live-events";
import { portalMeta } from "~/lib/seo";
import { idSchema, projectSchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { readForm, requireUser } from "~/server/portal/portal.server";
import {
  createProject,
  deleteProject,
  listProjects,
  updateProject,
} from "~/server/portal/projects.server";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => portalMeta("Projects");

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = { live: ["projects"] };

export async function loader({ request }: Route.LoaderArgs) {
  const { db, user } = await requireUser(request);
  return { projects: await listProjects(db, user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const { db, user } = await requireUser(request);
  const form = await readForm(request);
  const intent = form.intent;

  if (intent === "create" || intent === "update") {
    const parsed = projectSchema.safeParse(form);
    if (!parsed.success) return failed(400, firstIssue(parsed.error).message);
    if (intent === "create") {
      await createProject(db, user.id, parsed.data);
      return succeeded("Project created successfully");
    }
    const id = idSchema.safeParse(form.id);
    if (!id.success) return failed(404, "Project not found");
    const updated = await updateProject(db, user.id, id.data, parsed.data);
    if (!updated.ok) return failed(updated.status, updated.message);
    return succeeded("Project updated successfully");
  }

  if (intent === "delete") {
    const id = idSchema.safeParse(form.id);
    if (!id.success) return failed(404, "Project not found");
    const deleted = await deleteProject(db, user.id, id.data);
    if (!deleted.ok) return failed(deleted.status, deleted.message);
    return succeeded("Project deleted successfully");
  }

  return failed(400, "Unknown action");
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  return <ProjectsView projects={loaderData.projects} />;
}
