/**
 * A host's busy-times feed (issue 33, point 1; decision 076): the iCal address their calendar
 * publishes, which they paste in Bookings → Availability. It is fetched when they save it and by
 * a job every quarter of an hour (never while a visitor waits), and its events' times are kept
 * as busy. Read: VEVENTs with DTSTART and DTEND or DURATION — UTC times, times with a TZID,
 * floating times (South African time) and all-day dates; events marked TRANSPARENT or CANCELLED
 * are not busy. Not read: repeating events (RRULE) beyond their first occurrence.
 */

const FETCH_TIMEOUT_MS = 5_000;
const MAX_BYTES = 2_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SA_OFFSET_MS = 2 * 60 * 60 * 1000;
/** Busy times further ahead than this are not kept (no meeting type books that far). */
const HORIZON_DAYS = 400;

export type BusyRead = { ok: true; busy: [string, string][] } | { ok: false; error: string };

/** The feed's text, or why it could not be read. */
async function download(
  url: string,
): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, error: "The calendar address is not a valid web address." };
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return { ok: false, error: "The calendar address must start with https://." };
  }
  try {
    const res = await fetch(parsed, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: "text/calendar, text/plain;q=0.5" },
      redirect: "follow",
    });
    if (!res.ok) return { ok: false, error: `The calendar answered ${res.status}.` };
    const text = await res.text();
    if (text.length > MAX_BYTES) return { ok: false, error: "The calendar is too large to read." };
    if (!text.includes("BEGIN:VCALENDAR")) {
      return { ok: false, error: "That address did not give an iCal calendar." };
    }
    return { ok: true, text };
  } catch {
    return { ok: false, error: "The calendar could not be reached." };
  }
}

/** A wall-clock time (read as if UTC) in a time zone, as a moment; South Africa's when unknown. */
function zoned(wallMs: number, tz: string | null): number {
  if (!tz || tz === "Africa/Johannesburg") return wallMs - SA_OFFSET_MS;
  try {
    const fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    const asWall = (t: number) => {
      const p: Record<string, string> = Object.fromEntries(
        fmt.formatToParts(new Date(t)).map((x) => [x.type, x.value]),
      );
      const n = (k: string) => Number(p[k] ?? 0);
      return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
    };
    const first = wallMs - (asWall(wallMs) - wallMs);
    return wallMs - (asWall(first) - first);
  } catch {
    return wallMs - SA_OFFSET_MS;
  }
}

interface IcsTime {
  at: number;
  allDay: boolean;
}

/** DTSTART/DTEND's value with its parameters, as a moment. */
function readTime(params: string, value: string): IcsTime | null {
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (date) {
    const [y, mo, d] = date.slice(1).map(Number) as [number, number, number];
    return { at: zoned(Date.UTC(y, mo - 1, d), null), allDay: true };
  }
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  if (!m) return null;
  const [y, mo, d, hh, mm, ss] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, hh, mm, ss);
  if (m[7] === "Z") return { at: wall, allDay: false };
  const tz = /(?:^|;)TZID=("?)([^";:]+)\1/i.exec(params)?.[2] ?? null;
  return { at: zoned(wall, tz), allDay: false };
}

/** "PT1H30M", "P1D": milliseconds, or null. */
function readDuration(value: string): number | null {
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value);
  if (!m) return null;
  const [w, d, h, min, s] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  return ((((w ?? 0) * 7 + (d ?? 0)) * 24 + (h ?? 0)) * 60 + (min ?? 0)) * 60_000 + (s ?? 0) * 1000;
}

/** The busy times of an iCal text, from `now` to the horizon, as [start, end] ISO pairs. */
export function parseBusyTimes(text: string, now: Date): [string, string][] {
  const lines = text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  const busy: [string, string][] = [];
  const horizon = now.getTime() + HORIZON_DAYS * DAY_MS;
  let event: Record<string, { params: string; value: string }> | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") {
      event = {};
      continue;
    }
    if (line === "END:VEVENT" && event) {
      const start = event.DTSTART ? readTime(event.DTSTART.params, event.DTSTART.value) : null;
      let end = event.DTEND ? readTime(event.DTEND.params, event.DTEND.value) : null;
      if (start && !end) {
        const duration = event.DURATION ? readDuration(event.DURATION.value) : null;
        end = { at: start.at + (duration ?? (start.allDay ? DAY_MS : 0)), allDay: start.allDay };
      }
      const transparent = event.TRANSP?.value.toUpperCase() === "TRANSPARENT";
      const cancelled = event.STATUS?.value.toUpperCase() === "CANCELLED";
      if (start && end && end.at > start.at && !transparent && !cancelled) {
        if (end.at > now.getTime() && start.at < horizon) {
          busy.push([new Date(start.at).toISOString(), new Date(end.at).toISOString()]);
        }
      }
      event = null;
      continue;
    }
    if (!event) continue;
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const head = line.slice(0, colon);
    const semi = head.indexOf(";");
    const name = (semi < 0 ? head : head.slice(0, semi)).toUpperCase();
    event[name] = {
      params: semi < 0 ? "" : head.slice(semi + 1),
      value: line.slice(colon + 1).trim(),
    };
  }
  return busy.sort((a, b) => a[0].localeCompare(b[0]));
}

export async function fetchBusyTimes(url: string, now: Date): Promise<BusyRead> {
  const got = await download(url);
  if (!got.ok) return got;
  return { ok: true, busy: parseBusyTimes(got.text, now) };
}
