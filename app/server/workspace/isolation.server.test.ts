/**
 * The cross-client matrix (issue 13, decision 018): two clients A and B with two contacts each,
 * and an administrator. Every attempt by someone of B (or any non-administrator) on A's things
 * — loaders with A's ids in the query string, `.data` requests, actions naming A's projects,
 * messages and client, forged and real view-as cookies, event subscriptions and the SSE route —
 * is refused with a 4xx (never a 500) or shows nothing of A, and changes nothing of A's.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as eventsLoader } from "~/routes/api/events";
import { action as invitationAction, loader as invitationLoader } from "~/routes/auth/invitation";
import { action as clientAction, loader as clientLoader } from "~/routes/portal/client";
import { loader as clientsLoader } from "~/routes/portal/clients";
import { loader as dashboardLoader } from "~/routes/portal/dashboard";
import { action as leadAction, loader as leadLoader } from "~/routes/portal/lead";
import { loader as leadsLoader } from "~/routes/portal/leads";
import { action as messagesAction, loader as messagesLoader } from "~/routes/portal/messages";
import { loader as myDataLoader } from "~/routes/portal/my-data";
import { action as projectPageAction, loader as projectPageLoader } from "~/routes/portal/project";
import { loader as projectChoicesLoader } from "~/routes/portal/project-choices";
import { loader as projectFileLoader } from "~/routes/portal/project-file";
import { action as projectFilesAction } from "~/routes/portal/project-files";
import { action as projectsAction, loader as projectsLoader } from "~/routes/portal/projects";
import { loader as reportLoader } from "~/routes/portal/report";
import { loader as reportPdfLoader } from "~/routes/portal/report-pdf";
import { loader as reportsLoader } from "~/routes/portal/reports";
import { action as settingsAction } from "~/routes/portal/settings";
import { action as teamAction, loader as teamLoader } from "~/routes/portal/team";
import { action as viewAsAction } from "~/routes/portal/view-as";
import { startViewingAs } from "~/routes/portal/view-as.server";
import { type SignedUp, signUp, TEST_PASSWORD, withoutToast } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import {
  BASE_URL,
  cookiesFrom,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  run,
} from "~/test/harness.server";
import { invitationLink } from "~/test/workspace.server";
import { getPortalUser } from "../accounts/profiles.server";
import {
  activity,
  clients,
  fileVersions,
  invitations,
  messageReads,
  messages,
  milestones,
  profiles,
  projectFiles,
  projects,
  user,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { sendMessage } from "../messages/messages.server";
import { type AppEvent, type Listener, subscribe } from "./events.server";

let h: Harness;
/** Contacts of client A and of client B, and an administrator. */
let a1: SignedUp;
let a2: SignedUp;
let b1: SignedUp;
let b2: SignedUp;
let admin: SignedUp;
/** The administrator's cookie while viewing as client A. */
let adminAsA: string;

/** A's things the attempts aim at. */
const A = {
  clientId: "",
  projectId: "",
  /** A message a contact of A wrote. */
  messageId: "",
  /** A message the team wrote to A (unread by A's contacts). */
  teamMessageId: "",
};
const B = { clientId: "", projectId: "" };

const A_SECRETS = ["A's secret chatbot", "A's private subject", "A's private words"];
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** Make someone a contact of this client (what an accepted invitation does). */
async function joinClient(person: SignedUp, clientId: string) {
  const own = person.clientId;
  await h.handle.db.update(profiles).set({ clientId }).where(eq(profiles.id, person.id));
  await h.handle.db.delete(clients).where(eq(clients.id, own));
  person.clientId = clientId;
}

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  formRequest(path, fields, { cookie });

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za" });
  a1 = await signUp("a1@client-a.example", { fullName: "Anele First" });
  a2 = await signUp("a2@client-a.example", { fullName: "Amahle Second" });
  b1 = await signUp("b1@client-b.example", { fullName: "Bongani First" });
  b2 = await signUp("b2@client-b.example", { fullName: "Busi Second" });
  admin = await signUp("admin@example.co.za", { fullName: "Ayanda Admin" });
  await proveAddress("admin@example.co.za");
  await joinClient(a2, a1.clientId);
  await joinClient(b2, b1.clientId);
  A.clientId = a1.clientId;
  B.clientId = b1.clientId;

  const created = await run(
    projectsAction,
    post("/portal/projects", { intent: "create", title: "A's secret chatbot" }, a1.cookie),
  );
  expect(created.status).toBe(200);
  await run(
    projectsAction,
    post("/portal/projects", { intent: "create", title: "B's own project" }, b1.cookie),
  );
  const [pa] = await h.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.clientId, A.clientId));
  const [pb] = await h.handle.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.clientId, B.clientId));
  A.projectId = pa?.id ?? "";
  B.projectId = pb?.id ?? "";

  const sent = await run(
    messagesAction,
    post(
      "/portal/messages",
      {
        intent: "send",
        subject: "A's private subject",
        content: "A's private words",
        projectId: A.projectId,
      },
      a1.cookie,
    ),
  );
  expect(sent.status).toBe(200);
  const team = await sendMessage(
    h.handle.db,
    { id: admin.id, scope: { kind: "all" }, isAdmin: true },
    { subject: "A's private subject (team)", content: "A's private words", clientId: A.clientId },
  );
  if (!team.ok) throw new Error("the team's message was not sent");
  A.teamMessageId = team.id;
  const [ma] = await h.handle.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.senderId, a1.id));
  A.messageId = ma?.id ?? "";

  const started = await run(
    viewAsAction,
    post("/portal/view-as", { intent: "start", clientId: A.clientId }, admin.cookie),
  );
  expect(started.status).toBe(302);
  adminAsA = withoutToast(`${admin.cookie}; ${cookiesFrom(started)}`);
  expect(adminAsA).toContain("view_as=");
});
afterAll(async () => {
  await h.close();
});

