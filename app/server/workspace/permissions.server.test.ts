/**
 * Who may do what (issue 30, decisions 050, 051 and 065), as a table: every action on a client's
 * projects, for every role — the agency's administrator, a team member assigned to the client,
 * one assigned to another client, a contact of the client, a contact of another client, someone
 * signed out, an administrator viewing as the client (read-only) — with
 * the status expected; a refusal changes nothing, an allowed action changes something. Each row
 * works on fresh targets: an agency project of client A (a milestone under review, one without,
 * a file the team uploaded, files two contacts uploaded), a project a contact of A made
 * themselves, and one the agency has taken on. Runs on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL), like the cross-client matrix.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { milestoneSchema } from "~/lib/validation/deliverables";
import { projectSchema } from "~/lib/validation/portal";
import { action as clientAction, loader as clientLoader } from "~/routes/portal/client";
import { loader as clientsLoader } from "~/routes/portal/clients";
import { loader as leadsLoader } from "~/routes/portal/leads";
import { action as projectAction } from "~/routes/portal/project";
import { action as uploadAction } from "~/routes/portal/project-files";
import { action as projectsAction } from "~/routes/portal/projects";
import { type SignedUp, signUp } from "~/test/accounts.server";
import {
  BASE_URL,
  createHarness,
  formRequest,
  getRequest,
  type Harness,
  run,
} from "~/test/harness.server";
import { signUpAdmin, signUpTeamMember, viewingAsCookie } from "~/test/workspace.server";
import {
  activity,
  clientAssignments,
  clients,
  fileVersions,
  milestones,
  profiles,
  projectFiles,
  projects,
  reviewAnswers,
  reviews,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { storeFile } from "../deliverables/files.server";
import { createMilestone } from "../deliverables/milestones.server";
import { requestMilestoneReview } from "../deliverables/reviews.server";
import { createProject, takeOnProject } from "../projects/projects.server";
import { ALL_CLIENTS } from "./scope.server";

let h: Harness;
let admin: SignedUp;
/** Two contacts of client A, and a contact of client B. */
let a1: SignedUp;
let a2: SignedUp;
let b1: SignedUp;
let viewingAsA: string;
/** Team members: one assigned to client A, one to client B only. */
let teamA: SignedUp;
let teamB: SignedUp;

const roles = [
  "administrator",
  "team member assigned",
  "team member not assigned",
  "contact",
  "other client's contact",
  "signed out",
  "viewing as",
] as const;
type Role = (typeof roles)[number];

function cookieOf(role: Role) {
  switch (role) {
    case "administrator":
      return admin.cookie;
    case "team member assigned":
      return teamA.cookie;
    case "team member not assigned":
      return teamB.cookie;
    case "contact":
      return a2.cookie;
    case "other client's contact":
      return b1.cookie;
    case "signed out":
      return "";
    case "viewing as":
      return viewingAsA;
  }
}

async function joinClient(person: SignedUp, clientId: string) {
  const own = person.clientId;
  await h.handle.db.update(profiles).set({ clientId }).where(eq(profiles.id, person.id));
  await h.handle.db.delete(clients).where(eq(clients.id, own));
  person.clientId = clientId;
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@agency.example" });
  admin = await signUpAdmin("admin@agency.example");
  a1 = await signUp("a1@client-a.example", { fullName: "Anele First" });
  a2 = await signUp("a2@client-a.example", { fullName: "Amahle Second" });
  b1 = await signUp("b1@client-b.example", { fullName: "Bongani First" });
  await joinClient(a2, a1.clientId);
  viewingAsA = await viewingAsCookie(admin, a1.clientId);
  teamA = await signUpTeamMember("team-a@agency.example", [a1.clientId], "Thabo Assigned");
  teamB = await signUpTeamMember("team-b@agency.example", [b1.clientId], "Lerato Elsewhere");
});
afterAll(async () => {
  await h.close();
});

interface Targets {
  /** The agency's project of client A. */
  agency: string;
  milestoneUnderReview: string;
  milestone: string;
  review: string;
  /** A file the team uploaded to it, and its version. */
  file: string;
  version: string;
  /** Files contacts uploaded to it: one by the contact acting (a2), one by another (a1). */
  ownUpload: string;
  othersUpload: string;
  /** A project a contact of A made themselves (not taken on). */
  own: string;
  /** A project a contact of A made, which the agency has taken on since. */
  takenOn: string;
}

