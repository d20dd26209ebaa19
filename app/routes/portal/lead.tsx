import { Link } from "react-router";
import { ArrowLeft, Building2 } from "~/components/icons";
import { EraseLeadCard } from "~/components/portal/erase-lead-card";
import { InternalNotes } from "~/components/portal/internal-notes";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { failed, succeeded } from "~/lib/action-result";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { formatDate, formatDateTime } from "~/lib/dates";
import { capitalise } from "~/lib/names";
import { portalMeta } from "~/lib/seo";
import { leadStatusSchema } from "~/lib/validation/lead-status";
import { LEAD_STATUSES, type LeadKind } from "~/lib/validation/lead-values";
import { ERASE_LEAD_INTENT } from "~/lib/validation/privacy-values";
import { findClient } from "~/server/clients/clients.server";
import { now } from "~/server/clock.server";
import { getLead, LEAD_NOT_FOUND, setLeadStatus } from "~/server/leads/leads.server";
import { listNotes } from "~/server/notes/notes.server";
import { eraseLead } from "~/server/privacy/privacy.server";
import { replyToWhatsAppLead, windowOpen } from "~/server/whatsapp/assistant-chat.server";
import { parseId } from "~/server/workspace/scope.server";
import { readForm } from "../form.server";
import { notFound } from "../refuse.server";
import { redirectWithToast } from "../toast.server";
import type { Route } from "./+types/lead";
import { assertCanWrite, requireAdmin } from "./context.server";
import { noteAction } from "./note-action.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Lead", matches);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const id = parseId(params.id);
  const lead = id ? await getLead(db, id) : null;
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  const client = lead.clientId ? await findClient(db, lead.clientId) : null;
  // A WhatsApp lead (decision 079): can the team still answer there (the 24-hour window)?
  const whatsapp = lead.whatsappWaId
    ? { windowOpen: await windowOpen(db, lead.whatsappWaId, now()) }
    : null;
  return { lead, client, whatsapp, notes: await listNotes(db, { leadId: lead.id }) };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireAdmin(request);
  assertCanWrite(ctx);
  const { db } = ctx;
  const id = parseId(params.id);
  if (!id) return failed(404, LEAD_NOT_FOUND);
  const form = await readForm(request);
  if (form.intent === "add-note") {
    if (!(await getLead(db, id))) return failed(404, LEAD_NOT_FOUND);
    return noteAction(ctx, form, { leadId: id });
  }
  if (form.intent === ERASE_LEAD_INTENT) {
    // The erase dialog's button; back to the list.
    if (!(await eraseLead(db, id))) return failed(404, LEAD_NOT_FOUND);
    return redirectWithToast("/portal/leads", {
      type: "success",
      title: "Success",
      description: "Lead erased",
    });
  }
  if (form.intent === "whatsapp-reply") {
    const sent = await replyToWhatsAppLead(
      db,
      id,
      { name: ctx.user.fullName?.trim() || ctx.user.email },
      form.reply ?? "",
      now(),
    );
    if (!sent.ok)
      return failed(sent.status, sent.message, {
        intent: "whatsapp-reply",
        field: "reply",
        values: { reply: form.reply ?? "" },
      });
    return succeeded("Reply sent on WhatsApp", { intent: "whatsapp-reply" });
  }
  const parsed = leadStatusSchema.safeParse(form);
  if (!parsed.success) return failed(400, "Choose a valid status");
  const updated = await setLeadStatus(db, id, parsed.data.status, { actorId: ctx.user.id });
  if (!updated.ok) return failed(updated.status, updated.message);
  return succeeded(`Lead marked as ${parsed.data.status}`);
}

const KIND_LABELS = {
  contact: "Contact message",
  quote: "Quote request",
  chat: "Chat question (site assistant)",
  booking: "Booking (a meeting booked on the site)",
} as const;