/** Everything of the workspace, in a stable order: an attempt that is refused changes none of it. */
async function snapshot(clientId?: string) {
  const db = h.handle.db;
  const of = <T extends { clientId: string }>(rows: T[]) =>
    clientId ? rows.filter((r) => r.clientId === clientId) : rows;
  const messageRows = of(await db.select().from(messages).orderBy(asc(messages.id)));
  const ids = messageRows.map((m) => m.id);
  return {
    clients: await db
      .select()
      .from(clients)
      .where(clientId ? eq(clients.id, clientId) : undefined)
      .orderBy(asc(clients.id)),
    profiles: of(
      (await db.select().from(profiles).orderBy(asc(profiles.id))).map((p) => ({
        ...p,
        clientId: p.clientId ?? "",
      })),
    ),
    projects: of(await db.select().from(projects).orderBy(asc(projects.id))),
    messages: messageRows,
    reads:
      ids.length > 0
        ? await db
            .select()
            .from(messageReads)
            .where(inArray(messageReads.messageId, ids))
            .orderBy(asc(messageReads.messageId), asc(messageReads.userId))
        : [],
    activity: of(await db.select().from(activity).orderBy(asc(activity.id))),
    // The deliverables of a project (issue 14): files, their versions, milestones.
    files: await db.select().from(projectFiles).orderBy(asc(projectFiles.id)),
    versions: await db
      .select({ id: fileVersions.id })
      .from(fileVersions)
      .orderBy(asc(fileVersions.id)),
    milestones: await db.select().from(milestones).orderBy(asc(milestones.id)),
    // Invitations (issue 13) and accounts: a refused invitation makes or moves nobody.
    invitations: await db.select().from(invitations).orderBy(asc(invitations.id)),
    accounts: await db.select({ id: user.id, email: user.email }).from(user).orderBy(asc(user.id)),
  };
}

/** The answer's body as text (JSON, a zip's files, or nothing for a redirect). */
async function bodyOf(res: Response) {
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("zip")) {
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    return Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
  }
  return res.text();
}

function expectNothingOfA(body: string) {
  for (const secret of [...A_SECRETS, A.projectId, A.messageId, A.teamMessageId, A.clientId]) {
    expect(body, `the answer shows ${secret}`).not.toContain(secret);
  }
}

/** Make the attempt: a refusal with the status expected (or an answer showing nothing of A), and nothing changed. */
async function expectRefused(attempt: Attempt) {
  const before = await snapshot();
  const res = await attempt.send(cookieOf(attempt.who));
  expect(res.status, "never a server error").toBeLessThan(500);
  if (attempt.expect === "reads-only") {
    expect(res.status).toBe(200);
  } else if (attempt.expect === "shows-nothing") {
    expect(res.status).toBeLessThan(400);
    expectNothingOfA(await bodyOf(res));
  } else {
    expect(res.status).toBe(attempt.expect);
    // The refusal says why, and reveals nothing.
    const body = await res.text();
    expect(body).toMatch(/\w/);
    expectNothingOfA(body);
  }
  expect(await snapshot(), "nothing changed").toEqual(before);
}

type Who = "b1" | "b2" | "a contact with the admin's view-as cookie" | "admin viewing as A";

