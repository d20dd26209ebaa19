/**
 * Where people see billing (issue 32, point 5), on PGlite and PostgreSQL: the agency's overview
 * per client and overall, the overdue list, a client's statement with its running balance, the
 * revenue figures of Analytics (and their CSV), and the reminders of invoices due and overdue,
 * each once with two instances. A team member sees billing only when given it; a contact only
 * their own client's.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { loader as analyticsLoader } from "~/routes/portal/analytics";
import { loader as csvLoader } from "~/routes/portal/analytics-csv";
import { action as billingAction, loader as billingLoader } from "~/routes/portal/billing";
import { loader as statementLoader } from "~/routes/portal/billing-statement-csv";
import { action as invoiceAction } from "~/routes/portal/invoice";
import type { SignedUp } from "~/test/accounts.server";
import { BILLING_ADMIN_EMAIL, billingPeople, whileGivenBilling } from "~/test/billing.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { invoices, notificationOccasions, notifications, proposals } from "../db/schema.server";
import { sendInvoiceReminders } from "./invoice-reminders.server";
import {
  billingByClient,
  clientStatement,
  overdueInvoices,
  revenueFigures,
} from "./overview.server";

let h: Harness;
let admin: SignedUp;
let contact: SignedUp;
let other: SignedUp;
let team: SignedUp;
const ids = { a: "", b: "", c: "", d: "" };
const NOW = new Date();
const today = todayInSouthAfrica(NOW);

async function oneOff(clientId: string, description: string, amount: string) {
  const res = await run(
    billingAction,
    formRequest(
      "/portal/billing",
      { intent: "one-off-invoice", clientId, description, amount, recipientVatNumber: "" },
      { cookie: admin.cookie },
    ),
  );
  expect((await res.json()).ok).toBe(true);
  const [row] = await h.handle.db
    .select({ id: invoices.id, total: invoices.totalCents })
    .from(invoices)
    .where(eq(invoices.description, description));
  return row as { id: string; total: number };
}

const post = (id: string, fields: Record<string, string>) =>
  run(
    invoiceAction,
    formRequest(`/portal/billing/invoices/${id}`, fields, { cookie: admin.cookie }),
    {
      id,
    },
  );

/** Move an invoice's dates back (as if issued `days` ago, due after the business's 7 days). */
const age = (id: string, dueOn: string, issuedOn = addDays(dueOn, -7)) =>
  h.handle.db.update(invoices).set({ dueOn, issuedOn }).where(eq(invoices.id, id));

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: BILLING_ADMIN_EMAIL });
  ({ admin, contact, other, team } = await billingPeople());
  // Lerato's client: A R1,000.00 + VAT (R1,150.00) 45 days late, part-paid R150.00;
  // B R2,000.00 + VAT (R2,300.00) credited; C R100.00 + VAT (R115.00) due in 3 days.
  // Sipho's client: D R400.00 + VAT (R460.00) 100 days late.
  const a = await oneOff(contact.clientId, "Setup A", "1000");
  const b = await oneOff(contact.clientId, "Setup B", "2000");
  const c = await oneOff(contact.clientId, "Setup C", "100");
  const d = await oneOff(other.clientId, "Setup D", "400");
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, d: d.id });
  await age(a.id, addDays(today, -45));
  await age(c.id, addDays(today, 3));
  await age(d.id, addDays(today, -100));
  expect(
    (
      await (
        await post(a.id, {
          intent: "record-payment",
          amount: "150",
          paidOn: today,
          reference: "EFT 1",
        })
      ).json()
    ).ok,
  ).toBe(true);
  expect((await (await post(b.id, { intent: "credit", reason: "Wrong amount" })).json()).ok).toBe(
    true,
  );
});
afterAll(() => h.close());

const all = { kind: "all" } as const;

