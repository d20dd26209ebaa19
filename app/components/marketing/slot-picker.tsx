import { formatForPeople } from "~/lib/dates";
import { WEEKDAY_NAMES } from "~/lib/validation/booking-values";

export interface PickerDay {
  day: string;
  slots: number;
}

/** "Tuesday, 1 Dec 2026" from "2026-12-01". */
export function dayLabel(day: string): string {
  return `${WEEKDAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()]}, ${formatForPeople(day)}`;
}

function href(base: string, params: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/**
 * The booking page's steps as plain links (issue 33, point 2): the next days with free times,
 * then the free times of the chosen day. Works without JavaScript; costs none.
 */
export function SlotPicker({
  base,
  extra = {},
  days,
  later,
  from,
  day,
  slots,
  time,
}: {
  /** The page's path; `extra` are parameters kept on every link (the reschedule's `action`). */
  base: string;
  extra?: Record<string, string>;
  days: PickerDay[];
  later: string | null;
  from: string | null;
  day: string | null;
  slots: string[] | null;
  time: string | null;
}) {
  return (
    <div className="grid gap-8">
      <section aria-labelledby="days-heading">
        <h2 id="days-heading" className="text-xl font-bold tracking-tight">
          1. Choose a day
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Times are South African time (SAST).</p>
        {days.length === 0 ? (
          <p className="mt-4">
            No free times in the next weeks. Call or e-mail us and we'll find a time.
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:grid-cols-3">
            {days.map((d) => (
              <li key={d.day}>
                <a
                  href={href(base, { ...extra, from: from ?? undefined, day: d.day })}
                  aria-current={d.day === day ? "true" : undefined}
                  className="flex min-h-11 flex-col rounded-md border px-3 py-2 hover:bg-accent focus-visible:outline-2 focus-visible:outline-primary aria-[current=true]:border-primary aria-[current=true]:bg-accent"
                >
                  <span className="font-medium">{dayLabel(d.day)}</span>
                  <span className="text-sm text-muted-foreground">
                    {d.slots} free {d.slots === 1 ? "time" : "times"}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 flex flex-wrap gap-4 text-sm">
          {from ? (
            <a href={href(base, extra)} className="text-primary underline underline-offset-4">
              Earliest days
            </a>
          ) : null}
          {later ? (
            <a
              href={href(base, { ...extra, from: later })}
              className="text-primary underline underline-offset-4"
            >
              Later days
            </a>
          ) : null}
        </p>
      </section>

      {day && slots ? (
        <section aria-labelledby="times-heading">
          <h2 id="times-heading" className="text-xl font-bold tracking-tight">
            2. Choose a time on {dayLabel(day)}
          </h2>
          {slots.length === 0 ? (
            <p className="mt-4">No free times that day. Choose another day.</p>
          ) : (
            <ul className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
              {slots.map((t) => (
                <li key={t}>
                  <a
                    href={href(base, { ...extra, from: from ?? undefined, day, time: t })}
                    aria-current={t === time ? "true" : undefined}
                    aria-label={`${t} on ${dayLabel(day)}`}
                    className="flex min-h-11 items-center justify-center rounded-md border px-2 py-2 font-medium tabular-nums hover:bg-accent focus-visible:outline-2 focus-visible:outline-primary aria-[current=true]:border-primary aria-[current=true]:bg-accent"
                  >
                    {t}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