interface Attempt {
  name: string;
  who: Who;
  /** Builds the request (ids are known only once the fixtures exist). */
  send: (cookie: string) => Promise<Response>;
  /**
   * The refusal expected; "shows-nothing": a 2xx/3xx that reveals nothing of A; "reads-only": a
   * 200 that may show A's things (an administrator viewing as A) but writes nothing.
   */
  expect: 400 | 401 | 403 | 404 | 410 | "shows-nothing" | "reads-only";
}

function cookieOf(who: Who) {
  switch (who) {
    case "b1":
      return b1.cookie;
    case "b2":
      return b2.cookie;
    case "admin viewing as A":
      return adminAsA;
    case "a contact with the admin's view-as cookie":
      return `${b1.cookie}; ${adminAsA.split("; ").find((c) => c.startsWith("view_as=")) ?? ""}`;
  }
}

const load = (loader: Parameters<typeof run>[0], path: string) => (cookie: string) =>
  run(loader, getRequest(path, cookie));
const act =
  (action: Parameters<typeof run>[0], path: string, fields: () => Record<string, string>) =>
  (cookie: string) =>
    run(action, post(path, fields(), cookie));

const contacts: Who[] = ["b1", "b2"];

const attempts: Attempt[] = [
  // Reads: A's ids in the query string (and as `.data` requests) show nothing of A.
  ...contacts.flatMap((who): Attempt[] => [
    {
      name: "projects list naming A's client",
      who,
      send: (c) => load(projectsLoader, `/portal/projects?clientId=${A.clientId}`)(c),
      expect: "shows-nothing",
    },
    {
      name: "projects .data naming A's project and client",
      who,
      send: (c) =>
        load(projectsLoader, `/portal/projects.data?id=${A.projectId}&clientId=${A.clientId}`)(c),
      expect: "shows-nothing",
    },
    {
      name: "messages naming A's message",
      who,
      send: (c) => load(messagesLoader, `/portal/messages?id=${A.messageId}`)(c),
      expect: 404,
    },
    {
      name: "messages .data naming A's team message and client",
      who,
      send: (c) =>
        load(messagesLoader, `/portal/messages.data?id=${A.teamMessageId}&client=${A.clientId}`)(c),
      expect: 404,
    },
    {
      name: "messages filtered by A's client",
      who,
      send: (c) => load(messagesLoader, `/portal/messages?client=${A.clientId}`)(c),
      expect: "shows-nothing",
    },
    {
      name: "projects .data filtered by A's client",
      who,
      send: (c) => load(projectsLoader, `/portal/projects.data?client=${A.clientId}`)(c),
      expect: "shows-nothing",
    },
    {
      name: "the New Message dialog's project choices of A",
      who,
      send: (c) => load(projectChoicesLoader, `/portal/project-choices?client=${A.clientId}`)(c),
      expect: "shows-nothing",
    },
  ]),
  {
    name: "dashboard naming A's client",
    who: "b1",
    send: (c) => load(dashboardLoader, `/portal?clientId=${A.clientId}`)(c),
    expect: "shows-nothing",
  },
  {
    name: "dashboard .data",
    who: "b2",
    send: (c) => load(dashboardLoader, `/portal.data?clientId=${A.clientId}`)(c),
    expect: "shows-nothing",
  },
  {
    name: "projects with a cursor made of A's project",
    who: "b1",
    send: (c) =>
      load(projectsLoader, `/portal/projects?cursor=2999-01-01T00:00:00.000Z_${A.projectId}`)(c),
    expect: "shows-nothing",
  },
  {
    name: "'Download my data'",
    who: "b1",
    send: (c) => load(myDataLoader, "/portal/settings/my-data")(c),
    expect: "shows-nothing",
  },
  // Writes on A's project.
  ...contacts.flatMap((who): Attempt[] => [
    {
      name: "update A's project",
      who,
      send: act(projectsAction, "/portal/projects", () => ({
        intent: "update",
        id: A.projectId,
        title: "Taken over",
        status: "cancelled",
      })),
      expect: 404,
    },
    {
      name: "delete A's project",
      who,
      send: act(projectsAction, "/portal/projects", () => ({ intent: "delete", id: A.projectId })),
      expect: 404,
    },
    {
      name: "open (mark read) A's team message",
      who,
      send: act(messagesAction, "/portal/messages", () => ({
        intent: "open",
        id: A.teamMessageId,
      })),
      expect: 404,
    },
  ]),
  {
    name: "delete A's project through a .data request",
    who: "b1",
    send: (c) =>
      run(projectsAction, post("/portal/projects.data", { intent: "delete", id: A.projectId }, c)),
    expect: 404,
  },
  {
    name: "open A's contact's message",
    who: "b1",
    send: act(messagesAction, "/portal/messages", () => ({ intent: "open", id: A.messageId })),
    expect: 404,
  },
  {
    name: "send a message about A's project",
    who: "b1",
    send: act(messagesAction, "/portal/messages", () => ({
      intent: "send",
      subject: "Hi",
      content: "About your project",
      projectId: A.projectId,
    })),
    expect: 404,
  },
  {
    name: "send a message naming A's client and A's project",
    who: "b2",
    send: act(messagesAction, "/portal/messages", () => ({
      intent: "send",
      subject: "Hi",
      content: "Posing as A",
      clientId: A.clientId,
      projectId: A.projectId,
    })),
    expect: 404,
  },
  // A project's page (issue 14): its files, milestones and reviews.
  ...contacts.flatMap((who): Attempt[] => [
    {
      name: "open A's project page",
      who,
      send: (c) =>
        run(projectPageLoader, getRequest(`/portal/projects/${A.projectId}`, c), {
          id: A.projectId,
        }),
      expect: 404,
    },
    {
      name: "answer a review on A's project page",
      who,
      send: (c) =>
        run(
          projectPageAction,
          post(
            `/portal/projects/${A.projectId}`,
            { intent: "answer-review", reviewId: UNKNOWN, decision: "approved" },
            c,
          ),
          { id: A.projectId },
        ),
      expect: 404,
    },
  ]),
  {
    name: "upload a file to A's project",
    who: "b1",
    send: (c) => {
      const form = new FormData();
      form.append("files", new File(["hello"], "notes.txt", { type: "text/plain" }));
      const request = new Request(new URL(`/portal/projects/${A.projectId}/files`, BASE_URL), {
        method: "POST",
        headers: { cookie: c, origin: BASE_URL, accept: "application/json" },
        body: form,
      });
      return run(projectFilesAction, request, { id: A.projectId });
    },
    expect: 404,
  },
  {
    name: "download a file of A's project",
    who: "b2",
    send: (c) =>
      run(projectFileLoader, getRequest(`/portal/projects/${A.projectId}/files/${UNKNOWN}`, c), {
        id: A.projectId,
        versionId: UNKNOWN,
      }),
    expect: 404,
  },
  {
    name: "add a milestone to A's project",
    who: "admin viewing as A",
    send: (c) =>
      run(
        projectPageAction,
        post(
          `/portal/projects/${A.projectId}`,
          { intent: "create-milestone", title: "Viewer's" },
          c,
        ),
        { id: A.projectId },
      ),
    expect: 403,
  },
  // Reports (issue 16): a project's report and its PDF.
  {
    name: "open the report of A's project",
    who: "b1",
    send: (c) =>
      run(reportLoader, getRequest(`/portal/reports/${A.projectId}`, c), { id: A.projectId }),
    expect: 404,
  },
  {
    name: "download the PDF report of A's project",
    who: "b2",
    send: (c) =>
      run(reportPdfLoader, getRequest(`/portal/reports/${A.projectId}/pdf`, c), {
        id: A.projectId,
      }),
    expect: 404,
  },
  {
    name: "Reports list .data naming A's project",
    who: "b1",
    send: (c) =>
      load(reportsLoader, `/portal/reports.data?project=${A.projectId}&id=${A.projectId}`)(c),
    expect: "shows-nothing",
  },
  // Administrators' pages and actions.
  {
    name: "Team page",
    who: "b1",
    send: load(teamLoader, "/portal/team"),
    expect: 403,
  },
  {
    name: "Leads page",
    who: "b1",
    send: load(leadsLoader, "/portal/leads"),
    expect: 403,
  },
  {
    name: "a lead's page",
    who: "b2",
    send: (c) => run(leadLoader, getRequest(`/portal/leads/${UNKNOWN}`, c), { id: UNKNOWN }),
    expect: 403,
  },
  {
    name: "change a lead's status",
    who: "b1",
    send: (c) =>
      run(leadAction, post(`/portal/leads/${UNKNOWN}`, { intent: "status", status: "won" }, c), {
        id: UNKNOWN,
      }),
    expect: 403,
  },
  // View as client: only administrators, and only to look.
  {
    name: "start viewing as A",
    who: "b1",
    send: act(viewAsAction, "/portal/view-as", () => ({ intent: "start", clientId: A.clientId })),
    expect: 403,
  },
  {
    name: "stop viewing as a client",
    who: "b2",
    send: act(viewAsAction, "/portal/view-as", () => ({ intent: "stop" })),
    expect: 403,
  },
  {
    name: "projects list",
    who: "a contact with the admin's view-as cookie",
    send: load(projectsLoader, "/portal/projects"),
    expect: "shows-nothing",
  },
  {
    name: "messages .data naming A's message",
    who: "a contact with the admin's view-as cookie",
    send: (c) => load(messagesLoader, `/portal/messages.data?id=${A.messageId}`)(c),
    expect: 404,
  },
  {
    name: "update A's project",
    who: "a contact with the admin's view-as cookie",
    send: act(projectsAction, "/portal/projects", () => ({
      intent: "update",
      id: A.projectId,
      title: "Taken over",
    })),
    expect: 404,
  },
  {
    name: "open A's contact's message by its link (no read mark while viewing)",
    who: "admin viewing as A",
    send: (c) => load(messagesLoader, `/portal/messages?id=${A.messageId}`)(c),
    expect: "reads-only",
  },
  {
    name: "create a project",
    who: "admin viewing as A",
    send: act(projectsAction, "/portal/projects", () => ({ intent: "create", title: "Sneaky" })),
    expect: 403,
  },
  {
    name: "update A's project",
    who: "admin viewing as A",
    send: act(projectsAction, "/portal/projects", () => ({
      intent: "update",
      id: A.projectId,
      title: "Edited while viewing",
    })),
    expect: 403,
  },
  {
    name: "delete A's project through a .data request",
    who: "admin viewing as A",
    send: (c) =>
      run(projectsAction, post("/portal/projects.data", { intent: "delete", id: A.projectId }, c)),
    expect: 403,
  },
  {
    name: "send a message",
    who: "admin viewing as A",
    send: act(messagesAction, "/portal/messages", () => ({
      intent: "send",
      subject: "Hi",
      content: "Written while viewing",
      clientId: A.clientId,
    })),
    expect: 403,
  },
  {
    name: "open (mark read) A's contact's message",
    who: "admin viewing as A",
    send: act(messagesAction, "/portal/messages", () => ({ intent: "open", id: A.messageId })),
    expect: 403,
  },
  {
    name: "change their own profile",
    who: "admin viewing as A",
    send: act(settingsAction, "/portal/settings", () => ({ fullName: "Changed while viewing" })),
    expect: 403,
  },
];

