import { data, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { LoadMore } from "~/components/ui/load-more";
import { NativeSelect } from "~/components/ui/native-select";
import { formatDateTime } from "~/lib/dates";
import { decodeCursor } from "~/lib/pagination";
import { portalMeta } from "~/lib/seo";
import { BOOKING_STATUS_LABELS } from "~/lib/validation/booking-values";
import { listBookings, listHosts } from "~/server/bookings/bookings.server";
import { now } from "~/server/clock.server";
import type { Route } from "./+types/bookings";
import { requireHost } from "./bookings.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Bookings", matches);

/** Upcoming (soonest first) or past (latest first) bookings, of every host or one. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireHost(request);
  const params = new URL(request.url).searchParams;
  const when = params.get("when") === "past" ? "past" : "upcoming";
  const hosts = await listHosts(db);
  const host = params.get("host") || null;
  const known = host === null || hosts.some((h) => h.id === host);
  const cursor = decodeCursor(params.get("cursor"));
  const page = await listBookings(db, { when, hostId: known ? host : null }, now(), { cursor });
  const rows = page.rows;
  return data(
    {
      when,
      host: known ? host : null,
      hosts,
      next: page.next,
      paged: page.next !== null || cursor !== null,
      filterError: known ? null : "That host is not known, so every host's bookings are shown.",
      bookings: rows.map((b) => ({
        id: b.id,
        startsAt: b.startsAt.toISOString(),
        status: b.status,
        name: b.name,
        email: b.email,
        company: b.company,
        typeName: b.type.name,
        hostName: b.hostName ?? b.hostEmail ?? "No host",
        leadId: b.leadId,
        becameClient: b.leadClientId !== null,
      })),
    },
    { status: known ? 200 : 400 },
  );
}

export default function Bookings({ loaderData }: Route.ComponentProps) {
  const { when, host, hosts, bookings, filterError, next, paged } = loaderData;
  const query = (w: string) =>
    `/portal/bookings?when=${w}${host ? `&host=${encodeURIComponent(host)}` : ""}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Bookings</h1>
          <p className="mt-1 text-muted-foreground">
            Meetings visitors booked on the website, with their details and their lead.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to="/portal/bookings/availability">Availability</Link>
        </Button>
      </div>

      <FormResult result={filterError ? { ok: false, error: filterError } : null} />

      <nav aria-label="Which bookings" className="flex gap-2">
        {(
          [
            ["upcoming", "Upcoming"],
            ["past", "Past and cancelled"],
          ] as const
        ).map(([w, label]) => (
          <Link
            key={w}
            to={query(w)}
            aria-current={when === w ? "page" : undefined}
            className="inline-flex min-h-10 items-center rounded-md border px-4 text-sm font-medium hover:bg-accent aria-[current=page]:border-primary aria-[current=page]:bg-accent"
          >
            {label}
          </Link>
        ))}
      </nav>

      <form method="get" className="flex flex-wrap items-end gap-4" aria-label="Filter bookings">
        <input type="hidden" name="when" value={when} />
        <Field id="filter-host" label="Host">
          <NativeSelect name="host" defaultValue={host ?? ""}>
            <option value="">Every host</option>
            {hosts.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name ?? h.email}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>

      {paged ? (
        <p className="text-sm text-muted-foreground">
          Showing {bookings.length} at a time,{" "}
          {when === "upcoming" ? "soonest first" : "latest first"}.
        </p>
      ) : null}

      {bookings.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="text-muted-foreground">
            {when === "upcoming"
              ? "No upcoming bookings. Meetings booked on the website appear here."
              : "No past or cancelled bookings yet."}
          </p>
        </Card>
      ) : (
        <DataTable
          caption={
            when === "upcoming"
              ? "Upcoming bookings, soonest first"
              : "Past and cancelled bookings, latest first"
          }
          columns={[
            { label: "When" },
            { label: "Visitor" },
            { label: "Meeting" },
            { label: "Host" },
            { label: "Status" },
          ]}
        >
          {bookings.map((b) => (
            <tr key={b.id} className="border-t">
              <td className="whitespace-nowrap px-4 py-3">
                <Link
                  to={`/portal/bookings/${b.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {formatDateTime(b.startsAt)}
                </Link>
              </td>
              <td className="px-4 py-3">
                <div>{b.name}</div>
                <div className="text-muted-foreground">{b.email}</div>
              </td>
              <td className="px-4 py-3">{b.typeName}</td>
              <td className="px-4 py-3">{b.hostName}</td>
              <td className="px-4 py-3">
                <Badge variant="plain">{BOOKING_STATUS_LABELS[b.status]}</Badge>
                {b.becameClient ? <span className="ml-2 text-muted-foreground">Client</span> : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore
        next={next}
        label={when === "upcoming" ? "Load more bookings" : "Load earlier bookings"}
        backLabel={when === "upcoming" ? "Back to the soonest" : "Back to the latest"}
      />
    </div>
  );
}
