/**
 * Migration notification_choices_replace_message_mail with data in it, on PGlite and PostgreSQL
 * (decision 089): a contact who had turned 'E-mail me when a new message arrives' off keeps
 * message mail off, now as the 'New message' kind's e-mail choice; everyone else keeps the
 * default (on); a choice already made in the grid is kept.
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

const MIGRATION = migrationNamed("notification_choices_replace_message_mail");

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await emptyDatabase();
  await migrateWith(handle, migrationsUpTo(MIGRATION, { inclusive: false }));
  await rows(
    handle,
    `insert into "user" (id, name, email, email_verified, created_at, updated_at) values
       ('off', 'Off', 'off@example.co.za', true, now(), now()),
       ('on', 'On', 'on@example.co.za', true, now(), now()),
       ('chosen', 'Chosen', 'chosen@example.co.za', true, now(), now())`,
  );
  await rows(
    handle,
    `insert into profiles (id, message_mail) values ('off', false), ('on', true), ('chosen', false)`,
  );
  // 'chosen' had since turned it on again in Settings → Notifications: that choice stands.
  await rows(
    handle,
    `insert into notification_preferences (user_id, kind, channel, enabled)
       values ('chosen', 'message.new', 'email', true)`,
  );
  await migrateWith(handle, migrationsUpTo(MIGRATION, { inclusive: true }));
});
afterAll(() => handle.close());

describe(`migration notification_choices_replace_message_mail on ${testDatabaseKind()}`, () => {
  it("turns the old switch's 'off' into the 'New message' e-mail choice, and drops the column", async () => {
    expect(
      await rows(
        handle,
        `select user_id, kind, channel, enabled from notification_preferences order by user_id`,
      ),
    ).toEqual([
      { user_id: "chosen", kind: "message.new", channel: "email", enabled: true },
      { user_id: "off", kind: "message.new", channel: "email", enabled: false },
    ]);
    expect(
      await rows(
        handle,
        `select column_name from information_schema.columns
          where table_name = 'profiles' and column_name = 'message_mail'`,
      ),
    ).toEqual([]);
  });
});