describe("the overview", () => {
  it("sums each client's invoices and the total, in exact cents", async () => {
    const { clients, totals } = await billingByClient(h.handle.db, all, NOW);
    const lerato = clients.find((c) => c.clientId === contact.clientId);
    expect(lerato).toMatchObject({
      invoices: 3,
      invoicedCents: 115_000 + 11_500,
      paidCents: 15_000,
      outstandingCents: 100_000 + 11_500,
      overdueCents: 100_000,
    });
    expect(totals).toMatchObject({
      invoices: 4,
      invoicedCents: 115_000 + 11_500 + 46_000,
      outstandingCents: 100_000 + 11_500 + 46_000,
      overdueCents: 146_000,
    });
  });

  it("lists overdue invoices, the longest late first", async () => {
    const { invoices: late, total } = await overdueInvoices(h.handle.db, all, NOW);
    expect(total).toBe(2);
    expect(late.map((i) => [i.id, i.daysLate, i.owedCents])).toEqual([
      [ids.d, 100, 46_000],
      [ids.a, 45, 100_000],
    ]);
  });

  it("keeps a team member without billing out, in the query", async () => {
    const scope = { kind: "team", userId: team.id } as const;
    expect((await billingByClient(h.handle.db, scope, NOW)).clients).toEqual([]);
    expect((await overdueInvoices(h.handle.db, scope, NOW)).total).toBe(0);
    expect((await revenueFigures(h.handle.db, scope, period(), NOW)).outstandingCents).toBe(0);
    await whileGivenBilling(team, async () => {
      const seen = await billingByClient(h.handle.db, scope, NOW);
      expect(seen.clients.map((c) => c.clientId)).toEqual([contact.clientId]);
      expect((await overdueInvoices(h.handle.db, scope, NOW)).invoices.map((i) => i.id)).toEqual([
        ids.a,
      ]);
    });
  });

  it("shows the administrator the overview and overdue list; a contact their statement only", async () => {
    const staff = await (
      await run(billingLoader, getRequest("/portal/billing", admin.cookie))
    ).json();
    expect(staff.overview.totals.overdueCents).toBe(146_000);
    expect(staff.overdue.total).toBe(2);
    expect(staff.statement).toBeNull();
    const one = await run(
      billingLoader,
      getRequest(`/portal/billing?client=${other.clientId}`, admin.cookie),
    );
    const oneBody = await one.json();
    expect(oneBody.overview).toBeNull();
    expect(oneBody.invoices.rows.map((i: { id: string }) => i.id)).toEqual([ids.d]);
    expect(oneBody.statement.balanceCents).toBe(46_000);
    const bad = await run(billingLoader, getRequest("/portal/billing?client=nope", admin.cookie));
    expect(bad.status).toBe(400);
    const mine = await (
      await run(billingLoader, getRequest("/portal/billing", contact.cookie))
    ).json();
    expect(mine.overview).toBeNull();
    expect(mine.overdue).toBeNull();
    expect(mine.statement.entries.length).toBe(5);
    // A contact's ?client= is ignored: their own client's statement.
    const tried = await (
      await run(
        billingLoader,
        getRequest(`/portal/billing?client=${other.clientId}`, contact.cookie),
      )
    ).json();
    expect(tried.statement.clientName).toBe(mine.statement.clientName);
  });
});

