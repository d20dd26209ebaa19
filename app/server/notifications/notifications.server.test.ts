/**
 * Notifications (issue 31, step 1), on PGlite and PostgreSQL: each event records one
 * notification per person its kind names, in the event's own transaction (no event without its
 * notifications, none for an event that failed); the actor is never told of their own action;
 * the bell's count is read with the session; a person sees only their own, and of a client only
 * while they belong to it.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as layoutLoader } from "~/routes/portal/layout";
import { action as messagesAction, loader as messagesLoader } from "~/routes/portal/messages";
import { loader as openLoader } from "~/routes/portal/notification";
import { action as listAction, loader as listLoader } from "~/routes/portal/notifications";
import { action as projectAction } from "~/routes/portal/project";
import { action as projectsAction } from "~/routes/portal/projects";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin, viewingAsCookie } from "~/test/workspace.server";
import {
  emailOutbox,
  milestones,
  notifications,
  profiles,
  projects,
  reviews,
  user,
} from "../db/schema.server";
import { createInvitation } from "../invitations/invitations.server";
import { contactLead, submitLead } from "../leads/leads.server";
import { eraseAccount } from "../privacy/privacy.server";
import { collectPersonalData } from "../privacy/privacy-export.server";
import {
  listNotifications,
  markAllRead,
  openNotification,
  unreadCount,
} from "./notifications.server";

let h: Harness;
let admin: SignedUp;
let admin2: SignedUp;
let alice: SignedUp; // a contact of client A
let carol: SignedUp; // a second contact of client A
let bob: SignedUp; // a contact of client B
let projectA: string;

const act = async (who: SignedUp, projectId: string, fields: Record<string, string>) => {
  const res = await run(
    projectAction,
    formRequest(`/portal/projects/${projectId}`, fields, { cookie: who.cookie }),
    { id: projectId },
  );
  return { status: res.status, body: await res.json() };
};

const message = async (who: SignedUp, fields: Record<string, string>) => {
  const res = await run(
    messagesAction,
    formRequest("/portal/messages", fields, { cookie: who.cookie }),
  );
  return { status: res.status, body: await res.json() };
};

async function rowsOf(who: SignedUp) {
  return h.handle.db
    .select({ kind: notifications.kind, title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, who.id))
    .orderBy(notifications.createdAt);
}

const reader = (who: SignedUp, isAdmin = false) => ({
  id: who.id,
  clientId: who.clientId || null,
  isAdmin,
});

async function clearAll() {
  await h.handle.db.delete(notifications);
}

async function bell(who: SignedUp) {
  const res = await run(layoutLoader, getRequest("/portal", who.cookie));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user: { unreadNotifications: number } };
  return body.user.unreadNotifications;
}

async function newMilestone(title: string) {
  await act(admin, projectA, {
    intent: "create-milestone",
    title,
    dueDate: "2026-12-10",
    status: "planned",
  });
  const [m] = await h.handle.db
    .select({ id: milestones.id })
    .from(milestones)
    .where(eq(milestones.title, title));
  return m?.id as string;
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za,admin2@example.co.za" });
  admin = await signUpAdmin("admin@example.co.za", "Ayanda Admin");
  admin2 = await signUpAdmin("admin2@example.co.za", "Busi Admin");
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  carol = await signUp("carol@example.co.za", { fullName: "Carol Botha" });
  bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
  await h.handle.db
    .update(profiles)
    .set({ clientId: alice.clientId })
    .where(eq(profiles.id, carol.id));
  carol = { ...carol, clientId: alice.clientId };
  const res = await run(
    projectsAction,
    formRequest(
      "/portal/projects",
      { intent: "create", title: "Website redesign" },
      { cookie: alice.cookie },
    ),
  );
  expect(res.status).toBe(200);
  const [p] = await h.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, "Website redesign"));
  projectA = p?.id as string;
});
afterAll(() => h.close());

describe("who is told of what", () => {
  it("'Ready for review': each contact of the client, not the other client, not the agency", async () => {
    await clearAll();
    const milestoneId = await newMilestone("Design sign-off");
    const marked = await act(admin, projectA, { intent: "review-milestone", milestoneId });
    expect(marked.body).toMatchObject({ ok: true });
    const expected = [
      {
        kind: "review.requested",
        title: "the milestone 'Design sign-off'",
        link: `/portal/projects/${projectA}#milestones`,
      },
    ];
    expect(await rowsOf(alice)).toEqual(expected);
    expect(await rowsOf(carol)).toEqual(expected);
    expect(await rowsOf(bob)).toEqual([]);
    expect(await rowsOf(admin)).toEqual([]);
    expect(await rowsOf(admin2)).toEqual([]);
    expect(await bell(alice)).toBe(1);
    expect(await bell(bob)).toBe(0);
  });

  it("a review answered: every administrator, not the contact who answered", async () => {
    await clearAll();
    const milestoneId = await newMilestone("Launch plan");
    await act(admin, projectA, { intent: "review-milestone", milestoneId });
    const [review] = await h.handle.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.milestoneId, milestoneId));
    await clearAll();
    const answered = await act(alice, projectA, {
      intent: "answer",
      reviewId: review?.id as string,
      decision: "approved",
    });
    expect(answered.body).toMatchObject({ ok: true });
    const expected = [
      {
        kind: "review.answered",
        title: "Approved: the milestone 'Launch plan' — Website redesign",
        link: `/portal/projects/${projectA}#milestones`,
      },
    ];
    expect(await rowsOf(admin)).toEqual(expected);
    expect(await rowsOf(admin2)).toEqual(expected);
    expect(await rowsOf(alice)).toEqual([]);
    expect(await rowsOf(carol)).toEqual([]);
  });

  it("a message: the other side of the conversation, never the sender", async () => {
    await clearAll();
    const sent = await message(alice, {
      intent: "send",
      subject: "Logo colours",
      content: "Blue?",
    });
    expect(sent.status).toBe(200);
    expect((await rowsOf(admin)).map((r) => [r.kind, r.title])).toEqual([
      ["message.new", "Logo colours"],
    ]);
    expect((await rowsOf(admin2)).length).toBe(1);
    expect(await rowsOf(carol)).toEqual([]); // the same side
    expect(await rowsOf(alice)).toEqual([]);
    const [row] = await rowsOf(admin);
    expect(row?.link).toMatch(/^\/portal\/messages\?id=([0-9a-f-]{36})#message-\1$/);

    await clearAll();
    const answer = await message(admin, {
      intent: "send",
      subject: "Re: Logo colours",
      content: "Yes, blue.",
      clientId: alice.clientId,
    });
    expect(answer.status).toBe(200);
    expect((await rowsOf(alice)).map((r) => r.title)).toEqual(["Re: Logo colours"]);
    expect((await rowsOf(carol)).length).toBe(1);
    expect(await rowsOf(bob)).toEqual([]);
    expect(await rowsOf(admin2)).toEqual([]); // the same side
  });

  it("a new lead: every administrator", async () => {
    await clearAll();
    const lead = await submitLead(
      h.handle.db,
      contactLead({
        name: "Thabo Lead",
        email: "thabo@lead.test",
        message: "Hello there, a chatbot?",
      } as never),
      {
        ip: null,
        leadsTo: "leads@agency.test",
        baseUrl: "http://localhost",
        limits: { perIp: 99, perEmail: 99 },
      },
    );
    expect(lead.ok).toBe(true);
    const rows = await rowsOf(admin);
    expect(rows).toEqual([
      {
        kind: "lead.new",
        title: "Contact message from Thabo Lead",
        link: `/portal/leads/${(lead as { leadId: string }).leadId}`,
      },
    ]);
    expect((await rowsOf(admin2)).length).toBe(1);
    expect(await rowsOf(alice)).toEqual([]);
    // Administrators are mailed through notifications (decision 089): LEADS_TO is not, while
    // there are administrators to tell.
    const waiting = await h.handle.db
      .select({ state: notifications.emailState })
      .from(notifications)
      .where(eq(notifications.kind, "lead.new"));
    expect(waiting.map((n) => n.state)).toEqual(["pending", "pending"]);
    expect(
      await h.handle.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, "leads@agency.test")),
    ).toEqual([]);
  });

  it("an invitation: the invitee, when they have an account with the address proven", async () => {
    await clearAll();
    const dave = await signUp("dave@example.co.za", { fullName: "Dave" });
    const unproven = await createInvitation(
      h.handle.db,
      { id: admin.id, name: "Ayanda" },
      { clientId: alice.clientId, name: "Dave", email: "dave@example.co.za" },
      new Date(),
    );
    expect(unproven.ok).toBe(true);
    expect(await rowsOf(dave)).toEqual([]);
    // An address no account has proved: the invitation itself is mailed, always (decision 089).
    const mailed = (to: string) =>
      h.handle.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(await mailed("dave@example.co.za")).toHaveLength(1);
    const erin = await signUp("erin@example.co.za", { fullName: "Erin" });
    await h.handle.db.update(user).set({ emailVerified: true }).where(eq(user.id, erin.id));
    const invited = await createInvitation(
      h.handle.db,
      { id: admin.id, name: "Ayanda" },
      { clientId: alice.clientId, name: "Erin", email: "erin@example.co.za" },
      new Date(),
    );
    if (!invited.ok) throw new Error(invited.message);
    const rows = await rowsOf(erin);
    expect(rows).toEqual([
      {
        kind: "invitation",
        title: expect.stringMatching(/^Join Alice Mokoena in the portal \(the link works until /),
        link: `/invitation/${encodeURIComponent(invited.token)}`,
      },
    ]);
    // A proven account is told through notifications (the grouped mail), not mailed directly.
    expect(await mailed("erin@example.co.za")).toHaveLength(0);
    const [erinRow] = await h.handle.db
      .select({ state: notifications.emailState })
      .from(notifications)
      .where(eq(notifications.userId, erin.id));
    expect(erinRow?.state).toBe("pending");
    // Erin does not belong to Alice's client yet, and still sees it.
    expect(await unreadCount(h.handle.db, reader(erin))).toBe(1);
    expect(await bell(erin)).toBe(1);
  });
});

describe("one transaction with the event", () => {
  it("a review whose notifications cannot be written is not requested either", async () => {
    await clearAll();
    const milestoneId = await newMilestone("Atomic");
    // Every new notification is refused from now on (existing rows stay valid).
    await h.handle.db.execute(
      sql`alter table notifications add constraint refuse_all check (false) not valid`,
    );
    try {
      await expect(
        act(admin, projectA, { intent: "review-milestone", milestoneId }),
      ).rejects.toThrow();
    } finally {
      await h.handle.db.execute(sql`alter table notifications drop constraint refuse_all`);
    }
    const stored = await h.handle.db
      .select()
      .from(reviews)
      .where(eq(reviews.milestoneId, milestoneId));
    expect(stored).toEqual([]);
    expect(await rowsOf(alice)).toEqual([]);
  });

  it("a refused event records nothing", async () => {
    await clearAll();
    const milestoneId = await newMilestone("Twice");
    await act(admin, projectA, { intent: "review-milestone", milestoneId });
    expect((await act(admin, projectA, { intent: "review-milestone", milestoneId })).status).toBe(
      409,
    );
    expect((await rowsOf(alice)).length).toBe(1);
  });
});

describe("reading", () => {
  it("the list: what, who, when and where, newest first; opening one marks it read; 'Mark all as read'", async () => {
    await clearAll();
    await message(admin, {
      intent: "send",
      subject: "First",
      content: "1",
      clientId: alice.clientId,
    });
    await message(admin, {
      intent: "send",
      subject: "Second",
      content: "2",
      clientId: alice.clientId,
    });
    const page = await listNotifications(h.handle.db, reader(alice));
    expect(page.rows.map((r) => [r.title, r.actorName, r.read])).toEqual([
      ["Second", "Ayanda Admin", false],
      ["First", "Ayanda Admin", false],
    ]);
    expect(await bell(alice)).toBe(2);
    // Nobody opens another person's notification.
    expect(
      await openNotification(h.handle.db, reader(carol), page.rows[0]?.id as string),
    ).toBeNull();
    const link = await openNotification(h.handle.db, reader(alice), page.rows[0]?.id as string);
    expect(link).toBe(page.rows[0]?.link);
    expect(await unreadCount(h.handle.db, reader(alice))).toBe(1);
    expect(await unreadCount(h.handle.db, reader(carol))).toBe(2);
    expect(await markAllRead(h.handle.db, alice.id)).toBe(1);
    expect(await bell(alice)).toBe(0);
    expect(await bell(carol)).toBe(2); // per person
    expect(await markAllRead(h.handle.db, alice.id)).toBe(0);
  });

  it("a contact who moved to another client no longer sees the old client's notifications", async () => {
    await clearAll();
    await message(admin, {
      intent: "send",
      subject: "Old client",
      content: "x",
      clientId: alice.clientId,
    });
    expect(await bell(carol)).toBe(1);
    await h.handle.db
      .update(profiles)
      .set({ clientId: bob.clientId })
      .where(eq(profiles.id, carol.id));
    try {
      expect(await bell(carol)).toBe(0);
      expect(
        (await listNotifications(h.handle.db, reader({ ...carol, clientId: bob.clientId }))).rows,
      ).toEqual([]);
    } finally {
      await h.handle.db
        .update(profiles)
        .set({ clientId: alice.clientId })
        .where(eq(profiles.id, carol.id));
    }
  });

  it("pages: a few hundred notifications walked without a repeat", async () => {
    await clearAll();
    await h.handle.db.insert(notifications).values(
      Array.from({ length: 230 }, (_, i) => ({
        userId: alice.id,
        kind: "message.new" as const,
        clientId: alice.clientId,
        title: `N${i}`,
        link: "/portal/messages",
        groupKey: "g",
      })),
    );
    const seen = new Set<string>();
    let cursor = null;
    for (;;) {
      const page: Awaited<ReturnType<typeof listNotifications>> = await listNotifications(
        h.handle.db,
        reader(alice),
        cursor,
      );
      for (const row of page.rows) {
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
      }
      if (!page.next) break;
      const { decodeCursor } = await import("~/lib/pagination");
      cursor = decodeCursor(page.next);
    }
    expect(seen.size).toBe(230);
    expect(await bell(alice)).toBe(230);
  });

  it("are in 'Download my data' and go with an erased account", async () => {
    await clearAll();
    const frank = await signUp("frank@example.co.za", { fullName: "Frank" });
    await h.handle.db.insert(notifications).values({
      userId: frank.id,
      kind: "lead.new",
      title: "Mine",
      link: "/portal",
      groupKey: "g",
    });
    const data = await collectPersonalData(h.handle.db, frank.id, new Date());
    expect(data?.notifications.map((n) => n.title)).toEqual(["Mine"]);
    await eraseAccount(h.handle.db, frank.id, new Date());
    expect(await rowsOf(frank)).toEqual([]);
  });
});

describe("the pages", () => {
  it("the list, 'Mark all as read' posted as a plain form, a notification opened (another's: 404), a message opened in Messages", async () => {
    await clearAll();
    await message(admin, {
      intent: "send",
      subject: "Page one",
      content: "1",
      clientId: alice.clientId,
    });
    const list = await run(listLoader, getRequest("/portal/notifications", alice.cookie));
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      notifications: { id: string; what: string; title: string; who: string; read: boolean }[];
    };
    expect(body.notifications.map((n) => [n.what, n.title, n.who, n.read])).toEqual([
      ["New message", "Page one", "Ayanda Admin", false],
    ]);
    const id = body.notifications[0]?.id as string;
    // Carol (same client) cannot open Alice's; a malformed id is a 404 too.
    for (const [who, param] of [
      [carol, id],
      [alice, "not-an-id"],
    ] as const) {
      const res = await run(openLoader, getRequest(`/portal/notifications/${param}`, who.cookie), {
        id: param,
      }).catch((e: unknown) => e as Response);
      expect(res.status).toBe(404);
    }
    const opened = await run(openLoader, getRequest(`/portal/notifications/${id}`, alice.cookie), {
      id,
    });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toMatch(/^\/portal\/messages\?id=/);
    expect(await bell(alice)).toBe(0);

    // Carol opens the message in Messages: its notification is read for her too.
    expect(await bell(carol)).toBe(1);
    await run(messagesLoader, getRequest(opened.headers.get("Location") as string, carol.cookie));
    expect(await bell(carol)).toBe(0);

    await message(admin, {
      intent: "send",
      subject: "Page two",
      content: "2",
      clientId: alice.clientId,
    });
    const marked = await run(
      listAction,
      formRequest("/portal/notifications", { intent: "mark-all-read" }, { cookie: alice.cookie }),
    );
    expect(await marked.json()).toMatchObject({
      ok: true,
      success: "All notifications marked as read",
    });
    expect(await bell(alice)).toBe(0);
    const unknown = await run(
      listAction,
      formRequest("/portal/notifications", { intent: "nope" }, { cookie: alice.cookie }),
    );
    expect(unknown.status).toBe(400);
  });

  it("an administrator viewing as a client reads their own list and marks nothing", async () => {
    await clearAll();
    await message(alice, { intent: "send", subject: "For the team", content: "x" });
    const cookie = await viewingAsCookie(admin, alice.clientId);
    const list = await run(listLoader, getRequest("/portal/notifications", cookie));
    const body = (await list.json()) as { notifications: { id: string }[]; readOnly: boolean };
    expect(body.readOnly).toBe(true);
    expect(body.notifications.length).toBe(1);
    const id = body.notifications[0]?.id as string;
    const opened = await run(openLoader, getRequest(`/portal/notifications/${id}`, cookie), { id });
    expect(opened.status).toBe(302);
    expect(await unreadCount(h.handle.db, reader(admin, true))).toBe(1);
    const marked = await run(
      listAction,
      formRequest("/portal/notifications", { intent: "mark-all-read" }, { cookie }),
    ).catch((e: unknown) => e as Response);
    expect(marked.status).toBe(403);
  });
});