describe(`the cross-client matrix on ${testDatabaseKind()}`, () => {
  it("has at least 30 attempts", () => {
    expect(attempts.length).toBeGreaterThanOrEqual(30);
  });

  it.each(attempts.map((a) => [`${a.who}: ${a.name}`, a] as const))("%s", async (_, attempt) => {
    await expectRefused(attempt);
  });

  it("a contact creating or writing 'for' A only ever writes for their own client", async () => {
    const beforeA = await snapshot(A.clientId);
    const created = await run(
      projectsAction,
      post(
        "/portal/projects",
        { intent: "create", title: "Meant for A", clientId: A.clientId },
        b1.cookie,
      ),
    );
    expect(created.status).toBe(200);
    const sent = await run(
      messagesAction,
      post(
        "/portal/messages",
        { intent: "send", subject: "Meant for A", content: "x", clientId: A.clientId },
        b2.cookie,
      ),
    );
    expect(sent.status).toBe(200);
    expect(await snapshot(A.clientId)).toEqual(beforeA);
    const landed = await h.handle.db
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.title, "Meant for A"));
    expect(landed).toEqual([{ clientId: B.clientId }]);
  });

  it("the administrator sees every client; viewing as A shows A's only, and stopping works", async () => {
    const all = await (
      await run(projectsLoader, getRequest("/portal/projects", admin.cookie))
    ).json();
    const titles = all.projects.map((p: { title: string }) => p.title);
    expect(titles).toEqual(expect.arrayContaining(["A's secret chatbot", "B's own project"]));
    const asA = await (await run(projectsLoader, getRequest("/portal/projects", adminAsA))).json();
    expect(asA.projects.map((p: { title: string }) => p.title)).toEqual(["A's secret chatbot"]);
    // A cookie not signed by the server is no view at all: the administrator sees everything.
    const forged = `${admin.cookie}; view_as=${encodeURIComponent(btoa(JSON.stringify(B.clientId)))}`;
    const seen = await (await run(projectsLoader, getRequest("/portal/projects", forged))).json();
    expect(seen.projects.length).toBe(all.projects.length);
    const stop = await run(viewAsAction, post("/portal/view-as", { intent: "stop" }, adminAsA));
    expect(stop.status).toBe(302);
    expect(stop.headers.get("location")).toBe(`/portal/clients/${A.clientId}`);
    expect(stop.headers.getSetCookie().join()).toMatch(/view_as=;/);
  });

  it("a contact holding a view-as cookie signed by the server still sees only their own client", async () => {
    const signed = (await startViewingAs(A.clientId)).split(";")[0];
    const res = await run(
      projectsLoader,
      getRequest("/portal/projects", `${b1.cookie}; ${signed}`),
    );
    const body = await res.json();
    expect(body.projects.map((p: { clientId: string }) => p.clientId)).not.toContain(A.clientId);
  });
});

