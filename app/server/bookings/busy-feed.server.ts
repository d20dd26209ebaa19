/**
 * A host's busy-times feed (issue 33, point 1; decisions 076 and 085): the iCal address their
 * calendar publishes, which they paste in Bookings → Availability. It is fetched when they save
 * it and by a job every quarter of an hour (never while a visitor waits), and its events' times
 * are kept as busy, up to the horizon. Read: VEVENTs with DTSTART and DTEND or DURATION — UTC
 * times, times with a TZID (IANA names, the Windows names Outlook writes, else the offset of the
 * feed's VTIMEZONE), floating times (South African time) and all-day dates (South African
 * days); repeating events (RRULE: DAILY, WEEKLY, MONTHLY, YEARLY with INTERVAL, COUNT, UNTIL,
 * BYDAY, BYMONTHDAY, BYMONTH, WKST; RDATE; EXDATE) block every occurrence, and an occurrence
 * moved or cancelled on its own (RECURRENCE-ID) counts as it now is. Events marked TRANSPARENT
 * or CANCELLED are not busy.
 */

const FETCH_TIMEOUT_MS = 5_000;
const MAX_BYTES = 2_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SA_OFFSET_MS = 2 * 60 * 60 * 1000;
/** Busy times further ahead than this are not kept (no meeting type books more than 365 days ahead). */
const HORIZON_DAYS = 400;
/** At most this many busy times are kept (the earliest). */
const MAX_BUSY = 20_000;

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

/**
 * A time zone: an IANA name for `Intl`, a fixed offset in minutes east of UTC, or null (South
 * African time: floating times and all-day dates).
 */
type Zone = string | number | null;

/** The Windows zone names Exchange and Outlook write as TZID, for the zones met most. */
const WINDOWS_ZONES: Record<string, string> = {
  "South Africa Standard Time": "Africa/Johannesburg",
  UTC: "UTC",
  "Coordinated Universal Time": "UTC",
  "Greenwich Standard Time": "Atlantic/Reykjavik",
  "GMT Standard Time": "Europe/London",
  "W. Europe Standard Time": "Europe/Berlin",
  "Central Europe Standard Time": "Europe/Budapest",
  "Central European Standard Time": "Europe/Warsaw",
  "Romance Standard Time": "Europe/Paris",
  "FLE Standard Time": "Europe/Helsinki",
  "GTB Standard Time": "Europe/Bucharest",
  "E. Africa Standard Time": "Africa/Nairobi",
  "W. Central Africa Standard Time": "Africa/Lagos",
  "Namibia Standard Time": "Africa/Windhoek",
  "Egypt Standard Time": "Africa/Cairo",
  "Arabian Standard Time": "Asia/Dubai",
  "India Standard Time": "Asia/Kolkata",
  "China Standard Time": "Asia/Shanghai",
  "Singapore Standard Time": "Asia/Singapore",
  "Tokyo Standard Time": "Asia/Tokyo",
  "AUS Eastern Standard Time": "Australia/Sydney",
  "W. Australia Standard Time": "Australia/Perth",
  "New Zealand Standard Time": "Pacific/Auckland",
  "Eastern Standard Time": "America/New_York",
  "Central Standard Time": "America/Chicago",
  "Mountain Standard Time": "America/Denver",
  "Pacific Standard Time": "America/Los_Angeles",
  "E. South America Standard Time": "America/Sao_Paulo",
};

function knownZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** "+0300" → 180; null when it is not an offset. */
function readOffset(value: string): number | null {
  const m = /^([+-])(\d{2})(\d{2})/.exec(value.trim());
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === "-" ? -minutes : minutes;
}

/** A TZID as a zone: its IANA name, a Windows name's, a path ending in one, else the feed's offset for it. */
function zoneOf(tzid: string, offsets: Map<string, number>): Zone {
  const name = tzid.replace(/^"|"$/g, "").trim();
  if (name === "Africa/Johannesburg") return null;
  const windows = WINDOWS_ZONES[name];
  if (windows) return windows === "Africa/Johannesburg" ? null : windows;
  if (knownZone(name)) return name;
  // "/mozilla.org/20050126_1/Africa/Johannesburg", "/citadel.org/…/Europe/London"
  const tail = /([A-Za-z_]+\/[A-Za-z_+-]+(?:\/[A-Za-z_+-]+)?)$/.exec(name)?.[1];
  if (tail && knownZone(tail)) return tail === "Africa/Johannesburg" ? null : tail;
  return offsets.get(name) ?? null;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A wall-clock time (read as if UTC) in a zone, as a moment. */
function zoned(wallMs: number, zone: Zone): number {
  if (zone === null) return wallMs - SA_OFFSET_MS;
  if (typeof zone === "number") return wallMs - zone * 60_000;
  if (zone === "UTC") return wallMs;
  let fmt = formats.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(zone, fmt);
  }
  const f = fmt;
  const asWall = (t: number) => {
    const p: Record<string, string> = Object.fromEntries(
      f.formatToParts(new Date(t)).map((x) => [x.type, x.value]),
    );
    const n = (k: string) => Number(p[k] ?? 0);
    return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  };
  const first = wallMs - (asWall(wallMs) - wallMs);
  return wallMs - (asWall(first) - first);
}

