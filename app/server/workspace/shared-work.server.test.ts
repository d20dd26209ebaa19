/**
 * The workspace's shared work (issue 13, decision 018/023): every contact of a client works on
 * the client's projects and conversation; administrators on every client's, with a client
 * filter, a Client field and 'Reply'; read state per person; mail to the other side; the
 * dashboard's counts; 'View as client' read-only; events for those entitled only; paging.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/portal/dashboard";
import { loader as layoutLoader } from "~/routes/portal/layout";
import { action as messagesAction, loader as messagesLoader } from "~/routes/portal/messages";
import { loader as choicesLoader } from "~/routes/portal/project-choices";
import { action as projectsAction, loader as projectsLoader } from "~/routes/portal/projects";
import { loader as teamLoader } from "~/routes/portal/team";
import { action as viewAsAction } from "~/routes/portal/view-as";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import {
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  run,
} from "~/test/harness.server";
import {
  clients,
  emailOutbox,
  messageReads,
  messages,
  messageThreads,
  notificationPreferences,
  profiles,
  projects,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { MAIL_GROUP_MS, queueNotificationMail } from "../notifications/notification-mail.server";
import { type AppEvent, subscribe } from "./events.server";

let h: Harness;
/** Client A: Alice and Alina. Client B: Bob. Ada: an administrator. */
let alice: SignedUp;
let alina: SignedUp;
let bob: SignedUp;
let ada: SignedUp;

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  formRequest(path, fields, { cookie });
const json = async (res: Response) => res.json();
const get = async (loader: Parameters<typeof run>[0], path: string, cookie: string) =>
  run(loader, getRequest(path, cookie));

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "ada@example.co.za" });
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  alina = await signUp("alina@example.co.za", { fullName: "Alina Botha" });
  bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
  ada = await signUp("ada@example.co.za", { fullName: "Ada Admin" });
  await proveAddress("ada@example.co.za");
  // Alina joins Alice's client (as an accepted invitation would make her).
  const db = h.handle.db;
  await db.update(profiles).set({ clientId: alice.clientId }).where(eq(profiles.id, alina.id));
  await db.delete(clients).where(eq(clients.id, alina.clientId));
  alina = { ...alina, clientId: alice.clientId };
  await db.update(clients).set({ name: "Acme Ltd" }).where(eq(clients.id, alice.clientId));
  await db.update(clients).set({ name: "Bongo Foods" }).where(eq(clients.id, bob.clientId));
});
afterAll(async () => {
  await h.close();
});

async function createProject(who: SignedUp, title: string, extra: Record<string, string> = {}) {
  return run(
    projectsAction,
    post("/portal/projects", { intent: "create", title, ...extra }, who.cookie),
  );
}

async function send(who: SignedUp, fields: Record<string, string>) {
  return run(messagesAction, post("/portal/messages", { intent: "send", ...fields }, who.cookie));
}

async function projectId(title: string) {
  const [row] = await h.handle.db.select().from(projects).where(eq(projects.title, title));
  return row?.id ?? "";
}

async function messageId(subject: string) {
  const [row] = await h.handle.db.select().from(messages).where(eq(messages.subject, subject));
  return row?.id ?? "";
}

const titles = (body: { projects: { title: string }[] }) => body.projects.map((p) => p.title);

