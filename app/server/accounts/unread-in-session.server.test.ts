/**
 * The sidebar's unread messages are read with the session (profiles.server.ts, one statement
 * per portal request): that count must be what the messages domain's `unreadCount` says, for
 * an administrator and for a contact, before and after reading (issue 37, point 5).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as messagesAction } from "~/routes/portal/messages";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { testDatabaseKind } from "../db/test-db.server";
import { unreadCount } from "../messages/messages.server";
import { ALL_CLIENTS, type Scope } from "../workspace/scope.server";
import { getPortalUser } from "./profiles.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let bob: SignedUp;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "unread-admin@example.co.za" });
  admin = await signUpAdmin("unread-admin@example.co.za");
  alice = await signUp("unread-alice@example.co.za", { fullName: "Alice" });
  bob = await signUp("unread-bob@example.co.za", { fullName: "Bob" });
});
afterAll(() => h.close());

const post = (who: SignedUp, fields: Record<string, string>) =>
  run(messagesAction, formRequest("/portal/messages", fields, { cookie: who.cookie }));

async function counts(who: SignedUp, scope: Scope) {
  const db = h.handle.db;
  const inSession = (await getPortalUser(db, who.id))?.unreadMessages;
  return { inSession, domain: await unreadCount(db, scope, who.id) };
}

describe(`unread messages read with the session (${testDatabaseKind()})`, () => {
  it("count what the messages domain counts, for staff and for each contact", async () => {
    const aliceScope: Scope = { kind: "client", clientId: alice.clientId };
    const bobScope: Scope = { kind: "client", clientId: bob.clientId };
    expect(await counts(admin, ALL_CLIENTS)).toEqual({ inSession: 0, domain: 0 });

    for (const [who, subject] of [
      [alice, "From Alice"],
      [alice, "Again from Alice"],
      [bob, "From Bob"],
    ] as const) {
      const res = await post(who, { intent: "send", subject, content: "Hello" });
      expect(res.status).toBe(200);
    }
    await post(admin, {
      intent: "send",
      clientId: alice.clientId,
      subject: "To Alice",
      content: "Hi",
    });

    expect(await counts(admin, ALL_CLIENTS)).toEqual({ inSession: 3, domain: 3 });
    // A person's own messages are read for them; another client's are not theirs to see.
    expect(await counts(alice, aliceScope)).toEqual({ inSession: 1, domain: 1 });
    expect(await counts(bob, bobScope)).toEqual({ inSession: 0, domain: 0 });

    const [first] = await h.handle.db.query.messages.findMany({ limit: 1 });
    const opened = await post(admin, { intent: "open", id: first?.id ?? "" });
    expect(opened.status).toBe(302);
    expect(await counts(admin, ALL_CLIENTS)).toEqual({ inSession: 2, domain: 2 });
  });
});