/** A DATE or DATE-TIME value: its wall-clock time (read as if UTC) and its zone. */
interface Stamp {
  wall: number;
  zone: Zone;
  allDay: boolean;
}

const moment = (s: Stamp) => zoned(s.wall, s.zone);

/** One value of DTSTART, DTEND, EXDATE, RDATE, RECURRENCE-ID or UNTIL. */
function readStamp(params: string, value: string, offsets: Map<string, number>): Stamp | null {
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (date) {
    const [y, mo, d] = date.slice(1).map(Number) as [number, number, number];
    return { wall: Date.UTC(y, mo - 1, d), zone: null, allDay: true };
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
  if (m[7] === "Z") return { wall, zone: "UTC", allDay: false };
  const tzid = /(?:^|;)TZID=("[^"]*"|[^;:]*)/i.exec(params)?.[1];
  return { wall, zone: tzid ? zoneOf(tzid, offsets) : null, allDay: false };
}

/** "PT1H30M", "P1D": milliseconds, or null. */
function readDuration(value: string): number | null {
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value);
  if (!m) return null;
  const [w, d, h, min, s] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  return ((((w ?? 0) * 7 + (d ?? 0)) * 24 + (h ?? 0)) * 60 + (min ?? 0)) * 60_000 + (s ?? 0) * 1000;
}

interface Prop {
  params: string;
  value: string;
}
type Component = Map<string, Prop[]>;

/** The feed's VEVENTs and the offsets of its VTIMEZONEs (for TZIDs no zone database knows). */
function readComponents(text: string): { events: Component[]; offsets: Map<string, number> } {
  const lines = text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/);
  const events: Component[] = [];
  const offsets = new Map<string, number>();
  const stack: { name: string; props: Component }[] = [];
  for (const raw of lines) {
    const line = raw.trimEnd();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    const semi = head.indexOf(";");
    const name = (semi < 0 ? head : head.slice(0, semi)).toUpperCase();
    if (name === "BEGIN") {
      stack.push({ name: value.toUpperCase(), props: new Map() });
      continue;
    }
    if (name === "END") {
      const done = stack.pop();
      if (!done) continue;
      if (done.name === "VEVENT") events.push(done.props);
      if (done.name === "STANDARD" || done.name === "DAYLIGHT") {
        // A zone only a VTIMEZONE describes: its standard offset (its daylight rules are not read).
        const zone = stack.at(-1);
        const to = readOffset(done.props.get("TZOFFSETTO")?.[0]?.value ?? "");
        const tzid = zone?.props.get("TZID")?.[0]?.value;
        if (zone?.name === "VTIMEZONE" && tzid && to !== null) {
          if (done.name === "STANDARD" || !offsets.has(tzid)) offsets.set(tzid, to);
        }
      }
      continue;
    }
    const current = stack.at(-1);
    if (!current) continue;
    const list = current.props.get(name) ?? [];
    list.push({ params: semi < 0 ? "" : head.slice(semi + 1), value });
    current.props.set(name, list);
  }
  return { events, offsets };
}

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

interface Rule {
  freq: "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY";
  interval: number;
  count: number | null;
  until: Stamp | null;
  /** BYDAY: weekday (0 = Sunday) and, in a month or year, its ordinal (2TU, -1FR) or 0 for every. */
  byDay: { day: number; nth: number }[];
  byMonthDay: number[];
  byMonth: number[];
  weekStart: number;
}

