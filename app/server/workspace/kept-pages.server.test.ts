/**
 * The dashboard kept while its data has not changed (decision 029): a repeat visit costs the
 * session read alone; any commit to a table it reads, by anyone and any code, shows at once;
 * and every statement it sends reads only tables that are counted.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireUser } from "~/routes/portal/context.server";
import { loader as dashboardLoader } from "~/routes/portal/dashboard";
import { action as messagesAction } from "~/routes/portal/messages";
import { action as projectsAction } from "~/routes/portal/projects";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { tablesInPlan } from "~/test/plan.server";
import { type Sent, watchStatements } from "~/test/statements.server";
import { loadDashboard, readDashboard } from "../dashboard/dashboard.server";
import { forgetKeptReads } from "../db/client.server";
import {
  clients,
  messages,
  milestones,
  profiles,
  projects,
  reviewAnswers,
  reviews,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { CHANGE_DOMAINS } from "./changes.server";
import { KEPT_PAGE_DOMAINS } from "./kept-pages.server";
import type { Scope } from "./scope.server";

let h: Harness;
/** Alice and Alina: contacts of one client. Ada: an administrator. */
let alice: SignedUp;
let alina: SignedUp;
let ada: SignedUp;

/**
 * What the app sends the database while `recording` is on: what it runs (`text`: a named
 * statement's `execute` on PGlite counts as the statement), what was sent, and the values.
 */
const sent: Sent[] = [];
let recording = false;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "ada@example.co.za" });
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  alina = await signUp("alina@example.co.za", { fullName: "Alina Botha" });
  ada = await signUp("ada@example.co.za", { fullName: "Ada Admin" });
  await proveAddress("ada@example.co.za");
  const db = h.handle.db;
  await db.update(profiles).set({ clientId: alice.clientId }).where(eq(profiles.id, alina.id));
  await db.delete(clients).where(eq(clients.id, alina.clientId));
  await db.update(clients).set({ name: "Acme Ltd" }).where(eq(clients.id, alice.clientId));

  watchStatements(h.handle, (statement) => {
    if (recording) sent.push(statement);
  });
});
afterAll(() => h.close());

async function recorded<T>(work: () => Promise<T>) {
  sent.length = 0;
  recording = true;
  try {
    return { result: await work(), statements: [...sent] };
  } finally {
    recording = false;
  }
}

/** The dashboard as the page gets it (its loader, JSON). */
async function dashboard(who: SignedUp) {
  const res = await run(dashboardLoader, getRequest("/portal", who.cookie));
  expect(res.status).toBe(200);
  return res.json();
}

/** The dashboard read afresh from the database, as JSON. */
async function fresh(who: SignedUp) {
  const { db, scope, user } = await requireUser(getRequest("/portal", who.cookie));
  return JSON.parse(JSON.stringify(await readDashboard(db, scope, user.id)));
}

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  formRequest(path, fields, { cookie });

