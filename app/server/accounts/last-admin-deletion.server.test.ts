/**
 * Issue 29, point 9: the last administrator cannot schedule their own account's deletion — the
 * same rule, and the same 409, as the Team page's 'Remove administrator role'. An administrator
 * whose deletion is already scheduled does not count as one who stays.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/auth/auth";
import { action as settingsAction } from "~/routes/portal/settings";
import { getCurrentSession } from "~/routes/session.server";
import {
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  nextIp,
  run,
} from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { accountDeletions, user } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { LAST_ADMIN_MESSAGE, removeAdministrator } from "../team/team.server";
import { LAST_ADMIN_DELETION_MESSAGE } from "./deletion.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    ADMIN_EMAILS: "only@admins.test,second@admins.test,third@admins.test",
  });
});
afterAll(async () => {
  await h?.close();
});

async function signIn(email: string) {
  const res = await run(
    authAction,
    formRequest("/auth", { intent: "signin", email, password: "secret1" }, { ip: nextIp() }),
  );
  expect(res.status).toBe(302);
  return cookiesFrom(res);
}

const deleteAccount = (cookie: string) =>
  run(
    settingsAction,
    formRequest(
      "/portal/settings",
      { intent: "delete-account", password: "secret1" },
      { cookie, ip: nextIp() },
    ),
  );

describe(`the last administrator's own deletion (${testDatabaseKind()})`, () => {
  it("is refused with 409 and a clear message, and nothing is scheduled", async () => {
    const only = await signUpAdmin("only@admins.test");
    const res = await deleteAccount(only.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      ok: false,
      intent: "delete-account",
      error: LAST_ADMIN_DELETION_MESSAGE,
    });
    expect(LAST_ADMIN_DELETION_MESSAGE).toMatch(/last administrator/);
    const rows = await h.handle.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, only.id));
    expect(rows).toEqual([]);
    expect(await getCurrentSession(getRequest("/portal", only.cookie))).not.toBeNull();
  });

  it("is allowed while another administrator stays, and never leaves none", async () => {
    const only = { cookie: "" };
    const second = await signUpAdmin("second@admins.test");
    const third = await signUpAdmin("third@admins.test");
    // Three administrators: one may go.
    expect((await deleteAccount(second.cookie)).status).toBe(302);
    // Of the two who stay, both asking at once: exactly one may go.
    only.cookie = (await signIn("only@admins.test")) ?? "";
    const answers = await Promise.all([deleteAccount(only.cookie), deleteAccount(third.cookie)]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
    const pending = await h.handle.db.select().from(accountDeletions);
    expect(pending).toHaveLength(2);
  });

  it("the Team page keeps the one administrator who is not leaving", async () => {
    // 'only' and 'second' are leaving (their deletions are scheduled); 'third' stays.
    const [third] = await h.handle.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "third@admins.test"));
    const pending = await h.handle.db.select().from(accountDeletions);
    const stays = pending.some((p) => p.userId === third?.id)
      ? "only@admins.test"
      : "third@admins.test";
    const [staying] = await h.handle.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, stays));
    const removed = await removeAdministrator(h.handle.db, staying?.id ?? "");
    expect(removed).toMatchObject({ ok: false, status: 409, message: LAST_ADMIN_MESSAGE });
  });
});
