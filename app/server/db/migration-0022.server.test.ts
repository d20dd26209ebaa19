/**
 * Migration 0022_project_files_side with data in it, on PGlite and PostgreSQL (decision 051): a
 * file a contact started is the client's, the rest the agency's; from then on the same name may
 * be one file on each side.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.server";
import { emptyDatabase, migrateWith, migrationsUpTo, rows } from "./migration-test-kit.server";
import { testDatabaseKind } from "./test-db.server";

const SIDES = "0022_project_files_side";
const A = "00000000-0000-4000-8000-00000000000a";
const P = "00000000-0000-4000-8000-0000000000a1";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await emptyDatabase();
  await migrateWith(handle, migrationsUpTo(SIDES, { inclusive: false }));
  await rows(
    handle,
    `insert into "user" (id, name, email, email_verified) values
       ('staff', 'Staff', 'staff@example.co.za', true),
       ('contact', 'Contact', 'contact@example.co.za', true)`,
  );
  await rows(handle, `insert into user_roles (user_id, role) values ('staff', 'admin')`);
  await rows(handle, `insert into clients (id, name) values ('${A}', 'A')`);
  await rows(handle, `insert into projects (id, client_id, title) values ('${P}', '${A}', 'Site')`);
  await rows(
    handle,
    `insert into project_files (client_id, project_id, name, name_key, created_by) values
       ('${A}', '${P}', 'Design.pdf', 'design.pdf', 'staff'),
       ('${A}', '${P}', 'Brief.pdf', 'brief.pdf', 'contact'),
       ('${A}', '${P}', 'Old.pdf', 'old.pdf', null)`,
  );
  await migrateWith(handle, migrationsUpTo(SIDES, { inclusive: true }));
});
afterAll(() => handle.close());

describe(`migration 0022 with data on ${testDatabaseKind()}`, () => {
  it("gives a file a contact started to the client's side, the rest to the agency's", async () => {
    expect(await rows(handle, "select name, side from project_files order by name")).toEqual([
      { name: "Brief.pdf", side: "client" },
      { name: "Design.pdf", side: "agency" },
      { name: "Old.pdf", side: "agency" },
    ]);
  });

  it("lets each side have one file of a name, and no more", async () => {
    await rows(
      handle,
      `insert into project_files (client_id, project_id, name, name_key, side)
       values ('${A}', '${P}', 'design.PDF', 'design.pdf', 'client')`,
    );
    await expect(
      rows(
        handle,
        `insert into project_files (client_id, project_id, name, name_key, side)
         values ('${A}', '${P}', 'DESIGN.pdf', 'design.pdf', 'client')`,
      ),
    ).rejects.toThrow();
    await expect(
      rows(
        handle,
        `insert into project_files (client_id, project_id, name, name_key, side)
         values ('${A}', '${P}', 'X.pdf', 'x.pdf', 'someone')`,
      ),
    ).rejects.toThrow();
  });
});
