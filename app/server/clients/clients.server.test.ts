/**
 * The Clients pages (decision 022): the list with its figures, search and keyset paging; 'New
 * client'; a client's page; renaming (there and in Settings); message e-mails as a notification choice; and every
 * attempt by a contact or a read-only administrator — refused.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_PERMISSION } from "~/lib/portal-text";
import { action as clientAction, loader as clientLoader } from "~/routes/portal/client";
import { action as clientsAction, loader as clientsLoader } from "~/routes/portal/clients";
import { action as messagesAction } from "~/routes/portal/messages";
import { action as projectsAction } from "~/routes/portal/projects";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin, viewingAsCookie } from "~/test/workspace.server";
import { clients, messages } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { markRead, markThreadRead } from "../messages/messages.server";
import { ALL_CLIENTS } from "../workspace/scope.server";
import { addClient, type ClientListRow, listClients } from "./clients.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let bob: SignedUp;

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  formRequest(path, fields, { cookie });

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za" });
  admin = await signUpAdmin("admin@example.co.za");
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
});
afterAll(() => h.close());

async function listAs(cookie: string, query = "") {
  const res = await run(clientsLoader, getRequest(`/portal/clients${query}`, cookie));
  return { status: res.status, body: res.status === 200 ? await res.json() : null };
}

describe(`the Clients list on ${testDatabaseKind()}`, () => {
  it("shows every client with its contacts, open projects, unread messages and last activity", async () => {
    for (const [title, status] of [
      ["Chatbot", "active"],
      ["Voice agent", "on-hold"],
      ["Old site", "completed"],
    ]) {
      const res = await run(
        projectsAction,
        post(
          "/portal/projects",
          { intent: "create", title: title ?? "", status: status ?? "" },
          alice.cookie,
        ),
      );
      expect(res.status).toBe(200);
    }
    for (const subject of ["First", "Second"]) {
      await run(
        messagesAction,
        post("/portal/messages", { intent: "send", subject, content: "Hello" }, alice.cookie),
      );
    }
    const { status, body } = await listAs(admin.cookie);
    expect(status).toBe(200);
    const row = body.clients.find((c: ClientListRow) => c.id === alice.clientId);
    expect(row).toMatchObject({
      name: "Alice Mokoena",
      contactCount: 1,
      contacts: [{ name: "Alice Mokoena", email: "alice@example.co.za" }],
      openProjects: 2,
      unreadMessages: 2,
    });
    const [first] = await h.handle.db
      .select({ id: messages.id, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.clientId, alice.clientId));
    expect(new Date(row.lastActivityAt).getTime()).toBeGreaterThanOrEqual(
      first?.createdAt.getTime() ?? Number.POSITIVE_INFINITY,
    );
    // Read by the administrator looking: one fewer unread, for them only.
    await markRead(h.handle.db, ALL_CLIENTS, admin.id, first?.id);
    const again = await listClients(h.handle.db, admin.id, { q: "alice" });
    expect(again.rows[0]?.unreadMessages).toBe(1);
    const bobsRow = body.clients.find((c: ClientListRow) => c.id === bob.clientId);
    expect(bobsRow).toMatchObject({ openProjects: 0, unreadMessages: 0, contactCount: 1 });
  });

  it("counts unread conversations, as the inbox does, not messages (issue 37)", async () => {
    const carol = await signUp("carol@example.co.za", { fullName: "Carol Dlamini" });
    await run(
      messagesAction,
      post("/portal/messages", { intent: "send", subject: "Logo", content: "One" }, carol.cookie),
    );
    const [thread] = await h.handle.db
      .select({ id: messages.threadId })
      .from(messages)
      .where(eq(messages.clientId, carol.clientId));
    for (const content of ["Two", "Three"]) {
      const res = await run(
        messagesAction,
        post("/portal/messages", { intent: "reply", id: thread?.id ?? "", content }, carol.cookie),
      );
      expect(res.status).toBe(200);
    }
    await run(
      messagesAction,
      post(
        "/portal/messages",
        { intent: "send", subject: "Hosting", content: "Four" },
        carol.cookie,
      ),
    );
    const unread = async () =>
      (await listClients(h.handle.db, admin.id, { q: "carol" })).rows[0]?.unreadMessages;
    // Four messages in two conversations: two, the inbox's count.
    expect(await unread()).toBe(2);
    await markThreadRead(h.handle.db, ALL_CLIENTS, admin.id, thread?.id ?? "");
    expect(await unread()).toBe(1);
  });

  it("searches by company, contact name or e-mail (a real GET form), literally", async () => {
    await addClient(h.handle.db, admin.id, "Umoya 100% Solar_Power");
    const names = async (q: string) =>
      (await listAs(admin.cookie, `?q=${encodeURIComponent(q)}`)).body.clients.map(
        (c: ClientListRow) => c.name,
      );
    expect(await names("mokoena")).toEqual(["Alice Mokoena"]);
    expect(await names("BOB@EXAMPLE")).toEqual(["Bob Naidoo"]);
    expect(await names("100%")).toEqual(["Umoya 100% Solar_Power"]);
    expect(await names("%")).toEqual(["Umoya 100% Solar_Power"]);
    expect(await names("_")).toEqual(["Umoya 100% Solar_Power"]);
    expect(await names("nobody-at-all")).toEqual([]);
    // Odd input is cut or ignored, never a 500.
    expect((await listAs(admin.cookie, `?q=${"x".repeat(5000)}`)).status).toBe(200);
    expect((await listAs(admin.cookie, "?q=%00")).status).toBe(200);
    expect((await listAs(admin.cookie, "?cursor=garbage")).status).toBe(200);
  });

  it("pages by keyset, newest first, with nothing lost or repeated (rows made in one transaction too)", async () => {
    await h.handle.db.execute(
      sql`insert into clients (name) select 'Bulk ' || g from generate_series(1, 70) g`,
    );
    for (let i = 0; i < 5; i += 1) await addClient(h.handle.db, admin.id, `Single ${i}`);
    // Two singles can share a millisecond (then their ids order them): give each its own second,
    // after the bulk rows, so "newest first" has one answer.
    await h.handle.db.execute(
      sql`update clients set created_at = now() + (substring(name from 8)::int + 1) * interval '1 second' where name like 'Single %'`,
    );
    const all = await h.handle.db.select({ id: clients.id }).from(clients);
    const seen: string[] = [];
    let query = "";
    for (let pages = 0; pages < 10; pages += 1) {
      const { body } = await listAs(admin.cookie, query);
      seen.push(...body.clients.map((c: ClientListRow) => c.id));
      if (!body.next) break;
      expect(body.clients).toHaveLength(50);
      query = `?cursor=${encodeURIComponent(body.next)}`;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(all.map((c) => c.id).sort());
    // Newest first: the last singles lead the first page.
    const { body } = await listAs(admin.cookie);
    expect(body.clients[0].name).toBe("Single 4");
    // Paging keeps the search.
    const bulk = await listClients(h.handle.db, admin.id, { q: "Bulk", limit: 30 });
    expect(bulk.rows).toHaveLength(30);
    expect(bulk.next).toBeTruthy();
  });

  it("'New client' adds a client and opens its page; a bad name gets the form's message", async () => {
    const res = await run(
      clientsAction,
      post("/portal/clients", { intent: "create", name: "  Karoo Logistics  " }, admin.cookie),
    );
    expect(res.status).toBe(302);
    const [row] = await h.handle.db
      .select()
      .from(clients)
      .where(eq(clients.name, "Karoo Logistics"));
    expect(res.headers.get("location")).toBe(`/portal/clients/${row?.id}`);
    for (const [name, error] of [
      ["", "Company name is required"],
      ["   ", "Company name is required"],
      ["x".repeat(201), "Company name must be less than 200 characters"],
      ["Two\nlines", "Company name must be on one line"],
      ["Nul\u0000", "Company name contains a character that is not allowed"],
    ]) {
      const bad = await run(
        clientsAction,
        post("/portal/clients", { intent: "create", name: name ?? "" }, admin.cookie),
      );
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ ok: false, error });
    }
    const unknown = await run(
      clientsAction,
      post("/portal/clients", { intent: "x" }, admin.cookie),
    );
    expect(unknown.status).toBe(400);
  });
});

describe(`a client's page on ${testDatabaseKind()}`, () => {
  it("shows its contacts, pending invitations and projects; unknown or malformed ids are 404", async () => {
    const res = await run(
      clientLoader,
      getRequest(`/portal/clients/${alice.clientId}`, admin.cookie),
      { id: alice.clientId },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.client).toMatchObject({ name: "Alice Mokoena", lead: null });
    expect(body.client.contacts).toEqual([
      expect.objectContaining({ email: "alice@example.co.za", name: "Alice Mokoena" }),
    ]);
    expect(body.projects.map((p: { title: string }) => p.title).sort()).toEqual([
      "Chatbot",
      "Old site",
      "Voice agent",
    ]);
    expect(body.invitations).toEqual([]);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1 or 1=1"]) {
      const missing = await run(
        clientLoader,
        getRequest(`/portal/clients/${encodeURIComponent(id)}`, admin.cookie),
        { id },
      );
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toEqual({ message: "Client not found" });
      const write = await run(
        clientAction,
        post(`/portal/clients/${id}`, { intent: "rename", name: "X" }, admin.cookie),
        { id },
      );
      expect(write.status, id).toBe(404);
    }
  });

  it("renames the client", async () => {
    const res = await run(
      clientAction,
      post(
        `/portal/clients/${bob.clientId}`,
        { intent: "rename", name: "Naidoo & Sons" },
        admin.cookie,
      ),
      { id: bob.clientId },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, intent: "rename" });
    const [row] = await h.handle.db.select().from(clients).where(eq(clients.id, bob.clientId));
    expect(row?.name).toBe("Naidoo & Sons");
    const bad = await run(
      clientAction,
      post(`/portal/clients/${bob.clientId}`, { intent: "rename", name: "" }, admin.cookie),
      { id: bob.clientId },
    );
    expect(bad.status).toBe(400);
  });

  it("is for administrators only: a contact gets 403 everywhere, even for their own client", async () => {
    for (const cookie of [alice.cookie, bob.cookie]) {
      expect((await listAs(cookie)).status).toBe(403);
      for (const id of [alice.clientId, bob.clientId]) {
        const page = await run(clientLoader, getRequest(`/portal/clients/${id}`, cookie), { id });
        expect(page.status).toBe(403);
        expect(await page.json()).toEqual({ message: NO_PERMISSION });
        const rename = await run(
          clientAction,
          post(`/portal/clients/${id}`, { intent: "rename", name: "Hijacked" }, cookie),
          { id },
        );
        expect(rename.status).toBe(403);
      }
      const create = await run(
        clientsAction,
        post("/portal/clients", { intent: "create", name: "Sneaky" }, cookie),
      );
      expect(create.status).toBe(403);
    }
    const names = (await h.handle.db.select({ name: clients.name }).from(clients)).map(
      (c) => c.name,
    );
    expect(names).not.toContain("Hijacked");
    expect(names).not.toContain("Sneaky");
  });

  it("an administrator viewing as a client can read but not write", async () => {
    const cookie = await viewingAsCookie(admin, alice.clientId);
    const read = await run(clientLoader, getRequest(`/portal/clients/${alice.clientId}`, cookie), {
      id: alice.clientId,
    });
    expect(read.status).toBe(200);
    const rename = await run(
      clientAction,
      post(`/portal/clients/${alice.clientId}`, { intent: "rename", name: "Read only?" }, cookie),
      { id: alice.clientId },
    );
    expect(rename.status).toBe(403);
    const create = await run(
      clientsAction,
      post("/portal/clients", { intent: "create", name: "Read only?" }, cookie),
    );
    expect(create.status).toBe(403);
    const settings = await run(
      settingsAction,
      post("/portal/settings", { intent: "company-name", name: "Read only?" }, cookie),
    );
    expect(settings.status).toBe(403);
    const names = (await h.handle.db.select({ name: clients.name }).from(clients)).map(
      (c) => c.name,
    );
    expect(names).not.toContain("Read only?");
  });
});

describe(`Settings: company name and message e-mails on ${testDatabaseKind()}`, () => {
  async function settingsOf(cookie: string) {
    return (await run(settingsLoader, getRequest("/portal/settings", cookie))).json();
  }

  it("a contact renames their own client, never another", async () => {
    expect((await settingsOf(alice.cookie)).company).toEqual({ name: "Alice Mokoena" });
    const res = await run(
      settingsAction,
      post(
        "/portal/settings",
        // A client id in the form is ignored: it is always the person's own client.
        { intent: "company-name", name: "Mokoena Media", clientId: bob.clientId },
        alice.cookie,
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      intent: "company-name",
      success: "Company name updated successfully",
    });
    const rows = await h.handle.db.select().from(clients);
    expect(rows.find((c) => c.id === alice.clientId)?.name).toBe("Mokoena Media");
    expect(rows.find((c) => c.id === bob.clientId)?.name).toBe("Naidoo & Sons");
    const bad = await run(
      settingsAction,
      post("/portal/settings", { intent: "company-name", name: "" }, alice.cookie),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Company name is required" });
  });

  it("administrators don't see or use 'Company name' (they have no client)", async () => {
    expect((await settingsOf(admin.cookie)).company).toBeNull();
    const res = await run(
      settingsAction,
      post("/portal/settings", { intent: "company-name", name: "Agency" }, admin.cookie),
    );
    expect(res.status).toBe(403);
    // Viewing as a client, the card shows that client's name (and writes are refused above).
    const viewing = await viewingAsCookie(admin, bob.clientId);
    expect((await settingsOf(viewing)).company).toEqual({ name: "Naidoo & Sons" });
  });

  it("message e-mails are a choice of Settings → Notifications (decision 089): the old switch is gone", async () => {
    const choices = async (cookie: string) =>
      (await settingsOf(cookie)).notificationChoices.find(
        (c: { kind: string }) => c.kind === "message.new",
      ).channels;
    // On by default, for a contact and an administrator alike.
    for (const cookie of [bob.cookie, admin.cookie]) {
      expect(await choices(cookie)).toContainEqual({ channel: "email", on: true });
    }
    expect((await settingsOf(bob.cookie)).messageMail).toBeUndefined();
    const old = await run(
      settingsAction,
      post("/portal/settings", { intent: "message-mail" }, bob.cookie),
    );
    expect(old.status).toBe(400);
  });
});