describe(`shared projects on ${testDatabaseKind()}`, () => {
  it("every contact of a client sees and works on all of its projects; other clients see none", async () => {
    expect((await createProject(alice, "Acme chatbot")).status).toBe(200);
    expect((await createProject(bob, "Bongo ordering")).status).toBe(200);
    // Naming another client in a contact's form is ignored: the project is their own client's.
    expect((await createProject(alina, "Acme CRM", { clientId: bob.clientId })).status).toBe(200);
    const [crm] = await h.handle.db.select().from(projects).where(eq(projects.title, "Acme CRM"));
    expect(crm).toMatchObject({ clientId: alice.clientId, createdBy: alina.id });

    for (const who of [alice, alina]) {
      const body = await json(await get(projectsLoader, "/portal/projects", who.cookie));
      expect(titles(body).sort()).toEqual(["Acme CRM", "Acme chatbot"]);
      expect(body).toMatchObject({ staff: false, clients: [], counts: { total: 2, active: 2 } });
    }
    const bobs = await json(await get(projectsLoader, "/portal/projects", bob.cookie));
    expect(titles(bobs)).toEqual(["Bongo ordering"]);
    // A contact's `?client=` names nothing: still their own.
    const sneaky = await get(
      projectsLoader,
      `/portal/projects?client=${alice.clientId}`,
      bob.cookie,
    );
    expect(sneaky.status).toBe(200);
    expect(titles(await json(sneaky))).toEqual(["Bongo ordering"]);

    // Alina edits what Alice made; Bob cannot touch it.
    const id = await projectId("Acme chatbot");
    const edit = await run(
      projectsAction,
      post(
        "/portal/projects",
        { intent: "update", id, title: "Acme chatbot v2", status: "completed", progress: "100" },
        alina.cookie,
      ),
    );
    expect(await json(edit)).toEqual({ ok: true, success: "Project updated successfully" });
    const byBob = await run(
      projectsAction,
      post("/portal/projects", { intent: "delete", id }, bob.cookie),
    );
    expect(byBob.status).toBe(404);
    expect(await json(byBob)).toMatchObject({ ok: false, error: "Project not found" });
  });

  it("administrators see every client's projects with the client's name, and filter by client", async () => {
    const all = await json(await get(projectsLoader, "/portal/projects", ada.cookie));
    expect(all.staff).toBe(true);
    expect(titles(all).sort()).toEqual(["Acme CRM", "Acme chatbot v2", "Bongo ordering"]);
    expect(
      all.projects.find((p: { title: string }) => p.title === "Bongo ordering").clientName,
    ).toBe("Bongo Foods");
    expect(all.clients.map((c: { name: string }) => c.name)).toEqual(["Acme Ltd", "Bongo Foods"]);
    expect(all.counts).toEqual({ total: 3, active: 2, completed: 1 });

    const acme = await get(projectsLoader, `/portal/projects?client=${alice.clientId}`, ada.cookie);
    expect(acme.status).toBe(200);
    const body = await json(acme);
    expect(titles(body).sort()).toEqual(["Acme CRM", "Acme chatbot v2"]);
    expect(body.counts).toEqual({ total: 2, active: 1, completed: 1 });
    expect(body.clientFilter).toBe(alice.clientId);

    for (const bad of ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "%00", "'; drop"]) {
      const res = await get(
        projectsLoader,
        `/portal/projects?client=${encodeURIComponent(bad)}`,
        ada.cookie,
      );
      expect(res.status, bad).toBe(400);
      const b = await json(res);
      expect(b.filterError).toBe(
        "That client was not found, so every client's projects are shown.",
      );
      expect(b.projects).toHaveLength(3);
    }
  });

  it("an administrator names the client of a new project; a missing or forged one is refused", async () => {
    for (const clientId of [undefined, "", "nope", "00000000-0000-0000-0000-000000000000"]) {
      const res = await createProject(ada, "Orphan", clientId === undefined ? {} : { clientId });
      expect(res.status, String(clientId)).toBe(400);
      expect(await json(res)).toMatchObject({ ok: false, error: "Choose a client" });
    }
    expect(await projectId("Orphan")).toBe("");
    const res = await createProject(ada, "Bongo website", { clientId: bob.clientId });
    expect(await json(res)).toEqual({ ok: true, success: "Project created successfully" });
    const [row] = await h.handle.db
      .select()
      .from(projects)
      .where(eq(projects.title, "Bongo website"));
    expect(row).toMatchObject({ clientId: bob.clientId, createdBy: ada.id });
    expect(
      titles(await json(await get(projectsLoader, "/portal/projects", bob.cookie))).sort(),
    ).toEqual(["Bongo ordering", "Bongo website"]);
  });

  it("'Edit' or 'Delete' asked for by the address about a project the page does not hold: loaded on its own, or said plainly", async () => {
    const bongo = await projectId("Bongo ordering");
    // Ada's list filtered to Acme does not hold Bongo's project: it comes with the page.
    for (const dialog of ["edit-project", "delete-project"]) {
      const res = await get(
        projectsLoader,
        `/portal/projects?client=${alice.clientId}&dialog=${dialog}&item=${bongo}`,
        ada.cookie,
      );
      expect(res.status, dialog).toBe(200);
      const body = await json(res);
      expect(titles(body)).not.toContain("Bongo ordering");
      expect(body.askedProject).toMatchObject({ id: bongo, title: "Bongo ordering" });
    }
    // Another client's project, or none: 'Project not found', never an empty page.
    for (const item of [bongo, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await get(
        projectsLoader,
        `/portal/projects?dialog=edit-project&item=${item}`,
        alice.cookie,
      );
      expect(res.status, item).toBe(404);
      expect(await res.text()).toContain("Project not found");
    }
    // A dialog about no row, or no dialog: nothing asked.
    const plain = await json(await get(projectsLoader, "/portal/projects", alice.cookie));
    expect(plain.askedProject).toBeNull();
    // The team is shown whole: 'Remove role' about someone not on it is said plainly too.
    const stranger = await get(
      teamLoader,
      `/portal/team?dialog=remove-role&item=${alice.id}`,
      ada.cookie,
    );
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain("Team member not found");
    const member = await get(
      teamLoader,
      `/portal/team?dialog=remove-role&item=${ada.id}`,
      ada.cookie,
    );
    expect(member.status).toBe(200);
  });
});