describe("the statement", () => {
  it("runs the balance over invoices, credit notes and payments", async () => {
    const s = await clientStatement(h.handle.db, all, contact.clientId);
    expect(s?.entries.map((e) => [e.kind, e.amountCents])).toEqual([
      // A was issued 52 days ago, C 4 days ago, B today (credited today); A's payment today.
      ["invoice", 115_000],
      ["invoice", 11_500],
      ["invoice", 230_000],
      ["credit-note", -230_000],
      ["payment", -15_000],
    ]);
    expect(s?.entries.map((e) => e.balanceCents)).toEqual([
      115_000, 126_500, 356_500, 126_500, 111_500,
    ]);
    expect(s?.balanceCents).toBe(111_500);
    // Not the contact's client: nothing.
    expect(
      await clientStatement(
        h.handle.db,
        { kind: "client", clientId: contact.clientId },
        other.clientId,
      ),
    ).toBeNull();
  });

  it("downloads as CSV, debits and credits apart, and asks staff which client", async () => {
    const res = await run(
      statementLoader,
      getRequest("/portal/billing/statement.csv", contact.cookie),
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("Date,Type,Number,Description,Debit (R),Credit (R),Balance (R)");
    expect(text).toMatch(/Payment,INV-\d{4},Payment \(EFT\) EFT 1,,150\.00,1115\.00/);
    const staff = await run(
      statementLoader,
      getRequest("/portal/billing/statement.csv", admin.cookie),
    );
    expect(staff.status).toBe(400);
    const denied = await run(
      statementLoader,
      getRequest(`/portal/billing/statement.csv?client=${contact.clientId}`, team.cookie),
    );
    expect(denied.status).toBe(403); // a team member not given billing
  });
});

function period() {
  return {
    choice: "custom" as const,
    from: addDays(today, -30),
    to: today,
    start: "",
    end: "",
    days: 31,
    label: "",
  };
}

describe("revenue figures", () => {
  it("counts MRR, invoiced, credited, paid, outstanding and overdue by age", async () => {
    await h.handle.db.insert(proposals).values({
      clientId: contact.clientId,
      title: "Retainer",
      status: "accepted",
      validUntil: today,
      vatBasisPoints: 1500,
      monthlyCents: 450_000,
      signedName: "Lerato Mokoena",
      contentHash: "x",
    });
    const r = await revenueFigures(h.handle.db, all, period(), NOW);
    expect(r).toMatchObject({
      monthlyRecurringCents: 450_000,
      // A and D were issued more than 30 days ago.
      invoicedCents: 230_000 + 11_500,
      creditedCents: 230_000,
      paidCents: 15_000,
      outstandingCents: 157_500,
      overdueCents: 146_000,
    });
    expect(r.overdueByAge.map((a) => [a.invoices, a.owedCents])).toEqual([
      [0, 0],
      [1, 100_000],
      [0, 0],
      [1, 46_000],
    ]);
  });

  it("shows Revenue in Analytics to administrators, with a CSV; a team member needs billing", async () => {
    const page = await (
      await run(analyticsLoader, getRequest("/portal/analytics", admin.cookie))
    ).json();
    expect(page.seesBilling).toBe(true);
    expect(page.figures.revenue.table.rows).toContainEqual(["Overdue today", "1460.00"]);
    const csv = await run(
      csvLoader,
      getRequest("/portal/analytics/csv/overdue-by-age", admin.cookie),
      {
        figure: "overdue-by-age",
      },
    );
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Over 90 days,1,460.00");
    const teamPage = await (
      await run(analyticsLoader, getRequest("/portal/analytics", team.cookie))
    ).json();
    expect(teamPage.seesBilling).toBe(false);
    expect(teamPage.figures.revenue).toBeUndefined();
    const teamCsv = await run(csvLoader, getRequest("/portal/analytics/csv/revenue", team.cookie), {
      figure: "revenue",
    });
    expect(teamCsv.status).toBe(403);
    const contactCsv = await run(
      csvLoader,
      getRequest("/portal/analytics/csv/revenue", contact.cookie),
      {
        figure: "revenue",
      },
    );
    expect(contactCsv.status).toBe(403);
  });
});

describe("invoice reminders", () => {
  const told = async (kind: string) =>
    (
      await h.handle.db
        .select({ userId: notifications.userId, title: notifications.title })
        .from(notifications)
        .where(sql`${notifications.kind} = ${kind}`)
    ).map((n) => n.userId);

  it("tells of an invoice due soon and one overdue once, with two instances at once", async () => {
    await h.handle.db.delete(notifications);
    await h.handle.db.delete(notificationOccasions);
    // A (45 days late) and D (100 days late) are beyond the window: they were told before.
    await age(ids.a, addDays(today, -2));
    const [first, second] = await Promise.all([
      sendInvoiceReminders(h.handle.db, NOW),
      sendInvoiceReminders(h.handle.db, NOW),
    ]);
    // C due in 3 days (its contacts), A overdue (its contacts, and the administrator).
    expect((first?.reminders ?? 0) + (second?.reminders ?? 0)).toBe(3);
    expect(await told("invoice.due")).toEqual([contact.id]);
    expect(await told("invoice.overdue")).toEqual([contact.id]);
    expect(await told("invoice.overdue.agency")).toEqual([admin.id]);
    expect((await sendInvoiceReminders(h.handle.db, NOW)).reminders).toBe(0);
    // Paid invoices are not reminded of.
    await age(ids.c, today);
    await h.handle.db.delete(notificationOccasions);
    await h.handle.db.update(invoices).set({ status: "paid" }).where(eq(invoices.id, ids.c));
    expect((await sendInvoiceReminders(h.handle.db, NOW)).reminders).toBe(2);
  });
});