describe(`the kept dashboard on ${testDatabaseKind()}`, () => {
  it("is kept: a repeat visit sends the session read alone, and gets the same data", async () => {
    await dashboard(alice);
    // The session read itself is kept on PGlite (decision 030): forgotten, it is read again.
    if (h.handle.pglite) forgetKeptReads(h.handle.pglite);
    const { result, statements } = await recorded(() => dashboard(alice));
    expect(statements).toHaveLength(1);
    expect(statements[0]?.text).toMatch(/from "session"/);
    expect(statements[0]?.text).toMatch(/"figure_changes"/);
    expect(result).toEqual(await fresh(alice));
    // Asked again with nothing written: on PGlite, nothing is sent; on PostgreSQL, that read.
    const again = await recorded(() => dashboard(alice));
    expect(again.statements).toHaveLength(h.handle.pglite ? 0 : 1);
    expect(again.result).toEqual(result);

    const ctx = await requireUser(getRequest("/portal", alice.cookie));
    const next = await requireUser(getRequest("/portal", alice.cookie));
    expect(await loadDashboard(next)).toBe(await loadDashboard(ctx));
  });

  it("is kept per person and scope: a contact never gets an administrator's dashboard", async () => {
    await createProject(alice, "Acme kept chatbot");
    const staff = await dashboard(ada);
    const contact = await dashboard(alice);
    expect(staff.clients).toBeGreaterThanOrEqual(1);
    expect(contact.clients).toBeNull();
    expect(contact.recent.map((p: { clientName: string | null }) => p.clientName)).toEqual([null]);
    expect(staff.recent[0].clientName).toBe("Acme Ltd");
  });

  /** Each change shows on the next visit of the person it concerns, whoever made it. */
  const changes: [string, () => Promise<unknown>, () => SignedUp][] = [
    [
      "a message from a colleague (unread)",
      () =>
        run(
          messagesAction,
          post(
            "/portal/messages",
            { intent: "send", subject: "Kept?", content: "Hi" },
            alina.cookie,
          ),
        ),
      () => alice,
    ],
    [
      "opening it (read)",
      async () => {
        const [m] = await h.handle.db.select().from(messages).where(eq(messages.subject, "Kept?"));
        return run(
          messagesAction,
          post("/portal/messages", { intent: "open", id: m?.id ?? "" }, alice.cookie),
        );
      },
      () => alice,
    ],
    ["a new project", () => createProject(alina, "Acme kept website"), () => alice],
    [
      "a project completed",
      () =>
        h.handle.db
          .update(projects)
          .set({ status: "completed" })
          .where(eq(projects.title, "Acme kept website")),
      () => alice,
    ],
    [
      "the client renamed",
      () =>
        h.handle.db
          .update(clients)
          .set({ name: "Acme Group" })
          .where(eq(clients.id, alice.clientId)),
      () => ada,
    ],
    ["a review requested", () => requestReview(), () => alice],
    [
      "the review answered",
      async () => {
        const [r] = await h.handle.db.select().from(reviews);
        await h.handle.db
          .insert(reviewAnswers)
          .values({ reviewId: r?.id ?? "", decision: "approved", answeredBy: alice.id });
      },
      () => alice,
    ],
    [
      "a colleague's name (the activity's actor)",
      () =>
        h.handle.db
          .update(profiles)
          .set({ fullName: "Alina Botha-Smit" })
          .where(eq(profiles.id, alina.id)),
      () => alice,
    ],
    ["a new client", () => h.handle.db.insert(clients).values({ name: "Zulu Tours" }), () => ada],
    [
      "a project deleted",
      () => h.handle.db.delete(projects).where(eq(projects.title, "Acme kept chatbot")),
      () => alice,
    ],
  ];

  for (const [name, change, concerned] of changes) {
    it(`shows ${name} on the next visit`, async () => {
      const who = concerned();
      const before = await dashboard(who);
      expect(await dashboard(who)).toEqual(before);
      await change();
      const after = await dashboard(who);
      expect(after).not.toEqual(before);
      expect(after).toEqual(await fresh(who));
      for (const other of [alice, alina, ada])
        expect(await dashboard(other)).toEqual(await fresh(other));
    });
  }

  it("reads only tables whose every change is counted", async () => {
    await requestReview();
    const scopes: [Scope, string][] = [
      [{ kind: "all" }, ada.id],
      [{ kind: "client", clientId: alice.clientId }, alice.id],
    ];
    const { statements } = await recorded(async () => {
      for (const [scope, userId] of scopes) await readDashboard(h.handle.db, scope, userId);
    });
    expect(statements.length).toBeGreaterThanOrEqual(10);
    const counted: string[] = KEPT_PAGE_DOMAINS.flatMap((d) => [...CHANGE_DOMAINS[d]]);
    const read = new Set<string>();
    for (const { raw, values } of statements) {
      for (const table of await tablesRead(raw, values)) read.add(table);
    }
    expect([...read].filter((t) => !counted.includes(t))).toEqual([]);
    expect(read).toContain("message_reads");
  });
});

async function createProject(who: SignedUp, title: string) {
  const res = await run(
    projectsAction,
    post("/portal/projects", { intent: "create", title }, who.cookie),
  );
  expect(res.status).toBeLessThan(400);
}

/** A milestone of Alice's client's latest project, and a review of it waiting for an answer. */
async function requestReview() {
  const db = h.handle.db;
  const [project] = await db.select().from(projects).where(eq(projects.clientId, alice.clientId));
  if (!project) throw new Error("no project");
  const [milestone] = await db
    .insert(milestones)
    .values({
      clientId: alice.clientId,
      projectId: project.id,
      title: "Design sign-off",
      dueDate: "2026-12-01",
      position: 0,
    })
    .returning();
  await db.insert(reviews).values({
    clientId: alice.clientId,
    projectId: project.id,
    milestoneId: milestone?.id ?? null,
    subject: {
      kind: "milestone",
      title: "Design sign-off",
      status: "planned",
      dueDate: "2026-12-01",
      description: null,
    },
    requestedBy: ada.id,
  });
}

/** Every table a statement reads, from the database's own plan of it. */
async function tablesRead(text: string, values: unknown[]): Promise<string[]> {
  const target = (h.handle.pglite ?? h.handle.pool) as unknown as {
    query: (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  };
  const result = await target.query(`explain (format json) ${text}`, values);
  return tablesInPlan(result.rows[0]);
}
