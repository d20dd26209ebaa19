/**
 * Analytics → Work: projects, conversations and active clients, for the person's scope (a
 * contact: their client only; an administrator: every client) and the period. Aggregate SQL
 * only, each query limited by the scope in its WHERE clause.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Period } from "~/lib/validation/period";
import type { ProjectStatus } from "~/lib/validation/portal";
import type { Database } from "../db/client.server";
import type { Scope } from "../workspace/scope.server";

type Range = Pick<Period, "start" | "end">;

/** The scope as a raw condition on a client_id column (true: every client). */
export function scopeSql(scope: Scope, column: string): SQL {
  if (scope.kind === "all") return sql`true`;
  if (scope.kind === "team") {
    return sql`${sql.raw(column)} in (select client_id from client_assignments where user_id = ${scope.userId})`;
  }
  return sql`${sql.raw(column)} = ${scope.clientId}::uuid`;
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/**
 * The projects of the period: started before it ended and either still open (active, on hold)
 * or changed during it. A project finished and untouched before the period is not in it.
 */
const projectsOfPeriod = (scope: Scope, range: Range) => sql`
  ${scopeSql(scope, "p.client_id")}
  and p.created_at < ${range.end}::timestamptz
  and (p.status in ('active', 'on-hold') or p.updated_at >= ${range.start}::timestamptz)`;

export type StatusCounts = Record<ProjectStatus, number>;

const NO_STATUS: StatusCounts = { active: 0, "on-hold": 0, completed: 0, cancelled: 0 };

export interface ClientProjects {
  clientId: string;
  name: string;
  counts: StatusCounts;
  total: number;
}

/**
 * The period's projects counted per client and status today, in one pass over the scope's
 * projects; both project figures read it.
 */
export async function projectCountsByClient(
  db: Database,
  scope: Scope,
  range: Range,
): Promise<ClientProjects[]> {
  const found = await rows<{ client_id: string; name: string; status: ProjectStatus; n: number }>(
    db,
    sql`select t.client_id, c.name, t.status, t.n
          from (select p.client_id, p.status, count(*)::int as n
                  from projects p
                 where ${projectsOfPeriod(scope, range)}
                 group by p.client_id, p.status) t
          join clients c on c.id = t.client_id`,
  );
  const byClient = new Map<string, ClientProjects>();
  for (const r of found) {
    const client = byClient.get(r.client_id) ?? {
      clientId: r.client_id,
      name: r.name,
      counts: { ...NO_STATUS },
      total: 0,
    };
    client.counts[r.status] += r.n;
    client.total += r.n;
    byClient.set(r.client_id, client);
  }
  return [...byClient.values()].sort(
    (a, b) =>
      b.total - a.total || a.name.localeCompare(b.name) || a.clientId.localeCompare(b.clientId),
  );
}

/** The period's projects by their status today. */
export function projectsByStatus(perClient: ClientProjects[]): StatusCounts {
  const counts = { ...NO_STATUS };
  for (const c of perClient) {
    for (const status of Object.keys(counts) as ProjectStatus[]) counts[status] += c.counts[status];
  }
  return counts;
}

/** At most this many clients are listed; the page shows the first PAGE_ROWS, the CSV all of them. */
export const CLIENT_ROWS_LIMIT = 10_000;

/** The period's projects per client, busiest first (at most CLIENT_ROWS_LIMIT clients). */
export function projectsByClient(perClient: ClientProjects[]): ClientProjects[] {
  return perClient.slice(0, CLIENT_ROWS_LIMIT);
}

export interface ReplyTimes {
  /** Messages of this side in the period. */
  sent: number;
  /** Of them, those the other side has answered (at any time since). */
  answered: number;
  /** Median seconds to the other side's next message; null when none was answered. */
  medianSeconds: number | null;
}

/**
 * How fast each side answers the other: for every message of the period, the time until the
 * other side's next message in the same client's conversation (messages.reply_at, written as
 * the reply is stored). One pass over the period's messages of the scope.
 */
export async function replyTimes(
  db: Database,
  scope: Scope,
  range: Range,
): Promise<{ agency: ReplyTimes; client: ReplyTimes }> {
  // One pass, an aggregate per side (FILTER): each side's messages are sorted once for its
  // median (GROUP BY sorted them all by side first).
  const side = (fromAgency: boolean, name: string) => {
    const only = sql`filter (where m.from_agency = ${fromAgency})`;
    return sql`count(*) ${only}::int as ${sql.raw(`${name}_sent`)},
               count(m.reply_at) ${only}::int as ${sql.raw(`${name}_answered`)},
               percentile_cont(0.5) within group (
                 order by date_part('epoch', m.reply_at) - date_part('epoch', m.created_at)
               ) ${only}::float8 as ${sql.raw(`${name}_median`)}`;
  };
  const [found = {}] = await rows<Record<string, number | null>>(
    db,
    sql`select ${side(false, "agency")}, ${side(true, "client")}
          from messages m
         where ${scopeSql(scope, "m.client_id")}
           and m.created_at >= ${range.start}::timestamptz
           and m.created_at < ${range.end}::timestamptz`,
  );
  const times = (name: string): ReplyTimes => ({
    sent: Number(found[`${name}_sent`] ?? 0),
    answered: Number(found[`${name}_answered`] ?? 0),
    medianSeconds: found[`${name}_median`] == null ? null : Number(found[`${name}_median`]),
  });
  // `agency`: how fast the agency answers the client's messages; `client`: the other way.
  return { agency: times("agency"), client: times("client") };
}

export interface ActiveClient {
  clientId: string;
  name: string;
  messages: number;
  changes: number;
  lastAt: string;
}

/**
 * Clients with something happening in the period: a message either way or a recorded change
 * (activity). Busiest first; `total` counts them all.
 */
export async function activeClients(
  db: Database,
  scope: Scope,
  range: Range,
  limit = CLIENT_ROWS_LIMIT,
): Promise<{ total: number; clients: ActiveClient[] }> {
  const found = await rows<{
    client_id: string;
    name: string;
    messages: number;
    changes: number;
    last_at: string;
    total: number;
  }>(
    db,
    sql`select c.id as client_id, c.name, t.messages, t.changes,
               to_char(t.last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_at,
               count(*) over ()::int as total
          from (select client_id, sum(messages)::int as messages, sum(changes)::int as changes,
                       max(last_at) as last_at
                  from (select m.client_id, count(*) as messages, 0 as changes,
                               max(m.created_at) as last_at
                          from messages m
                         where ${scopeSql(scope, "m.client_id")}
                           and m.created_at >= ${range.start}::timestamptz
                           and m.created_at < ${range.end}::timestamptz
                         group by m.client_id
                        union all
                        select a.client_id, 0, count(*), max(a.created_at)
                          from activity a
                         where ${scopeSql(scope, "a.client_id")}
                           and (${scope.kind !== "client"} or a.audience = 'client')
                           and a.kind <> 'message.sent'
                           and a.created_at >= ${range.start}::timestamptz
                           and a.created_at < ${range.end}::timestamptz
                         group by a.client_id) u
                 group by client_id) t
          join clients c on c.id = t.client_id
         order by t.messages + t.changes desc, c.name, c.id
         limit ${limit}`,
  );
  return {
    total: found[0]?.total ?? 0,
    clients: found.map((r) => ({
      clientId: r.client_id,
      name: r.name,
      messages: r.messages,
      changes: r.changes,
      lastAt: r.last_at,
    })),
  };
}