let serial = 0;
async function makeTargets(): Promise<Targets> {
  const db = h.handle.db;
  serial += 1;
  // 'Assign' rows give team member B client A: each row starts without it.
  await db
    .delete(clientAssignments)
    .where(
      and(eq(clientAssignments.userId, teamB.id), eq(clientAssignments.clientId, a1.clientId)),
    );
  const clientA = { kind: "client" as const, clientId: a1.clientId };
  const agency = await createProject(db, ALL_CLIENTS, admin.id, {
    ...projectSchema.parse({ title: `Agency site ${serial}` }),
    clientId: a1.clientId,
  });
  if (!agency.ok) throw new Error(agency.message);
  const ref = { id: agency.project.id, clientId: a1.clientId };
  const m1 = await createMilestone(
    db,
    ref,
    admin.id,
    milestoneSchema.parse({ title: "Design", dueDate: "2026-12-01" }),
  );
  const m2 = await createMilestone(
    db,
    ref,
    admin.id,
    milestoneSchema.parse({ title: "Build", dueDate: "2026-12-15" }),
  );
  const review = await requestMilestoneReview(db, ref, admin.id, m1.id);
  if (!review.ok) throw new Error(review.message);
  const content = (async function* () {
    yield new TextEncoder().encode("%PDF-1.7\nthe agency's design");
  })();
  const stored = await storeFile(
    db,
    ref,
    { id: admin.id, side: "agency" },
    "Design.pdf",
    content,
    1024 * 1024,
  );
  if (!stored.ok) throw new Error(stored.message);
  const uploads: string[] = [];
  for (const [person, name] of [
    [a2, "Mine.pdf"],
    [a1, "Theirs.pdf"],
  ] as const) {
    const sent = await storeFile(
      db,
      ref,
      { id: person.id, side: "client" },
      name,
      (async function* () {
        yield new TextEncoder().encode("%PDF-1.7\na contact's file");
      })(),
      1024 * 1024,
    );
    if (!sent.ok) throw new Error(sent.message);
    uploads.push(sent.file.fileId);
  }
  const own = await createProject(
    db,
    clientA,
    a1.id,
    projectSchema.parse({ title: `Own ${serial}` }),
  );
  const later = await createProject(
    db,
    clientA,
    a1.id,
    projectSchema.parse({ title: `Taken on ${serial}` }),
  );
  if (!own.ok || !later.ok) throw new Error("a contact's project was not made");
  const taken = await takeOnProject(db, ALL_CLIENTS, admin.id, later.project.id);
  if (!taken.ok || !taken.changed) throw new Error("not taken on");
  return {
    agency: ref.id,
    milestoneUnderReview: m1.id,
    milestone: m2.id,
    review: review.reviewId,
    file: stored.file.fileId,
    version: stored.file.versionId,
    ownUpload: uploads[0] ?? "",
    othersUpload: uploads[1] ?? "",
    own: own.project.id,
    takenOn: later.project.id,
  };
}

/** Everything an action could change, in a stable order. */
async function snapshot() {
  const db = h.handle.db;
  return {
    projects: await db.select().from(projects).orderBy(asc(projects.id)),
    milestones: await db.select().from(milestones).orderBy(asc(milestones.id)),
    files: await db.select().from(projectFiles).orderBy(asc(projectFiles.id)),
    versions: await db
      .select({ id: fileVersions.id, fileId: fileVersions.fileId, state: fileVersions.state })
      .from(fileVersions)
      .orderBy(asc(fileVersions.id)),
    reviews: await db.select().from(reviews).orderBy(asc(reviews.id)),
    answers: await db.select().from(reviewAnswers).orderBy(asc(reviewAnswers.reviewId)),
    activity: await db.select().from(activity).orderBy(asc(activity.id)),
    assignments: await db
      .select({ userId: clientAssignments.userId, clientId: clientAssignments.clientId })
      .from(clientAssignments)
      .orderBy(asc(clientAssignments.userId), asc(clientAssignments.clientId)),
  };
}

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  formRequest(path, fields, cookie ? { cookie } : {});

