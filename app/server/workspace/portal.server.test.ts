/**
 * The authorization matrix: two contacts of two clients, every route action and loader of the
 * portal, every cross-client attempt refused, and realtime events only for those entitled.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_PERMISSION } from "~/lib/portal-text";
import { loader as dashboardLoader } from "~/routes/portal/dashboard";
import { middleware as portalMiddleware } from "~/routes/portal/layout";
import { action as messagesAction, loader as messagesLoader } from "~/routes/portal/messages";
import { action as projectsAction, loader as projectsLoader } from "~/routes/portal/projects";
import { action as settingsAction } from "~/routes/portal/settings";
import { loader as teamLoader } from "~/routes/portal/team";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { activity, messageReads, messages, profiles, projects } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { sendMessage } from "../messages/messages.server";
import { type AppEvent, subscribe } from "./events.server";

let h: Harness;
let alice: SignedUp;
let bob: SignedUp;

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  formRequest(path, fields, { cookie });

beforeAll(async () => {
  h = await createHarness();
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
});
afterAll(async () => {
  await h.close();
});

async function createAs(
  who: { cookie: string },
  title: string,
  extra: Record<string, string> = {},
) {
  const res = await run(
    projectsAction,
    post("/portal/projects", { intent: "create", title, ...extra }, who.cookie),
  );
  expect(res.status).toBe(200);
  return res.json();
}

describe(`portal authorization on ${testDatabaseKind()}`, () => {
  it("refuses every portal loader and action without a session", async () => {
    for (const loader of [dashboardLoader, projectsLoader, messagesLoader, teamLoader]) {
      const res = await run(loader, getRequest("/portal/x"));
      expect(res.status).toBe(302);
      // Signing in comes back to the page asked for (decision 053).
      expect(res.headers.get("location")).toBe(`/auth?next=${encodeURIComponent("/portal/x")}`);
    }
    const res = await run(
      projectsAction,
      post("/portal/projects", { intent: "create", title: "x" }, ""),
    );
    expect(res.headers.get("location")).toBe(
      `/auth?next=${encodeURIComponent("/portal/projects")}`,
    );
    expect(await h.handle.db.select().from(projects)).toHaveLength(0);
  });

  it("creates projects with defaults and validates input", async () => {
    expect(await createAs(alice, "Alice's chatbot")).toEqual({
      ok: true,
      success: "Project created successfully",
    });
    const [row] = await h.handle.db
      .select()
      .from(projects)
      .where(eq(projects.clientId, alice.clientId));
    expect(row).toMatchObject({
      status: "active",
      priority: "medium",
      progress: 0,
      description: null,
    });

    const bad = [
      [{ title: "   " }, "Title is required"],
      [{ title: "x".repeat(201) }, "Title must be less than 200 characters"],
      [{ title: "ok", status: "done" }, "Choose a valid status"],
      [{ title: "ok", priority: "critical" }, "Choose a valid priority"],
      [{ title: "ok", progress: "101" }, "Progress must be between 0 and 100"],
      [{ title: "ok", progress: "33" }, "Progress moves in steps of 5"],
      [{ title: "ok", progress: "abc" }, "Progress must be a number"],
    ] as const;
    for (const [fields, message] of bad) {
      const res = await run(
        projectsAction,
        post("/portal/projects", { intent: "create", ...fields }, alice.cookie),
      );
      expect(res.status, message).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
    expect(await h.handle.db.select().from(projects)).toHaveLength(1);
  });

  it("lists only the projects of the person's client", async () => {
    await createAs(bob, "Bob's automation");
    const a = await (
      await run(projectsLoader, getRequest("/portal/projects", alice.cookie))
    ).json();
    const b = await (await run(projectsLoader, getRequest("/portal/projects", bob.cookie))).json();
    expect(a.projects.map((p: { title: string }) => p.title)).toEqual(["Alice's chatbot"]);
    expect(b.projects.map((p: { title: string }) => p.title)).toEqual(["Bob's automation"]);
  });

  it("refuses to update or delete another client's project with 404 and changes nothing", async () => {
    const [bobs] = await h.handle.db
      .select()
      .from(projects)
      .where(eq(projects.clientId, bob.clientId));
    const id = bobs?.id ?? "";
    const update = await run(
      projectsAction,
      post(
        "/portal/projects",
        { intent: "update", id, title: "Hacked", status: "cancelled" },
        alice.cookie,
      ),
    );
    expect(update.status).toBe(404);
    const del = await run(
      projectsAction,
      post("/portal/projects", { intent: "delete", id }, alice.cookie),
    );
    expect(del.status).toBe(404);
    const [after] = await h.handle.db.select().from(projects).where(eq(projects.id, id));
    expect(after?.title).toBe("Bob's automation");
    expect(after?.status).toBe("active");

    for (const badId of ["not-a-uuid", "", "00000000-0000-0000-0000-000000000000"]) {
      const res = await run(
        projectsAction,
        post("/portal/projects", { intent: "delete", id: badId }, alice.cookie),
      );
      expect(res.status).toBe(404);
    }
  });

  it("updates and deletes a project of the person's client, and records it", async () => {
    const [mine] = await h.handle.db
      .select()
      .from(projects)
      .where(eq(projects.clientId, alice.clientId));
    const id = mine?.id ?? "";
    const res = await run(
      projectsAction,
      post(
        "/portal/projects",
        {
          intent: "update",
          id,
          title: "Renamed",
          status: "on-hold",
          priority: "urgent",
          progress: "55",
        },
        alice.cookie,
      ),
    );
    expect(await res.json()).toEqual({ ok: true, success: "Project updated successfully" });
    const [row] = await h.handle.db.select().from(projects).where(eq(projects.id, id));
    expect(row).toMatchObject({
      title: "Renamed",
      status: "on-hold",
      priority: "urgent",
      progress: 55,
    });
    const [change] = await h.handle.db
      .select()
      .from(activity)
      .where(eq(activity.kind, "project.updated"));
    expect(change).toMatchObject({ projectId: id, actorId: alice.id });
    expect(change?.data).toEqual({
      changes: {
        title: { from: "Alice's chatbot", to: "Renamed" },
        status: { from: "active", to: "on-hold" },
        priority: { from: "medium", to: "urgent" },
        progress: { from: 0, to: 55 },
      },
    });
    const del = await run(
      projectsAction,
      post("/portal/projects", { intent: "delete", id }, alice.cookie),
    );
    expect(await del.json()).toEqual({ ok: true, success: "Project deleted successfully" });
    // The project's own history goes with it; the deletion stays on the client's record.
    const kinds = (
      await h.handle.db.select().from(activity).where(eq(activity.clientId, alice.clientId))
    ).map((a) => [a.kind, a.data]);
    expect(kinds).toEqual([["project.deleted", { projectId: id, title: "Renamed" }]]);
  });

  it("counts all projects on the dashboard while showing five", async () => {
    for (let i = 0; i < 7; i++) {
      await createAs(alice, `Project ${i}`, { status: i < 2 ? "completed" : "active" });
    }
    const res = await (await run(dashboardLoader, getRequest("/portal", alice.cookie))).json();
    expect(res.recent).toHaveLength(5);
    expect(res.recent[0].title).toBe("Project 6");
    expect(res.counts).toEqual({ total: 7, active: 5, completed: 2 });
  });

  it("sends a contact's messages to the team for their own client, and shows each client only its own", async () => {
    const sent = await run(
      messagesAction,
      post(
        "/portal/messages",
        { intent: "send", subject: "Hello", content: "First message" },
        alice.cookie,
      ),
    );
    expect(await sent.json()).toEqual({ ok: true, success: "Message sent successfully" });

    // Naming another client, or posing as someone else, changes nothing.
    const sneaky = await run(
      messagesAction,
      post(
        "/portal/messages",
        { intent: "send", subject: "x", content: "y", clientId: bob.clientId, senderId: bob.id },
        alice.cookie,
      ),
    );
    expect(sneaky.status).toBe(200);
    const rows = await h.handle.db.select().from(messages);
    expect(
      rows.every((m) => m.senderId === alice.id && m.clientId === alice.clientId && !m.fromAgency),
    ).toBe(true);

    const empty = await run(
      messagesAction,
      post("/portal/messages", { intent: "send", subject: " ", content: "y" }, alice.cookie),
    );
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toBe("Subject is required");

    const bobs = await (
      await run(messagesLoader, getRequest("/portal/messages", bob.cookie))
    ).json();
    expect(bobs.threads).toHaveLength(0);
    const alices = await (
      await run(messagesLoader, getRequest("/portal/messages", alice.cookie))
    ).json();
    expect(alices.threads).toHaveLength(2);
    expect(alices.threads[0].senderName).toBe("Alice Mokoena");
    // A person's own messages are read for them.
    expect(alices.threads.every((m: { isRead: boolean }) => m.isRead)).toBe(true);
  });

  it("keeps read state per person, and never reveals another client's message", async () => {
    await sendMessage(
      h.handle.db,
      { id: bob.id, scope: { kind: "all" }, isAdmin: true },
      { subject: "From the team", content: "Hello Alice", clientId: alice.clientId },
    );
    const [msg] = await h.handle.db
      .select()
      .from(messages)
      .where(eq(messages.subject, "From the team"));
    const id = msg?.id ?? "";
    const unreadOf = async (cookie: string) =>
      (await (await run(dashboardLoader, getRequest("/portal", cookie))).json()).unread;
    expect(await unreadOf(alice.cookie)).toBe(1);
    const byBob = await run(
      messagesAction,
      post("/portal/messages", { intent: "open", id }, bob.cookie),
    );
    expect(byBob.status).toBe(404);
    expect(await byBob.json()).toEqual({ ok: false, error: "Message not found" });
    expect(await h.handle.db.select().from(messageReads)).toHaveLength(0);
    const view = await (
      await run(messagesLoader, getRequest(`/portal/messages?id=${id}`, bob.cookie))
    ).json();
    expect(view.selectedId).toBeNull();
    expect(view.threads).toHaveLength(0);

    const byAlice = await run(
      messagesAction,
      post("/portal/messages", { intent: "open", id }, alice.cookie),
    );
    expect(byAlice.headers.get("location")).toBe(`/portal/messages?id=${id}`);
    expect(await h.handle.db.select().from(messageReads)).toEqual([
      expect.objectContaining({ messageId: id, userId: alice.id }),
    ]);
    expect(await unreadOf(alice.cookie)).toBe(0);
  });

  it("lets only staff write to a client, and only to a client that exists", async () => {
    expect(
      await sendMessage(
        h.handle.db,
        { id: bob.id, scope: { kind: "all" }, isAdmin: true },
        { subject: "a", content: "b", clientId: "00000000-0000-0000-0000-000000000000" },
      ),
    ).toEqual({ ok: false, status: 400, message: "Choose a client" });
    expect(
      await sendMessage(
        h.handle.db,
        { id: bob.id, scope: { kind: "all" }, isAdmin: true },
        { subject: "a", content: "b", clientId: "not-a-uuid" },
      ),
    ).toEqual({ ok: false, status: 400, message: "Choose a client" });
  });

  it("updates only the user's own profile", async () => {
    const res = await run(
      settingsAction,
      post("/portal/settings", { fullName: "Alice M. Mokoena", id: bob.id }, alice.cookie),
    );
    expect(await res.json()).toEqual({
      ok: true,
      success: "Profile updated successfully",
      intent: "profile",
    });
    const rows = await h.handle.db.select().from(profiles);
    expect(rows.find((r) => r.id === alice.id)?.fullName).toBe("Alice M. Mokoena");
    expect(rows.find((r) => r.id === bob.id)?.fullName).toBe("Bob Naidoo");
    const tooLong = await run(
      settingsAction,
      post("/portal/settings", { fullName: "x".repeat(101) }, alice.cookie),
    );
    expect(tooLong.status).toBe(400);
  });

  it("shows Team to admins only", async () => {
    const res = await run(teamLoader, getRequest("/portal/team", alice.cookie));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: NO_PERMISSION });
  });

  it("names in each event what changed, who changed it and from which tab", async () => {
    const seen: AppEvent[] = [];
    const off = subscribe({ userId: alice.id, clientId: alice.clientId, isAdmin: false }, (e) =>
      seen.push(e),
    );
    try {
      const request = post(
        "/portal/projects",
        { intent: "create", title: "From a tab" },
        alice.cookie,
      );
      request.headers.set("x-client-id", "tab-0123456789");
      const [middleware] = portalMiddleware;
      await middleware?.({ request, params: {}, context: {} } as never, () =>
        run(projectsAction, request),
      );
      // Without the portal's middleware (or the header) nobody's tab is named.
      await createAs(alice, "From nowhere");
      expect(seen).toEqual([
        {
          kind: "projects",
          audience: { clientIds: [alice.clientId] },
          by: { userId: alice.id, clientId: "tab-0123456789" },
        },
        {
          kind: "projects",
          audience: { clientIds: [alice.clientId] },
          by: { userId: alice.id, clientId: null },
        },
      ]);
    } finally {
      off();
    }
  });

  it("delivers realtime events only to the users concerned", async () => {
    const seen: Record<string, AppEvent[]> = { alice: [], bob: [] };
    const offA = subscribe({ userId: alice.id, clientId: alice.clientId, isAdmin: false }, (e) =>
      seen.alice?.push(e),
    );
    const offB = subscribe({ userId: bob.id, clientId: bob.clientId, isAdmin: false }, (e) =>
      seen.bob?.push(e),
    );
    try {
      await createAs(alice, "Event test");
      await run(
        messagesAction,
        post("/portal/messages", { intent: "send", subject: "s", content: "c" }, alice.cookie),
      );
      const [bobs] = await h.handle.db
        .select()
        .from(projects)
        .where(eq(projects.clientId, bob.clientId));
      await run(
        projectsAction,
        post("/portal/projects", { intent: "delete", id: bobs?.id ?? "" }, alice.cookie),
      );
      expect(seen.alice?.map((e) => e.kind)).toEqual(["projects", "messages"]);
      expect(seen.bob).toEqual([]);
    } finally {
      offA();
      offB();
    }
  });
});
