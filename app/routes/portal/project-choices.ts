import { data } from "react-router";
import { findClient } from "~/server/clients/clients.server";
import { listProjectChoices } from "~/server/projects/projects.server";
import { seesAllClients } from "~/server/workspace/scope.server";
import type { Route } from "./+types/project-choices";
import { requireUser } from "./context.server";

/**
 * A client's projects for the New Message dialog's 'Project' field, when an administrator
 * chooses the client (`?client=`). A contact (or someone viewing as a client) always gets their
 * own client's: the parameter is not trusted. An unknown client: none, with a 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, scope, clientId, headers } = await requireUser(request);
  const wanted = seesAllClients(scope)
    ? (await findClient(db, new URL(request.url).searchParams.get("client"), scope))?.id
    : clientId;
  const answer = new Headers(headers);
  answer.set("Cache-Control", "private, no-store");
  if (!wanted) return data({ clientId: null, projects: [] }, { status: 404, headers: answer });
  const projects = await listProjectChoices(db, scope, wanted);
  return data({ clientId: wanted, projects }, { headers: answer });
}
