/**
 * A client with billing records is never removed (issue 32; decision 073 keeps tax records):
 * moving a self-registered client's only contact into another client, or making them a team
 * member, removes the client their sign-up made only when nothing hangs off it — its invoices
 * and proposals keep it, as its projects do. Before, the move failed on the invoices' foreign
 * key (a 500). Runs on PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as billingAction } from "~/routes/portal/billing";
import { action as clientAction } from "~/routes/portal/client";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, formRequest, type Harness, run } from "~/test/harness.server";
import { signUpAdmin } from "~/test/workspace.server";
import { grantRole } from "../accounts/roles.server";
import { addClient } from "../clients/clients.server";
import { clients, invoices, proposals } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

let h: Harness;
let admin: SignedUp;
let acmeId: string;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: "keep-admin@example.co.za" });
  admin = await signUpAdmin("keep-admin@example.co.za");
  const acme = await addClient(h.handle.db, admin.id, "Acme Ltd");
  if (!acme.ok) throw new Error(acme.message);
  acmeId = acme.client.id;
});
afterAll(() => h.close());

const clientRow = (id: string) =>
  h.handle.db.select({ id: clients.id }).from(clients).where(eq(clients.id, id));

describe(`a client with billing records stays (${testDatabaseKind()})`, () => {
  it("when its only contact moves into another client, with its invoice", async () => {
    const sipho = await signUp("keep-sipho@example.co.za", { fullName: "Sipho Dube" });
    const issued = await run(
      billingAction,
      formRequest(
        "/portal/billing",
        {
          intent: "one-off-invoice",
          clientId: sipho.clientId,
          description: "Audit",
          amount: "900",
        },
        { cookie: admin.cookie },
      ),
    );
    expect((await issued.json()).ok).toBe(true);
    const moved = await run(
      clientAction,
      formRequest(
        `/portal/clients/${sipho.clientId}`,
        { intent: "move-contact", userId: sipho.id, clientId: acmeId },
        { cookie: admin.cookie },
      ),
      { id: sipho.clientId },
    );
    expect(moved.status).toBe(302);
    expect(await clientRow(sipho.clientId)).toHaveLength(1);
    const kept = await h.handle.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.clientId, sipho.clientId));
    expect(kept).toHaveLength(1);
  });

  it("when its only contact becomes a team member, with its proposal", async () => {
    const thandi = await signUp("keep-thandi@example.co.za", { fullName: "Thandi Zulu" });
    await h.handle.db.insert(proposals).values({
      clientId: thandi.clientId,
      title: "Retainer",
      validUntil: "2030-01-01",
      vatBasisPoints: 1500,
    });
    await grantRole(h.handle.db, thandi.id, "team");
    expect(await clientRow(thandi.clientId)).toHaveLength(1);
    expect(
      await h.handle.db.select().from(proposals).where(eq(proposals.clientId, thandi.clientId)),
    ).toHaveLength(1);
  });
});