describe(`the dashboard on ${testDatabaseKind()}`, () => {
  it("counts what the person can see; administrators also count clients", async () => {
    const a = await json(await get(dashboardLoader, "/portal", alina.cookie));
    expect(a.counts).toEqual({ total: 2, active: 1, completed: 1 });
    expect(a.clients).toBeNull();
    expect(a.recent.every((p: { clientName: string | null }) => p.clientName === null)).toBe(true);
    const b = await json(await get(dashboardLoader, "/portal", bob.cookie));
    expect(b.counts).toEqual({ total: 2, active: 2, completed: 0 });
    const staff = await json(await get(dashboardLoader, "/portal", ada.cookie));
    expect(staff.counts).toEqual({ total: 4, active: 3, completed: 1 });
    expect(staff.clients).toBe(2);
    expect(staff.recent[0]).toMatchObject({ title: "Bongo website", clientName: "Bongo Foods" });
  });
});

describe(`conversations on ${testDatabaseKind()}`, () => {
  /** What the notification mail job has queued for this address, once every group is due. */
  const mails = async (to: string) => {
    await queueNotificationMail(h.handle.db, new Date(Date.now() + MAIL_GROUP_MS + 1000));
    return h.handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to))
      .orderBy(emailOutbox.createdAt, emailOutbox.id);
  };

  it("a contact's message goes to the team, optionally about one of the client's projects, and mails every administrator", async () => {
    const crm = await projectId("Acme CRM");
    const res = await send(alice, {
      subject: "CRM import",
      content: "Can you import our CSV?",
      projectId: crm,
    });
    expect(await json(res)).toEqual({ ok: true, success: "Message sent successfully" });
    const [row] = await h.handle.db
      .select()
      .from(messages)
      .where(eq(messages.subject, "CRM import"));
    expect(row).toMatchObject({
      clientId: alice.clientId,
      projectId: crm,
      senderId: alice.id,
      fromAgency: false,
    });

    const [mail] = await mails("ada@example.co.za").then((m) =>
      m.filter((x) => x.subject.includes("CRM import")),
    );
    // The notification mail (decision 089): who wrote, the subject, the link to the message.
    expect(mail?.subject).toBe("New message: CRM import — Kopano AI");
    expect(mail?.textBody).toContain("CRM import (Alice Mokoena, ");
    expect(mail?.textBody).toContain(`http://localhost:3000/portal/messages?id=${row?.id}`);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Contacts are not mailed about their own side's message, and the text is not in the mail.
    expect(await mails("alina@example.co.za")).toHaveLength(0);
    expect(mail?.textBody).not.toContain("Can you import our CSV?");

    // Another client's project, or a malformed one: refused, nothing written.
    const bongo = await projectId("Bongo ordering");
    for (const projectId of [bongo, "nope"]) {
      const bad = await send(alice, { subject: "Sneaky", content: "x", projectId });
      expect(bad.status).toBe(404);
      expect(await json(bad)).toMatchObject({ error: "Project not found" });
    }
    expect(await messageId("Sneaky")).toBe("");
  });

  it("the inbox: the client's messages, newest first, with the sender's name; own messages read", async () => {
    await send(alina, { subject: "Invoice", content: "Where is the invoice?" });
    const body = await json(await get(messagesLoader, "/portal/messages", alice.cookie));
    expect(body.threads.map((m: { subject: string }) => m.subject)).toEqual([
      "Invoice",
      "CRM import",
    ]);
    expect(body.threads[0]).toMatchObject({ senderName: "Alina Botha", isRead: false });
    expect(body.threads[1]).toMatchObject({
      senderName: "Alice Mokoena",
      isRead: true,
      projectTitle: "Acme CRM",
    });
    expect(body.staff).toBe(false);
    expect(body.projects.map((p: { title: string }) => p.title).sort()).toEqual([
      "Acme CRM",
      "Acme chatbot v2",
    ]);
    const bobs = await json(await get(messagesLoader, "/portal/messages", bob.cookie));
    expect(bobs.threads).toHaveLength(0);
    expect(bobs.projects.map((p: { title: string }) => p.title).sort()).toEqual([
      "Bongo ordering",
      "Bongo website",
    ]);
  });

  it("an administrator's message needs a client, and mails the client's contacts who keep message mail on", async () => {
    // Alina turned 'New message' e-mails off in Settings → Notifications.
    await h.handle.db
      .insert(notificationPreferences)
      .values({ userId: alina.id, kind: "message.new", channel: "email", enabled: false });
    const none = await send(ada, { subject: "Hello", content: "Hi" });
    expect(none.status).toBe(400);
    expect(await json(none)).toMatchObject({ error: "Choose a client" });
    // The project must be the named client's.
    const wrong = await send(ada, {
      subject: "Hello",
      content: "Hi",
      clientId: alice.clientId,
      projectId: await projectId("Bongo ordering"),
    });
    expect(wrong.status).toBe(404);

    const ok = await send(ada, {
      subject: "Kick-off",
      content: "Welcome aboard",
      clientId: alice.clientId,
    });
    expect(await json(ok)).toEqual({ ok: true, success: "Message sent successfully" });
    const id = await messageId("Kick-off");
    const [toAlice] = (await mails("alice@example.co.za")).filter((m) =>
      m.subject.includes("Kick-off"),
    );
    expect(toAlice?.subject).toBe("New message: Kick-off — Kopano AI");
    expect(toAlice?.textBody).toContain(`/portal/messages?id=${id}`);
    expect(await mails("alina@example.co.za")).toHaveLength(0);
    expect(await mails("bob@example.co.za")).toHaveLength(0);
    await h.handle.db
      .delete(notificationPreferences)
      .where(eq(notificationPreferences.userId, alina.id));
  });

  it("an administrator's inbox holds every client's, filtered by client on request", async () => {
    await send(bob, { subject: "Bongo question", content: "Menu?" });
    const all = await json(await get(messagesLoader, "/portal/messages", ada.cookie));
    expect(all.staff).toBe(true);
    expect(all.threads.map((m: { subject: string }) => m.subject)).toEqual([
      "Bongo question",
      "Kick-off",
      "Invoice",
      "CRM import",
    ]);
    expect(all.threads[0]).toMatchObject({ clientName: "Bongo Foods", isRead: false });
    expect(all.threads[1]).toMatchObject({ fromAgency: true, isRead: true });
    expect(all.projects).toEqual([]);
    const acme = await json(
      await get(messagesLoader, `/portal/messages?client=${alice.clientId}`, ada.cookie),
    );
    expect(acme.threads).toHaveLength(3);
    expect(acme.projects).toHaveLength(2);
    const bad = await get(messagesLoader, "/portal/messages?client=x", ada.cookie);
    expect(bad.status).toBe(400);
    expect((await json(bad)).filterError).toBe(
      "That client was not found, so every client's messages are shown.",
    );
  });

  it("'Reply' goes to the message's client with 'Re: …' and the same project; 'New' per contact until each opens it", async () => {
    const crmMessage = await messageId("CRM import");
    const res = await run(
      messagesAction,
      post(
        "/portal/messages",
        { intent: "reply", id: crmMessage, content: "Send it over" },
        ada.cookie,
      ),
    );
    expect(await json(res)).toEqual({
      ok: true,
      success: "Message sent successfully",
      intent: "reply",
    });
    const [reply] = await h.handle.db
      .select()
      .from(messages)
      .where(eq(messages.subject, "Re: CRM import"));
    expect(reply).toMatchObject({
      clientId: alice.clientId,
      projectId: await projectId("Acme CRM"),
      threadId: crmMessage,
      fromAgency: true,
      senderId: ada.id,
    });
    // Replying by a reply's id answers the same conversation, keeping one 'Re: '.
    await run(
      messagesAction,
      post(
        "/portal/messages",
        { intent: "reply", id: reply?.id ?? "", content: "Thanks" },
        alice.cookie,
      ),
    );
    const replies = await h.handle.db.select().from(messages).where(like(messages.subject, "Re:%"));
    expect(replies.map((m) => [m.subject, m.threadId])).toEqual([
      ["Re: CRM import", crmMessage],
      ["Re: CRM import", crmMessage],
    ]);

    // Unread conversations. Alice: Alina's invoice question, Kick-off and the CRM import
    // (Ada's reply). Alina: Kick-off and the CRM import (Alice's, Ada's and Alice's thanks).
    const unread = async (who: SignedUp) =>
      (await json(await get(dashboardLoader, "/portal", who.cookie))).unread;
    expect(await unread(alice)).toBe(3);
    expect(await unread(alina)).toBe(2);
    const inbox = await json(await get(messagesLoader, "/portal/messages", alina.cookie));
    const crm = inbox.threads.filter((t: { subject: string }) => t.subject.includes("CRM import"));
    expect(crm).toEqual([
      expect.objectContaining({
        id: crmMessage,
        subject: "CRM import",
        content: "Thanks",
        senderId: alice.id,
        unread: 3,
        isRead: false,
      }),
    ]);

    // Alice opens it by the reply's link (a mail or a notification: `?id=`): the conversation
    // opens there, read for Alice, still new for Alina.
    const opened = await get(messagesLoader, `/portal/messages?id=${reply?.id}`, alice.cookie);
    expect(opened.status).toBe(200);
    const view = await json(opened);
    expect(view.selected).toMatchObject({
      id: crmMessage,
      subject: "CRM import",
      focusId: reply?.id,
    });
    expect(view.selected.messages.map((m: { content: string }) => m.content)).toEqual([
      expect.any(String),
      "Send it over",
      "Thanks",
    ]);
    expect(await unread(alice)).toBe(2);
    expect(await unread(alina)).toBe(2);
    const reads = await h.handle.db
      .select()
      .from(messageReads)
      .where(eq(messageReads.messageId, reply?.id ?? ""));
    expect(reads.map((r) => r.userId)).toEqual([alice.id]);
  });

  it("refuses replies to messages out of scope, and bad replies, with a message and a 4xx", async () => {
    const acmeMessage = await messageId("Kick-off");
    const cases: [SignedUp, Record<string, string>, number, string][] = [
      [bob, { id: acmeMessage, content: "Hi" }, 404, "Message not found"],
      [alice, { id: "not-a-uuid", content: "Hi" }, 404, "Message not found"],
      [
        alice,
        { id: "00000000-0000-0000-0000-000000000000", content: "Hi" },
        404,
        "Message not found",
      ],
      [alice, { id: acmeMessage, content: "   " }, 400, "Message is required"],
      [
        alice,
        { id: acmeMessage, content: "x".repeat(5001) },
        400,
        "Message must be less than 5000 characters",
      ],
    ];
    const before = (await h.handle.db.select().from(messages)).length;
    for (const [who, fields, status, error] of cases) {
      const res = await run(
        messagesAction,
        post("/portal/messages", { intent: "reply", ...fields }, who.cookie),
      );
      expect(res.status, error).toBe(status);
      expect(await json(res)).toMatchObject({ ok: false, error });
    }
    expect(await h.handle.db.select().from(messages)).toHaveLength(before);
    // A message of another client by `?id=`: 'Message not found' (404), nothing of it shown.
    const peek = await get(messagesLoader, `/portal/messages?id=${acmeMessage}`, bob.cookie);
    expect(peek.status).toBe(404);
    expect(await json(peek)).toMatchObject({
      selected: null,
      selectedError: "Message not found",
      threads: [expect.anything()],
    });
  });

  it("a long reply subject stays within 200 characters", async () => {
    const long = "S".repeat(200);
    await send(bob, { subject: long, content: "long" });
    const res = await run(
      messagesAction,
      post(
        "/portal/messages",
        { intent: "reply", id: await messageId(long), content: "ok" },
        ada.cookie,
      ),
    );
    expect(res.status).toBe(200);
    const [row] = await h.handle.db.select().from(messages).where(like(messages.subject, "Re: S%"));
    expect(row?.subject).toHaveLength(200);
  });
});

