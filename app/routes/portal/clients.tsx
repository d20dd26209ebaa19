import { useState } from "react";
import { Link } from "react-router";
import { Building2, Plus, Search } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { DialogFormFooter, FormDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { LoadMore } from "~/components/ui/load-more";
import { DialogOpener, useDialogAsked } from "~/components/ui/no-js-dialog";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { failed } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { formatDateTime } from "~/lib/dates";
import type { LiveHandle } from "~/lib/live-events";
import { decodeCursor } from "~/lib/pagination";
import { refusalFields } from "~/lib/refusal-fields";
import { portalMeta } from "~/lib/seo";
import { CLIENT_NAME_MAX, clientNameSchema, clientSearch } from "~/lib/validation/clients";
import { firstIssue } from "~/lib/validation/zod";
import { redirectWithToast } from "~/routes/toast.server";
import { addClient, listClients } from "~/server/clients/clients.server";
import { readForm, UNKNOWN_ACTION } from "../form.server";
import type { Route } from "./+types/clients";
import { assertCanWrite, requireAdmin, requireStaff } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Clients", matches);

/** The figures change with projects and messages too (decision 012). */
export const handle: LiveHandle = { live: ["clients", "projects", "messages"] };

export async function loader({ request }: Route.LoaderArgs) {
  const { db, user, scope, isAdmin } = await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const q = clientSearch(params.get("q"));
  const page = await listClients(db, user.id, {
    q,
    cursor: decodeCursor(params.get("cursor")),
    scope,
  });
  return { clients: page.rows, next: page.next, q, isAdmin };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request);
  assertCanWrite(ctx);
  const form = await readForm(request);
  if (form.intent !== "create") return failed(400, UNKNOWN_ACTION);
  const parsed = clientNameSchema.safeParse(form);
  if (!parsed.success) {
    return failed(400, firstIssue(parsed.error).message, {
      field: "name",
      values: { name: form.name ?? "" },
    });
  }
  const created = await addClient(ctx.db, ctx.user.id, parsed.data.name);
  if (!created.ok) {
    return failed(created.status, created.message, { values: { name: form.name ?? "" } });
  }
  return redirectWithToast(`/portal/clients/${created.client.id}`, {
    type: "success",
    title: "Success",
    description: "Client created successfully",
  });
}

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { clients, next, q, isAdmin } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Clients</h1>
          <p className="mt-1 text-muted-foreground">
            {isAdmin
              ? "Every client with its contacts, open projects and unread messages."
              : "The clients you are assigned to, with their contacts, open projects and unread messages."}
          </p>
        </div>
        {isAdmin ? <NewClientButton /> : null}
      </div>
      {isAdmin ? <NewClientInPlace /> : null}

      <search aria-label="Clients">
        <form method="get" className="flex flex-wrap items-end gap-3">
          <Field id="clients-q" label="Search clients" className="min-w-64 flex-1">
            <Input
              name="q"
              type="search"
              defaultValue={q}
              maxLength={100}
              placeholder="Company, contact name or e-mail"
            />
          </Field>
          <Button type="submit" variant="outline">
            <Search aria-hidden />
            Search
          </Button>
          {q ? (
            <Button asChild variant="ghost">
              <Link to="/portal/clients">Clear</Link>
            </Button>
          ) : null}
        </form>
      </search>

      {clients.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <Building2 className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">
            {q ? `No clients match "${q}".` : "No clients yet."}
          </p>
        </Card>
      ) : (
        <DataTable
          caption={q ? `Clients matching "${q}", newest first` : "Clients, newest first"}
          columns={[
            { label: "Client", className: "min-w-48" },
            { label: "Contacts", className: "min-w-56" },
            { label: "Open projects", className: "text-right" },
            { label: "Unread messages", className: "text-right" },
            { label: "Last activity" },
          ]}
        >
          {clients.map((client) => (
            <tr key={client.id} className="border-t align-top">
              <th scope="row" className="px-4 py-3 font-medium">
                <Link
                  to={`/portal/clients/${client.id}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {client.name}
                </Link>
                {client.selfRegistered ? (
                  <Badge variant="outline" className="ml-2">
                    Self-registered
                  </Badge>
                ) : null}
              </th>
              <td className="px-4 py-3">
                {client.contactCount === 0 ? (
                  <span className="text-muted-foreground">No contacts yet</span>
                ) : (
                  <ul className="space-y-0.5">
                    {client.contacts.map((c) => (
                      <li key={c.id}>
                        {c.name ?? c.email}
                        {c.name ? (
                          <span className="text-muted-foreground"> · {c.email}</span>
                        ) : null}
                      </li>
                    ))}
                    {client.contactCount > client.contacts.length ? (
                      <li className="text-muted-foreground">
                        and {client.contactCount - client.contacts.length} more
                      </li>
                    ) : null}
                  </ul>
                )}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{client.openProjects}</td>
              <td className="px-4 py-3 text-right tabular-nums">{client.unreadMessages}</td>
              <td className="whitespace-nowrap px-4 py-3">
                {formatDateTime(client.lastActivityAt)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore next={next} />
    </div>
  );
}

function NewClientButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DialogOpener dialog="new-client" onOpen={() => setOpen(true)}>
        <Plus aria-hidden />
        New client
      </DialogOpener>
      <NewClientDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/** 'New client' in place: the address asked for it (a button pressed before the scripts ran). */
function NewClientInPlace() {
  if (!useDialogAsked("new-client")) return null;
  return <NewClientDialog open onOpenChange={() => {}} inline />;
}

function NewClientDialog({
  open,
  onOpenChange,
  inline = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inline?: boolean;
}) {
  const { fetcher, busy, result, inline: refused } = useFormOutcome({ redirects: true });
  const { errorFor, typed } = refusalFields(inline && refused && !refused.ok ? refused : null);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title="New client"
      description="Add a company. Then invite its contacts from the client's page."
      inline={inline}
    >
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="create" />
        <Field label="Company name" error={errorFor("name")}>
          <Input
            name="name"
            required
            maxLength={CLIENT_NAME_MAX}
            autoComplete="organization"
            defaultValue={typed("name", "")}
          />
        </Field>
        <DialogFormFooter
          submitLabel="Create"
          busyLabel="Creating..."
          busy={busy}
          onCancel={() => onOpenChange(false)}
          result={result}
        />
      </fetcher.Form>
    </FormDialog>
  );
}
