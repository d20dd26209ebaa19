import { Form } from "react-router";
import { Building2 } from "~/components/icons";
import { BackLink } from "~/components/portal/back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { failed } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { refusalFields } from "~/lib/refusal-fields";
import { portalMeta } from "~/lib/seo";
import { CLIENT_NAME_MAX, convertLeadSchema } from "~/lib/validation/clients";
import { firstIssue } from "~/lib/validation/zod";
import { now } from "~/server/clock.server";
import {
  ALREADY_CONVERTED,
  conversionPreview,
  convertLead,
} from "~/server/leads/conversion.server";
import { getLead, LEAD_NOT_FOUND } from "~/server/leads/leads.server";
import { parseId } from "~/server/workspace/scope.server";
import { readForm } from "../form.server";
import { notFound } from "../refuse.server";
import { redirectWithToast } from "../toast.server";
import type { Route } from "./+types/lead-convert";
import { assertCanWrite, requireAdmin } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Convert to client", matches);

/**
 * 'Convert to client', first as a preview (decision 067): what the conversion will make, every
 * part of it changeable, and nothing made or mailed until the administrator confirms. A plain
 * form: it works without JavaScript, and a refusal comes back with what was typed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const id = parseId(params.id);
  const lead = id ? await getLead(db, id) : null;
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  return {
    lead: { id: lead.id, name: lead.name, kind: lead.kind },
    /** Converted already: said instead of the form. */
    converted: lead.clientId !== null ? ALREADY_CONVERTED : null,
    preview: conversionPreview(lead),
  };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireAdmin(request);
  assertCanWrite(ctx);
  const id = parseId(params.id);
  if (!id) return failed(404, LEAD_NOT_FOUND);
  const form = await readForm(request);
  const values = {
    name: form.name ?? "",
    invite: form.invite ?? "",
    inviteEmail: form.inviteEmail ?? "",
    createProject: form.createProject ?? "",
    title: form.title ?? "",
    description: form.description ?? "",
  };
  const parsed = convertLeadSchema.safeParse(form);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return failed(400, issue.message, { field: issue.field, values });
  }
  const converted = await convertLead(
    ctx.db,
    { id: ctx.user.id, name: ctx.user.fullName },
    id,
    parsed.data,
    now(),
  );
  if (!converted.ok) return failed(converted.status, converted.message, { values });
  const made = [
    "client created",
    parsed.data.invite !== "none" ? "invitation sent" : null,
    converted.projectId ? "first project created" : null,
  ].filter(Boolean);
  return redirectWithToast(`/portal/clients/${converted.clientId}`, {
    type: "success",
    title: "Success",
    description: `Lead converted: ${made.join(", ")}`,
  });
}

export default function LeadConvert({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, preview, converted } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : null;
  // What the administrator typed, when the server refused it (no JavaScript needed).
  const typed = refused?.values;
  const { errorFor, typed: value } = refusalFields(refused);
  const invite = value("invite", preview.invite);
  const createProject = typed ? typed.createProject === "on" : preview.createProject;
  return (
    <div className="max-w-3xl space-y-6">
      <BackLink to={`/portal/leads/${lead.id}`}>Back to the lead</BackLink>
      <div>
        <h1 className="break-words text-3xl font-bold tracking-tight">
          Convert {lead.name} to a client
        </h1>
        <p className="mt-1 text-muted-foreground">
          Check what the conversion makes. Nothing is created or e-mailed until you confirm.
        </p>
      </div>
      {converted ? (
        <p role="status">{converted}</p>
      ) : (
        <Form method="post" className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Client</CardTitle>
              <CardDescription>
                The phone and address are carried onto the client's record.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <Field id="convert-name" label="Client name" error={errorFor("name")}>
                <Input
                  name="name"
                  required
                  maxLength={CLIENT_NAME_MAX}
                  defaultValue={value("name", preview.name)}
                />
              </Field>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Phone</dt>
                <dd className="break-words">{preview.phone ?? "None given"}</dd>
                <dt className="text-muted-foreground">Address</dt>
                <dd className="break-words">{preview.address ?? "None given"}</dd>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Contacts to invite</CardTitle>
              <CardDescription>An invitation is e-mailed only when you confirm.</CardDescription>
            </CardHeader>
            <CardContent>
              <fieldset className="space-y-2">
                <legend className="sr-only">Contacts to invite</legend>
                {preview.email ? (
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="invite"
                      value="lead"
                      defaultChecked={invite === "lead"}
                    />
                    <span className="break-all">Invite {preview.email}</span>
                  </label>
                ) : null}
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="invite"
                    value="email"
                    defaultChecked={invite === "email"}
                  />
                  {preview.email ? "Invite another address" : "Invite by e-mail"}
                </label>
                <Field
                  id="convert-invite-email"
                  label="E-mail address to invite"
                  description={
                    preview.email
                      ? undefined
                      : "This lead came without an e-mail address (WhatsApp). Type the one they gave you."
                  }
                  error={errorFor("inviteEmail")}
                >
                  <Input
                    name="inviteEmail"
                    type="email"
                    autoComplete="off"
                    maxLength={255}
                    defaultValue={value("inviteEmail", "")}
                  />
                </Field>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="invite"
                    value="none"
                    defaultChecked={invite === "none"}
                  />
                  No one for now
                </label>
              </fieldset>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">First project</CardTitle>
              <CardDescription>
                The client sees the project's title and description. The lead's own words and the
                quote's details go to an internal note instead.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <Field id="convert-project" label="Create a first project" layout="checkbox">
                <Checkbox name="createProject" defaultChecked={createProject} />
              </Field>
              <Field id="convert-title" label="Project title" error={errorFor("title")}>
                <Input name="title" maxLength={200} defaultValue={value("title", preview.title)} />
              </Field>
              <Field id="convert-description" label="Project description">
                <Textarea
                  name="description"
                  rows={3}
                  maxLength={2000}
                  defaultValue={value("description", preview.description)}
                />
              </Field>
              {preview.note ? (
                <div>
                  <p className="text-sm font-medium">Internal note (the agency only)</p>
                  <p className="whitespace-pre-wrap break-words text-sm text-muted-foreground">
                    {preview.note}
                  </p>
                </div>
              ) : null}
            </CardContent>
          </Card>
          <FormResult result={actionData} />
          <Button type="submit">
            <Building2 aria-hidden />
            Confirm and convert
          </Button>
        </Form>
      )}
    </div>
  );
}
