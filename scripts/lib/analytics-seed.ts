/**
 * Seeds a database for the Analytics bench in SQL (generate_series: no rows travel through
 * JavaScript): leads spread over two years with their status history. Deterministic.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../app/server/db/client.server";

export async function seedLeads(db: Database, count: number) {
  await db.execute(sql`
    insert into leads (kind, name, email, message, package_name, consent, consent_at,
                       consent_notice, privacy_notice_version, status, source_path, created_at)
    select (array['contact', 'quote', 'chat'])[1 + i % 3],
           'Bench lead ' || i, 'lead' || i || '@bench.test', 'Seeded for the bench',
           case when i % 3 = 1 then (array['Starter', 'Growth', 'Enterprise'])[1 + (i / 3) % 3] end,
           true, now(), 'bench', 'bench',
           (array['new', 'contacted', 'won', 'lost'])[1 + (i / 7) % 4],
           (array['/contact', '/pricing', '/demo', '/services/chatbots', null])[1 + i % 5],
           now() - make_interval(days => i % 730, mins => (i * 37) % 1440)
      from generate_series(1, ${count}) as i`);
  // Every lead that left 'new' has its first change 1–72 hours after it arrived.
  await db.execute(sql`
    insert into lead_events (lead_id, from_status, to_status, created_at)
    select id, 'new', status,
           created_at + make_interval(hours => 1 + (abs(hashtext(id::text)) % 72))
      from leads where status <> 'new'`);
  await db.execute(sql`
    update leads l set first_status_change_at = e.created_at
      from lead_events e where e.lead_id = l.id`);
}
