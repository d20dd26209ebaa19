/**
 * Migration 0019_client_memberships_trigger with data in it, on PGlite and PostgreSQL: each
 * person's current client becomes a recorded stay (since the invitation they accepted to it, or
 * their account's creation), an accepted invitation proves the address it was sent to, and the
 * trigger records every later move.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.server";
import { emptyDatabase, migrateWith, migrationsUpTo, rows } from "./migration-test-kit.server";
import { testDatabaseKind } from "./test-db.server";

const MEMBERSHIPS = "0019_client_memberships_trigger";
const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await emptyDatabase();
  await migrateWith(handle, migrationsUpTo(MEMBERSHIPS, { inclusive: false }));
  await rows(
    handle,
    `insert into "user" (id, name, email, email_verified, created_at) values
       ('signed-up', 'Signed Up', 'signed@example.co.za', false, '2026-01-01T08:00:00Z'),
       ('invited', 'Invited', 'Invited@Example.co.za', false, '2026-01-02T08:00:00Z'),
       ('moved', 'Moved Away', 'moved@example.co.za', false, '2026-01-03T08:00:00Z')`,
  );
  await rows(handle, `insert into clients (id, name) values ('${A}', 'A'), ('${B}', 'B')`);
  await rows(
    handle,
    `insert into profiles (id, client_id) values
       ('signed-up', '${A}'), ('invited', '${B}'), ('moved', '${B}')`,
  );
  await rows(
    handle,
    `insert into invitations (token_hash, email, name, client_id, expires_at, accepted_at, accepted_by)
     values ('h1', 'invited@example.co.za', 'Invited', '${B}', '2026-02-01T00:00:00Z',
             '2026-01-20T10:00:00Z', 'invited'),
            ('h2', 'someone-else@example.co.za', 'Moved', '${B}', '2026-02-01T00:00:00Z',
             '2026-01-21T10:00:00Z', 'moved')`,
  );
  await migrateWith(handle, migrationsUpTo(MEMBERSHIPS, { inclusive: true }));
});
afterAll(() => handle.close());

const stays = () =>
  rows(
    handle,
    `select user_id, client_id::text, to_char(joined_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as joined,
            left_at is not null as "left"
       from client_memberships order by user_id, joined_at`,
  );

describe(`migration 0019 with data on ${testDatabaseKind()}`, () => {
  it("records each current client as a stay, from the accepted invitation or the sign-up", async () => {
    expect(await stays()).toEqual([
      { user_id: "invited", client_id: B, joined: "2026-01-20 10:00", left: false },
      { user_id: "moved", client_id: B, joined: "2026-01-21 10:00", left: false },
      { user_id: "signed-up", client_id: A, joined: "2026-01-01 08:00", left: false },
    ]);
  });

  it("proves an address an accepted invitation was sent to, and no other", async () => {
    expect(
      await rows(handle, `select id, email_verified as verified from "user" order by id`),
    ).toEqual([
      { id: "invited", verified: true },
      { id: "moved", verified: false },
      { id: "signed-up", verified: false },
    ]);
  });

  it("keeps the record from then on, whatever moves a person", async () => {
    await rows(handle, `update profiles set client_id = '${A}' where id = 'moved'`);
    await rows(handle, `update profiles set full_name = 'Renamed' where id = 'moved'`);
    await rows(handle, `update profiles set client_id = null where id = 'invited'`);
    const after = await stays();
    expect(after.map((s) => [s.user_id, s.client_id, s.left])).toEqual([
      ["invited", B, true],
      ["moved", B, true],
      ["moved", A, false],
      ["signed-up", A, false],
    ]);
  });
});