function readRule(value: string, offsets: Map<string, number>): Rule | null {
  const parts = new Map(
    value.split(";").map((p) => {
      const [k, v] = p.split("=");
      return [(k ?? "").toUpperCase(), v ?? ""] as const;
    }),
  );
  const freq = parts.get("FREQ")?.toUpperCase();
  if (freq !== "DAILY" && freq !== "WEEKLY" && freq !== "MONTHLY" && freq !== "YEARLY") {
    return null;
  }
  const numbers = (key: string) =>
    (parts.get(key) ?? "")
      .split(",")
      .filter(Boolean)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n !== 0);
  const byDay = (parts.get("BYDAY") ?? "")
    .split(",")
    .filter(Boolean)
    .map((d) => /^([+-]?\d{1,2})?([A-Z]{2})$/i.exec(d.trim()))
    .filter((m): m is RegExpExecArray => m !== null && WEEKDAYS.includes(m[2]?.toUpperCase() ?? ""))
    .map((m) => ({ day: WEEKDAYS.indexOf(m[2]?.toUpperCase() ?? ""), nth: Number(m[1] ?? 0) }));
  const interval = Number(parts.get("INTERVAL") ?? 1);
  const count = parts.has("COUNT") ? Number(parts.get("COUNT")) : null;
  const untilValue = parts.get("UNTIL");
  const weekStart = WEEKDAYS.indexOf((parts.get("WKST") ?? "MO").toUpperCase());
  return {
    freq,
    interval: Number.isInteger(interval) && interval > 0 ? interval : 1,
    count: count !== null && Number.isInteger(count) && count > 0 ? count : null,
    until: untilValue ? readStamp("", untilValue, offsets) : null,
    byDay,
    byMonthDay: numbers("BYMONTHDAY"),
    byMonth: numbers("BYMONTH"),
    weekStart: weekStart < 0 ? 1 : weekStart,
  };
}

const dayOf = (wall: number) => Math.floor(wall / DAY_MS) * DAY_MS;
const weekdayOf = (wall: number) => new Date(wall).getUTCDay();

/** The days (wall midnights) of a month that a MONTHLY or YEARLY rule picks, in order. */
function daysInMonth(rule: Rule, year: number, month: number, startDay: number): number[] {
  const first = Date.UTC(year, month, 1);
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  let days: number[] = [];
  if (rule.byMonthDay.length > 0) {
    days = rule.byMonthDay
      .map((d) => (d > 0 ? d : length + d + 1))
      .filter((d) => d >= 1 && d <= length);
  } else if (rule.byDay.length === 0) {
    days = startDay <= length ? [startDay] : [];
  }
  if (rule.byDay.length > 0) {
    const all: number[] = [];
    for (const { day, nth } of rule.byDay) {
      const matching: number[] = [];
      for (let d = 1; d <= length; d++) {
        if (weekdayOf(first + (d - 1) * DAY_MS) === day) matching.push(d);
      }
      if (nth === 0) all.push(...matching);
      else {
        const pick = nth > 0 ? matching[nth - 1] : matching[matching.length + nth];
        if (pick !== undefined) all.push(pick);
      }
    }
    days = rule.byMonthDay.length > 0 ? days.filter((d) => all.includes(d)) : all;
  }
  return [...new Set(days)].sort((a, b) => a - b).map((d) => first + (d - 1) * DAY_MS);
}

/**
 * The rule's occurrences after DTSTART (wall-clock times, in order), up to `stopWall`. DTSTART
 * itself is the first occurrence and is not produced here.
 */
function* occurrences(rule: Rule, start: number, stopWall: number): Generator<number> {
  const time = start - dayOf(start);
  const startDate = new Date(start);
  const inMonths = (wall: number) =>
    rule.byMonth.length === 0 || rule.byMonth.includes(new Date(wall).getUTCMonth() + 1);
  if (rule.freq === "DAILY") {
    const days = new Set(rule.byDay.map((d) => d.day));
    for (let day = dayOf(start) + rule.interval * DAY_MS; day <= stopWall; ) {
      const okDay = days.size === 0 || days.has(weekdayOf(day));
      const okDate =
        rule.byMonthDay.length === 0 || rule.byMonthDay.includes(new Date(day).getUTCDate());
      if (okDay && okDate && inMonths(day)) yield day + time;
      day += rule.interval * DAY_MS;
    }
    return;
  }
  if (rule.freq === "WEEKLY") {
    const weekStart = dayOf(start) - ((weekdayOf(start) - rule.weekStart + 7) % 7) * DAY_MS;
    const offsets = (rule.byDay.length > 0 ? rule.byDay.map((d) => d.day) : [weekdayOf(start)])
      .map((d) => (d - rule.weekStart + 7) % 7)
      .sort((a, b) => a - b);
    for (let week = weekStart; week <= stopWall; week += rule.interval * 7 * DAY_MS) {
      for (const offset of new Set(offsets)) {
        const at = week + offset * DAY_MS + time;
        if (at > start && inMonths(at)) yield at;
      }
    }
    return;
  }
  const year = startDate.getUTCFullYear();
  const month = startDate.getUTCMonth();
  const startDay = startDate.getUTCDate();
  if (rule.freq === "MONTHLY") {
    for (let i = 0; Date.UTC(year, month + i, 1) <= stopWall; i += rule.interval) {
      const y = new Date(Date.UTC(year, month + i, 1)).getUTCFullYear();
      const m = new Date(Date.UTC(year, month + i, 1)).getUTCMonth();
      if (!inMonths(Date.UTC(y, m, 1))) continue;
      for (const day of daysInMonth(rule, y, m, startDay)) {
        if (day + time > start) yield day + time;
      }
    }
    return;
  }
  const months = rule.byMonth.length > 0 ? rule.byMonth.map((m) => m - 1) : [month];
  for (let y = year; Date.UTC(y, 0, 1) <= stopWall; y += rule.interval) {
    for (const m of [...months].sort((a, b) => a - b)) {
      for (const day of daysInMonth(rule, y, m, startDay)) {
        if (day + time > start) yield day + time;
      }
    }
  }
}

