import { data } from "react-router";
import { ProjectsView } from "~/components/portal/projects-view";
import { failed, succeeded } from "~/lib/action-result";
import type { LiveHandle } from "~/lib/live-events";
import { decodeCursor } from "~/lib/pagination";
import { clientFilterError } from "~/lib/portal-text";
import { portalMeta } from "~/lib/seo";
import { announceSchema, projectSchema } from "~/lib/validation/portal";
import { firstIssue } from "~/lib/validation/zod";
import { listClientChoices, readClientFilter } from "~/server/clients/client-choices.server";
import {
  createProject,
  deleteProject,
  listProjects,
  projectCounts,
  updateProject,
} from "~/server/projects/projects.server";
import { mayChangeProject } from "~/server/workspace/permissions.server";
import { seesAllClients } from "~/server/workspace/scope.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/projects";
import { assertCanWrite, requireUser } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Projects", matches);

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = { live: ["projects"] };

/**
 * The projects the person may see, a page at a time. Administrators see every client's, with
 * the client's name, and may filter by client (`?client=`; a bad one: all shown, with a 400).
 * Each says whether the person may change it (a contact: only the client's own, decision 050).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, scope } = await requireUser(request);
  const url = new URL(request.url);
  const staff = seesAllClients(scope);
  const filter = await readClientFilter(db, scope, url.searchParams.get("client"));
  const [page, counts, clients] = await Promise.all([
    listProjects(db, scope, {
      clientId: filter.clientId,
      cursor: decodeCursor(url.searchParams.get("cursor")),
    }),
    projectCounts(db, scope, { clientId: filter.clientId }),
    staff ? listClientChoices(db, scope) : [],
  ]);
  return data(
    {
      projects: page.rows.map(({ takenOnAt, ...project }) => ({
        ...project,
        editable: mayChangeProject(scope, { takenOnAt }),
      })),
      next: page.next,
      counts,
      staff,
      clients,
      clientFilter: filter.clientId,
      filterError: filter.invalid ? clientFilterError("projects") : null,
    },
    { status: filter.invalid ? 400 : 200 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireUser(request);
  assertCanWrite(ctx);
  const { db, scope, user } = ctx;
  const form = await readForm(request);
  const intent = form.intent;

  if (intent === "create" || intent === "update") {
    const parsed = projectSchema.safeParse(form);
    if (!parsed.success) return failed(400, firstIssue(parsed.error).message);
    if (intent === "create") {
      const created = await createProject(db, scope, user.id, {
        ...parsed.data,
        clientId: form.clientId,
      });
      if (!created.ok) return failed(created.status, created.message);
      return succeeded("Project created successfully");
    }
    const announce = announceSchema.safeParse(form);
    if (!announce.success) return failed(400, firstIssue(announce.error).message);
    const updated = await updateProject(db, scope, user.id, form.id, parsed.data, {
      announce: announce.data.announce,
    });
    if (!updated.ok) return failed(updated.status, updated.message);
    return succeeded("Project updated successfully");
  }

  if (intent === "delete") {
    const deleted = await deleteProject(db, scope, user.id, form.id);
    if (!deleted.ok) return failed(deleted.status, deleted.message);
    return succeeded("Project deleted successfully");
  }

  return failed(400, UNKNOWN_ACTION);
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  return <ProjectsView {...loaderData} />;
}
