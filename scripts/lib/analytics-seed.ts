/**
 * Seeds a database for the Analytics bench in SQL (generate_series: no rows travel through
 * JavaScript), over the last two years and in time order, as a live system appends them.
 * Deterministic.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../app/server/db/client.server";

const SPAN_SECONDS = 730 * 24 * 3600;

/** Leads with their status, source page, first status change and its history row. */
export async function seedLeads(db: Database, count: number) {
  await db.execute(sql`
    insert into leads (kind, name, email, message, package_name, consent, consent_at,
                       consent_notice, privacy_notice_version, status, source_path,
                       first_status_change_at, created_at)
    select kind, 'Bench lead ' || i, 'lead' || i || '@bench.test', 'Seeded for the bench',
           case when kind = 'quote' then (array['Starter', 'Growth', 'Enterprise'])[1 + (i / 3) % 3] end,
           true, at, 'bench', 'bench', status,
           (array['/contact', '/pricing', '/demo', '/services/chatbots', null])[1 + i % 5],
           case when status <> 'new' then at + make_interval(hours => 1 + (i * 13) % 72) end,
           at
      from (select i, (array['contact', 'quote', 'chat'])[1 + i % 3] as kind,
                   (array['new', 'contacted', 'won', 'lost'])[1 + (i / 7) % 4] as status,
                   now() - make_interval(secs => (${count} - i)::float8 * ${SPAN_SECONDS} / ${count}) as at
              from generate_series(1, ${count}) as i) s
     order by at`);
  await db.execute(sql`
    insert into lead_events (lead_id, from_status, to_status, created_at)
    select id, 'new', status, first_status_change_at
      from leads where first_status_change_at is not null
     order by first_status_change_at`);
}

/**
 * Clients, their projects (with the activity their creation and updates leave) and their
 * conversations.
 */
export async function seedWork(
  db: Database,
  counts: { clients: number; projects: number; messages: number },
) {
  await db.execute(sql`
    insert into clients (name, created_at)
    select 'Bench client ' || i, now() - make_interval(days => 730 - i % 700)
      from generate_series(1, ${counts.clients}) as i`);
  await db.execute(sql`
    with c as (select id, (row_number() over (order by id)) - 1 as k from clients)
    insert into projects (client_id, title, status, priority, progress, created_at, updated_at)
    select c.id, 'Bench project ' || i, (array['active', 'on-hold', 'completed', 'cancelled'])[1 + i % 4],
           'medium', i % 101, at, least(now(), at + make_interval(days => (i * 7) % 200))
      from (select i, now() - make_interval(secs => (${counts.projects} - i)::float8 * ${SPAN_SECONDS} / ${counts.projects}) as at
              from generate_series(1, ${counts.projects}) as i) s
      join c on c.k = i % ${counts.clients}
     order by at`);
  await db.execute(sql`
    insert into activity (client_id, project_id, kind, data, created_at)
    select client_id, project_id, kind, data, at from (
      select client_id, id as project_id, 'project.created' as kind,
             jsonb_build_object('title', title, 'status', 'active', 'progress', 0) as data,
             created_at as at
        from projects
      union all
      select client_id, id, 'project.updated',
             jsonb_build_object('changes', jsonb_build_object('progress',
               jsonb_build_object('from', 0, 'to', progress))), updated_at
        from projects where updated_at > created_at) a
     order by at`);
  await db.execute(sql`
    with c as (select id, (row_number() over (order by id)) - 1 as k from clients)
    insert into messages (client_id, from_agency, subject, content, created_at)
    select c.id, i % 3 = 0, 'Bench message ' || i, 'Seeded for the bench', at
      from (select i, now() - make_interval(secs => (${counts.messages} - i)::float8 * ${SPAN_SECONDS} / ${counts.messages}) as at
              from generate_series(1, ${counts.messages}) as i) s
      join c on c.k = (i * 7) % ${counts.clients}
     order by at`);
}
