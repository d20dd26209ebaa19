/**
 * Bad input against every portal action and loader: random, huge and hostile strings, wrong
 * encodings, repeated fields and file parts, malformed ids and query strings. Every answer is a
 * success, a redirect or a 4xx with a message, and a refused write changes nothing.
 */
import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_KINDS, LEAD_STATUSES } from "~/lib/validation/lead-status";
import { PROJECT_PRIORITIES, PROJECT_STATUSES } from "~/lib/validation/portal";
import { action as clientAction } from "~/routes/portal/client";
import { loader as dashboardLoader } from "~/routes/portal/dashboard";
import { action as leadAction, loader as leadLoader } from "~/routes/portal/lead";
import { loader as leadsLoader } from "~/routes/portal/leads";
import { action as messagesAction, loader as messagesLoader } from "~/routes/portal/messages";
import { action as projectsAction, loader as projectsLoader } from "~/routes/portal/projects";
import { action as settingsAction, loader as settingsLoader } from "~/routes/portal/settings";
import { action as teamAction, loader as teamLoader } from "~/routes/portal/team";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { proveAddress } from "~/test/admin.server";
import {
  checkAnswer,
  type Entries,
  encoding,
  formEntries,
  formPost,
  getWithQuery,
  nastyString,
  queryString,
  readFormValue,
  runs,
  tainted,
} from "~/test/fuzz.server";
import { createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import {
  clientAssignments,
  emailOutbox,
  leads,
  messageReads,
  messages,
  profiles,
  projects,
  user,
  userRoles,
} from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { submitLead } from "../leads/leads.server";

type Someone = SignedUp;

let h: Harness;
let alice: Someone;
let bob: Someone;
let admin: Someone;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za" });
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
  admin = await signUp("admin@example.co.za", { fullName: "Ada Admin" });
  await proveAddress("admin@example.co.za");
});
afterAll(async () => {
  await h.close();
});

const text = (max: number) => fc.string({ minLength: 1, maxLength: max });
const validOrTainted = (max: number) =>
  fc.oneof({ weight: 2, arbitrary: text(max) }, { weight: 1, arbitrary: tainted(text(20)) });

/** Replace "$marker" values with ids that exist at the time of the run. */
function resolve(entries: Entries, ids: Record<string, string>): Entries {
  return entries.map(([k, p]) => [k, typeof p === "string" && p in ids ? (ids[p] as string) : p]);
}

const snapshotProjects = () => h.handle.db.select().from(projects).orderBy(asc(projects.id));
const snapshotMessages = () => h.handle.db.select().from(messages).orderBy(asc(messages.id));

async function projectOf(who: Someone) {
  const [row] = await h.handle.db
    .select()
    .from(projects)
    .where(eq(projects.clientId, who.clientId));
  if (row) return row.id;
  const [made] = await h.handle.db
    .insert(projects)
    .values({ clientId: who.clientId, createdBy: who.id, title: "Seed" })
    .returning();
  return made?.id ?? "";
}

