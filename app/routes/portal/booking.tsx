import { Link } from "react-router";
import { ArrowLeft } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { formatDateTime, todayInSouthAfrica } from "~/lib/dates";
import { portalMeta } from "~/lib/seo";
import { BOOKING_STATUS_LABELS } from "~/lib/validation/booking-values";
import { now } from "~/server/clock.server";
import type { Route } from "./+types/booking";
import { bookingAction, requireBooking, requireHost } from "./bookings.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Booking", matches);

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireHost(request);
  const b = await requireBooking(ctx, params.id);
  const at = now();
  return {
    booking: {
      id: b.id,
      status: b.status,
      startsAt: b.startsAt.toISOString(),
      name: b.name,
      email: b.email,
      phone: b.phone,
      company: b.company,
      topic: b.topic,
      typeName: b.type.name,
      minutes: b.type.minutes,
      location: b.type.location,
      hostName: b.hostName ?? b.hostEmail ?? "No host",
      leadId: b.leadId,
      leadStatus: b.leadStatus,
      becameClient: b.leadClientId !== null,
      createdAt: b.createdAt.toISOString(),
    },
    upcoming: b.status === "confirmed" && b.startsAt.getTime() > at.getTime(),
    started: b.startsAt.getTime() <= at.getTime() && b.status !== "cancelled",
    today: todayInSouthAfrica(at),
    // Leads are the administrators' (a team member takes meetings but does not work leads).
    seesLeads: ctx.scope.kind === "all",
  };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export function action({ request, params }: Route.ActionArgs) {
  return bookingAction(request, params.id);
}

export default function BookingDetail({ loaderData }: Route.ComponentProps) {
  const { booking, upcoming, started, today, seesLeads } = loaderData;
  const rows: [string, string | null][] = [
    [
      "When",
      `${formatDateTime(booking.startsAt)} (South African time), ${booking.minutes} minutes`,
    ],
    ["Meeting", booking.typeName],
    ["Where", booking.location],
    ["Host", booking.hostName],
    ["Status", BOOKING_STATUS_LABELS[booking.status]],
    ["Name", booking.name],
    ["Email", booking.email],
    ["Phone", booking.phone],
    ["Company", booking.company],
    ["Booked", formatDateTime(booking.createdAt)],
  ];
  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to="/portal/bookings">
          <ArrowLeft aria-hidden />
          Back to bookings
        </Link>
      </Button>
      <h1 className="text-3xl font-bold tracking-tight">
        {booking.typeName} with {booking.name}
      </h1>
      <Card>
        <div className="p-6">
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium">{label}</dt>
                <dd className="break-words text-muted-foreground">{value || "—"}</dd>
              </div>
            ))}
          </dl>
          <h2 className="mt-6 font-semibold">What they want to discuss</h2>
          <p className="mt-1 whitespace-pre-wrap">{booking.topic}</p>
          {booking.leadId && seesLeads ? (
            <p className="mt-4">
              <Link
                to={`/portal/leads/${booking.leadId}`}
                className="text-primary underline underline-offset-4"
              >
                Open their lead
              </Link>{" "}
              <span className="text-muted-foreground">
                ({booking.becameClient ? "became a client" : `status: ${booking.leadStatus ?? "—"}`}
                )
              </span>
            </p>
          ) : null}
        </div>
      </Card>
      {upcoming ? <MoveCard today={today} /> : null}
      {upcoming ? <CancelCard /> : null}
      {started ? <MarkCard status={booking.status} /> : null}
    </div>
  );
}

function MoveCard({ today }: { today: string }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "move" });
  const values = inline && !inline.ok ? inline.values : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Move this booking</CardTitle>
        <CardDescription>
          Any free time of the meeting's hours (South African time). The visitor is e-mailed the new
          time with a new invitation; their old links stop working.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="move" />
          <Field label="New date">
            <Input name="day" type="date" min={today} defaultValue={values?.day} required />
          </Field>
          <Field label="New time">
            <Input name="time" type="time" step={300} defaultValue={values?.time} required />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Moving..." : "Move booking"}
          </Button>
          <FormResult result={inline} className="basis-full" />
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function CancelCard() {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "cancel" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Cancel this booking</CardTitle>
        <CardDescription>
          The visitor is e-mailed that the meeting is cancelled; the time is free again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="cancel" />
          <FormResult result={inline} />
          <div>
            <Button type="submit" variant="destructive" disabled={busy}>
              Cancel booking
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function MarkCard({ status }: { status: string }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "mark" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">How did it go?</CardTitle>
        <CardDescription>Analytics counts held meetings and no-shows by week.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="flex flex-wrap gap-3">
          <input type="hidden" name="intent" value="mark" />
          <Button
            type="submit"
            name="status"
            value="held"
            variant={status === "held" ? "default" : "outline"}
            disabled={busy}
          >
            Mark as held
          </Button>
          <Button
            type="submit"
            name="status"
            value="no-show"
            variant={status === "no-show" ? "default" : "outline"}
            disabled={busy}
          >
            Mark as no-show
          </Button>
          <FormResult result={inline} className="basis-full" />
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