describe(`events: who hears of A's changes on ${testDatabaseKind()}`, () => {
  async function listenerOf(person: SignedUp): Promise<Listener> {
    const p = await getPortalUser(h.handle.db, person.id);
    return { userId: person.id, clientId: p?.clientId ?? null, isAdmin: p?.role === "admin" };
  }

  it("only A's contacts and the administrators hear of A's changes; a read mark only its reader", async () => {
    const heard: Record<string, AppEvent[]> = { a2: [], b1: [], b2: [], admin: [] };
    const people = { a2, b1, b2, admin };
    const offs = await Promise.all(
      Object.entries(people).map(async ([name, person]) =>
        subscribe(await listenerOf(person), (e) => heard[name]?.push(e)),
      ),
    );
    try {
      await run(
        projectsAction,
        post("/portal/projects", { intent: "create", title: "A's next secret" }, a1.cookie),
      );
      await run(
        projectsAction,
        post(
          "/portal/projects",
          { intent: "update", id: A.projectId, title: "A's secret chatbot", progress: "5" },
          a1.cookie,
        ),
      );
      await run(
        messagesAction,
        post("/portal/messages", { intent: "send", subject: "s", content: "c" }, a1.cookie),
      );
      await sendMessage(
        h.handle.db,
        { id: admin.id, scope: { kind: "all" }, isAdmin: true },
        { subject: "team", content: "to A", clientId: A.clientId },
      );
      // a2 opens the team's message: only a2's own tabs hear of it.
      await run(
        messagesAction,
        post("/portal/messages", { intent: "open", id: A.teamMessageId }, a2.cookie),
      );
      // The last event, from B, arrives after all of A's.
      await run(
        projectsAction,
        post("/portal/projects", { intent: "create", title: "B's marker" }, b2.cookie),
      );
      const summary = (events: AppEvent[] | undefined) =>
        (events ?? []).map((e) =>
          "audience" in e ? `${e.kind}:${e.audience.clientIds.join()}` : e.kind,
        );
      const a = A.clientId;
      const b = B.clientId;
      expect(summary(heard.b1)).toEqual([`projects:${b}`]);
      expect(summary(heard.b2)).toEqual([`projects:${b}`]);
      expect(summary(heard.a2)).toEqual([
        `projects:${a}`,
        `projects:${a}`,
        `messages:${a}`,
        `messages:${a}`,
        // The team's message is a notification for a2 alone (issue 31): only its own tabs hear it.
        "notifications:",
        "messages:",
        // Opening the conversation reads its notification too: the bell of a2's tabs changes.
        "notifications:",
      ]);
      expect(summary(heard.admin)).toEqual([
        `projects:${a}`,
        `projects:${a}`,
        `messages:${a}`,
        // a1's message asks the agency to answer: a notification for the administrator alone.
        "notifications:",
        `messages:${a}`,
        `projects:${b}`,
      ]);
    } finally {
      for (const off of offs) off();
    }
  });

  /** Open /api/events as this person; returns a reader of its events and a way to close it. */
  async function stream(cookie: string) {
    const abort = new AbortController();
    const res = await eventsLoader({
      request: new Request(new URL("/api/events", BASE_URL), {
        headers: { cookie },
        signal: abort.signal,
      }),
      params: {},
      context: {},
    } as never);
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const events: { event: string; data: unknown }[] = [];
    /** Read until an event matching `until` has arrived; returns every event so far. */
    async function readUntil(until: (e: { event: string; data: unknown }) => boolean) {
      while (!events.some(until)) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
          end = buffer.indexOf("\n\n");
        }
      }
      return events;
    }
    return {
      readUntil,
      close() {
        abort.abort();
        void reader.cancel().catch(() => {});
      },
    };
  }

  it("the SSE route: a contact of B receives no event of A's; the administrator does", async () => {
    const bStream = await stream(b1.cookie);
    const adminStream = await stream(admin.cookie);
    try {
      await bStream.readUntil((e) => e.event === "ready");
      await adminStream.readUntil((e) => e.event === "ready");
      await run(
        projectsAction,
        post("/portal/projects", { intent: "create", title: "A's streamed secret" }, a1.cookie),
      );
      await run(
        messagesAction,
        post("/portal/messages", { intent: "send", subject: "s", content: "c" }, a2.cookie),
      );
      await run(
        projectsAction,
        post("/portal/projects", { intent: "create", title: "B's streamed marker" }, b2.cookie),
      );
      const byB2 = (e: { event: string; data: unknown }) =>
        e.event === "change" && (e.data as { by: { userId: string } }).by.userId === b2.id;
      const seenByB = await bStream.readUntil(byB2);
      expect(seenByB.filter((e) => e.event === "change")).toEqual([
        { event: "change", data: { kind: "projects", by: { userId: b2.id, clientId: null } } },
      ]);
      const seenByAdmin = await adminStream.readUntil(byB2);
      expect(
        seenByAdmin
          .filter((e) => e.event === "change")
          .map((e) => {
            const data = e.data as { kind: string; by: { userId: string } };
            return `${data.kind}:${data.by.userId}`;
          }),
      ).toEqual([
        `projects:${a1.id}`,
        `messages:${a2.id}`,
        // a2's message is a notification for the administrator, who answers for the agency.
        `notifications:${a2.id}`,
        `projects:${b2.id}`,
      ]);
    } finally {
      bStream.close();
      adminStream.close();
    }
  });
});

