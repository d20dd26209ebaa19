import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Figure } from "~/lib/analytics";
import { formatDateTime } from "~/lib/dates";
import { loader as analyticsLoader } from "~/routes/portal/analytics";
import { loader as csvLoader } from "~/routes/portal/analytics-csv";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import { createHarness, getRequest, type Harness, run } from "~/test/harness.server";
import type { MilestoneStatus } from "../db/schema.server";
import { clients, milestones, projects, reviewAnswers, reviews } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import type { Scope } from "../workspace/scope.server";
import { openApprovals, overdueMilestones } from "./deliverable-figures.server";

let h: Harness;
let alice: SignedUp; // contact of client A
let bob: SignedUp; // contact of client B
let carol: SignedUp; // contact of client C: nothing at all
let admin: SignedUp;
const ids: Record<string, string> = {};

const sa = (local: string) => new Date(`${local}+02:00`);
const ALL: Scope = { kind: "all" };
const scopeOf = (who: SignedUp): Scope => ({ kind: "client", clientId: who.clientId });

// The page counts against the real today: these dates are far enough either side of it.
const LONG_AGO = "2020-01-10";
const FAR_AHEAD = "2099-12-31";

async function project(clientId: string, title: string) {
  const [p] = await h.handle.db
    .insert(projects)
    .values({ clientId, title, createdAt: sa("2019-12-01T09:00:00") })
    .returning({ id: projects.id });
  ids[title] = p?.id as string;
  return p?.id as string;
}

let position = 0;
async function milestone(
  clientId: string,
  projectTitle: string,
  title: string,
  dueDate: string,
  status: MilestoneStatus,
) {
  const [m] = await h.handle.db
    .insert(milestones)
    .values({
      clientId,
      projectId: ids[projectTitle] as string,
      title,
      dueDate,
      status,
      position: position++,
    })
    .returning({ id: milestones.id });
  return m?.id as string;
}

async function review(clientId: string, projectTitle: string, at: string, answered: boolean) {
  const [r] = await h.handle.db
    .insert(reviews)
    .values({
      clientId,
      projectId: ids[projectTitle] as string,
      subject: { kind: "file", fileId: crypto.randomUUID(), fileName: "design.pdf", version: 1 },
      createdAt: sa(at),
    })
    .returning({ id: reviews.id });
  if (answered) {
    await h.handle.db
      .insert(reviewAnswers)
      .values({ reviewId: r?.id as string, decision: "approved", answeredAt: sa(at) });
  }
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "boss@agency.test" });
  alice = await signUp("alice@client-a.test", { fullName: "Alice Achieng" });
  bob = await signUp("bob@client-b.test", { fullName: "Bob Botha" });
  carol = await signUp("carol@client-c.test", { fullName: "Carol Cele" });
  admin = await signUp("boss@agency.test", { fullName: "Boss Admin" });
  await proveAddress("boss@agency.test");
  const db = h.handle.db;
  await db.update(clients).set({ name: "Alpha Foods" }).where(eq(clients.id, alice.clientId));
  await db.update(clients).set({ name: "Beta Mining" }).where(eq(clients.id, bob.clientId));
  const A = alice.clientId;
  const B = bob.clientId;

  await project(A, "A website");
  await project(A, "A chatbot");
  await project(B, "B portal");

  // A website: two overdue (one since 2020-01-10), one done long ago, one due today-ish later.
  await milestone(A, "A website", "Wireframes", LONG_AGO, "in-progress");
  await milestone(A, "A website", "Copy", "2026-03-17", "planned");
  await milestone(A, "A website", "Kick-off", "2019-12-15", "done");
  await milestone(A, "A website", "Launch", FAR_AHEAD, "planned");
  // A chatbot: one overdue, due on the day before 18 March 2026.
  await milestone(A, "A chatbot", "Training data", "2026-03-17", "in-progress");
  await milestone(A, "A chatbot", "Go live", "2026-03-18", "planned"); // due today: not late
  // B portal: one overdue, the oldest of all.
  await milestone(B, "B portal", "Login", "2019-12-20", "planned");

  // Reviews: A website two open (one answered), A chatbot none open, B portal one open.
  await review(A, "A website", "2026-03-01T09:00:00", false);
  await review(A, "A website", "2026-03-05T09:00:00", false);
  await review(A, "A website", "2026-02-01T09:00:00", true);
  await review(A, "A chatbot", "2026-02-10T09:00:00", true);
  await review(B, "B portal", "2026-02-20T15:30:00", false);
});
afterAll(() => h.close());

