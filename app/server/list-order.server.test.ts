/**
 * Every list a person sees has one order, ties included: rows that share the value a list is
 * sorted by (a name, a time written in one transaction) come in the order of their ids, so the
 * list is the same on every load and on PostgreSQL and PGlite alike. Each case writes the tied
 * rows in the order opposite to the one expected: without a last sort key the database hands
 * them back as it stored them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "~/test/accounts.server";
import { createHarness, type Harness } from "~/test/harness.server";
import { listSessions } from "./accounts/sessions.server";
import { proposalClients } from "./billing/proposals.server";
import { listHosts } from "./bookings/bookings.server";
import { setTakesMeetings } from "./bookings/hosts.server";
import { accountDeletions, clients, consents, session } from "./db/schema.server";
import { testDatabaseKind } from "./db/test-db.server";
import { listAccountDeletions } from "./privacy/privacy.server";
import { collectPersonalData } from "./privacy/privacy-export.server";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const ascending = (ids: string[]) => [...ids].sort();
const descending = (ids: string[]) => [...ids].sort().reverse();

describe(`lists with ties, on ${testDatabaseKind()}`, () => {
  it("a proposal's client choices: two clients of one name, by id", async () => {
    const ids = ["ffffffff-ffff-4fff-8fff-ffffffffffff", "00000000-0000-4000-8000-000000000001"];
    for (const id of ids) await h.handle.db.insert(clients).values({ id, name: "Twin Traders" });
    const twins = (await proposalClients(h.handle.db)).filter((c) => c.name === "Twin Traders");
    expect(twins.map((c) => c.id)).toEqual(ascending(ids));
  });

  it("the hosts who take meetings: four of one name, by id", async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const host = await signUp(`twin-host-${n}@order.test`, { fullName: "Twin Host" });
      await setTakesMeetings(h.handle.db, host.id, true);
      ids.push(host.id);
    }
    const hosts = (await listHosts(h.handle.db)).filter((x) => x.name === "Twin Host");
    expect(hosts.map((x) => x.id)).toEqual(ascending(ids));
  });

  it("Settings' sessions: this one first, then two last active at the same moment, newest id first", async () => {
    const person = await signUp("sessions@order.test");
    await h.handle.db.delete(session).where(eq(session.userId, person.id));
    const at = new Date("2026-11-01T10:00:00Z");
    const expiresAt = new Date(Date.now() + 86_400_000);
    for (const id of ["current", "tied-a", "tied-b"]) {
      await h.handle.db.insert(session).values({
        id,
        token: `token-${id}`,
        userId: person.id,
        expiresAt,
        createdAt: at,
        updatedAt: at,
      });
    }
    const listed = await listSessions(h.handle.db, person.id, "current");
    expect(listed.map((s) => s.id)).toEqual(["current", "tied-b", "tied-a"]);
  });

  it("Settings' account deletions: due on the same day by id; erased in one run by id, newest first", async () => {
    const people = [];
    for (const n of [1, 2, 3, 4]) people.push(await signUp(`leaving-${n}@order.test`));
    const ids = people.map((p) => p.id);
    const due = new Date("2026-12-01T00:00:00Z");
    const erased = new Date("2026-11-20T02:00:00Z");
    // Stored opposite to the expected order: the pending ones newest id first, the erased oldest.
    const [p1, p2, e1, e2] = [...descending(ids.slice(0, 2)), ...ascending(ids.slice(2))];
    for (const userId of [p1, p2]) {
      await h.handle.db
        .insert(accountDeletions)
        .values({ userId: userId as string, requestedAt: erased, dueAt: due });
    }
    for (const userId of [e1, e2]) {
      await h.handle.db
        .insert(accountDeletions)
        .values({ userId: userId as string, requestedAt: erased, dueAt: erased, erasedAt: erased });
    }
    const listed = await listAccountDeletions(h.handle.db);
    expect(listed.filter((r) => r.erasedAt === null).map((r) => r.userId)).toEqual(
      ascending(ids.slice(0, 2)),
    );
    expect(listed.filter((r) => r.erasedAt !== null).map((r) => r.userId)).toEqual(
      descending(ids.slice(2)),
    );
  });

  it("'My data': consents given in one transaction, by id", async () => {
    const person = await signUp("consents@order.test");
    await h.handle.db.delete(consents).where(eq(consents.userId, person.id));
    const givenAt = new Date("2026-11-01T10:00:00Z");
    const ids = ["ffffffff-ffff-4fff-8fff-ffffffffffff", "00000000-0000-4000-8000-000000000002"];
    for (const [i, id] of ids.entries()) {
      await h.handle.db.insert(consents).values({
        id,
        userId: person.id,
        email: "consents@order.test",
        purpose: i === 0 ? "privacy-notice" : "marketing",
        source: "sign-up",
        noticeVersion: "test",
        givenAt,
      });
    }
    const data = await collectPersonalData(h.handle.db, person.id, new Date());
    expect(data?.consents.map((c) => c.purpose)).toEqual(["marketing", "privacy-notice"]);
  });
});
