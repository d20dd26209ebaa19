/**
 * Bad input against the workspace's client forms (decision 022): the Clients list and a
 * client's page, the Team page, the invitation link and its page, Settings' company name and
 * message e-mails, and 'Convert to client'. Every answer is a success, a redirect or a 4xx with
 * a message; a refused write changes nothing; and nothing reaches another client.
 */
import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as invitationAction, loader as invitationLoader } from "~/routes/auth/invitation";
import { action as clientAction, loader as clientLoader } from "~/routes/portal/client";
import { action as clientsAction, loader as clientsLoader } from "~/routes/portal/clients";
import { action as convertAction } from "~/routes/portal/lead-convert";
import { action as settingsAction } from "~/routes/portal/settings";
import { action as teamAction } from "~/routes/portal/team";
import { type SignedUp, signUp } from "~/test/accounts.server";
import {
  CLIENT_ERRORS,
  checkAnswer,
  encoding,
  formEntries,
  formPost,
  getWithQuery,
  nastyString,
  plainEmail,
  queryString,
  runs,
  tainted,
} from "~/test/fuzz.server";
import { createHarness, type Harness, run } from "~/test/harness.server";
import { invitationLink, signUpAdmin } from "~/test/workspace.server";
import { clients, invitations, leads, profiles, user, userRoles } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { createInvitation } from "../invitations/invitations.server";
import { submitLead } from "../leads/leads.server";

let h: Harness;
let admin: SignedUp;
let alice: SignedUp;
let bob: SignedUp;
let carol: SignedUp; // signed in (and out) on invitation pages

/** What these forms may answer besides the usual: a conflict (409) and a dead link (410). */
const ALLOWED = [...CLIENT_ERRORS, 409, 410];

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "admin@example.co.za" });
  admin = await signUpAdmin("admin@example.co.za");
  alice = await signUp("alice@example.co.za", { fullName: "Alice Mokoena" });
  bob = await signUp("bob@example.co.za", { fullName: "Bob Naidoo" });
  carol = await signUp("carol@example.co.za", { fullName: "Carol" });
});
afterAll(() => h.close());

const text = (max: number) => fc.string({ minLength: 1, maxLength: max });
const validOrTainted = (max: number) =>
  fc.oneof({ weight: 2, arbitrary: text(max) }, { weight: 1, arbitrary: tainted(text(20)) });
const snapshot = async () => ({
  clients: await h.handle.db.select().from(clients).orderBy(asc(clients.id)),
  invitations: await h.handle.db.select().from(invitations).orderBy(asc(invitations.id)),
  roles: await h.handle.db.select().from(userRoles).orderBy(asc(userRoles.userId)),
  profiles: await h.handle.db.select().from(profiles).orderBy(asc(profiles.id)),
});