describe(`project choices on ${testDatabaseKind()}`, () => {
  it("a contact gets their own client's projects whatever they ask; staff the client named", async () => {
    const mine = await json(
      await get(choicesLoader, `/portal/project-choices?client=${bob.clientId}`, alice.cookie),
    );
    expect(mine.clientId).toBe(alice.clientId);
    expect(mine.projects.map((p: { title: string }) => p.title).sort()).toEqual([
      "Acme CRM",
      "Acme chatbot v2",
    ]);
    const staff = await json(
      await get(choicesLoader, `/portal/project-choices?client=${bob.clientId}`, ada.cookie),
    );
    expect(staff.projects.map((p: { title: string }) => p.title).sort()).toEqual([
      "Bongo ordering",
      "Bongo website",
    ]);
    const bad = await get(choicesLoader, "/portal/project-choices?client=junk", ada.cookie);
    expect(bad.status).toBe(404);
    expect(await json(bad)).toEqual({ clientId: null, projects: [] });
  });
});

describe(`view as client on ${testDatabaseKind()}`, () => {
  it("shows the client's portal read-only: the layout says so, pages show only its work, and nothing is written", async () => {
    const start = await run(
      viewAsAction,
      post("/portal/view-as", { intent: "start", clientId: bob.clientId }, ada.cookie),
    );
    expect(start.status).toBe(302);
    const viewAs = cookiesFrom(start)
      .split("; ")
      .filter((c) => c.startsWith("view_as="))
      .join("; ");
    expect(viewAs).not.toBe("");
    const cookie = `${ada.cookie}; ${viewAs}`;

    const layout = await json(await get(layoutLoader, "/portal", cookie));
    expect(layout).toMatchObject({ viewingAs: { name: "Bongo Foods" }, readOnly: true });
    const own = await json(await get(layoutLoader, "/portal", ada.cookie));
    expect(own).toMatchObject({ viewingAs: null, readOnly: false });

    const page = await json(
      await get(projectsLoader, `/portal/projects?client=${alice.clientId}`, cookie),
    );
    expect(page.staff).toBe(false);
    expect(titles(page).sort()).toEqual(["Bongo ordering", "Bongo website"]);
    const dash = await json(await get(dashboardLoader, "/portal", cookie));
    expect(dash.clients).toBeNull();
    expect(dash.counts.total).toBe(2);

    // Opening Bob's unread message while viewing does not read it for Ada.
    const bobs = await messageId("Bongo question");
    const view = await json(await get(messagesLoader, `/portal/messages?id=${bobs}`, cookie));
    expect(view.selected).toMatchObject({ id: bobs });
    expect(view.selected.messages[0]).toMatchObject({ id: bobs, isRead: false });
    expect(
      await h.handle.db
        .select()
        .from(messageReads)
        .where(and(eq(messageReads.messageId, bobs), eq(messageReads.userId, ada.id))),
    ).toHaveLength(0);

    const writes: [
      typeof projectsAction | typeof messagesAction,
      string,
      Record<string, string>,
    ][] = [
      [projectsAction, "/portal/projects", { intent: "create", title: "While viewing" }],
      [
        projectsAction,
        "/portal/projects",
        { intent: "delete", id: await projectId("Bongo website") },
      ],
      [
        messagesAction,
        "/portal/messages",
        { intent: "send", subject: "While viewing", content: "x" },
      ],
      [messagesAction, "/portal/messages", { intent: "reply", id: bobs, content: "x" }],
      [messagesAction, "/portal/messages", { intent: "open", id: bobs }],
    ];
    const before = (await h.handle.db.select().from(messages)).length;
    for (const [action, path, fields] of writes) {
      const res = await run(action, post(path, fields, cookie));
      expect(res.status, `${path} ${fields.intent}`).toBe(403);
    }
    expect(await h.handle.db.select().from(messages)).toHaveLength(before);
    expect(await projectId("Bongo website")).not.toBe("");
    expect(await projectId("While viewing")).toBe("");

    const stop = await run(viewAsAction, post("/portal/view-as", { intent: "stop" }, cookie));
    expect(stop.status).toBe(302);
    expect(stop.headers.get("location")).toBe(`/portal/clients/${bob.clientId}`);
  });
});