/** An action on the projects page. */
const onProjects =
  (fields: (t: Targets) => Record<string, string>) => (t: Targets, cookie: string) =>
    run(projectsAction, post("/portal/projects", fields(t), cookie));

/** An action on a project's page. */
const onProject =
  (project: keyof Targets, fields: (t: Targets) => Record<string, string>) =>
  (t: Targets, cookie: string) =>
    run(projectAction, post(`/portal/projects/${t[project]}`, fields(t), cookie), {
      id: t[project],
    });

const BOUNDARY = "----permissions-test";
const upload = (project: keyof Targets, name: string) => (t: Targets, cookie: string) => {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\nfrom the portal\r\n--${BOUNDARY}--\r\n`,
    ),
  ]);
  const headers = new Headers({
    "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
    origin: BASE_URL,
    accept: "application/json",
  });
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${BASE_URL}/portal/projects/${t[project]}/files`, {
    method: "POST",
    headers,
    body,
  });
  return run(uploadAction, request, { id: t[project] });
};

type Status = 200 | 302 | 400 | 403 | 404 | 409;
interface Action {
  name: string;
  send: (t: Targets, cookie: string) => Promise<Response>;
  expect: Record<Role, Status>;
}

/** The agency's work: the administrator, and a team member on an assigned client. */
const agencyOnly: Record<Role, Status> = {
  administrator: 200,
  "team member assigned": 200,
  "team member not assigned": 404,
  contact: 403,
  "other client's contact": 404,
  "signed out": 302,
  "viewing as": 403,
};
/** What a contact of the client does too (and the administrator). */
const bothSides: Record<Role, Status> = { ...agencyOnly, contact: 200 };

const update = (id: keyof Targets) => (t: Targets) => ({
  intent: "update",
  id: t[id],
  title: "Renamed",
  status: "cancelled",
  progress: "50",
});

const actions: Action[] = [
  { name: "edit the agency's project", send: onProjects(update("agency")), expect: agencyOnly },
  {
    name: "delete the agency's project",
    send: onProjects((t) => ({ intent: "delete", id: t.agency })),
    expect: agencyOnly,
  },
  {
    name: "edit a project the agency took on",
    send: onProjects(update("takenOn")),
    expect: agencyOnly,
  },
  {
    name: "delete a project the agency took on",
    send: onProjects((t) => ({ intent: "delete", id: t.takenOn })),
    expect: agencyOnly,
  },
  { name: "edit the contact's own project", send: onProjects(update("own")), expect: bothSides },
  {
    name: "delete the contact's own project",
    send: onProjects((t) => ({ intent: "delete", id: t.own })),
    expect: bothSides,
  },
  {
    name: "take on the contact's own project",
    send: onProject("own", () => ({ intent: "take-on" })),
    expect: agencyOnly,
  },
  {
    name: "add a milestone",
    send: onProject("agency", () => ({
      intent: "create-milestone",
      title: "Launch",
      dueDate: "2027-01-10",
    })),
    expect: agencyOnly,
  },
  {
    name: "edit a milestone",
    send: onProject("agency", (t) => ({
      intent: "update-milestone",
      milestoneId: t.milestone,
      title: "Build it",
      dueDate: "2027-01-10",
      status: "done",
    })),
    expect: agencyOnly,
  },
  {
    name: "move a milestone",
    send: onProject("agency", (t) => ({
      intent: "move-milestone",
      milestoneId: t.milestone,
      direction: "up",
    })),
    expect: agencyOnly,
  },
  {
    name: "delete a milestone",
    send: onProject("agency", (t) => ({ intent: "delete-milestone", milestoneId: t.milestone })),
    expect: agencyOnly,
  },
  {
    name: "take the progress from the milestones",
    send: onProject("agency", () => ({ intent: "progress-source", on: "true" })),
    expect: agencyOnly,
  },
  {
    name: "mark a milestone ready for review",
    send: onProject("agency", (t) => ({ intent: "review-milestone", milestoneId: t.milestone })),
    expect: agencyOnly,
  },
  {
    name: "mark a file ready for review",
    send: onProject("agency", (t) => ({ intent: "review-file", versionId: t.version })),
    expect: agencyOnly,
  },
  {
    name: "answer a review",
    send: onProject("agency", (t) => ({
      intent: "answer",
      reviewId: t.review,
      decision: "approved",
    })),
    expect: { ...bothSides, administrator: 403, "team member assigned": 403 },
  },
  {
    name: "delete the agency's file",
    send: onProject("agency", (t) => ({ intent: "delete-file", fileId: t.file })),
    expect: agencyOnly,
  },
  {
    name: "delete a contact's upload, as that contact",
    send: onProject("agency", (t) => ({ intent: "delete-file", fileId: t.ownUpload })),
    expect: bothSides,
  },
  {
    name: "delete another contact's upload",
    send: onProject("agency", (t) => ({ intent: "delete-file", fileId: t.othersUpload })),
    expect: agencyOnly,
  },
  {
    name: "upload a file to the agency's project",
    send: upload("agency", "Notes.pdf"),
    expect: bothSides,
  },
  {
    name: "assign a team member to the client",
    send: (_t, cookie) =>
      run(
        clientAction,
        post(`/portal/clients/${a1.clientId}`, { intent: "assign", userId: teamB.id }, cookie),
        { id: a1.clientId },
      ),
    // The administrators': a team member sees the client's page, and is refused its changes.
    expect: {
      ...agencyOnly,
      "team member assigned": 403,
      // A contact has no client pages at all.
      contact: 403,
      "other client's contact": 403,
    },
  },
];

