/**
 * A team member works on the clients assigned to them (decision 065): their projects, messages,
 * analytics, dashboard, notifications, sidebar count and event stream hold those clients only;
 * a client's 'review answered' and messages notify its assigned team members, else the
 * administrators. Runs on PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectSchema } from "~/lib/validation/portal";
import { action as clientAction, loader as clientLoader } from "~/routes/portal/client";
import { loader as dashboardLoader } from "~/routes/portal/dashboard";
import { loader as layoutLoader } from "~/routes/portal/layout";
import { action as messagesAction, loader as messagesLoader } from "~/routes/portal/messages";
import { action as projectsAction, loader as projectsLoader } from "~/routes/portal/projects";
import { loader as teamLoader } from "~/routes/portal/team";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin, signUpTeamMember } from "~/test/workspace.server";
import { emailOutbox, notifications } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { unreadCount } from "../messages/messages.server";
import { MAIL_GROUP_MS, queueNotificationMail } from "../notifications/notification-mail.server";
import { recipientsOf } from "../notifications/notifications.server";
import { createProject } from "../projects/projects.server";
import { concerns } from "../workspace/events.server";
import { ALL_CLIENTS } from "../workspace/scope.server";
import { assignedClientIds } from "./assignments.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let bob: SignedUp;
let tumi: SignedUp;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "assign-admin@example.co.za" });
  admin = await signUpAdmin("assign-admin@example.co.za");
  alice = await signUp("assign-alice@example.co.za", { fullName: "Alice Mokoena" });
  bob = await signUp("assign-bob@example.co.za", { fullName: "Bob Naidoo" });
  tumi = await signUpTeamMember("assign-tumi@example.co.za", [], "Tumi Designer");
  for (const [who, title] of [
    [alice, "Alice shop"],
    [bob, "Bob app"],
  ] as const) {
    const made = await createProject(h.handle.db, ALL_CLIENTS, admin.id, {
      ...projectSchema.parse({ title }),
      clientId: who.clientId,
    });
    if (!made.ok) throw new Error(made.message);
  }
  for (const who of [alice, bob]) {
    const res = await run(
      messagesAction,
      formRequest(
        "/portal/messages",
        { intent: "send", subject: `From ${who.id}`, content: "Hello" },
        { cookie: who.cookie },
      ),
    );
    expect(res.status).toBe(200);
  }
});
afterAll(() => h.close());

const json = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};

describe(`team members (${testDatabaseKind()})`, () => {
  it("an administrator assigns a team member on the client's page; the Team page shows role and clients", async () => {
    const page = await json(
      await run(clientLoader, getRequest(`/portal/clients/${alice.clientId}`, admin.cookie), {
        id: alice.clientId,
      }),
    );
    expect(page.assigned).toEqual([]);
    expect(page.assignable.map((p: { email: string }) => p.email)).toEqual([tumi.email]);

    const res = await run(
      clientAction,
      formRequest(
        `/portal/clients/${alice.clientId}`,
        { intent: "assign", userId: tumi.id },
        { cookie: admin.cookie },
      ),
      { id: alice.clientId },
    );
    expect(await json(res)).toMatchObject({ ok: true, success: /Team member assigned/ });
    expect(await assignedClientIds(h.handle.db, tumi.id)).toEqual([alice.clientId]);

    // An administrator is not a team member: 404, nothing assigned.
    const wrong = await run(
      clientAction,
      formRequest(
        `/portal/clients/${alice.clientId}`,
        { intent: "assign", userId: admin.id },
        { cookie: admin.cookie },
      ),
      { id: alice.clientId },
    );
    expect(wrong.status).toBe(404);

    const team = await json(await run(teamLoader, getRequest("/portal/team", admin.cookie)));
    const row = team.team.find((m: { id: string }) => m.id === tumi.id);
    expect(row).toMatchObject({ role: "team", clients: [{ name: expect.any(String) }] });
    expect(team.team.find((m: { id: string }) => m.id === admin.id)).toMatchObject({
      role: "admin",
    });
    expect((await run(teamLoader, getRequest("/portal/team", tumi.cookie))).status).toBe(403);
  });

  it("sees the assigned client's projects, messages and dashboard only", async () => {
    const projects = await json(
      await run(projectsLoader, getRequest("/portal/projects", tumi.cookie)),
    );
    expect(projects.projects.map((p: { title: string }) => p.title)).toEqual(["Alice shop"]);
    expect(projects.staff).toBe(true);
    expect(projects.clients.map((c: { id: string }) => c.id)).toEqual([alice.clientId]);

    const messages = await json(
      await run(messagesLoader, getRequest("/portal/messages", tumi.cookie)),
    );
    expect(messages.threads.map((m: { subject: string }) => m.subject)).toEqual([
      `From ${alice.id}`,
    ]);

    const dashboard = await json(await run(dashboardLoader, getRequest("/portal", tumi.cookie)));
    expect(dashboard.clients).toBe(1);
    expect(dashboard.counts.total).toBe(1);

    // The sidebar's unread count (the layout's, through the scope) equals the domain's.
    expect(await unreadCount(h.handle.db, { kind: "team", userId: tumi.id }, tumi.id)).toBe(1);
    const layout = await json(await run(layoutLoader, getRequest("/portal", tumi.cookie)));
    expect(layout).toMatchObject({ access: "team", unreadMessages: 1 });
  });

  it("cannot create a project or write to an unassigned client", async () => {
    const project = await run(
      projectsAction,
      formRequest(
        "/portal/projects",
        { intent: "create", title: "Sneaky", clientId: bob.clientId },
        { cookie: tumi.cookie },
      ),
    );
    expect(project.status).toBe(400);
    const message = await run(
      messagesAction,
      formRequest(
        "/portal/messages",
        { intent: "send", clientId: bob.clientId, subject: "Hi", content: "x" },
        { cookie: tumi.cookie },
      ),
    );
    expect(message.status).toBe(400);
    const own = await run(
      projectsAction,
      formRequest(
        "/portal/projects",
        { intent: "create", title: "For Alice", clientId: alice.clientId },
        { cookie: tumi.cookie },
      ),
    );
    expect(own.status).toBe(200);
  });

  it("a client's events notify its assigned team members, else the administrators", async () => {
    const db = h.handle.db;
    const event = (clientId: string) => ({
      kind: "review.answered" as const,
      clientId,
      actorId: null,
      title: "Design",
      link: "/portal",
      groupKey: "x",
    });
    expect(await recipientsOf(db, event(alice.clientId))).toEqual([tumi.id]);
    expect(await recipientsOf(db, event(bob.clientId))).toEqual([admin.id]);
    expect(
      await recipientsOf(db, { ...event(alice.clientId), kind: "message.new", fromAgency: false }),
    ).toEqual([tumi.id]);
  });

  it("a client's message is mailed to its assigned team member, another client's to the administrators; the team member's answer to the contacts (decision 089)", async () => {
    const db = h.handle.db;
    await db.delete(notifications);
    await db.delete(emailOutbox);
    const send = (who: SignedUp, fields: Record<string, string>) =>
      run(
        messagesAction,
        formRequest("/portal/messages", { intent: "send", ...fields }, { cookie: who.cookie }),
      );
    expect((await send(alice, { subject: "Colours?", content: "Blue?" })).status).toBe(200);
    expect((await send(bob, { subject: "Menu?", content: "When?" })).status).toBe(200);
    expect(
      (await send(tumi, { subject: "Blue it is", content: "Yes", clientId: alice.clientId }))
        .status,
    ).toBe(200);
    await queueNotificationMail(db, new Date(Date.now() + MAIL_GROUP_MS + 1000));
    const mailed = await db
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
      .from(emailOutbox);
    expect(mailed.map((m) => `${m.to} ${m.subject}`).sort()).toEqual([
      `${admin.email} New message: Menu? — Kopano AI`,
      `${alice.email} New message: Blue it is — Kopano AI`,
      `${tumi.email} New message: Colours? — Kopano AI`,
    ]);
  });

  it("hears the events of assigned clients only", () => {
    const who = {
      userId: tumi.id,
      clientId: null,
      isAdmin: false,
      assignedClientIds: [alice.clientId],
    };
    const change = (clientId: string) => ({
      kind: "projects" as const,
      audience: { clientIds: [clientId] },
      by: { userId: null, clientId: null },
    });
    expect(concerns(change(alice.clientId), who)).toBe(true);
    expect(concerns(change(bob.clientId), who)).toBe(false);
  });

  it("unassigned, the client is gone from the next request on", async () => {
    const res = await run(
      clientAction,
      formRequest(
        `/portal/clients/${alice.clientId}`,
        { intent: "unassign", userId: tumi.id },
        { cookie: admin.cookie },
      ),
      { id: alice.clientId },
    );
    expect(res.status).toBe(200);
    const projects = await json(
      await run(projectsLoader, getRequest("/portal/projects", tumi.cookie)),
    );
    expect(projects.projects).toEqual([]);
    const page = await run(
      clientLoader,
      getRequest(`/portal/clients/${alice.clientId}`, tumi.cookie),
      { id: alice.clientId },
    );
    expect(page.status).toBe(404);
  });
});