describe(`invitations across clients on ${testDatabaseKind()}`, () => {
  const invited = { name: "Ayabonga New", email: "new-contact@client-a.example" };
  const revokedOne = { name: "Revoked Person", email: "revoked@client-a.example" };
  let token = "";
  let revokedToken = "";
  let revokedId = "";

  beforeAll(async () => {
    for (const person of [invited, revokedOne]) {
      const res = await run(
        clientAction,
        post(`/portal/clients/${A.clientId}`, { intent: "invite", ...person }, admin.cookie),
        { id: A.clientId },
      );
      expect(res.status, person.email).toBe(200);
    }
    token = (await invitationLink(invited.email)).token;
    revokedToken = (await invitationLink(revokedOne.email)).token;
    const [row] = await h.handle.db
      .select({ id: invitations.id })
      .from(invitations)
      .where(eq(invitations.email, revokedOne.email));
    revokedId = row?.id ?? "";
    const revoked = await run(
      clientAction,
      post(
        `/portal/clients/${A.clientId}`,
        { intent: "revoke", invitationId: revokedId },
        admin.cookie,
      ),
      { id: A.clientId },
    );
    expect(revoked.status).toBe(200);
  });

  const link = (t: () => string, fields: Record<string, string>) => (cookie: string) =>
    run(invitationAction, post(`/invitation/${encodeURIComponent(t())}`, fields, cookie), {
      token: t(),
    });
  const FORGED = "Zm9yZ2VkLXRva2VuLWZvcmdlZC10b2tlbi1mb3JnZWQtdG9rZW4";
  const clientPage = (fields: () => Record<string, string>) => (cookie: string) =>
    run(clientAction, post(`/portal/clients/${A.clientId}`, fields(), cookie), {
      id: A.clientId,
    });

  const invitationAttempts: Attempt[] = [
    {
      name: "accept A's invitation (for someone else) while signed in",
      who: "b1",
      send: link(() => token, { intent: "accept" }),
      expect: 403,
    },
    {
      name: "sign in to accept A's invitation with their own password",
      who: "b2",
      send: link(() => token, { intent: "sign-in", password: TEST_PASSWORD }),
      expect: 401,
    },
    {
      name: "accept a revoked invitation of A",
      who: "b1",
      send: link(() => revokedToken, { intent: "create", fullName: "Taken", password: "secret-9" }),
      expect: 410,
    },
    {
      name: "follow a forged link",
      who: "b1",
      send: link(() => FORGED, { intent: "create", fullName: "Forger", password: "secret-9" }),
      expect: 404,
    },
    {
      name: "follow a malformed link",
      who: "b2",
      send: link(() => "../../portal%00", { intent: "accept" }),
      expect: 404,
    },
    {
      name: "invite someone into A",
      who: "b1",
      send: clientPage(() => ({ intent: "invite", name: "Mole", email: "mole@client-b.example" })),
      expect: 403,
    },
    {
      name: "resend A's invitation",
      who: "b2",
      send: clientPage(() => ({ intent: "resend", invitationId: revokedId })),
      expect: 403,
    },
    {
      name: "revoke A's invitation",
      who: "b1",
      send: clientPage(() => ({ intent: "revoke", invitationId: revokedId })),
      expect: 403,
    },
    {
      name: "open A's client page",
      who: "b1",
      send: (c) =>
        run(clientLoader, getRequest(`/portal/clients/${A.clientId}`, c), { id: A.clientId }),
      expect: 403,
    },
    {
      name: "open the Clients list",
      who: "b2",
      send: load(clientsLoader, "/portal/clients"),
      expect: 403,
    },
    {
      name: "invite a team member (administrator)",
      who: "b1",
      send: act(teamAction, "/portal/team", () => ({
        intent: "invite",
        name: "Mole",
        email: "mole@kopano.example",
      })),
      expect: 403,
    },
    {
      name: "invite someone into A",
      who: "admin viewing as A",
      send: clientPage(() => ({
        intent: "invite",
        name: "Viewer",
        email: "viewer@client-a.example",
      })),
      expect: 403,
    },
  ];
  it.each(invitationAttempts.map((a) => [`${a.who}: ${a.name}`, a] as const))(
    "%s",
    async (_, attempt) => {
      await expectRefused(attempt);
    },
  );

  it("an invitation is used once: after it is accepted, the link is refused, whoever follows it", async () => {
    const accepted = await run(
      invitationAction,
      post(
        `/invitation/${token}`,
        { intent: "create", fullName: invited.name, password: "secret-2" },
        "",
      ),
      { token },
    );
    expect(accepted.status).toBe(302);
    const [person] = await h.handle.db
      .select({ clientId: profiles.clientId })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(user.email, invited.email));
    expect(person?.clientId).toBe(A.clientId);
    for (const who of ["b1", "b2"] as const) {
      await expectRefused({
        name: "reuse",
        who,
        send: link(() => token, { intent: "create", fullName: "Again", password: "secret-3" }),
        expect: 410,
      });
      await expectRefused({
        name: "reuse",
        who,
        send: link(() => token, { intent: "accept" }),
        expect: 410,
      });
    }
    const page = await run(invitationLoader, getRequest(`/invitation/${token}`, b1.cookie), {
      token,
    });
    expect(page.status).toBe(410);
  });
});