describe(`bad input on the portal (${testDatabaseKind()})`, { timeout: 120_000 }, () => {
  it("projects: every answer is a success or a 4xx, and a refused write changes nothing", async () => {
    const fields = {
      intent: fc.constantFrom("create", "update", "delete"),
      id: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom("$own", "$other") },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: nastyString },
      ),
      title: validOrTainted(60),
      description: validOrTainted(100),
      status: fc.constantFrom(...PROJECT_STATUSES),
      priority: fc.constantFrom(...PROJECT_PRIORITIES),
      progress: fc.integer({ min: 0, max: 20 }).map((n) => String(n * 5)),
    };
    let written = 0;
    await fc.assert(
      fc.asyncProperty(formEntries(fields), encoding, async (raw, how) => {
        const ids = { $own: await projectOf(alice), $other: await projectOf(bob) };
        const entries = resolve(raw, ids);
        const before = await snapshotProjects();
        const res = await run(
          projectsAction,
          formPost("/portal/projects", entries, how, { cookie: alice.cookie }),
        );
        const { status } = await checkAnswer(res);
        const after = await snapshotProjects();
        const bobs = (rows: typeof before) => rows.filter((r) => r.clientId === bob.clientId);
        expect(bobs(after)).toEqual(bobs(before));
        if (status !== 200) {
          expect(after).toEqual(before);
          return;
        }
        const intent = readFormValue(entries, "intent", how);
        const delta = intent === "create" ? 1 : intent === "delete" ? -1 : 0;
        expect(after.length - before.length).toBe(delta);
        written++;
        for (const row of after) {
          expect(row.title.trim().length).toBeGreaterThan(0);
          expect(row.title.length).toBeLessThanOrEqual(200);
        }
      }),
      // Three valid forms always run (two creates, an update): random ones succeed only now and
      // then, so the count below would depend on the seed.
      {
        ...runs(60),
        examples: [
          [
            [
              ["intent", "create"],
              ["title", "Website redesign"],
              ["description", "New homepage and pricing page"],
              ["status", "active"],
              ["priority", "high"],
              ["progress", "10"],
            ],
            "urlencoded",
          ],
          [
            [
              ["intent", "update"],
              ["id", "$own"],
              ["title", "Seed, renamed"],
              ["status", "active"],
              ["priority", "low"],
              ["progress", "50"],
            ],
            "multipart",
          ],
          [
            [
              ["intent", "create"],
              ["title", "SEO audit"],
            ],
            "urlencoded",
          ],
        ],
      },
    );
    expect(written, "writes that reached the database").toBeGreaterThan(2);
  });

  it("messages: sends, replies and opens stay the actor's own, refusals change nothing", async () => {
    const fields = {
      intent: fc.constantFrom("send", "open", "reply"),
      subject: validOrTainted(60),
      content: validOrTainted(200),
      recipientId: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom("$self", "$other", "") },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: nastyString },
      ),
      id: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom("$mine", "$theirs") },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: nastyString },
      ),
      // An administrator names the client; a contact's is ignored. A project is optional.
      clientId: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom("$aliceClient", "$bobClient", "") },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: nastyString },
      ),
      projectId: fc.oneof(
        { weight: 3, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: nastyString },
      ),
    };
    const outbox = async () => (await h.handle.db.select().from(emailOutbox)).length;
    const messageOf = async (who: Someone) => {
      const [row] = await h.handle.db
        .select()
        .from(messages)
        .where(eq(messages.clientId, who.clientId));
      if (row) return row.id;
      const [made] = await h.handle.db
        .insert(messages)
        .values({
          clientId: who.clientId,
          senderId: who.id,
          fromAgency: false,
          subject: "s",
          content: "c",
        })
        .returning();
      return made?.id ?? "";
    };
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        formEntries(fields),
        encoding,
        fc.constantFrom("alice", "admin"),
        async (raw, how, actorName) => {
          const actor = actorName === "admin" ? admin : alice;
          const ids = {
            $self: actor.id,
            $other: bob.id,
            $mine: await messageOf(actor === admin ? alice : actor),
            $theirs: await messageOf(bob),
            $aliceClient: alice.clientId,
            $bobClient: bob.clientId,
          };
          const entries = resolve(raw, ids);
          const before = await snapshotMessages();
          const mailsBefore = await outbox();
          const res = await run(
            messagesAction,
            formPost("/portal/messages", entries, how, { cookie: actor.cookie }),
          );
          const { status } = await checkAnswer(res);
          const after = await snapshotMessages();
          const intent = readFormValue(entries, "intent", how);
          if (status === 200 && (intent === "send" || intent === "reply")) {
            expect(after).toHaveLength(before.length + 1);
            const added = after.filter((m) => !before.some((b) => b.id === m.id));
            expect(added).toHaveLength(1);
            expect(added[0]?.senderId).toBe(actor.id);
            expect(added[0]?.fromAgency).toBe(actor === admin);
            if (actor === alice) expect(added[0]?.clientId).toBe(alice.clientId);
            if (intent === "reply") expect(added[0]?.subject).toMatch(/^Re: /i);
            sent++;
          } else if (status === 302 && intent === "open") {
            // Opening marks read for the person only (message_reads); messages never change.
            expect(after).toEqual(before);
            const reads = await h.handle.db.select().from(messageReads);
            expect(reads.every((r) => r.userId !== bob.id)).toBe(true);
          } else {
            expect(after).toEqual(before);
            // Nothing half-written: no mail about a message that was not sent.
            expect(await outbox()).toBe(mailsBefore);
          }
        },
      ),
      // Three valid messages always run (Alice sends and replies, the administrator writes to
      // Alice's client): random forms succeed only now and then.
      {
        ...runs(60),
        examples: [
          [
            [
              ["intent", "send"],
              ["subject", "Invoice question"],
              ["content", "Could you resend the March invoice?"],
            ],
            "urlencoded",
            "alice",
          ],
          [
            [
              ["intent", "reply"],
              ["id", "$mine"],
              ["content", "Thanks, received."],
            ],
            "multipart",
            "alice",
          ],
          [
            [
              ["intent", "send"],
              ["subject", "Design ready"],
              ["content", "The homepage design is ready for review."],
              ["clientId", "$aliceClient"],
            ],
            "urlencoded",
            "admin",
          ],
        ],
      },
    );
    expect(sent, "messages that reached the database").toBeGreaterThan(2);
  });

  it("settings: a refused profile change leaves the profile as it was", async () => {
    const fields = { fullName: validOrTainted(60), id: fc.constantFrom(bob.id, "x") };
    await fc.assert(
      fc.asyncProperty(formEntries(fields), encoding, async (entries, how) => {
        const before = await h.handle.db.select().from(profiles).orderBy(asc(profiles.id));
        const res = await run(
          settingsAction,
          formPost("/portal/settings", entries, how, { cookie: alice.cookie }),
        );
        const { status } = await checkAnswer(res);
        const after = await h.handle.db.select().from(profiles).orderBy(asc(profiles.id));
        const others = (rows: typeof before) => rows.filter((r) => r.id !== alice.id);
        expect(others(after)).toEqual(others(before));
        if (status !== 200) expect(after).toEqual(before);
        const users = await h.handle.db.select({ id: user.id }).from(user);
        expect(after.map((p) => p.id).sort()).toEqual(users.map((u) => u.id).sort());
      }),
      runs(40),
    );
  });

  it("lead (admin): malformed ids in the URL and bad statuses are 4xx, nothing changes", async () => {
    await submitLead(
      h.handle.db,
      {
        kind: "contact",
        name: "Lead",
        email: "lead@example.co.za",
        phone: null,
        company: null,
        message: "Hello there",
      },
      {
        ip: null,
        leadsTo: "leads@agency.test",
        baseUrl: "http://localhost:3000",
        limits: { perIp: 1e6, perEmail: 1e6 },
      },
    );
    const [lead] = await h.handle.db.select().from(leads);
    const leadId = lead?.id ?? "";
    const idArb = fc.oneof(
      { weight: 2, arbitrary: fc.constant(leadId) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: nastyString },
    );
    const fields = { status: fc.constantFrom(...LEAD_STATUSES) };
    await fc.assert(
      fc.asyncProperty(
        idArb,
        formEntries(fields),
        encoding,
        fc.constantFrom(admin, alice),
        async (id, entries, how, who) => {
          const before = await h.handle.db.select().from(leads).orderBy(asc(leads.id));
          const path = "/portal/leads/x"; // the router hands the decoded id over in params
          const res = await run(leadAction, formPost(path, entries, how, { cookie: who.cookie }), {
            id,
          });
          const { status } = await checkAnswer(res);
          const after = await h.handle.db.select().from(leads).orderBy(asc(leads.id));
          if (status !== 200) expect(after).toEqual(before);
          else expect(who).toBe(admin);

          const view = await run(leadLoader, getWithQuery(path, "", who.cookie), { id });
          const seen = await checkAnswer(view, { requireMessage: who === admin });
          if (seen.status === 200) expect(id).toBe(leadId);
        },
      ),
      runs(40),
    );
  });

  it("leads (admin): any query string lists leads or answers 400 with the filter message", async () => {
    const query = queryString(
      ["kind", "status"],
      fc.constantFrom(...LEAD_KINDS, ...LEAD_STATUSES, ""),
    );
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(admin, alice), async (q, who) => {
        const res = await run(leadsLoader, getWithQuery("/portal/leads", q, who.cookie));
        const { status, body } = await checkAnswer(res, { requireMessage: false });
        if (who === alice) expect(status).toBe(403);
        else if (status === 400) {
          expect((body as { filterError: string }).filterError).toBe(
            "That filter is not valid, so all leads are shown.",
          );
        } else expect(status).toBe(200);
      }),
      runs(50),
    );
  });

  it("messages, projects, dashboard, team, settings: odd query strings never break a loader", async () => {
    const [mine] = await h.handle.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.clientId, alice.clientId));
    // A contact's `client` filter is ignored (their scope is their client); a bad cursor is
    // the first page.
    const query = queryString(
      ["id", "tab", "kind", "client", "cursor"],
      fc.oneof(fc.constant(mine?.id ?? ""), fc.uuid(), nastyString),
    );
    const loaders = [messagesLoader, projectsLoader, dashboardLoader, teamLoader, settingsLoader];
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(...loaders.keys()), async (q, i) => {
        const loader = loaders[i] as (typeof loaders)[number];
        const res = await run(loader, getWithQuery("/portal/x", q, alice.cookie));
        const { status, body } = await checkAnswer(res, { requireMessage: false });
        if (loader === messagesLoader) {
          // A message that is not the person's to see is 'Message not found' (404).
          const selected = new URLSearchParams(q).get("id");
          const found = selected === null || selected === mine?.id;
          expect(status).toBe(found ? 200 : 404);
          expect(body).toMatchObject({
            selectedId: selected === mine?.id ? selected : null,
            selectedError: found ? null : "Message not found",
          });
        } else expect([200, 403]).toContain(status);
      }),
      runs(50),
    );
  });

  it("projects, messages (admin): any client filter lists every client's or one's, or answers 400 with the filter message", async () => {
    const query = queryString(
      ["client", "cursor"],
      fc.oneof(fc.constant(alice.clientId), fc.constant(""), fc.uuid(), nastyString),
    );
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom("projects", "messages"), async (q, what) => {
        const loader = what === "projects" ? projectsLoader : messagesLoader;
        const res = await run(loader, getWithQuery(`/portal/${what}`, q, admin.cookie));
        const { status, body } = await checkAnswer(res, { requireMessage: false });
        const params = new URLSearchParams(q);
        const client = params.get("client");
        const b = body as { filterError: string | null; clientFilter: string | null };
        if (what === "messages" && params.get("id")) {
          // A message named in the URL that is not one to open is 'Message not found'.
          expect(status).toBe(404);
        } else if (client && client !== alice.clientId) {
          expect(status).toBe(400);
          expect(b.filterError).toBe(
            `That client was not found, so every client's ${what} are shown.`,
          );
          expect(b.clientFilter).toBeNull();
        } else {
          expect(status).toBe(200);
          expect(b.clientFilter).toBe(client || null);
        }
      }),
      runs(40),
    );
  });

  it("without a session every action redirects to /auth and writes nothing", async () => {
    const actions = [projectsAction, messagesAction, settingsAction];
    await fc.assert(
      fc.asyncProperty(
        formEntries({ intent: fc.constantFrom("create", "send"), title: nastyString }),
        encoding,
        fc.constantFrom(...actions.keys()),
        fc.constantFrom("", "better-auth.session_token=forged.value", "better-auth.session_token="),
        async (entries, how, i, cookie) => {
          const before = [await snapshotProjects(), await snapshotMessages()];
          const action = actions[i] as (typeof actions)[number];
          const res = await run(action, formPost("/portal/x", entries, how, { cookie }));
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toBe(`/auth?next=${encodeURIComponent("/portal/x")}`);
          expect([await snapshotProjects(), await snapshotMessages()]).toEqual(before);
        },
      ),
      runs(20),
    );
  });
});

