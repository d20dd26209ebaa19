import { Link } from "react-router";
import { ArrowLeft, Eye, FolderKanban, Users } from "~/components/icons";
import { StatusBadge } from "~/components/portal/badges";
import { InternalNotes } from "~/components/portal/internal-notes";
import { InviteButton, PendingInvitations } from "~/components/portal/invitations";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { LoadMore } from "~/components/ui/load-more";
import { NativeSelect } from "~/components/ui/native-select";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { formatDate } from "~/lib/dates";
import type { LiveHandle } from "~/lib/live-events";
import { decodeCursor } from "~/lib/pagination";
import { portalMeta } from "~/lib/seo";
import { CLIENT_NAME_MAX, clientNameSchema } from "~/lib/validation/clients";
import { firstIssue } from "~/lib/validation/zod";
import { forbidden, notFound } from "~/routes/refuse.server";
import { redirectWithToast } from "~/routes/toast.server";
import { listClientChoices } from "~/server/clients/client-choices.server";
import {
  CLIENT_NOT_FOUND,
  getClientDetail,
  moveContact,
  renameClient,
} from "~/server/clients/clients.server";
import { now } from "~/server/clock.server";
import { listOpenInvitations } from "~/server/invitations/invitations.server";
import { listNotes } from "~/server/notes/notes.server";
import { listProjects } from "~/server/projects/projects.server";
import {
  assignTeamMember,
  listAssigned,
  listTeamMembers,
  unassignTeamMember,
} from "~/server/team/assignments.server";
import { ALL_CLIENTS, parseId } from "~/server/workspace/scope.server";
import { closeDialogOnSuccess } from "../dialog.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/client";
import { assertCanWrite, requireStaff } from "./context.server";
import { invitationAction, isInvitationIntent } from "./invitation-actions.server";
import { noteAction } from "./note-action.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  portalMeta(loaderData?.client.name ? `${loaderData.client.name} · Clients` : "Client", matches);