describe(`bad input on the client forms (${testDatabaseKind()})`, { timeout: 180_000 }, () => {
  it("a client's page and the Clients list: successes, redirects or 4xx; contacts change nothing", async () => {
    const fields = {
      intent: fc.constantFrom("create", "rename", "invite", "resend", "revoke", "remove-admin"),
      name: validOrTainted(60),
      email: fc.oneof(plainEmail, nastyString),
      invitationId: fc.oneof(fc.uuid(), nastyString),
      userId: fc.oneof(fc.constantFrom(admin.id, alice.id), nastyString),
    };
    const target = fc.oneof(
      { weight: 3, arbitrary: fc.constant(alice.clientId) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: nastyString },
    );
    let written = 0;
    await fc.assert(
      fc.asyncProperty(
        formEntries(fields),
        encoding,
        target,
        fc.constantFrom("admin", "admin", "admin", "bob"),
        fc.constantFrom("client", "clients", "team"),
        async (entries, how, id, who, page) => {
          const actor = who === "admin" ? admin : bob;
          const before = await snapshot();
          const res =
            page === "client"
              ? await run(
                  clientAction,
                  formPost("/portal/clients/x", entries, how, { cookie: actor.cookie }),
                  { id },
                )
              : page === "clients"
                ? await run(
                    clientsAction,
                    formPost("/portal/clients", entries, how, { cookie: actor.cookie }),
                  )
                : await run(
                    teamAction,
                    formPost("/portal/team", entries, how, { cookie: actor.cookie }),
                  );
          const { status } = await checkAnswer(res, { allowed: ALLOWED });
          const after = await snapshot();
          if (actor === bob) expect(status).toBe(403);
          if (status >= 400) expect(after).toEqual(before);
          else written++;
          // Bob's client is never touched by anyone here.
          const bobs = (s: typeof before) => s.clients.find((c) => c.id === bob.clientId);
          expect(bobs(after)).toEqual(bobs(before));
          // The last administrator stays.
          expect(after.roles.length).toBeGreaterThan(0);
        },
      ),
      // One valid form always runs (an administrator adds a client): random ones succeed only
      // now and then, so the count below would depend on the seed.
      {
        ...runs(60),
        examples: [
          [
            [
              ["intent", "create"],
              ["name", "Khumalo Holdings"],
            ],
            "urlencoded",
            alice.clientId,
            "admin",
            "clients",
          ],
        ],
      },
    );
    expect(written, "writes that reached the database").toBeGreaterThan(0);
  });

  it("the Clients list and a client's page: any query string or id lists, or answers 403/404", async () => {
    const query = queryString(["q", "cursor"], fc.oneof(fc.string({ maxLength: 40 }), nastyString));
    const id = fc.oneof(fc.constant(alice.clientId), fc.uuid(), nastyString);
    await fc.assert(
      fc.asyncProperty(query, id, fc.constantFrom(admin, alice), async (q, clientId, who) => {
        const list = await run(clientsLoader, getWithQuery("/portal/clients", q, who.cookie));
        const listed = await checkAnswer(list, { requireMessage: false });
        expect(listed.status).toBe(who === admin ? 200 : 403);
        const page = await run(clientLoader, getWithQuery("/portal/clients/x", q, who.cookie), {
          id: clientId,
        });
        const shown = await checkAnswer(page);
        if (who === alice) expect(shown.status).toBe(403);
        else expect(shown.status).toBe(clientId === alice.clientId ? 200 : 404);
      }),
      runs(50),
    );
  });

  it("the invitation link: any token or form is a page, a redirect or a 4xx; a forged one creates nothing", async () => {
    const created = await createInvitation(
      h.handle.db,
      { id: admin.id, name: null },
      { clientId: alice.clientId, name: "Fuzz Target", email: "target@example.co.za" },
      new Date(),
    );
    if (!created.ok) throw new Error(created.message);
    const fields = {
      intent: fc.constantFrom("create", "sign-in", "accept", "sign-out", "other"),
      fullName: validOrTainted(60),
      password: fc.oneof(fc.string({ maxLength: 20 }), nastyString),
    };
    const token = fc.oneof(
      { weight: 1, arbitrary: fc.constant(created.token) },
      { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      { weight: 2, arbitrary: nastyString },
    );
    await fc.assert(
      fc.asyncProperty(
        token,
        formEntries(fields),
        encoding,
        fc.constantFrom("", carol.cookie),
        async (t, entries, how, cookie) => {
          const users = await h.handle.db.select({ id: user.id }).from(user).orderBy(asc(user.id));
          const before = await snapshot();
          const page = await run(invitationLoader, getWithQuery("/invitation/x", "", cookie), {
            token: t,
          });
          const seen = await checkAnswer(page, { allowed: ALLOWED });
          if (t !== created.token) expect(seen.status).toBe(404);
          const res = await run(
            invitationAction,
            formPost("/invitation/x", entries, how, { cookie }),
            {
              token: t,
            },
          );
          const { status } = await checkAnswer(res, { allowed: ALLOWED });
          if (t !== created.token && status !== 302) {
            expect(
              await h.handle.db.select({ id: user.id }).from(user).orderBy(asc(user.id)),
            ).toEqual(users);
            expect(await snapshot()).toEqual(before);
          }
          // Carol is never moved by somebody else's invitation.
          const [profile] = await h.handle.db
            .select({ clientId: profiles.clientId })
            .from(profiles)
            .where(eq(profiles.id, carol.id));
          expect(profile?.clientId).toBe(carol.clientId);
        },
      ),
      runs(60),
    );
    // The real link still works (or was used by a well-formed create).
    const { token: real } = await invitationLink("target@example.co.za");
    expect(real).toBe(created.token);
  });

  it("Settings' company name and notification choices: only the person's own, or a 4xx", async () => {
    const fields = {
      intent: fc.constantFrom("company-name", "notification-choices"),
      name: validOrTainted(60),
      "message.new:email": fc.oneof(fc.constantFrom("on", ""), nastyString),
      clientId: fc.constantFrom(bob.clientId, "x"),
    };
    await fc.assert(
      fc.asyncProperty(formEntries(fields), encoding, async (entries, how) => {
        const before = await snapshot();
        const res = await run(
          settingsAction,
          formPost("/portal/settings", entries, how, { cookie: alice.cookie }),
        );
        const { status } = await checkAnswer(res, { allowed: ALLOWED });
        const after = await snapshot();
        const notAlices = (s: typeof before) => ({
          clients: s.clients.filter((c) => c.id !== alice.clientId),
          profiles: s.profiles.filter((p) => p.id !== alice.id),
        });
        expect(notAlices(after)).toEqual(notAlices(before));
        if (status >= 400) expect(after).toEqual(before);
        for (const c of after.clients) expect(c.name.trim().length).toBeGreaterThan(0);
      }),
      runs(40),
    );
  });

  it("'Convert to client': malformed ids and non-administrators are 4xx and write nothing", async () => {
    const lead = await submitLead(
      h.handle.db,
      {
        kind: "contact",
        name: "Fuzzy Lead",
        email: "fuzzy@example.co.za",
        phone: null,
        company: "Fuzz Co",
        message: "Hello",
      },
      {
        ip: null,
        leadsTo: "leads@agency.test",
        baseUrl: "http://localhost:3000",
        limits: { perIp: 1e6, perEmail: 1e6 },
      },
    );
    const leadId = lead.ok ? (lead.leadId ?? "") : "";
    const id = fc.oneof(fc.constant(leadId), fc.uuid(), nastyString);
    await fc.assert(
      fc.asyncProperty(
        id,
        formEntries({
          name: fc.oneof(fc.constant("Fuzz Co"), nastyString),
          invite: fc.constantFrom("lead", "none", "everyone"),
          createProject: fc.constantFrom("on", "", "yes"),
          title: fc.oneof(fc.constant("First project"), nastyString),
        }),
        encoding,
        fc.constantFrom(admin, alice),
        async (leadParam, entries, how, who) => {
          const before = await snapshot();
          const res = await run(
            convertAction,
            formPost("/portal/leads/x/convert", entries, how, { cookie: who.cookie }),
            { id: leadParam },
          );
          const { status } = await checkAnswer(res, { allowed: ALLOWED });
          if (status >= 400) expect(await snapshot()).toEqual(before);
          if (who === alice) expect(status).toBe(403);
        },
      ),
      runs(30),
    );
    const [row] = await h.handle.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row?.status === "won").toBe(row?.clientId !== null);
  });
});
