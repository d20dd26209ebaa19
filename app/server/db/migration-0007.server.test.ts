/**
 * Migration 0007_workspace with data in it (decision 018), on PGlite and PostgreSQL: a database
 * at 0006 holding what the old portal wrote (customers and their private projects and notes,
 * administrators, messages between them read and unread, an erased account's tombstone) moves
 * into clients with nothing lost, then takes the migrations after it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMessages, unreadCount } from "../messages/messages.server";
import { listProjects } from "../projects/projects.server";
import { type DatabaseHandle, migrateDatabase } from "./client.server";
import { emptyDatabase, migrateWith, migrationsUpTo, rows } from "./migration-test-kit.server";
import { testDatabaseKind } from "./test-db.server";

const WORKSPACE = "0007_workspace";

// The people of the old portal. Ids are better-auth's text ids.
const NALEDI = "u-naledi"; // a customer with a full name, two projects, notes read and unread
const SIPHO = "u-sipho"; // a customer with only an account name
const NONAME = "u-noname"; // a customer with no name at all: the client takes the e-mail
const ADMIN = "u-admin"; // an administrator with no projects: no client
const ADMIN_OWNER = "u-admin-owner"; // an administrator with a project and a note of their own
const FORMER_ADMIN = "u-former-admin"; // wrote to a customer as admin, role removed since
const ERASED = "u-erased"; // an erased customer (tombstone) who had received a message
const ERASED_EMPTY = "u-erased-empty"; // an erased customer with nothing left

const OLD_DATA = `
insert into "user" (id, name, email, email_verified, created_at) values
  ('${NALEDI}', 'Naledi', 'naledi@example.co.za', true, '2026-01-01T08:00:00Z'),
  ('${SIPHO}', 'Sipho Nkosi', 'sipho@example.co.za', true, '2026-01-02T08:00:00Z'),
  ('${NONAME}', '  ', 'noname@example.co.za', false, '2026-01-03T08:00:00Z'),
  ('${ADMIN}', 'Ayanda Admin', 'ayanda@kopano.example', true, '2026-01-04T08:00:00Z'),
  ('${ADMIN_OWNER}', 'Thabo Owner', 'thabo@kopano.example', true, '2026-01-05T08:00:00Z'),
  ('${FORMER_ADMIN}', 'Lindiwe Former', 'lindiwe@kopano.example', true, '2026-01-06T08:00:00Z'),
  ('${ERASED}', 'Deleted user', 'deleted-${ERASED}@deleted.invalid', false, '2026-01-07T08:00:00Z'),
  ('${ERASED_EMPTY}', 'Deleted user', 'deleted-${ERASED_EMPTY}@deleted.invalid', false, '2026-01-08T08:00:00Z');
insert into profiles (id, full_name) values
  ('${NALEDI}', 'Naledi Dlamini'),
  ('${SIPHO}', null),
  ('${ADMIN}', 'Ayanda Mthembu'),
  ('${ERASED}', 'Deleted user'),
  ('${ERASED_EMPTY}', 'Deleted user');
insert into user_roles (user_id, role) values ('${ADMIN}', 'admin'), ('${ADMIN_OWNER}', 'admin');
insert into account_deletions (user_id, requested_at, due_at, erased_at) values
  ('${ERASED}', '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z', '2026-03-31T01:00:00Z'),
  ('${ERASED_EMPTY}', '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z', '2026-03-31T01:00:00Z');
insert into projects (id, user_id, title, status, priority, progress, created_at) values
  ('10000000-0000-4000-8000-000000000001', '${NALEDI}', 'Chatbot', 'active', 'high', 40, '2026-02-01T08:00:00Z'),
  ('10000000-0000-4000-8000-000000000002', '${NALEDI}', 'Website', 'completed', 'low', 100, '2026-02-02T08:00:00Z'),
  ('10000000-0000-4000-8000-000000000003', '${SIPHO}', 'Automation', 'on-hold', 'medium', 10, '2026-02-03T08:00:00Z'),
  ('10000000-0000-4000-8000-000000000004', '${ADMIN_OWNER}', 'Internal tool', 'active', 'urgent', 55, '2026-02-04T08:00:00Z');
insert into messages (id, sender_id, recipient_id, subject, content, is_read, created_at) values
  ('20000000-0000-4000-8000-000000000001', '${NALEDI}', '${NALEDI}', 'Note read', 'n1', true, '2026-02-10T08:00:00Z'),
  ('20000000-0000-4000-8000-000000000002', '${NALEDI}', '${NALEDI}', 'Note unread', 'n2', false, '2026-02-11T08:00:00Z'),
  ('20000000-0000-4000-8000-000000000003', '${ADMIN}', '${NALEDI}', 'To Naledi unread', 'a1', false, '2026-02-12T08:00:00Z'),
  ('20000000-0000-4000-8000-000000000004', '${SIPHO}', '${SIPHO}', 'Sipho note', 's1', false, '2026-02-13T08:00:00Z'),
  ('20000000-0000-4000-8000-000000000005', '${ADMIN}', '${SIPHO}', 'To Sipho read', 'a2', true, '2026-02-14T08:00:00Z'),
  ('20000000-0000-4000-8000-000000000006', '${FORMER_ADMIN}', '${SIPHO}', 'From a former admin', 'f1', false, '2026-02-15T08:00:00Z'),
  ('20000000-0000-4000-8000-000000000007', '${ADMIN}', '${ERASED}', 'To the erased', 'a3', true, '2026-02-16T08:00:00Z'),
  ('20000000-0000-4000-8000-000000000008', '${ADMIN_OWNER}', '${ADMIN_OWNER}', 'Admin note', 'o1', false, '2026-02-17T08:00:00Z');
`;

let handle: DatabaseHandle;
let beforeCounts: Record<string, number>;

beforeAll(async () => {
  handle = await emptyDatabase();
  await migrateWith(handle, migrationsUpTo(WORKSPACE, { inclusive: false }));
  for (const statement of OLD_DATA.split(";").filter((s) => s.trim())) {
    await handle.db.execute(sql.raw(statement));
  }
  beforeCounts = await counts();
  await migrateWith(handle, migrationsUpTo(WORKSPACE, { inclusive: true }));
});
afterAll(async () => {
  await handle?.close();
});

async function counts() {
  const [row] = await rows<Record<string, string | number>>(
    handle,
    `select (select count(*) from "user") as users, (select count(*) from projects) as projects,
            (select count(*) from messages) as messages, (select count(*) from profiles) as profiles`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

async function clientOf(userId: string) {
  const [row] = await rows<{ client_id: string | null }>(
    handle,
    `select client_id from profiles where id = '${userId}'`,
  );
  return row?.client_id ?? null;
}

describe(`migration ${WORKSPACE} with data on ${testDatabaseKind()}`, () => {
  it("loses nothing: every account, project and message is still there", async () => {
    expect(await counts()).toEqual({
      ...beforeCounts,
      // Everyone has a profile now (the client link lives there).
      profiles: beforeCounts.users,
    });
  });

  it("gives each customer a client named after them: full name, else name, else e-mail", async () => {
    const named = await rows<{ id: string; name: string }>(
      handle,
      `select p.id, c.name from profiles p join clients c on c.id = p.client_id order by p.id`,
    );
    expect(named).toEqual([
      { id: FORMER_ADMIN, name: "Lindiwe Former" },
      { id: NALEDI, name: "Naledi Dlamini" },
      { id: NONAME, name: "noname@example.co.za" },
      { id: SIPHO, name: "Sipho Nkosi" },
    ]);
    const [created] = await rows<{ created_at: Date | string }>(
      handle,
      `select c.created_at from clients c join profiles p on p.client_id = c.id where p.id = '${NALEDI}'`,
    );
    expect(new Date(created?.created_at ?? 0).toISOString()).toBe("2026-01-01T08:00:00.000Z");
  });

  it("leaves administrators and erased accounts outside every client", async () => {
    for (const id of [ADMIN, ADMIN_OWNER, ERASED, ERASED_EMPTY]) {
      expect(await clientOf(id), id).toBeNull();
    }
    // Clients: the four customers', the owning administrator's (their project and note), and
    // one holding the message the erased person had received. None for an empty tombstone or
    // an administrator with nothing.
    const all = await rows<{ name: string }>(handle, "select name from clients order by name");
    expect(all.map((c) => c.name)).toEqual([
      "Deleted user",
      "Lindiwe Former",
      "Naledi Dlamini",
      "Sipho Nkosi",
      "Thabo Owner",
      "noname@example.co.za",
    ]);
    expect(
      await rows(
        handle,
        "select column_name from information_schema.columns where table_name = 'clients' and column_name = 'migrated_from'",
      ),
    ).toEqual([]);
  });

  it("moves every project to its owner's client, created by its owner", async () => {
    const moved = await rows<{ title: string; name: string; created_by: string }>(
      handle,
      `select pr.title, c.name, pr.created_by from projects pr join clients c on c.id = pr.client_id order by pr.title`,
    );
    expect(moved).toEqual([
      { title: "Automation", name: "Sipho Nkosi", created_by: SIPHO },
      { title: "Chatbot", name: "Naledi Dlamini", created_by: NALEDI },
      { title: "Internal tool", name: "Thabo Owner", created_by: ADMIN_OWNER },
      { title: "Website", name: "Naledi Dlamini", created_by: NALEDI },
    ]);
    const [chatbot] = await rows(
      handle,
      "select status, priority, progress from projects where title = 'Chatbot'",
    );
    expect(chatbot).toEqual({ status: "active", priority: "high", progress: 40 });
  });

  it("puts every message in the right client, saying which side wrote it", async () => {
    const moved = await rows<{ subject: string; name: string; from_agency: boolean }>(
      handle,
      `select m.subject, c.name, m.from_agency, m.sender_id from messages m join clients c on c.id = m.client_id order by m.created_at`,
    );
    expect(moved).toEqual([
      { subject: "Note read", name: "Naledi Dlamini", from_agency: false, sender_id: NALEDI },
      { subject: "Note unread", name: "Naledi Dlamini", from_agency: false, sender_id: NALEDI },
      { subject: "To Naledi unread", name: "Naledi Dlamini", from_agency: true, sender_id: ADMIN },
      { subject: "Sipho note", name: "Sipho Nkosi", from_agency: false, sender_id: SIPHO },
      { subject: "To Sipho read", name: "Sipho Nkosi", from_agency: true, sender_id: ADMIN },
      // Only staff could write to someone else: the sender was staff then.
      {
        subject: "From a former admin",
        name: "Sipho Nkosi",
        from_agency: true,
        sender_id: FORMER_ADMIN,
      },
      { subject: "To the erased", name: "Deleted user", from_agency: true, sender_id: ADMIN },
      { subject: "Admin note", name: "Thabo Owner", from_agency: true, sender_id: ADMIN_OWNER },
    ]);
    expect(
      await rows(handle, "select count(*)::int as n from messages where project_id is not null"),
    ).toEqual([{ n: 0 }]);
  });

  it("keeps read state: a read received message is a read mark of its recipient; own messages are read", async () => {
    const marks = await rows<{ subject: string; user_id: string }>(
      handle,
      `select m.subject, r.user_id from message_reads r join messages m on m.id = r.message_id order by m.created_at`,
    );
    expect(marks).toEqual([
      { subject: "To Sipho read", user_id: SIPHO },
      { subject: "To the erased", user_id: ERASED },
    ]);
  });

  it("ends with the new shape: NOT NULL client links, old columns gone, foreign keys in place", async () => {
    const nullable = await rows<{ table_name: string; column_name: string; is_nullable: string }>(
      handle,
      `select table_name, column_name, is_nullable from information_schema.columns
       where table_schema = 'public' and (table_name, column_name) in
         (('projects', 'client_id'), ('messages', 'client_id'), ('messages', 'from_agency'),
          ('messages', 'sender_id'), ('profiles', 'client_id'), ('projects', 'created_by'))
       order by table_name, column_name`,
    );
    expect(nullable.map((c) => `${c.table_name}.${c.column_name}:${c.is_nullable}`)).toEqual([
      "messages.client_id:NO",
      "messages.from_agency:NO",
      "messages.sender_id:YES",
      "profiles.client_id:YES",
      "projects.client_id:NO",
      "projects.created_by:YES",
    ]);
    const gone = await rows(
      handle,
      `select table_name, column_name from information_schema.columns where table_schema = 'public'
       and (table_name, column_name) in (('projects', 'user_id'), ('messages', 'recipient_id'), ('messages', 'is_read'))`,
    );
    expect(gone).toEqual([]);
    const fks = await rows<{ conname: string }>(
      handle,
      `select conname from pg_constraint where contype = 'f' and conname in
        ('projects_client_id_clients_id_fk', 'messages_client_id_clients_id_fk',
         'profiles_client_id_clients_id_fk', 'message_reads_message_id_messages_id_fk',
         'messages_sender_id_user_id_fk') order by conname`,
    );
    expect(fks.map((f) => f.conname)).toEqual([
      "message_reads_message_id_messages_id_fk",
      "messages_client_id_clients_id_fk",
      "messages_sender_id_user_id_fk",
      "profiles_client_id_clients_id_fk",
      "projects_client_id_clients_id_fk",
    ]);
    await expect(
      handle.db.execute(sql.raw("insert into projects (title) values ('No client')")),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(
        sql.raw(
          "insert into messages (client_id, subject, content, from_agency) values (gen_random_uuid(), 's', 'c', false)",
        ),
      ),
    ).rejects.toThrow();
  });

  it("takes the migrations after it; the portal then shows each person what the old one did", async () => {
    await migrateDatabase(handle);
    expect(await counts()).toEqual({ ...beforeCounts, profiles: beforeCounts.users });
    // What the portal (at the newest schema) shows the migrated people.
    const naledi = { kind: "client" as const, clientId: (await clientOf(NALEDI)) ?? "" };
    const sipho = { kind: "client" as const, clientId: (await clientOf(SIPHO)) ?? "" };
    // What the portal shows them now: their own notes read, the team's unread message unread.
    const inbox = await listMessages(handle.db, naledi, NALEDI);
    expect(inbox.rows.map((m) => [m.subject, m.isRead, m.fromAgency])).toEqual([
      ["To Naledi unread", false, true],
      ["Note unread", true, false],
      ["Note read", true, false],
    ]);
    expect(await unreadCount(handle.db, naledi, NALEDI)).toBe(1);
    expect(await unreadCount(handle.db, sipho, SIPHO)).toBe(1);
    // The administrator who wrote them reads their own messages as read.
    const adminUnread = (await listMessages(handle.db, { kind: "all" }, ADMIN)).rows
      .filter((m) => !m.isRead)
      .map((m) => m.subject);
    expect(adminUnread).not.toContain("To Naledi unread");
    expect((await listProjects(handle.db, naledi)).rows.map((p) => p.title)).toEqual([
      "Website",
      "Chatbot",
    ]);
  });
});
