import { data } from "react-router";
import { ProjectsView } from "~/components/portal/projects-view";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { requestedDialog } from "~/lib/dialog-params";
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
  getProjectRow,
  listProjects,
  type ProjectRow,
  projectCounts,
  updateProject,
} from "~/server/projects/projects.server";
import { AGENCY_WORK, mayChangeProject } from "~/server/workspace/permissions.server";
import { PROJECT_NOT_FOUND, seesAllClients } from "~/server/workspace/scope.server";
import { closeDialogOnSuccess } from "../dialog.server";
import { readForm, typedValues, UNKNOWN_ACTION, valuesAfterRefusal } from "../form.server";
import { forbidden, notFound } from "../refuse.server";
import type { Route } from "./+types/projects";
import { assertCanWrite, requireUser } from "./context.server";

/** The dialogs about one project that the address may ask for (`?dialog=…&item=<id>`). */
const PROJECT_DIALOGS = new Set(["edit-project", "delete-project"]);

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Projects", matches);

/** Live updates reload this page when these change (decision 012). */
export const handle: LiveHandle = { live: ["projects"] };

/**
 * The projects the person may see, a page at a time. Administrators see every client's, with
 * the client's name, and may filter by client (`?client=`; a bad one: all shown, with a 400).
 * Each says whether the person may change it (a contact: only the client's own, decision 050).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, scope, readOnly } = await requireUser(request);
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
  const item = ({ takenOnAt, ...project }: ProjectRow) => ({
    ...project,
    editable: mayChangeProject(scope, { takenOnAt }),
  });
  // 'Edit' or 'Delete' asked for by the address about a project the page may not hold (it is on
  // another page of the list, or another client's): loaded on its own, or said plainly.
  const asked = requestedDialog(url.searchParams);
  let askedProject: ReturnType<typeof item> | null = null;
  if (asked?.item && PROJECT_DIALOGS.has(asked.name) && !readOnly) {
    const row =
      page.rows.find((p) => p.id === asked.item) ?? (await getProjectRow(db, scope, asked.item));
    if (!row) throw notFound(PROJECT_NOT_FOUND);
    askedProject = item(row);
    if (!askedProject.editable) throw forbidden(AGENCY_WORK);
  }
  return data(
    {
      projects: page.rows.map(item),
      askedProject,
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

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  return closeDialogOnSuccess(request, await handleProjectForm(request));
}

async function handleProjectForm(request: Request) {
  const ctx = await requireUser(request);
  assertCanWrite(ctx);
  const { db, scope, user } = ctx;
  const form = await readForm(request);
  const intent = form.intent;

  if (intent === "create" || intent === "update") {
    const parsed = projectSchema.safeParse(form);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      return failed(400, issue.message, { field: issue.field, values: typedValues(form) });
    }
    if (intent === "create") {
      const created = await createProject(db, scope, user.id, {
        ...parsed.data,
        clientId: form.clientId,
      });
      if (!created.ok)
        return failed(created.status, created.message, {
          values: valuesAfterRefusal(created.status, typedValues(form)),
        });
      return succeeded("Project created successfully");
    }
    const announce = announceSchema.safeParse(form);
    if (!announce.success) return failed(400, firstIssue(announce.error).message);
    const updated = await updateProject(db, scope, user.id, form.id, parsed.data, {
      announce: announce.data.announce,
    });
    if (!updated.ok)
      return failed(updated.status, updated.message, {
        values: valuesAfterRefusal(updated.status, typedValues(form)),
      });
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
