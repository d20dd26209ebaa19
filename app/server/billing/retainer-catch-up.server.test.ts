/**
 * A retainer month the server missed (issue 32): when the job did not run on a month's billing
 * day (the server was down that whole month), its next run issues that month's invoice too,
 * oldest month first, once — however often it runs. Runs on PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { type SignedUp, signUp } from "~/test/accounts.server";
import { createHarness, type Harness } from "~/test/harness.server";
import { invoices, proposalItems, proposals } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { issueRetainerInvoices } from "./invoices.server";

let h: Harness;
let contact: SignedUp;
const NOW = new Date();
const today = todayInSouthAfrica(NOW);

/** The month `n` months before this one, as YYYY-MM. */
function monthsAgo(n: number): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1 - n;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 7);
}

beforeAll(async () => {
  h = await createHarness();
  contact = await signUp("catch-up@example.co.za", { fullName: "Lindiwe Catch" });
});
afterAll(() => h.close());

describe(`a missed retainer month (${testDatabaseKind()})`, () => {
  it("is issued by the next run, oldest first, once", async () => {
    // Accepted the day before the 1st of two months ago; billed on the 1st of each month.
    const accepted = addDays(`${monthsAgo(2)}-01`, -1);
    const [p] = await h.handle.db
      .insert(proposals)
      .values({
        clientId: contact.clientId,
        title: "Growth retainer",
        status: "accepted",
        validUntil: accepted,
        vatBasisPoints: 1500,
        monthlyCents: 500_000,
        billingDay: 1,
        answeredAt: new Date(`${accepted}T12:00:00+02:00`),
        signedName: "Lindiwe Catch",
        contentHash: "x",
      })
      .returning({ id: proposals.id });
    const id = p?.id as string;
    await h.handle.db.insert(proposalItems).values({
      proposalId: id,
      position: 0,
      kind: "monthly",
      description: "Growth",
      quantity: 1,
      unitCents: 500_000,
    });
    await issueRetainerInvoices(h.handle.db, NOW);
    await issueRetainerInvoices(h.handle.db, NOW);
    const issued = await h.handle.db
      .select({ period: invoices.period, serial: invoices.serial })
      .from(invoices)
      .where(eq(invoices.proposalId, id))
      .orderBy(invoices.serial);
    expect(issued.map((i) => i.period)).toEqual([monthsAgo(2), monthsAgo(1), monthsAgo(0)]);
  });
});