describe(`deliverable figures on ${testDatabaseKind()}`, () => {
  const TODAY = "2026-03-18";

  it("counts overdue milestones per project for every client, the longest overdue first", async () => {
    expect(await overdueMilestones(h.handle.db, ALL, TODAY)).toEqual([
      { projectTitle: "B portal", clientName: "Beta Mining", overdue: 1, oldestDue: "2019-12-20" },
      { projectTitle: "A website", clientName: "Alpha Foods", overdue: 2, oldestDue: LONG_AGO },
      {
        projectTitle: "A chatbot",
        clientName: "Alpha Foods",
        overdue: 1,
        oldestDue: "2026-03-17",
      },
    ]);
  });

  it("counts a milestone as overdue from the day after its due date, in South Africa", async () => {
    const a = scopeOf(alice);
    const count = async (today: string) =>
      (await overdueMilestones(h.handle.db, a, today)).reduce((n, p) => n + p.overdue, 0);
    expect(await count("2026-03-17")).toBe(1); // only Wireframes (2020)
    expect(await count("2026-03-18")).toBe(3); // + Copy and Training data
    expect(await count("2026-03-19")).toBe(4); // + Go live
    expect(await count("2020-01-10")).toBe(0);
  });

  it("gives a contact's client only", async () => {
    expect(
      (await overdueMilestones(h.handle.db, scopeOf(alice), TODAY)).map((p) => p.projectTitle),
    ).toEqual(["A website", "A chatbot"]);
    expect(await overdueMilestones(h.handle.db, scopeOf(bob), TODAY)).toEqual([
      { projectTitle: "B portal", clientName: "Beta Mining", overdue: 1, oldestDue: "2019-12-20" },
    ]);
    expect(await overdueMilestones(h.handle.db, scopeOf(carol), TODAY)).toEqual([]);
  });

  it("counts reviews without an answer per project, the longest waiting first", async () => {
    expect(await openApprovals(h.handle.db, ALL)).toEqual([
      {
        projectTitle: "B portal",
        clientName: "Beta Mining",
        open: 1,
        since: sa("2026-02-20T15:30:00").toISOString(),
      },
      {
        projectTitle: "A website",
        clientName: "Alpha Foods",
        open: 2,
        since: sa("2026-03-01T09:00:00").toISOString(),
      },
    ]);
    expect(await openApprovals(h.handle.db, scopeOf(alice))).toEqual([
      {
        projectTitle: "A website",
        clientName: "Alpha Foods",
        open: 2,
        since: sa("2026-03-01T09:00:00").toISOString(),
      },
    ]);
    expect((await openApprovals(h.handle.db, scopeOf(bob))).map((p) => p.open)).toEqual([1]);
    expect(await openApprovals(h.handle.db, scopeOf(carol))).toEqual([]);
  });
});

interface AnalyticsData {
  isAdmin: boolean;
  figures: Record<string, Figure>;
}

async function analyticsAs(who: SignedUp) {
  const res = await run(analyticsLoader, getRequest("/portal/analytics?range=30", who.cookie));
  expect(res.status).toBe(200);
  return ((await res.json()) as AnalyticsData).figures;
}

describe("the Analytics page's milestones and approvals", () => {
  it("shows an administrator every client's, with the client", async () => {
    const figures = await analyticsAs(admin);
    const overdue = figures["overdue-milestones"];
    expect(overdue?.table.columns).toEqual([
      "Project",
      "Client",
      "Overdue milestones",
      "Due since",
    ]);
    // Today is after 17 and 18 March 2026: every seeded milestone but Launch and the done one.
    expect(overdue?.table.rows).toEqual([
      ["B portal", "Beta Mining", 1, "20 Dec 2019"],
      ["A website", "Alpha Foods", 2, "10 Jan 2020"],
      ["A chatbot", "Alpha Foods", 2, "17 Mar 2026"],
    ]);
    expect(overdue?.headline).toEqual({ label: "Overdue milestones", value: "5" });
    expect(overdue?.empty).toBeNull();
    expect(overdue?.chart).toEqual({ kind: "bars", value: 2 });
    const open = figures["open-approvals"];
    expect(open?.table.rows).toEqual([
      ["B portal", "Beta Mining", 1, formatDateTime(sa("2026-02-20T15:30:00"))],
      ["A website", "Alpha Foods", 2, formatDateTime(sa("2026-03-01T09:00:00"))],
    ]);
    expect(open?.headline).toEqual({ label: "Open approvals", value: "3" });
  });

  it("shows a contact their own client's only, without client names", async () => {
    const figures = await analyticsAs(bob);
    expect(figures["overdue-milestones"]?.table).toMatchObject({
      columns: ["Project", "Overdue milestones", "Due since"],
      rows: [["B portal", 1, "20 Dec 2019"]],
    });
    expect(figures["open-approvals"]?.table.rows).toEqual([
      ["B portal", 1, formatDateTime(sa("2026-02-20T15:30:00"))],
    ]);
    expect(figures["open-approvals"]?.headline?.value).toBe("1");
    const text = JSON.stringify(figures);
    for (const other of ["Alpha Foods", "A website", "A chatbot"])
      expect(text).not.toContain(other);
  });

  it("tells a client with nothing overdue or waiting so, with no numbers made up", async () => {
    const figures = await analyticsAs(carol);
    expect(figures["overdue-milestones"]?.table.rows).toEqual([]);
    expect(figures["overdue-milestones"]?.empty).toMatch(/^No milestone is overdue today\./);
    expect(figures["overdue-milestones"]?.headline?.value).toBe("0");
    expect(figures["open-approvals"]?.table.rows).toEqual([]);
    expect(figures["open-approvals"]?.empty).toMatch(/^Nothing is waiting for an answer\./);
    const text = JSON.stringify(figures);
    for (const other of ["Alpha Foods", "Beta Mining", "B portal"])
      expect(text).not.toContain(other);
  });

  it("downloads each as a CSV, scoped", async () => {
    const csv = async (who: SignedUp, figure: string) => {
      const res = await run(
        csvLoader,
        getRequest(`/portal/analytics/csv/${figure}?range=30`, who.cookie),
        { figure },
      );
      expect(res.status).toBe(200);
      return (await res.text()).replace(/^\uFEFF/, "");
    };
    expect(await csv(admin, "overdue-milestones")).toBe(
      "Project,Client,Overdue milestones,Due since\r\n" +
        "B portal,Beta Mining,1,20 Dec 2019\r\n" +
        "A website,Alpha Foods,2,10 Jan 2020\r\n" +
        "A chatbot,Alpha Foods,2,17 Mar 2026\r\n",
    );
    expect(await csv(alice, "open-approvals")).toBe(
      `Project,Waiting for an answer,Ready for review since\r\nA website,2,${formatDateTime(sa("2026-03-01T09:00:00"))}\r\n`,
    );
    expect(await csv(carol, "open-approvals")).toBe(
      "Project,Waiting for an answer,Ready for review since\r\n",
    );
  });
});