describe(`live changes on ${testDatabaseKind()}`, () => {
  it("reach the client's contacts and the administrators, and nobody else", async () => {
    const people = { alice, alina, bob, ada };
    const seen: Record<string, string[]> = { alice: [], alina: [], bob: [], ada: [] };
    const offs = Object.entries(people).map(([name, who]) =>
      subscribe(
        { userId: who.id, clientId: who === ada ? null : who.clientId, isAdmin: who === ada },
        (e: AppEvent) => seen[name]?.push(e.kind),
      ),
    );
    try {
      await createProject(ada, "Live for Acme", { clientId: alice.clientId }); // projects → A + staff
      await send(alina, { subject: "Live question", content: "?" }); // messages → A + staff
      await run(
        messagesAction,
        post(
          "/portal/messages",
          { intent: "reply", id: await messageId("Live question"), content: "!" },
          ada.cookie,
        ),
      );
      // Alice opens the question: only her own tabs hear of it (her unread count, and her bell:
      // the reply's notification is read with the conversation).
      await get(
        messagesLoader,
        `/portal/messages?id=${await messageId("Live question")}`,
        alice.cookie,
      );
      await createProject(bob, "Live for Bongo"); // projects → B + staff
      // The other side of each message is notified too: its bell (decision 056).
      expect(seen.alice).toEqual([
        "projects",
        "messages",
        "messages",
        "notifications",
        "messages",
        "notifications",
      ]);
      expect(seen.alina).toEqual(["projects", "messages", "messages", "notifications"]);
      expect(seen.bob).toEqual(["projects"]);
      expect(seen.ada).toEqual(["projects", "messages", "notifications", "messages", "projects"]);
    } finally {
      for (const off of offs) off();
    }
  });
});