describe(`who may do what, on ${testDatabaseKind()}`, () => {
  it.each(actions.flatMap((action) => roles.map((role) => [action.name, role, action] as const)))(
    "%s, as %s",
    async (_name, role, action) => {
      const targets = await makeTargets();
      const before = await snapshot();
      const res = await action.send(targets, cookieOf(role));
      const expected = action.expect[role];
      expect(res.status, await res.clone().text()).toBe(expected);
      if (expected === 302) expect(res.headers.get("location")).toMatch(/^\/auth(\?|$)/);
      if (expected < 300) expect(await snapshot(), "it changed something").not.toEqual(before);
      else expect(await snapshot(), "nothing changed").toEqual(before);
    },
  );

  it("a team member sees only the clients assigned to them, and no leads", async () => {
    const list = await run(clientsLoader, getRequest("/portal/clients", teamA.cookie));
    expect(list.status).toBe(200);
    const names = ((await list.json()) as { clients: { id: string }[] }).clients.map((c) => c.id);
    expect(names).toEqual([a1.clientId]);
    const mine = await run(
      clientLoader,
      getRequest(`/portal/clients/${a1.clientId}`, teamA.cookie),
      {
        id: a1.clientId,
      },
    );
    expect(mine.status).toBe(200);
    const other = await run(
      clientLoader,
      getRequest(`/portal/clients/${b1.clientId}`, teamA.cookie),
      { id: b1.clientId },
    );
    expect(other.status).toBe(404);
    expect((await run(leadsLoader, getRequest("/portal/leads", teamA.cookie))).status).toBe(403);
    expect((await run(clientsLoader, getRequest("/portal/clients", a1.cookie))).status).toBe(403);
  });

  it("the agency's first milestone or file on a contact's own project takes it on", async () => {
    const t = await makeTargets();
    const res = await onProject("own", () => ({
      intent: "create-milestone",
      title: "Kick-off",
      dueDate: "2027-01-10",
    }))(t, admin.cookie);
    expect(res.status).toBe(200);
    expect(await onProjects(update("own"))(t, a1.cookie).then((r) => r.status)).toBe(403);

    const t2 = await makeTargets();
    expect((await upload("own", "Brief.pdf")(t2, a1.cookie)).status).toBe(200);
    // A contact's own file does not take it on; the team's does.
    expect(await onProjects(update("own"))(t2, a1.cookie).then((r) => r.status)).toBe(200);
    expect((await upload("own", "Proposal.pdf")(t2, admin.cookie)).status).toBe(200);
    expect(await onProjects(update("own"))(t2, a2.cookie).then((r) => r.status)).toBe(403);
    const [row] = await h.handle.db
      .select({ takenOnAt: projects.takenOnAt })
      .from(projects)
      .where(eq(projects.id, t2.own));
    expect(row?.takenOnAt).toBeInstanceOf(Date);
  });
});
