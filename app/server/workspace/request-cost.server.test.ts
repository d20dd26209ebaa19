/**
 * What a signed-in portal request costs the database (issue 17): the session, its user, profile
 * and role in one statement, and no write unless the session's recorded activity is older than
 * TOUCH_EVERY_MS.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as layoutLoader } from "~/routes/portal/layout";
import { TOUCH_EVERY_MS } from "~/server/accounts/sessions.server";
import { forgetKeptReads } from "~/server/db/client.server";
import { session } from "~/server/db/schema.server";
import { signUp } from "~/test/accounts.server";
import { createHarness, getRequest, type Harness, run } from "~/test/harness.server";
import { watchStatements } from "~/test/statements.server";

let h: Harness;
const statements: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  watchStatements(h.handle, ({ text }) => statements.push(text));
});
afterAll(() => h.close());

async function statementsOf(request: () => Promise<Response>) {
  statements.length = 0;
  const res = await request();
  expect(res.status).toBe(200);
  return [...statements];
}

const writes = (list: string[]) => list.filter((s) => /^\s*(insert|update|delete)\b/i.test(s));

describe("a signed-in portal request", () => {
  it("reads the session with the profile and role in one statement, and writes nothing", async () => {
    const alice = await signUp("cost-alice@example.co.za", { fullName: "Alice Cost" });
    const page = () => run(layoutLoader, getRequest("/portal", alice.cookie));
    await page();
    // On PGlite the read is kept until the next write (decision 030): forgotten, it is sent.
    if (h.handle.pglite) forgetKeptReads(h.handle.pglite);
    const sent = await statementsOf(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/from "session"/);
    expect(sent[0]).toMatch(/"profiles"/);
    expect(writes(sent)).toEqual([]);
    // Again, with nothing written since: PGlite is asked nothing; PostgreSQL, that one read.
    expect(await statementsOf(page)).toHaveLength(h.handle.pglite ? 0 : 1);
  });

  it("is refused at once when the session is ended, though its read was kept", async () => {
    const dora = await signUp("cost-dora@example.co.za", { fullName: "Dora Cost" });
    const page = () => run(layoutLoader, getRequest("/portal", dora.cookie));
    await page();
    expect((await page()).status).toBe(200);
    await h.handle.db.delete(session).where(eq(session.userId, dora.id));
    const res = await page();
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth");
  });

  it("opens the portal when the profile cannot be read, with the session read alone", async () => {
    const carol = await signUp("cost-carol@example.co.za", { fullName: "Carol Cost" });
    const page = () => run(layoutLoader, getRequest("/portal", carol.cookie));
    await h.handle.db.execute(sql`alter table profiles rename to profiles_away`);
    try {
      const res = await page();
      expect(res.status).toBe(200);
      const body = (await res.json()) as { user: { email: string; fullName: string | null } };
      expect(body.user).toMatchObject({ email: "cost-carol@example.co.za", fullName: null });
    } finally {
      await h.handle.db.execute(sql`alter table profiles_away rename to profiles`);
    }
    const back = (await (await page()).json()) as { user: { fullName: string | null } };
    expect(back.user.fullName).toBe("Carol Cost");
  });

  it("records the session's activity once it is older than the interval, then not again", async () => {
    const bob = await signUp("cost-bob@example.co.za", { fullName: "Bob Cost" });
    await h.handle.db
      .update(session)
      .set({ updatedAt: sql`now() - ${`${TOUCH_EVERY_MS + 60_000} milliseconds`}::interval` })
      .where(eq(session.userId, bob.id));
    const page = () => run(layoutLoader, getRequest("/portal", bob.cookie));
    const first = await statementsOf(page);
    expect(writes(first)).toHaveLength(1);
    expect(writes(first)[0]).toMatch(/^update "session"/);
    expect(writes(await statementsOf(page))).toEqual([]);
  });
});
