import { Link } from "react-router";
import { ArrowLeft } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormResult } from "~/components/ui/form-result";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useFormOutcome } from "~/hooks/use-form-outcome";
import { keepInputOnFailedRequest } from "~/lib/client-action";
import { formatDate, formatDateTime, todayInSouthAfrica } from "~/lib/dates";
import { portalMeta } from "~/lib/seo";
import { minutesToClock, WEEKDAY_NAMES } from "~/lib/validation/booking-values";
import { listMeetingTypes } from "~/server/bookings/availability.server";
import { availabilityOf } from "~/server/bookings/hosts.server";
import { now } from "~/server/clock.server";
import type { Route } from "./+types/bookings-availability";
import { availabilityAction, requireHost } from "./bookings.server";

export const meta: Route.MetaFunction = ({ matches }) => portalMeta("Availability", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = await requireHost(request);
  const at = now();
  const mine = await availabilityOf(ctx.db, ctx.user.id, at);
  const types = await listMeetingTypes(ctx.db, { all: true });
  return {
    mine: {
      ...mine,
      busyFetchedAt: mine.busyFetchedAt?.toISOString() ?? null,
    },
    types: types.map((t) => ({
      id: t.id,
      slug: t.slug,
      name: t.name,
      minutes: t.minutes,
      bufferBefore: t.bufferBefore,
      bufferAfter: t.bufferAfter,
      minNoticeHours: Math.round(t.minNoticeMinutes / 60),
      maxDaysAhead: t.maxDaysAhead,
      location: t.location,
      active: t.active,
    })),
    today: todayInSouthAfrica(at),
  };
}

/** In the browser: a request that does not get through keeps the form and says so (decision 143). */
export const clientAction = (args: Route.ClientActionArgs) => keepInputOnFailedRequest(args);

export function action({ request }: Route.ActionArgs) {
  return availabilityAction(request);
}

type Loaded = Route.ComponentProps["loaderData"];

export default function Availability({ loaderData }: Route.ComponentProps) {
  const { mine, types, today } = loaderData;
  return (
    <div className="space-y-6">
      <Button asChild variant="ghost" className="-ml-3">
        <Link to="/portal/bookings">
          <ArrowLeft aria-hidden />
          Back to bookings
        </Link>
      </Button>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Availability</h1>
        <p className="mt-1 text-muted-foreground">
          When visitors may book a meeting with you on the website. All times are South African time
          (SAST).
        </p>
      </div>
      <TakesMeetings on={mine.takesMeetings} />
      {mine.takesMeetings ? (
        <>
          <Hours hours={mine.hours} />
          <DaysOff days={mine.daysOff} today={today} />
          <BusyFeed mine={mine} />
        </>
      ) : null}
      <MeetingTypes types={types} />
    </div>
  );
}