export default function LeadDetail({ loaderData }: Route.ComponentProps) {
  const { fetcher, busy } = useFormOutcome();
  const { lead, client, whatsapp, notes } = loaderData;
  const rows: [string, string | null][] = [
    ["Type", KIND_LABELS[lead.kind]],
    ["Received", formatDateTime(lead.createdAt)],
    ["Name", lead.name],
    ["Email", lead.email],
    ["Phone", lead.phone],
    [
      lead.kind === "quote" ? "Package" : "Company",
      lead.kind === "quote" ? lead.packageName : lead.company,
    ],
    ["Address", lead.address],
    ["Sent from", lead.sourcePath === "whatsapp" ? "WhatsApp" : lead.sourcePath],
    ["Project start", lead.startDate ? formatDate(lead.startDate) : null],
    ["Project finish", lead.finishDate ? formatDate(lead.finishDate) : null],
    [
      "Consent",
      lead.consent
        ? `Privacy notice (version ${lead.privacyNoticeVersion}) shown and accepted on ${formatDateTime(lead.consentAt)}`
        : "No",
    ],
  ];
  return (
    <div className="max-w-3xl space-y-6">
      <Link
        to="/portal/leads"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        All leads
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">{lead.name}</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            {rows
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-medium text-muted-foreground">{k}</dt>
                  <dd className="break-words">{v}</dd>
                </div>
              ))}
          </dl>
          <h3 className="mt-6 mb-2 font-semibold">Message</h3>
          <p className="whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-4 text-sm">
            {lead.message}
          </p>
          {lead.conversation?.length ? (
            <>
              <h3 className="mt-6 mb-2 font-semibold">Conversation with the site assistant</h3>
              <ol className="space-y-2 rounded-md border bg-muted/40 p-4 text-sm">
                {lead.conversation.map((turn, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a stored, unchanging list
                  <li key={i} className="whitespace-pre-wrap break-words">
                    <span className="font-medium">
                      {turn.role === "user"
                        ? "Visitor"
                        : turn.role === "team"
                          ? `Team${turn.page ? ` (${turn.page})` : ""}`
                          : "Assistant"}
                      :
                    </span>{" "}
                    {turn.text}
                    {turn.url ? <span className="text-muted-foreground"> ({turn.url})</span> : null}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </CardContent>
      </Card>
      {whatsapp ? (
        <WhatsAppReplyCard waiting={Boolean(lead.waitingSince)} windowOpen={whatsapp.windowOpen} />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Status</CardTitle>
        </CardHeader>
        <CardContent>
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
            <Field id="lead-status" label="Status">
              <NativeSelect name="status" defaultValue={lead.status}>
                {LEAD_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {capitalise(s)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Update Status"}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
      <ClientCard
        leadId={lead.id}
        client={client}
        kind={lead.kind}
        converted={lead.clientId !== null}
        hasCompany={Boolean(lead.company?.trim())}
      />
      <InternalNotes notes={notes} />
      <EraseLeadCard name={lead.name} />
    </div>
  );
}

function ClientCard({
  leadId,
  client,
  kind,
  converted,
  hasCompany,
}: {
  leadId: string;
  client: { id: string; name: string } | null;
  kind: LeadKind;
  converted: boolean;
  hasCompany: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Client</CardTitle>
        <CardDescription>
          {converted
            ? "This lead became a client."
            : `Converting shows a preview first: a client named after ${hasCompany ? "the company" : "the person"}, whether to invite the lead's e-mail address${kind === "quote" ? " and to create a first project" : ""}. Nothing is created or e-mailed until you confirm; the lead is then marked as won.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {client ? (
          <div className="flex flex-wrap items-center gap-4">
            <Link
              to={`/portal/clients/${client.id}`}
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Building2 className="size-4" aria-hidden />
              {client.name}
            </Link>
            {kind === "quote" ? (
              <Button asChild variant="outline">
                <Link to={`/portal/billing/proposals/new?lead=${leadId}`}>Create proposal</Link>
              </Button>
            ) : null}
          </div>
        ) : converted ? (
          <p className="text-sm text-muted-foreground">The client has since been removed.</p>
        ) : (
          <Button asChild>
            <Link to={`/portal/leads/${leadId}/convert`}>
              <Building2 aria-hidden />
              Convert to client
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** A WhatsApp lead: whether it waits for the team, and the team's reply sent on WhatsApp. */
function WhatsAppReplyCard({ waiting, windowOpen }: { waiting: boolean; windowOpen: boolean }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "whatsapp-reply" });
  const typed = inline && !inline.ok ? inline.values?.reply : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Reply on WhatsApp</CardTitle>
        <CardDescription>
          {waiting ? (
            <strong className="text-amber-800 dark:text-amber-200">Waiting for the team. </strong>
          ) : null}
          {windowOpen
            ? "Your reply is sent to them on WhatsApp and added to the conversation above."
            : "WhatsApp allows a reply only within 24 hours of their last message, and that has passed. Reach them another way."}
        </CardDescription>
      </CardHeader>
      {windowOpen ? (
        <CardContent>
          <fetcher.Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="whatsapp-reply" />
            <Field
              id="lead-whatsapp-reply"
              label="Your reply"
              error={inline && !inline.ok ? inline.error : undefined}
            >
              <Textarea
                name="reply"
                rows={4}
                maxLength={4000}
                required
                key={typed ?? ""}
                defaultValue={typed ?? ""}
              />
            </Field>
            <FormResult result={inline} />
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "Send on WhatsApp"}
            </Button>
          </fetcher.Form>
        </CardContent>
      ) : null}
    </Card>
  );
}