describe(`replies across clients on ${testDatabaseKind()}`, () => {
  const reply = (id: () => string, content = "Replying across clients") =>
    act(messagesAction, "/portal/messages", () => ({ intent: "reply", id: id(), content }));
  const replies: Attempt[] = [
    {
      name: "reply to A's contact's message",
      who: "b1",
      send: reply(() => A.messageId),
      expect: 404,
    },
    {
      name: "reply to the team's message to A",
      who: "b2",
      send: reply(() => A.teamMessageId),
      expect: 404,
    },
    {
      name: "reply through a .data request",
      who: "b1",
      send: (c) =>
        run(
          messagesAction,
          post("/portal/messages.data", { intent: "reply", id: A.messageId, content: "x" }, c),
        ),
      expect: 404,
    },
    {
      name: "reply naming A's client as the message",
      who: "b2",
      send: reply(() => A.clientId),
      expect: 404,
    },
    {
      name: "reply with a malformed id",
      who: "b1",
      send: reply(() => "../../messages"),
      expect: 404,
    },
    {
      name: "reply to A's message",
      who: "a contact with the admin's view-as cookie",
      send: reply(() => A.messageId),
      expect: 404,
    },
    {
      name: "reply to A's contact's message",
      who: "admin viewing as A",
      send: reply(() => A.messageId),
      expect: 403,
    },
  ];
  it.each(replies.map((a) => [`${a.who}: ${a.name}`, a] as const))("%s", async (_, attempt) => {
    await expectRefused(attempt);
  });

  it("a contact's reply to their own client's message stays in their client", async () => {
    const res = await run(
      messagesAction,
      post(
        "/portal/messages",
        { intent: "reply", id: A.teamMessageId, content: "Thanks!" },
        a2.cookie,
      ),
    );
    expect(res.status).toBe(200);
    const [row] = await h.handle.db
      .select({ clientId: messages.clientId, fromAgency: messages.fromAgency })
      .from(messages)
      .where(eq(messages.content, "Thanks!"));
    expect(row).toEqual({ clientId: A.clientId, fromAgency: false });
  });
});