function TakesMeetings({ on }: { on: boolean }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "takes-meetings" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Meetings</CardTitle>
        <CardDescription>
          {on
            ? "You take meetings: visitors can book your free times."
            : "You do not take meetings. Start, and you begin with weekday hours 09:00–17:00, which you can change."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="takes-meetings" />
          <input type="hidden" name="takesMeetings" value={on ? "no" : "yes"} />
          <FormResult result={inline} />
          <div>
            <Button type="submit" variant={on ? "outline" : "default"} disabled={busy}>
              {on ? "Stop taking meetings" : "Take meetings"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function Hours({ hours }: { hours: Loaded["mine"]["hours"] }) {
  const add = useFormOutcome({ intent: "add-hours" });
  const remove = useFormOutcome({ intent: "remove-hours" });
  const errorFor = (field: string) =>
    add.inline && !add.inline.ok && add.inline.field === field ? add.inline.error : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Weekly hours</CardTitle>
        <CardDescription>Meetings start and end within these hours.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {hours.length === 0 ? (
          <p className="text-muted-foreground">No hours yet: visitors cannot book you.</p>
        ) : (
          <ul className="grid gap-2">
            {hours.map((h) => (
              <li
                key={h.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2"
              >
                <span>
                  {WEEKDAY_NAMES[h.weekday]} {minutesToClock(h.startMinute)}–
                  {minutesToClock(h.endMinute)}
                </span>
                <remove.fetcher.Form method="post">
                  <input type="hidden" name="intent" value="remove-hours" />
                  <input type="hidden" name="id" value={h.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${WEEKDAY_NAMES[h.weekday]} ${minutesToClock(h.startMinute)}–${minutesToClock(h.endMinute)}`}
                  >
                    Remove
                  </Button>
                </remove.fetcher.Form>
              </li>
            ))}
          </ul>
        )}
        <FormResult result={remove.inline} />
        <add.fetcher.Form
          method="post"
          className="flex flex-wrap items-end gap-4"
          aria-label="Add hours"
        >
          <input type="hidden" name="intent" value="add-hours" />
          <Field label="Day" error={errorFor("weekday")}>
            <NativeSelect name="weekday" defaultValue="1">
              {WEEKDAY_NAMES.map((name, i) => (
                <option key={name} value={i}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="From" error={errorFor("start")}>
            <Input name="start" type="time" step={300} defaultValue="09:00" />
          </Field>
          <Field label="To" error={errorFor("end")}>
            <Input name="end" type="time" step={300} defaultValue="17:00" />
          </Field>
          <Button type="submit" disabled={add.busy}>
            Add hours
          </Button>
          <FormResult result={add.inline} className="basis-full" />
        </add.fetcher.Form>
      </CardContent>
    </Card>
  );
}

function DaysOff({ days, today }: { days: string[]; today: string }) {
  const add = useFormOutcome({ intent: "add-day-off" });
  const remove = useFormOutcome({ intent: "remove-day-off" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Days off</CardTitle>
        <CardDescription>No meetings are booked with you on these days.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {days.length === 0 ? (
          <p className="text-muted-foreground">No days off ahead.</p>
        ) : (
          <ul className="grid gap-2">
            {days.map((d) => (
              <li
                key={d}
                className="flex items-center justify-between gap-2 rounded-md border px-3 py-2"
              >
                <span>{formatDate(d)}</span>
                <remove.fetcher.Form method="post">
                  <input type="hidden" name="intent" value="remove-day-off" />
                  <input type="hidden" name="day" value={d} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove day off ${formatDate(d)}`}
                  >
                    Remove
                  </Button>
                </remove.fetcher.Form>
              </li>
            ))}
          </ul>
        )}
        <add.fetcher.Form
          method="post"
          className="flex flex-wrap items-end gap-4"
          aria-label="Add a day off"
        >
          <input type="hidden" name="intent" value="add-day-off" />
          <Field label="Day off">
            <Input name="day" type="date" min={today} required />
          </Field>
          <Button type="submit" disabled={add.busy}>
            Add day off
          </Button>
          <FormResult result={add.inline ?? remove.inline} className="basis-full" />
        </add.fetcher.Form>
      </CardContent>
    </Card>
  );
}

function BusyFeed({ mine }: { mine: Loaded["mine"] }) {
  const { fetcher, inline, busy } = useFormOutcome({ intent: "busy-feed" });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Busy times from your calendar</CardTitle>
        <CardDescription>
          Paste your calendar's iCal address (in Google Calendar: Settings → your calendar → 'Secret
          address in iCal format'). Its events block your times; it is read again every 15 minutes.
          Leave it empty to stop.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="busy-feed" />
          <Field
            label="Calendar address (iCal)"
            description={
              mine.busyFeedError
                ? `Last read failed: ${mine.busyFeedError}`
                : mine.busyFetchedAt
                  ? `Read ${formatDateTime(mine.busyFetchedAt)}: ${mine.busyCount} busy ${mine.busyCount === 1 ? "time" : "times"} ahead.`
                  : undefined
            }
          >
            <Input
              name="busyFeedUrl"
              type="url"
              inputMode="url"
              defaultValue={mine.busyFeedUrl ?? ""}
              placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
            />
          </Field>
          <FormResult result={inline} />
          <div>
            <Button type="submit" disabled={busy}>
              Save calendar
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function MeetingTypes({ types }: { types: Loaded["types"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Meeting types</CardTitle>
        <CardDescription>
          What visitors can book. 'Book Calendly Meeting' on the contact page opens
          /book/consultation; 'Schedule Voice Demo' on the demo page opens /book/voice-demo.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {types.map((t) => (
          <TypeForm key={t.id} type={t} />
        ))}
        <TypeForm type={null} />
      </CardContent>
    </Card>
  );
}

function TypeForm({ type }: { type: Loaded["types"][number] | null }) {
  const intent = type ? "meeting-type" : "new-meeting-type";
  const { fetcher, inline, busy } = useFormOutcome({ intent, instance: type?.id });
  const errorFor = (field: string) =>
    inline && !inline.ok && inline.field === field ? inline.error : undefined;
  const prefix = type ? `type-${type.slug}` : "type-new";
  return (
    <fetcher.Form
      method="post"
      className="grid gap-4 rounded-md border p-4 sm:grid-cols-2"
      aria-label={type ? `Meeting type ${type.name}` : "New meeting type"}
    >
      <h3 className="font-semibold sm:col-span-2">
        {type ? (
          <>
            {type.name}{" "}
            <span className="font-normal text-muted-foreground">(/book/{type.slug})</span>
          </>
        ) : (
          "New meeting type"
        )}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {type ? <input type="hidden" name="id" value={type.id} /> : null}
      <Field id={`${prefix}-name`} label="Name" error={errorFor("name")}>
        <Input name="name" defaultValue={type?.name ?? ""} maxLength={100} />
      </Field>
      <Field id={`${prefix}-minutes`} label="Length (minutes)" error={errorFor("minutes")}>
        <Input
          name="minutes"
          type="number"
          min={5}
          max={480}
          step={5}
          defaultValue={type?.minutes ?? 30}
        />
      </Field>
      <Field
        id={`${prefix}-before`}
        label="Buffer before (minutes)"
        error={errorFor("bufferBefore")}
      >
        <Input
          name="bufferBefore"
          type="number"
          min={0}
          max={240}
          step={5}
          defaultValue={type?.bufferBefore ?? 0}
        />
      </Field>
      <Field id={`${prefix}-after`} label="Buffer after (minutes)" error={errorFor("bufferAfter")}>
        <Input
          name="bufferAfter"
          type="number"
          min={0}
          max={240}
          step={5}
          defaultValue={type?.bufferAfter ?? 15}
        />
      </Field>
      <Field
        id={`${prefix}-notice`}
        label="Minimum notice (hours)"
        error={errorFor("minNoticeHours")}
      >
        <Input
          name="minNoticeHours"
          type="number"
          min={0}
          max={720}
          defaultValue={type?.minNoticeHours ?? 4}
        />
      </Field>
      <Field id={`${prefix}-ahead`} label="How far ahead (days)" error={errorFor("maxDaysAhead")}>
        <Input
          name="maxDaysAhead"
          type="number"
          min={1}
          max={365}
          defaultValue={type?.maxDaysAhead ?? 30}
        />
      </Field>
      <Field
        id={`${prefix}-location`}
        label="Where (a meeting link or an address)"
        className="sm:col-span-2"
        error={errorFor("location")}
      >
        <Input name="location" defaultValue={type?.location ?? ""} maxLength={300} />
      </Field>
      {type ? (
        <Field
          id={`${prefix}-active`}
          label="Offered on the website"
          layout="checkbox"
          className="sm:col-span-2"
        >
          <Checkbox name="active" value="yes" defaultChecked={type.active} />
        </Field>
      ) : null}
      <FormResult result={inline} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {type ? "Save meeting type" : "Add meeting type"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
