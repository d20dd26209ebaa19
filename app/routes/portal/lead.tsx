import { ArrowLeft } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import { type ActionOutcome, useFetcherOutcome } from "~/components/portal/use-action-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { formatDate, formatDateTime } from "~/lib/dates";
import { capitalise } from "~/lib/names";
import { NO_PERMISSION } from "~/lib/portal-text";
import { portalMeta } from "~/lib/seo";
import { LEAD_STATUSES, leadStatusSchema } from "~/lib/validation/lead-status";
import { idSchema } from "~/lib/validation/portal";
import { getLead, setLeadStatus } from "~/server/leads.server";
import { readForm, requireAdmin, requireUser } from "~/server/portal.server";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = () => portalMeta("Lead");

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, user } = await requireUser(request);
  if (user.role !== "admin") return data({ allowed: false as const }, { status: 403 });
  const id = idSchema.safeParse(params.id);
  const lead = id.success ? await getLead(db, id.data) : null;
  if (!lead) throw data({ message: "Lead not found" }, { status: 404 });
  return { allowed: true as const, lead };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { db } = await requireAdmin(request);
  const id = idSchema.safeParse(params.id);
  if (!id.success) return data({ error: "Lead not found" }, { status: 404 });
  const parsed = leadStatusSchema.safeParse(await readForm(request));
  if (!parsed.success) return data({ error: "Choose a valid status" }, { status: 400 });
  if (!(await setLeadStatus(db, id.data, parsed.data.status))) {
    return data({ error: "Lead not found" }, { status: 404 });
  }
  return { ok: true as const, success: `Lead marked as ${parsed.data.status}` };
}

export default function LeadDetail({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<ActionOutcome>();
  useFetcherOutcome(fetcher);
  if (!loaderData.allowed) {
    return (
      <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-6">
        {NO_PERMISSION}
      </p>
    );
  }
  const { lead } = loaderData;
  const rows: [string, string | null][] = [
    ["Type", lead.kind === "quote" ? "Quote request" : "Contact message"],
    ["Received", formatDateTime(lead.createdAt)],
    ["Name", lead.name],
    ["Email", lead.email],
    ["Phone", lead.phone],
    [
      lead.kind === "quote" ? "Package" : "Company",
      lead.kind === "quote" ? lead.packageName : lead.company,
    ],
    ["Address", lead.address],
    ["Project start", lead.startDate ? formatDate(lead.startDate) : null],
    ["Project finish", lead.finishDate ? formatDate(lead.finishDate) : null],
    [
      "Consent",
      lead.consent
        ? `Privacy notice shown and accepted on ${formatDateTime(lead.consentAt)}`
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
        </CardContent>
      </Card>
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
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Saving..." : "Update Status"}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
    </div>
  );
}
