import { data } from "react-router";
import { ProjectsView } from "~/components/portal/projects-view";
import type { LiveHandle } from "~/lib/live-events";
import { portalMeta } from "~/lib/seo";
import { idSchema, projectSchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { readForm, requireUser } from "~/server/portal.server";
import {
  createProject,
  deleteProject,
  listProjects,
  updateProject,
} from "~/server/projects.server";
import type { Route } from "./+types/projects";

export const meta: Route.MetaFunction = () => portalMeta("Projects");

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = { live: ["projects"] };

export async function loader({ request }: Route.LoaderArgs) {
  const { db, user } = await requireUser(request);
  return { projects: await listProjects(db, user.id) };
}

function done(description: string) {
  return { ok: true as const, success: description };
}

function fail(error: string, status: number) {
  return data({ error }, { status });
}

export async function action({ request }: Route.ActionArgs) {
  const { db, user } = await requireUser(request);
  const form = await readForm(request);
  const intent = form.intent;

  if (intent === "create" || intent === "update") {
    const parsed = projectSchema.safeParse(form);
    if (!parsed.success) return fail(firstIssue(parsed.error).message, 400);
    if (intent === "create") {
      await createProject(db, user.id, parsed.data);
      return done("Project created successfully");
    }
    const id = idSchema.safeParse(form.id);
    if (!id.success) return fail("Project not found", 404);
    const updated = await updateProject(db, user.id, id.data, parsed.data);
    if (!updated) return fail("Project not found", 404);
    return done("Project updated successfully");
  }

  if (intent === "delete") {
    const id = idSchema.safeParse(form.id);
    if (!id.success) return fail("Project not found", 404);
    if (!(await deleteProject(db, user.id, id.data))) return fail("Project not found", 404);
    return done("Project deleted successfully");
  }

  return fail("Unknown action", 400);
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  return <ProjectsView projects={loaderData.projects} />;
}
