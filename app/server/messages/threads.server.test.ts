/**
 * Conversations (issue 37, point 2; decision 068): a message and its replies are one thread;
 * the inbox lists threads with their newest message and the reader's unread count; opening one
 * reads all of it, and its notifications; the sidebar's count (the portal layout) counts
 * threads through the request's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as layoutLoader } from "~/routes/portal/layout";
import { action as messagesAction, loader as messagesLoader } from "~/routes/portal/messages";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { notifications } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { ALL_CLIENTS, type Scope } from "../workspace/scope.server";
import {
  addReplyToThread,
  getThread,
  listThreads,
  messageLink,
  unreadCount,
} from "./messages.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let bob: SignedUp;
let aliceScope: Scope;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "threads-admin@example.co.za" });
  admin = await signUpAdmin("threads-admin@example.co.za");
  alice = await signUp("threads-alice@example.co.za", { fullName: "Alice Mokoena" });
  bob = await signUp("threads-bob@example.co.za", { fullName: "Bob Dlamini" });
  aliceScope = { kind: "client", clientId: alice.clientId };
});
afterAll(() => h.close());

const post = (who: SignedUp, fields: Record<string, string>, path = "/portal/messages") =>
  run(messagesAction, formRequest(path, fields, { cookie: who.cookie }));
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
async function page(who: SignedUp, query = "") {
  const res = await run(messagesLoader, getRequest(`/portal/messages${query}`, who.cookie));
  return {
    status: res.status,
    body: (await res.json()) as {
      threads: {
        id: string;
        subject: string;
        content: string;
        senderName: string;
        unread: number;
      }[];
      selected: {
        id: string;
        subject: string;
        messages: { content: string }[];
        focusId: string | null;
      } | null;
      selectedError: string | null;
      unreadMessages: number;
    },
  };
}
async function sidebarCount(who: SignedUp) {
  const res = await run(layoutLoader, getRequest("/portal", who.cookie));
  return ((await res.json()) as { unreadMessages: number }).unreadMessages;
}

describe(`conversations (${testDatabaseKind()})`, () => {
  let threadId = "";

  it("keeps a message and its replies in one inbox item, with the newest message and unread count", async () => {
    expect(
      (await post(alice, { intent: "send", subject: "Kick-off", content: "When?" })).status,
    ).toBe(200);
    const inbox = await page(admin);
    const first = inbox.body.threads.find((t) => t.subject === "Kick-off");
    expect(first).toMatchObject({ content: "When?", senderName: "Alice Mokoena", unread: 1 });
    threadId = first?.id ?? "";

    // Replies from either side, by the composer's form: still one item.
    expect(
      (await post(admin, { intent: "reply", id: threadId, content: "Monday at 10" })).status,
    ).toBe(200);
    expect(
      (await post(alice, { intent: "reply", id: threadId, content: "Monday suits us" })).status,
    ).toBe(200);
    expect(
      (await post(alice, { intent: "reply", id: threadId, content: "And bring the plan,\nplease" }))
        .status,
    ).toBe(200);
    const after = await page(admin);
    expect(after.body.threads.filter((t) => t.subject.includes("Kick-off"))).toEqual([
      expect.objectContaining({
        id: threadId,
        subject: "Kick-off",
        content: "And bring the plan,\nplease",
        senderName: "Alice Mokoena",
        unread: 3,
      }),
    ]);
    // Threads, not messages: the admin has one unread conversation, and Alice one (the team's reply).
    expect(await unreadCount(h.handle.db, ALL_CLIENTS, admin.id)).toBe(1);
    expect(await sidebarCount(admin)).toBe(1);
    expect(await sidebarCount(alice)).toBe(1);
  });

  it("shows the whole thread oldest first, and opening it reads all of it and its notifications", async () => {
    const opened = await page(admin, `?id=${threadId}`);
    expect(opened.status).toBe(200);
    expect(opened.body.selected?.messages.map((m) => m.content)).toEqual([
      "When?",
      "Monday at 10",
      "Monday suits us",
      "And bring the plan,\nplease",
    ]);
    expect(opened.body.unreadMessages).toBe(0);
    expect(opened.body.threads.find((t) => t.id === threadId)?.unread).toBe(0);
    expect(await sidebarCount(admin)).toBe(0);
    const bell = await h.handle.db.query.notifications.findMany({
      where: (n, { eq }) => eq(n.userId, admin.id),
    });
    expect(bell.length).toBeGreaterThan(0);
    expect(bell.every((n) => n.readAt !== null)).toBe(true);
    // Alice's still waits until she opens it.
    expect(await sidebarCount(alice)).toBe(1);
  });

  it("links each notification to its message in the thread, and a link to a reply opens the thread there", async () => {
    const toAlice = await h.handle.db.query.notifications.findMany({
      where: (n, { eq }) => eq(n.userId, alice.id),
    });
    const thread = await getThread(h.handle.db, aliceScope, alice.id, threadId);
    const reply = thread?.messages[1];
    expect(toAlice.map((n) => n.link)).toEqual([messageLink(reply?.id ?? "")]);
    expect(messageLink("x")).toBe("/portal/messages?id=x#message-x");
    const viaLink = await page(alice, `?id=${reply?.id}`);
    expect(viaLink.body.selected?.id).toBe(threadId);
    expect(viaLink.body.selected?.focusId).toBe(reply?.id);
    expect(await sidebarCount(alice)).toBe(0);
    const [n] = await h.handle.db.query.notifications.findMany({
      where: (x, { eq }) => eq(x.userId, alice.id),
    });
    expect(n?.readAt).not.toBeNull();
  });

  it("refuses a reply to another client's thread, or an empty one, keeping what was typed", async () => {
    const bobs = await post(bob, { intent: "reply", id: threadId, content: "Let me in" });
    expect(bobs.status).toBe(404);
    expect(await json(bobs)).toMatchObject({
      ok: false,
      error: "Message not found",
      values: { content: "Let me in" },
    });
    const bobsView = await page(bob, `?id=${threadId}`);
    expect(bobsView.status).toBe(404);
    expect(bobsView.body.selected).toBeNull();
    const empty = await post(alice, { intent: "reply", id: threadId, content: "" });
    expect(empty.status).toBe(400);
    const bad = await post(alice, { intent: "reply", id: "not-an-id", content: "Hi" });
    expect(bad.status).toBe(404);
    const thread = await getThread(h.handle.db, aliceScope, alice.id, threadId);
    expect(thread?.messages).toHaveLength(4);
  });

  it("lets another channel add a reply to the thread (addReplyToThread), by any of its messages' ids", async () => {
    const thread = await getThread(h.handle.db, aliceScope, alice.id, threadId);
    const last = thread?.messages.at(-1)?.id;
    const added = await addReplyToThread(
      h.handle.db,
      { id: alice.id, scope: aliceScope, isAdmin: false },
      last,
      "Sent from WhatsApp",
    );
    expect(added).toMatchObject({ ok: true, threadId });
    const list = await listThreads(h.handle.db, ALL_CLIENTS, admin.id);
    expect(list.rows[0]).toMatchObject({ id: threadId, content: "Sent from WhatsApp", unread: 1 });
    const other = await addReplyToThread(
      h.handle.db,
      { id: bob.id, scope: { kind: "client", clientId: bob.clientId }, isAdmin: false },
      threadId,
      "Not my thread",
    );
    expect(other).toMatchObject({ ok: false, status: 404 });
  });

  it("a new message starts a new conversation, listed first", async () => {
    await post(bob, { intent: "send", subject: "Invoice", content: "Is it paid?" });
    const list = await listThreads(h.handle.db, ALL_CLIENTS, admin.id);
    expect(list.rows.map((t) => t.subject)).toEqual(["Invoice", "Kick-off"]);
    expect(await unreadCount(h.handle.db, ALL_CLIENTS, admin.id)).toBe(2);
    const rows = await h.handle.db.select().from(notifications);
    expect(rows.every((n) => n.link.startsWith("/portal/messages?id="))).toBe(true);
  });
});