export const handle: LiveHandle = { live: ["clients", "projects"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  // Staff: an administrator, or a team member on a client assigned to them (else 404).
  const { db, scope, isAdmin } = await requireStaff(request);
  const client = await getClientDetail(db, params.id, scope);
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  const cursor = decodeCursor(new URL(request.url).searchParams.get("cursor"));
  const projects = await listProjects(db, { kind: "client", clientId: client.id }, { cursor });
  const assigned = await listAssigned(db, client.id);
  const assignedIds = new Set(assigned.map((p) => p.id));
  return {
    client,
    isAdmin,
    assigned,
    // The team members an administrator may still assign.
    assignable: isAdmin
      ? (await listTeamMembers(db)).filter((person) => !assignedIds.has(person.id))
      : [],
    invitations: isAdmin ? await listOpenInvitations(db, client.id, now()) : [],
    notes: await listNotes(db, { clientId: client.id }),
    // A self-registered client's contact can be moved into an existing client.
    moveTo:
      isAdmin && client.selfRegistered
        ? (await listClientChoices(db, ALL_CLIENTS)).filter((c) => c.id !== client.id)
        : [],
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

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action(args: Route.ActionArgs) {
  // A dialog's form posted from its page (`?dialog=…`): back to the page once it succeeds (142).
  return closeDialogOnSuccess(args.request, await handleClientForm(args));
}

async function handleClientForm({ request, params }: Route.ActionArgs) {
  const ctx = await requireStaff(request);
  assertCanWrite(ctx);
  const clientId = parseId(params.id);
  const client = clientId ? await getClientDetail(ctx.db, clientId, ctx.scope) : null;
  if (!client) return failed(404, CLIENT_NOT_FOUND);
  const form = await readForm(request);
  // The agency's notes: any of its staff who sees the client.
  if (form.intent === "add-note") return noteAction(ctx, form, { clientId: client.id });
  // A team member sees an assigned client's page; what it changes is the administrators'.
  if (!ctx.isAdmin) throw forbidden();
  if (form.intent === "move-contact") {
    const moved = await moveContact(ctx.db, ctx.user.id, client.id, form.userId, form.clientId);
    if (!moved.ok) return failed(moved.status, moved.message, { intent: "move-contact" });
    return redirectWithToast(`/portal/clients/${moved.clientId}`, {
      type: "success",
      title: "Success",
      description: `Contact moved into ${moved.name}`,
    });
  }
  if (form.intent === "assign" || form.intent === "unassign") {
    const intent = form.intent;
    const done =
      intent === "assign"
        ? await assignTeamMember(ctx.db, ctx.user.id, client.id, form.userId)
        : await unassignTeamMember(ctx.db, ctx.user.id, client.id, form.userId);
    if (!done.ok) return failed(done.status, done.message, { intent });
    return succeeded(
      intent === "assign" ? `Team member assigned to ${client.name}` : "Team member unassigned",
      { intent },
    );
  }
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
  const { client, invitations, projects, next, isAdmin, assigned, assignable, notes, moveTo } =
    loaderData;
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
          {client.selfRegistered ? (
            <Badge variant="outline" className="mt-1">
              Self-registered
            </Badge>
          ) : null}
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
          {client.phone || client.address ? (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              {client.phone ? (
                <>
                  <dt className="text-muted-foreground">Phone</dt>
                  <dd className="break-words">{client.phone}</dd>
                </>
              ) : null}
              {client.address ? (
                <>
                  <dt className="text-muted-foreground">Address</dt>
                  <dd className="break-words">{client.address}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
        </div>
        {isAdmin ? (
          <form method="post" action="/portal/view-as">
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="clientId" value={client.id} />
            <Button type="submit" variant="outline">
              <Eye aria-hidden />
              View as client
            </Button>
          </form>
        ) : null}
      </div>

      <Card>
        <CardHeader layout="row" gap="roomy" className="flex-wrap">
          <div>
            <CardTitle as="h2">Contacts</CardTitle>
            <CardDescription>The people who use the portal for {client.name}.</CardDescription>
          </div>
          {isAdmin ? (
            <InviteButton
              label="Invite contact"
              title="Invite contact"
              description={`They get an e-mail with a link to join ${client.name} in the portal.`}
            />
          ) : null}
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
                <li key={contact.id} className="space-y-2 py-2">
                  <p className="break-words font-medium">{contact.name ?? contact.email}</p>
                  <p className="break-all text-sm text-muted-foreground">
                    {contact.email} · joined {formatDate(contact.joinedAt)}
                  </p>
                  {isAdmin && client.selfRegistered ? (
                    <MoveContactForm contact={contact} choices={moveTo} />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {isAdmin ? (
        <PendingInvitations invitations={invitations} empty="No pending invitations." />
      ) : null}

      <TeamCard
        clientName={client.name}
        assigned={assigned}
        assignable={assignable}
        manage={isAdmin}
      />

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

      <InternalNotes notes={notes} />

      {isAdmin ? <RenameCard name={client.name} /> : null}
    </div>
  );
}

/** 'Move into client': a self-registered contact joins an existing client (administrators). */
function MoveContactForm({
  contact,
  choices,
}: {
  contact: { id: string; name: string | null; email: string };
  choices: { id: string; name: string }[];
}) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "move-contact", redirects: true });
  if (choices.length === 0) return null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="move-contact" />
      <input type="hidden" name="userId" value={contact.id} />
      <Field
        id={`move-${contact.id}`}
        label={`Move ${contact.name ?? contact.email} into client`}
        className="min-w-56 flex-1"
      >
        <NativeSelect name="clientId" required defaultValue="">
          <option value="" disabled>
            Choose a client
          </option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Moving..." : "Move"}
      </Button>
      <FormResult result={inline} className="basis-full" />
    </fetcher.Form>
  );
}

interface Person {
  id: string;
  name: string | null;
  email: string;
}

/** The team members assigned to the client; an administrator assigns and unassigns them. */
function TeamCard({
  clientName,
  assigned,
  assignable,
  manage,
}: {
  clientName: string;
  assigned: Person[];
  assignable: Person[];
  manage: boolean;
}) {
  const assign = useFormOutcome({ intent: "assign" });
  const unassign = useFormOutcome({ intent: "unassign" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Assigned team members</CardTitle>
        <CardDescription>
          Team members see and work on {clientName} only when they are assigned to it;
          administrators see every client.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {assigned.length === 0 ? (
          <p className="text-sm text-muted-foreground">No team members assigned.</p>
        ) : (
          <ul className="divide-y" aria-label="Assigned team members">
            {assigned.map((person) => (
              <li
                key={person.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span className="min-w-0">
                  <span className="block break-words font-medium">
                    {person.name ?? person.email}
                  </span>
                  <span className="block break-all text-sm text-muted-foreground">
                    {person.email}
                  </span>
                </span>
                {manage ? (
                  <unassign.fetcher.Form method="post">
                    <input type="hidden" name="intent" value="unassign" />
                    <input type="hidden" name="userId" value={person.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      disabled={unassign.busy}
                      aria-label={`Unassign ${person.name ?? person.email}`}
                    >
                      Unassign
                    </Button>
                  </unassign.fetcher.Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <FormResult result={unassign.inline} />
        {/* Outside the form: assigning the last team member removes the form, not what it said. */}
        <FormResult result={assign.inline} />
        {manage ? (
          assignable.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Every team member is assigned. Invite team members on the Team page.
            </p>
          ) : (
            <assign.fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="assign" />
              <Field id="assign-member" label="Team member" className="min-w-64 flex-1">
                <NativeSelect name="userId" required defaultValue="">
                  <option value="" disabled>
                    Choose a team member
                  </option>
                  {assignable.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.name ? `${person.name} (${person.email})` : person.email}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Button type="submit" disabled={assign.busy}>
                {assign.busy ? "Assigning..." : "Assign"}
              </Button>
            </assign.fetcher.Form>
          )
        ) : null}
      </CardContent>
    </Card>
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