describe("regressions found by the properties", () => {
  const post = (path: string, fields: Record<string, string>, who: Someone) =>
    formRequest(path, fields, { cookie: who.cookie });

  it("refuses a NUL character in stored text with 400 instead of a database error", async () => {
    const before = [await snapshotProjects(), await snapshotMessages()];
    const profileBefore = await h.handle.db.select().from(profiles).orderBy(asc(profiles.id));
    const cases: [(args: never) => unknown, string, Record<string, string>, string][] = [
      [settingsAction, "/portal/settings", { fullName: "\u0000 " }, "Name"],
      [projectsAction, "/portal/projects", { intent: "create", title: "a\u0000b" }, "Title"],
      [
        projectsAction,
        "/portal/projects",
        { intent: "create", title: "ok", description: "a\u0000b " },
        "Description",
      ],
      [
        messagesAction,
        "/portal/messages",
        { intent: "send", subject: "\u0000", content: "c" },
        "Subject",
      ],
      [
        messagesAction,
        "/portal/messages",
        { intent: "send", subject: "s", content: "x\u0000" },
        "Message",
      ],
    ];
    for (const [action, path, fields, label] of cases) {
      const res = await run(action, post(path, fields, alice));
      expect(res.status, label).toBe(400);
      expect((await res.json()).error).toBe(`${label} contains a character that is not allowed`);
    }
    expect([await snapshotProjects(), await snapshotMessages()]).toEqual(before);
    expect(await h.handle.db.select().from(profiles).orderBy(asc(profiles.id))).toEqual(
      profileBefore,
    );
  });

  it("reads a repeated field's first value from a message form with files' encoding too", async () => {
    // multipart/form-data is streamed (decision 087): it must read fields as readForm does.
    const before = await snapshotMessages();
    const unknown: Entries = [
      ["intent", ""],
      ["intent", "send"],
      ["subject", "s"],
      ["content", "c"],
    ];
    const refused = await run(
      messagesAction,
      formPost("/portal/messages", unknown, "multipart", { cookie: alice.cookie }),
    );
    expect(refused.status).toBe(400);
    expect(await snapshotMessages()).toEqual(before);
    const twice: Entries = [
      ["intent", "send"],
      ["subject", "First subject"],
      ["subject", "Second subject"],
      ["content", "c"],
    ];
    const sent = await run(
      messagesAction,
      formPost("/portal/messages", twice, "multipart", { cookie: alice.cookie }),
    );
    expect(sent.status).toBe(200);
    const added = (await snapshotMessages()).filter((m) => !before.some((b) => b.id === m.id));
    expect(added.map((m) => m.subject)).toEqual(["First subject"]);
  });

  it("answers a person's id with a NUL character on Team and a client's page with 404", async () => {
    const snapshot = () =>
      Promise.all([
        h.handle.db.select().from(userRoles).orderBy(asc(userRoles.userId)),
        h.handle.db
          .select()
          .from(clientAssignments)
          .orderBy(asc(clientAssignments.userId), asc(clientAssignments.clientId)),
        h.handle.db.select().from(profiles).orderBy(asc(profiles.id)),
      ]);
    const before = await snapshot();
    const userId = "a\u0000b";
    for (const intent of ["remove-team-member", "billing-access", "remove-admin"]) {
      const res = await run(teamAction, post("/portal/team", { intent, userId }, admin));
      expect(res.status, intent).toBe(404);
    }
    const page = `/portal/clients/${alice.clientId}`;
    const clientForms: Record<string, string>[] = [
      { intent: "assign", userId },
      { intent: "unassign", userId },
      { intent: "move-contact", userId, clientId: bob.clientId },
    ];
    for (const fields of clientForms) {
      const res = await run(clientAction, post(page, fields, admin), { id: alice.clientId });
      expect(res.status, fields.intent).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers an admin's message to a client id with a NUL character with 400", async () => {
    const before = await snapshotMessages();
    const res = await run(
      messagesAction,
      post(
        "/portal/messages",
        { intent: "send", subject: "s", content: "c", clientId: "a\u0000b" },
        admin,
      ),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Choose a client");
    expect(await snapshotMessages()).toEqual(before);
  });
});