describe(`long lists on ${testDatabaseKind()}`, () => {
  const N = 2000;
  it(`pages ${N} projects and messages: the first page, the next, counts under the filter`, async () => {
    const db = h.handle.db;
    const base = Date.now() - 30 * 24 * 60 * 60 * 1000;
    // Every fifth row shares its time with the row before: the id decides their order.
    const at = (i: number) => new Date(base + Math.floor(i / 2) * 1000 + (i % 5 === 0 ? 0 : 500));
    const rows = Array.from({ length: N }, (_, i) => ({
      clientId: bob.clientId,
      title: `Seeded ${i}`,
      status: (i % 4 === 0 ? "completed" : "active") as "completed" | "active",
      createdAt: at(i),
    }));
    for (let i = 0; i < N; i += 500) await db.insert(projects).values(rows.slice(i, i + 500));
    const msgs = Array.from({ length: N }, (_, i) => ({
      clientId: bob.clientId,
      senderId: bob.id,
      fromAgency: false,
      subject: `Seeded message ${i}`,
      content: "seed",
      createdAt: at(i),
    }));
    for (let i = 0; i < N; i += 500) await db.insert(messages).values(msgs.slice(i, i + 500));

    const walk = async (path: string, key: "projects" | "threads", cookie: string) => {
      const seenIds = new Set<string>();
      let cursor: string | null = null;
      let pages = 0;
      let first: { status: number; body: Record<string, unknown> } | null = null;
      do {
        const sep = path.includes("?") ? "&" : "?";
        const res = await get(
          key === "projects" ? projectsLoader : messagesLoader,
          cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path,
          cookie,
        );
        expect(res.status).toBe(200);
        const body = await json(res);
        first ??= { status: res.status, body };
        const list = body[key] as { id: string; createdAt: string }[];
        expect(list.length).toBeLessThanOrEqual(50);
        for (const row of list) {
          expect(seenIds.has(row.id)).toBe(false);
          seenIds.add(row.id);
        }
        // Newest first across pages.
        cursor = body.next;
        pages += 1;
      } while (cursor && pages < 100);
      return { ids: seenIds, pages, first };
    };

    const bobProjects = await db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.clientId, bob.clientId));
    const walked = await walk("/portal/projects", "projects", bob.cookie);
    expect(walked.ids.size).toBe(bobProjects.length);
    expect(walked.pages).toBe(Math.ceil(bobProjects.length / 50));
    const firstPage = walked.first?.body as { projects: { title: string }[]; counts: object };
    expect(firstPage.projects[0]?.title).toBe("Live for Bongo");
    expect(firstPage.counts).toEqual({
      total: bobProjects.length,
      active: bobProjects.length - N / 4,
      completed: N / 4,
    });

    // The administrator's filter: the same client's pages and counts, none of another's.
    const filtered = await walk(`/portal/projects?client=${bob.clientId}`, "projects", ada.cookie);
    expect(filtered.ids).toEqual(walked.ids);
    const acme = await json(
      await get(projectsLoader, `/portal/projects?client=${alice.clientId}`, ada.cookie),
    );
    expect(acme.counts.total).toBe(3);
    expect(acme.next).toBeNull();

    // Messages: the same, and a message far down the list opens by `?id=`.
    const inbox = await walk("/portal/messages", "threads", bob.cookie);
    const bobThreads = await db
      .select({ id: messageThreads.id })
      .from(messageThreads)
      .where(eq(messageThreads.clientId, bob.clientId));
    expect(bobThreads.length).toBeGreaterThanOrEqual(N);
    expect(inbox.ids.size).toBe(bobThreads.length);
    const oldest = await messageId("Seeded message 0");
    const res = await get(messagesLoader, `/portal/messages?id=${oldest}`, bob.cookie);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.threads.some((m: { id: string }) => m.id === oldest)).toBe(false);
    expect(body.selected).toMatchObject({ id: oldest, subject: "Seeded message 0" });
    expect(body.next).not.toBeNull();
    // A malformed cursor is the first page.
    const junk = await get(messagesLoader, "/portal/messages?cursor=2026-junk", bob.cookie);
    expect(junk.status).toBe(200);
    expect((await json(junk)).threads[0].id).toBe(body.threads[0].id);
  });
});