/** Whether a wall-clock occurrence is after the rule's UNTIL. */
function pastUntil(until: Stamp, wall: number, zone: Zone): boolean {
  if (until.allDay) return dayOf(wall) > until.wall;
  if (until.zone === "UTC") return zoned(wall, zone) > until.wall;
  return wall > until.wall;
}

/** An occurrence's key, to match EXDATE and RECURRENCE-ID: its moment, or its day when all-day. */
const keyOf = (s: Stamp) => (s.allDay ? `d${s.wall}` : `t${moment(s)}`);

/** All stamps of a property that may repeat and hold lists (EXDATE, RDATE). */
function stampsOf(props: Prop[] | undefined, offsets: Map<string, number>): Stamp[] {
  return (props ?? []).flatMap((p) =>
    p.value
      .split(",")
      .map((v) => readStamp(p.params, v.trim(), offsets))
      .filter((s): s is Stamp => s !== null),
  );
}

/** The busy times of an iCal text, from `now` to the horizon, as [start, end] ISO pairs. */
export function parseBusyTimes(text: string, now: Date): [string, string][] {
  const { events, offsets } = readComponents(text);
  const from = now.getTime();
  const horizon = from + HORIZON_DAYS * DAY_MS;
  const stopWall = horizon + 2 * DAY_MS;
  const first = (e: Component, name: string) => e.get(name)?.[0];
  const stamp = (e: Component, name: string) => {
    const p = first(e, name);
    return p ? readStamp(p.params, p.value, offsets) : null;
  };
  // Occurrences moved or cancelled on their own: the series' UID → the occurrences' keys.
  const overridden = new Map<string, Set<string>>();
  for (const e of events) {
    const id = stamp(e, "RECURRENCE-ID");
    const uid = first(e, "UID")?.value;
    if (!id || !uid) continue;
    const keys = overridden.get(uid) ?? new Set<string>();
    keys.add(keyOf(id));
    overridden.set(uid, keys);
  }
  const busy: [string, string][] = [];
  const add = (startAt: number, endAt: number) => {
    if (endAt > from && startAt < horizon && endAt > startAt) {
      busy.push([new Date(startAt).toISOString(), new Date(endAt).toISOString()]);
    }
  };
  for (const e of events) {
    const start = stamp(e, "DTSTART");
    if (!start) continue;
    if (first(e, "TRANSP")?.value.toUpperCase() === "TRANSPARENT") continue;
    if (first(e, "STATUS")?.value.toUpperCase() === "CANCELLED") continue;
    const end = stamp(e, "DTEND");
    const durationProp = first(e, "DURATION");
    const duration = end
      ? moment(end) - moment(start)
      : ((durationProp ? readDuration(durationProp.value) : null) ?? (start.allDay ? DAY_MS : 0));
    const ruleProp = first(e, "RRULE");
    const rule = ruleProp && !first(e, "RECURRENCE-ID") ? readRule(ruleProp.value, offsets) : null;
    if (!rule) {
      add(moment(start), moment(start) + duration);
      continue;
    }
    const skip = new Set([
      ...stampsOf(e.get("EXDATE"), offsets).map(keyOf),
      ...(overridden.get(first(e, "UID")?.value ?? "") ?? []),
    ]);
    const occur = (wall: number) => {
      const s: Stamp = { wall, zone: start.zone, allDay: start.allDay };
      // A date EXDATE on a timed event takes out that day's occurrence.
      if (skip.has(keyOf(s)) || skip.has(`d${dayOf(wall)}`)) return;
      add(moment(s), moment(s) + duration);
    };
    occur(start.wall);
    let count = 1;
    for (const wall of occurrences(rule, start.wall, stopWall)) {
      if (rule.until && pastUntil(rule.until, wall, start.zone)) break;
      if (rule.count !== null && ++count > rule.count) break;
      if (zoned(wall, start.zone) >= horizon) break;
      occur(wall);
    }
    for (const extra of stampsOf(e.get("RDATE"), offsets)) {
      if (!skip.has(keyOf(extra))) add(moment(extra), moment(extra) + duration);
    }
  }
  return busy.sort((a, b) => a[0].localeCompare(b[0])).slice(0, MAX_BUSY);
}

export async function fetchBusyTimes(url: string, now: Date): Promise<BusyRead> {
  const got = await download(url);
  if (!got.ok) return got;
  return { ok: true, busy: parseBusyTimes(got.text, now) };
}
