/**
 * Bookings by week (issue 33, point 5): meetings booked on the site, held, no-shows, and those
 * whose visitor's lead became a client, counted in SQL by the week the meeting is (or was), a
 * week being Monday to Sunday in South Africa. Cancelled bookings are not counted.
 */
import { sql } from "drizzle-orm";
import type { Period } from "~/lib/validation/period";
import type { Database } from "../db/client.server";
import { fillWeeks } from "./lead-figures.server";

export const BOOKING_COUNTS = ["booked", "held", "noShow", "becameClients"] as const;
export type BookingCount = (typeof BOOKING_COUNTS)[number];

export async function bookingsByWeek(db: Database, period: Period) {
  const result = await db.execute(sql`
    select to_char(date_trunc('week', (b.starts_at at time zone 'UTC') + interval '2 hours'), 'YYYY-MM-DD') as week,
           count(*)::int as booked,
           (count(*) filter (where b.status = 'held'))::int as held,
           (count(*) filter (where b.status = 'no-show'))::int as no_show,
           (count(*) filter (where l.client_id is not null))::int as became_clients
      from bookings b left join leads l on l.id = b.lead_id
     where b.status <> 'cancelled'
       and b.starts_at >= ${period.start}::timestamptz and b.starts_at < ${period.end}::timestamptz
     group by 1`);
  const rows = result.rows as {
    week: string;
    booked: number;
    held: number;
    no_show: number;
    became_clients: number;
  }[];
  return fillWeeks<BookingCount>(
    period,
    BOOKING_COUNTS,
    rows.flatMap((r) => [
      { week: r.week, key: "booked", n: r.booked },
      { week: r.week, key: "held", n: r.held },
      { week: r.week, key: "noShow", n: r.no_show },
      { week: r.week, key: "becameClients", n: r.became_clients },
    ]),
  );
}
