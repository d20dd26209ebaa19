/**
 * Migration message_threads with data in it, on PGlite and PostgreSQL (decision 068): existing
 * messages and their 'Re: …' replies become conversations, and from then on a message stored
 * without a thread starts one, a reply moves its thread's last message time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.server";
import {
  emptyDatabase,
  migrateWith,
  migrationNamed,
  migrationsUpTo,
  rows,
} from "./migration-test-kit.server";
import { testDatabaseKind } from "./test-db.server";

const THREADS = migrationNamed("message_threads");
const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const P = "00000000-0000-4000-8000-0000000000a1";
/** Message ids in the order they were written. */
const m = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, "0")}`;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await emptyDatabase();
  await migrateWith(handle, migrationsUpTo(THREADS, { inclusive: false }));
  await rows(handle, `insert into clients (id, name) values ('${A}', 'A'), ('${B}', 'B')`);
  await rows(handle, `insert into projects (id, client_id, title) values ('${P}', '${A}', 'Site')`);
  const at = (day: number) => `'2026-10-${String(day).padStart(2, "0")}T08:00:00Z'`;
  await rows(
    handle,
    `insert into messages (id, client_id, project_id, from_agency, subject, content, created_at) values
       ('${m(1)}', '${A}', '${P}', false, 'Kick-off', 'When do we start?', ${at(1)}),
       ('${m(2)}', '${A}', '${P}', true, 'Re: Kick-off', 'Monday', ${at(2)}),
       ('${m(3)}', '${A}', null, false, 'Invoice', 'Is it paid?', ${at(3)}),
       ('${m(4)}', '${A}', '${P}', false, 're:  kick-off', 'Monday suits us', ${at(4)}),
       ('${m(5)}', '${B}', null, false, 'Re: Kick-off', 'Another client', ${at(5)}),
       ('${m(6)}', '${A}', null, false, 'Kick-off', 'A second kick-off, for phase two', ${at(6)}),
       ('${m(7)}', '${A}', null, true, 'Re: Kick-off', 'Phase two starts in March', ${at(7)}),
       ('${m(8)}', '${B}', null, true, 'Re: Kick-off', 'Answer to B', ${at(8)}),
       ('${m(9)}', '${A}', null, true, 'Re: Quote', 'A reply whose question is gone', ${at(9)})`,
  );
  await migrateWith(handle, migrationsUpTo(THREADS, { inclusive: true }));
});
afterAll(() => handle.close());

describe(`migration message_threads with data on ${testDatabaseKind()}`, () => {
  it("puts each reply in the conversation it answers, per client, newest first", async () => {
    expect(
      await rows(handle, "select id, thread_id from messages order by created_at, id"),
    ).toEqual([
      { id: m(1), thread_id: m(1) },
      { id: m(2), thread_id: m(1) },
      { id: m(3), thread_id: m(3) },
      { id: m(4), thread_id: m(1) },
      // Client B's 'Re: Kick-off' answers nothing of B's: it starts B's conversation.
      { id: m(5), thread_id: m(5) },
      // A second 'Kick-off' starts a new conversation, and the later reply joins that one.
      { id: m(6), thread_id: m(6) },
      { id: m(7), thread_id: m(6) },
      { id: m(8), thread_id: m(5) },
      { id: m(9), thread_id: m(9) },
    ]);
  });

  it("gives each conversation its first message's client, project and subject, and its last time", async () => {
    const threads = await rows(
      handle,
      `select id, client_id, project_id, subject, to_char(last_message_at at time zone 'UTC', 'MM-DD') as last
         from message_threads order by created_at`,
    );
    expect(threads).toEqual([
      { id: m(1), client_id: A, project_id: P, subject: "Kick-off", last: "10-04" },
      { id: m(3), client_id: A, project_id: null, subject: "Invoice", last: "10-03" },
      { id: m(5), client_id: B, project_id: null, subject: "Re: Kick-off", last: "10-08" },
      { id: m(6), client_id: A, project_id: null, subject: "Kick-off", last: "10-07" },
      { id: m(9), client_id: A, project_id: null, subject: "Re: Quote", last: "10-09" },
    ]);
  });

  it("starts a conversation for a message stored without one, and moves it on a reply", async () => {
    const [first] = await rows<{ id: string; thread_id: string }>(
      handle,
      `insert into messages (client_id, from_agency, subject, content, created_at)
       values ('${A}', false, 'New question', 'Hello', '2026-11-01T08:00:00Z') returning id, thread_id`,
    );
    expect(first?.thread_id).toBe(first?.id);
    await rows(
      handle,
      `insert into messages (client_id, thread_id, from_agency, subject, content, created_at)
       values ('${A}', '${first?.id}', true, 'Re: New question', 'Hi', '2026-11-02T08:00:00Z')`,
    );
    expect(
      await rows(
        handle,
        `select subject, to_char(last_message_at at time zone 'UTC', 'MM-DD') as last
           from message_threads where id = '${first?.id}'`,
      ),
    ).toEqual([{ subject: "New question", last: "11-02" }]);
  });

  it("refuses a reply stored in another client's conversation", async () => {
    await expect(
      rows(
        handle,
        `insert into messages (client_id, thread_id, from_agency, subject, content)
         values ('${B}', '${m(1)}', false, 'Re: Kick-off', 'Not mine')`,
      ),
    ).rejects.toThrow();
    expect(await rows(handle, `select id from messages where content = 'Not mine'`)).toEqual([]);
  });

  it("keeps no message without a conversation", async () => {
    await expect(
      rows(handle, `update messages set thread_id = null where id = '${m(1)}'`),
    ).rejects.toThrow();
  });
});
