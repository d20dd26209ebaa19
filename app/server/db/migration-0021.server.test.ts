/**
 * Migration 0021_projects_taken_on with data in it, on PGlite and PostgreSQL (decision 050): a
 * project stays a contact's own only when a contact made it and the agency has done nothing on
 * it yet; every other project is the agency's, taken on when it was made.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.server";
import { emptyDatabase, migrateWith, migrationsUpTo, rows } from "./migration-test-kit.server";
import { testDatabaseKind } from "./test-db.server";

const TAKEN_ON = "0021_projects_taken_on";
const A = "00000000-0000-4000-8000-00000000000a";
const project = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, "0")}`;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await emptyDatabase();
  await migrateWith(handle, migrationsUpTo(TAKEN_ON, { inclusive: false }));
  await rows(
    handle,
    `insert into "user" (id, name, email, email_verified) values
       ('staff', 'Staff', 'staff@example.co.za', true),
       ('contact', 'Contact', 'contact@example.co.za', true)`,
  );
  await rows(handle, `insert into user_roles (user_id, role) values ('staff', 'admin')`);
  await rows(handle, `insert into clients (id, name) values ('${A}', 'A')`);
  await rows(
    handle,
    `insert into projects (id, client_id, created_by, title, created_at) values
       ('${project(1)}', '${A}', 'staff', 'The agency''s', '2026-01-01T08:00:00Z'),
       ('${project(2)}', '${A}', 'contact', 'Untouched', '2026-01-02T08:00:00Z'),
       ('${project(3)}', '${A}', 'contact', 'With a milestone', '2026-01-03T08:00:00Z'),
       ('${project(4)}', '${A}', 'contact', 'With the team''s file', '2026-01-04T08:00:00Z'),
       ('${project(5)}', '${A}', 'contact', 'With the contact''s file', '2026-01-05T08:00:00Z'),
       ('${project(6)}', '${A}', null, 'Its maker gone', '2026-01-06T08:00:00Z')`,
  );
  await rows(
    handle,
    `insert into milestones (client_id, project_id, title, due_date, position)
     values ('${A}', '${project(3)}', 'Design', '2026-02-01', 1)`,
  );
  await rows(
    handle,
    `insert into file_versions (client_id, project_id, name, content_type, uploaded_by) values
       ('${A}', '${project(4)}', 'Design.pdf', 'application/pdf', 'staff'),
       ('${A}', '${project(5)}', 'Brief.pdf', 'application/pdf', 'contact')`,
  );
  await migrateWith(handle, migrationsUpTo(TAKEN_ON, { inclusive: true }));
});
afterAll(() => handle.close());

describe(`migration 0021 with data on ${testDatabaseKind()}`, () => {
  it("leaves a contact's project untouched by the agency theirs; the rest taken on when made", async () => {
    expect(
      await rows(
        handle,
        `select title, to_char(taken_on_at at time zone 'UTC', 'YYYY-MM-DD') as taken
           from projects order by id`,
      ),
    ).toEqual([
      { title: "The agency's", taken: "2026-01-01" },
      { title: "Untouched", taken: null },
      { title: "With a milestone", taken: "2026-01-03" },
      { title: "With the team's file", taken: "2026-01-04" },
      { title: "With the contact's file", taken: null },
      { title: "Its maker gone", taken: "2026-01-06" },
    ]);
  });

  it("makes a new project the agency's unless it says otherwise", async () => {
    await rows(handle, `insert into projects (client_id, title) values ('${A}', 'New')`);
    const [row] = await rows(
      handle,
      `select taken_on_at is not null as taken from projects where title = 'New'`,
    );
    expect(row).toEqual({ taken: true });
  });
});
