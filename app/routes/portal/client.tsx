import { Link } from "react-router";
import { ArrowLeft, Eye, FolderKanban, Users } from "~/components/icons";
import { StatusBadge } from "~/components/portal/badges";
import { InviteButton, PendingInvitations } from "~/components/portal/invitations";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { LoadMore } from "~/components/ui/load-more";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { failed, succeeded } from "~/lib/action-result";
import { formatDate } from "~/lib/dates";
import type { LiveHandle } from "~/lib/live-events";
import { decodeCursor } from "~/lib/pagination";
import { portalMeta } from "~/lib/seo";
import { CLIENT_NAME_MAX, clientNameSchema } from "~/lib/validation/clients";
import { firstIssue } from "~/lib/validation/zod";
import { notFound } from "~/routes/refuse.server";
import { CLIENT_NOT_FOUND, getClientDetail, renameClient } from "~/server/clients/clients.server";
import { now } from "~/server/clock.server";
import { listOpenInvitations } from "~/server/invitations/invitations.server";
import { listProjects } from "~/server/projects/projects.server";
import { parseId } from "~/server/workspace/scope.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/client";
import { assertCanWrite, requireAdmin } from "./context.server";
import { invitationAction, isInvitationIntent } from "./invitation-actions.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  portalMeta(loaderData?.client.name ? `${loaderData.client.name} · Clients` : "Client", matches);

export const handle: LiveHandle = { live: ["clients", "projects"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const client = await getClientDetail(db, params.id);
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  const cursor = decodeCursor(new URL(request.url).searchParams.get("cursor"));
  const projects = await listProjects(db, { kind: "client", clientId: client.id }, { cursor });
  return {
    client,
    invitations: await listOpenInvitations(db, client.id, now()),
    projects: projects.rows.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      progress: p.progress,
      createdAt: p.createdAt,
    })),
    next: projects.next,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireAdmin(request);
  assertCanWrite(ctx);
  const clientId = parseId(params.id);
  const client = clientId ? await getClientDetail(ctx.db, clientId) : null;
  if (!client) return failed(404, CLIENT_NOT_FOUND);
  const form = await readForm(request);
  if (isInvitationIntent(form.intent)) {
    return invitationAction(ctx, form, { clientId: client.id });
  }
  if (form.intent === "rename") {
    const parsed = clientNameSchema.safeParse(form);
    if (!parsed.success) {
      return failed(400, firstIssue(parsed.error).message, {
        intent: "rename",
        field: "name",
        values: { name: form.name ?? "" },
      });
    }
    const renamed = await renameClient(ctx.db, ctx.scope, ctx.user.id, client.id, parsed.data.name);
    if (!renamed.ok) return failed(renamed.status, renamed.message, { intent: "rename" });
    return succeeded("Client renamed successfully", { intent: "rename" });
  }
  return failed(400, UNKNOWN_ACTION);
}

export default function ClientPage({ loaderData }: Route.ComponentProps) {
  const { client, invitations, projects, next } = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <Link
        to="/portal/clients"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        All clients
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words text-3xl font-bold tracking-tight">{client.name}</h1>
          <p className="mt-1 text-muted-foreground">
            Client since {formatDate(client.createdAt)}
            {client.lead ? (
              <>
                {" · "}
                <Link
                  to={`/portal/leads/${client.lead.id}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  Converted from the lead of {client.lead.name}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <form method="post" action="/portal/view-as">
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="clientId" value={client.id} />
          <Button type="submit" variant="outline">
            <Eye aria-hidden />
            View as client
          </Button>
        </form>
      </div>

      <Card>
        <CardHeader layout="row" gap="roomy" className="flex-wrap">
          <div>
            <CardTitle as="h2">Contacts</CardTitle>
            <CardDescription>The people who use the portal for {client.name}.</CardDescription>
          </div>
          <InviteButton
            label="Invite contact"
            title="Invite contact"
            description={`They get an e-mail with a link to join ${client.name} in the portal.`}
          />
        </CardHeader>
        <CardContent>
          {client.contacts.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Users className="size-4" aria-hidden />
              No contacts yet. Invite the first one.
            </p>
          ) : (
            <ul className="divide-y" aria-label="Contacts">
              {client.contacts.map((contact) => (
                <li key={contact.id} className="py-2">
                  <p className="break-words font-medium">{contact.name ?? contact.email}</p>
                  <p className="break-all text-sm text-muted-foreground">
                    {contact.email} · joined {formatDate(contact.joinedAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <PendingInvitations invitations={invitations} empty="No pending invitations." />

      <Card>
        <CardHeader>
          <CardTitle as="h2">Projects</CardTitle>
          <CardDescription>Every project of {client.name}, newest first.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          {projects.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <FolderKanban className="size-4" aria-hidden />
              No projects yet.
            </p>
          ) : (
            <ul className="divide-y" aria-label="Projects">
              {projects.map((project) => (
                <li
                  key={project.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <span className="break-words font-medium">{project.title}</span>
                  <span className="flex items-center gap-3 text-sm text-muted-foreground">
                    <StatusBadge status={project.status} />
                    <span className="tabular-nums">{project.progress}%</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <LoadMore next={next} />
        </CardContent>
      </Card>

      <RenameCard name={client.name} />
    </div>
  );
}

function RenameCard({ name }: { name: string }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "rename" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Company name</CardTitle>
        <CardDescription>The name its contacts and your team see everywhere.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="rename" />
          <Field id="client-name" label="Company name" className="min-w-64 flex-1">
            <Input
              name="name"
              required
              maxLength={CLIENT_NAME_MAX}
              // Remounts when the saved name changes, so the field shows it.
              key={name}
              defaultValue={name}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Rename client"}
          </Button>
          <FormResult result={inline} className="basis-full" />
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
