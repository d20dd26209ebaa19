import { data, Link, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { LoadMore } from "~/components/ui/load-more";
import { NativeSelect } from "~/components/ui/native-select";
import { formatDateTime } from "~/lib/dates";
import { capitalise } from "~/lib/names";
import { formatCount } from "~/lib/numbers";
import { decodeCursor } from "~/lib/pagination";
import { portalMeta } from "~/lib/seo";
import { leadFiltersSchema } from "~/lib/validation/lead-status";
import { LEAD_STATUSES, type LeadStatus } from "~/lib/validation/lead-values";
import { leadCounts, listLeads } from "~/server/leads/leads.server";
import type { Route } from "./+types/leads";
import { requireAdmin } from "./context.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Leads", matches);

/** One page of leads (keyset, `?cursor=`), with the counts over all of them. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const parsed = leadFiltersSchema.safeParse({
    kind: params.get("kind") || undefined,
    status: params.get("status") || undefined,
  });
  const filters = parsed.success ? parsed.data : {};
  const cursor = decodeCursor(params.get("cursor"));
  const page = await listLeads(db, filters, { cursor });
  const counts = await leadCounts(db, filters);
  return data(
    {
      filterError: parsed.success ? null : "That filter is not valid, so all leads are shown.",
      filters,
      leads: page.rows,
      next: page.next,
      counts,
    },
    { status: parsed.success ? 200 : 400 },
  );
}

/** "3 leads", "1 lead" */
function leadsCount(n: number) {
  return `${formatCount(n)} ${n === 1 ? "lead" : "leads"}`;
}

export const statusStyles: Record<LeadStatus, string> = {
  new: "bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-100",
  contacted: "bg-yellow-100 text-yellow-900 dark:bg-yellow-900/60 dark:text-yellow-100",
  won: "bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-100",
  lost: "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100",
};

export default function Leads({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { leads, next, counts, filters, filterError } = loaderData;
  const filtered = Boolean(filters.kind || filters.status);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Leads</h1>
        <p className="mt-1 text-muted-foreground">
          Every contact message, quote request and chat question from the website.
        </p>
      </div>

      <FormResult result={filterError ? { ok: false, error: filterError } : null} />
      <form method="get" className="flex flex-wrap items-end gap-4" aria-label="Filter leads">
        <Field id="filter-kind" label="Type">
          <NativeSelect name="kind" defaultValue={filters.kind ?? ""}>
            <option value="">All types</option>
            <option value="contact">Contact</option>
            <option value="quote">Quote</option>
            <option value="chat">Chat</option>
            <option value="booking">Booking</option>
          </NativeSelect>
        </Field>
        <Field id="filter-status" label="Status">
          <NativeSelect name="status" defaultValue={filters.status ?? ""}>
            <option value="">All statuses</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {capitalise(s)} ({formatCount(counts.byStatus[s])})
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="outline">
          Filter
        </Button>
        {params.toString() ? (
          <Button asChild variant="ghost">
            <Link to="/portal/leads">Clear</Link>
          </Button>
        ) : null}
      </form>

      <p className="text-sm text-muted-foreground">
        {filtered
          ? `${leadsCount(counts.matching)} match the filters, of ${leadsCount(counts.total)}.`
          : `${leadsCount(counts.total)} in all.`}
        {next || params.has("cursor") ? ` Showing ${leads.length} at a time, newest first.` : ""}
      </p>

      {leads.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="text-muted-foreground">No leads found.</p>
        </Card>
      ) : (
        <DataTable
          caption="Leads, newest first"
          columns={[
            { label: "Received" },
            { label: "Name" },
            { label: "Type" },
            { label: "Status" },
          ]}
        >
          {leads.map((lead) => (
            <tr key={lead.id} className="border-t">
              <td className="whitespace-nowrap px-4 py-3">{formatDateTime(lead.createdAt)}</td>
              <td className="px-4 py-3">
                <Link
                  to={`/portal/leads/${lead.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {lead.name}
                </Link>
                <div className="text-muted-foreground">{lead.email}</div>
                {lead.waitingSince ? (
                  <Badge
                    variant="plain"
                    className="mt-1 bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
                  >
                    Waiting for the team
                  </Badge>
                ) : null}
              </td>
              <td className="px-4 py-3">
                {lead.kind === "quote"
                  ? `Quote${lead.packageName ? ` (${lead.packageName})` : ""}`
                  : lead.kind === "chat"
                    ? "Chat"
                    : lead.kind === "booking"
                      ? "Booking"
                      : "Contact"}
              </td>
              <td className="px-4 py-3">
                <Badge variant="plain" className={statusStyles[lead.status]}>
                  {capitalise(lead.status)}
                </Badge>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore next={next} />
    </div>
  );
}
