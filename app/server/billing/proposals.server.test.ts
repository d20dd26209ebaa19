/**
 * Proposals (issue 32, point 2; decision 072), on PGlite and PostgreSQL, through the routes'
 * loaders and actions: an administrator writes one (packages at their prices, custom lines, VAT
 * of the day, deposit), sends it (the client's contacts are notified), a contact accepts it with
 * a typed-name signature (name, time, IP, user agent, content hash) or declines; accepted,
 * declined or expired, it cannot change. Who sees what is enforced in the query.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInSouthAfrica } from "~/lib/dates";
import { action as billingAction, loader as billingLoader } from "~/routes/portal/billing";
import { action as proposalAction, loader as proposalLoader } from "~/routes/portal/proposal";
import { action as newAction, loader as newLoader } from "~/routes/portal/proposal-new";
import { action as teamAction } from "~/routes/portal/team";
import type { SignedUp } from "~/test/accounts.server";
import { BILLING_ADMIN_EMAIL, billingPeople } from "~/test/billing.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { leads, notifications, proposals, vatRates } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { setBillingAccess } from "./access.server";
import { proposalTotals } from "./proposals.server";

let h: Harness;
let admin: SignedUp;
let contact: SignedUp;
let other: SignedUp;
let team: SignedUp;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: BILLING_ADMIN_EMAIL });
  ({ admin, contact, other, team } = await billingPeople());
});
afterAll(() => h.close());

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const proposalForm = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  clientId: contact.clientId,
  title: "Growth package and voice agent",
  validUntil: inAWeek(),
  depositPercent: "50",
  billingDay: "5",
  terms: "30 days' notice.",
  recipientVatNumber: "",
  item0Package: "Growth",
  item0Description: "",
  item0Kind: "once-off",
  item0Quantity: "1",
  item0Price: "",
  item1Package: "",
  item1Description: "Voice agent setup",
  item1Kind: "once-off",
  item1Quantity: "2",
  item1Price: "R 10 000,50",
  ...overrides,
});

async function create(fields: Record<string, string>, cookie = admin.cookie) {
  return run(newAction, formRequest("/portal/billing/proposals/new", fields, { cookie }));
}

async function createdId(fields = proposalForm()) {
  const res = await create(fields);
  expect(res.status).toBe(302);
  return (res.headers.get("location") ?? "").split("/").pop() ?? "";
}

const page = (id: string, cookie: string) =>
  run(proposalLoader, getRequest(`/portal/billing/proposals/${id}`, cookie), { id });
const post = (id: string, fields: Record<string, string>, cookie: string, userAgent?: string) =>
  run(
    proposalAction,
    formRequest(`/portal/billing/proposals/${id}`, fields, {
      cookie,
      ip: "198.51.100.7",
      userAgent,
    }),
    { id },
  );

describe(`proposals, on ${testDatabaseKind()}`, () => {
  it("adds up once-off and monthly lines with VAT rounded once per sum, and the deposit", () => {
    const totals = proposalTotals(
      [
        { kind: "once-off", quantity: 3, unitCents: 33_333 },
        { kind: "monthly", quantity: 1, unitCents: 1_250_000 },
      ],
      1500,
      50,
    );
    expect(totals).toEqual({
      onceOffCents: 99_999,
      onceOffVatCents: 15_000,
      onceOffTotalCents: 114_999,
      monthlyCents: 1_250_000,
      monthlyVatCents: 187_500,
      monthlyTotalCents: 1_437_500,
      depositCents: 50_000,
      depositVatCents: 7_500,
      depositTotalCents: 57_500,
    });
  });

  it("lets an administrator create one: packages at their price, custom lines, today's VAT", async () => {
    const id = await createdId();
    const res = await page(id, admin.cookie);
    const { proposal, canEdit, canAnswer } = await res.json();
    expect(canEdit).toBe(true);
    expect(canAnswer).toBe(false);
    expect(proposal).toMatchObject({ state: "draft", vatBasisPoints: 1500, depositPercent: 50 });
    expect(proposal.lines).toMatchObject([
      {
        kind: "monthly",
        packageName: "Growth",
        description: "Growth package",
        unitCents: 1_250_000,
      },
      { kind: "once-off", description: "Voice agent setup", quantity: 2, unitCents: 1_000_050 },
    ]);
    expect(proposal.totals).toMatchObject({
      onceOffCents: 2_000_100,
      onceOffVatCents: 300_015,
      monthlyCents: 1_250_000,
      monthlyTotalCents: 1_437_500,
      depositCents: 1_000_050,
      depositTotalCents: 1_150_058,
    });
  });

  it("uses the VAT rate of the day it is written; an earlier proposal keeps its own", async () => {
    const before = await createdId();
    const today = todayInSouthAfrica(new Date());
    await h.handle.db.insert(vatRates).values({ startsOn: today, basisPoints: 1600 });
    try {
      const after = await createdId();
      expect((await (await page(after, admin.cookie)).json()).proposal.vatBasisPoints).toBe(1600);
      expect((await (await page(before, admin.cookie)).json()).proposal.vatBasisPoints).toBe(1500);
    } finally {
      await h.handle.db.delete(vatRates).where(eq(vatRates.startsOn, today));
    }
  });

  it("refuses bad input with the field and what was typed, and makes nothing", async () => {
    const before = (await h.handle.db.select().from(proposals)).length;
    const cases: [Record<string, string>, string, string | RegExp][] = [
      [{ title: "" }, "title", "Title is required"],
      [{ item0Package: "Enterprise" }, "item0Package", /Enterprise is priced per project/],
      [{ item0Package: "Platinum" }, "item0Package", /choose a package/],
      [{ item1Price: "12.345" }, "item1Price", /price must be an amount in rand/],
      [{ item1Quantity: "0" }, "item1Quantity", /quantity must be a whole number/],
      [{ depositPercent: "101" }, "depositPercent", /Deposit must be/],
      [{ billingDay: "31" }, "billingDay", /Billing day must be/],
      [{ recipientVatNumber: "123" }, "recipientVatNumber", /Client VAT number/],
      [{ clientId: "not-a-client" }, "clientId", "Choose a client"],
      [{ validUntil: "2027-02-30" }, "validUntil", "Valid until must be a date"],
      [
        { item0Package: "", item1Description: "", item1Price: "" },
        "item0Description",
        "Add at least one line item",
      ],
    ];
    for (const [bad, field, error] of cases) {
      const res = await create(proposalForm(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      const body = await res.json();
      expect(body.field).toBe(field);
      expect(body.error).toMatch(error);
      expect(body.values.title).toBe(proposalForm(bad).title);
    }
    const past = await create(proposalForm({ validUntil: "2020-01-01" }));
    expect(past.status).toBe(400);
    expect((await past.json()).error).toBe("Valid until cannot be in the past");
    const depositOnMonthly = await create(
      proposalForm({ item1Description: "", item1Price: "", depositPercent: "20" }),
    );
    expect((await depositOnMonthly.json()).error).toMatch(/add a once-off item/);
    const unknownClient = await create(
      proposalForm({ clientId: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(unknownClient.status).toBe(404);
    expect((await h.handle.db.select().from(proposals)).length).toBe(before);
  });

  it("is the administrators': a contact or a team member cannot create or send one", async () => {
    expect((await create(proposalForm(), contact.cookie)).status).toBe(403);
    expect((await create(proposalForm(), team.cookie)).status).toBe(403);
    const newPage = await run(
      newLoader,
      getRequest("/portal/billing/proposals/new", contact.cookie),
    );
    expect(newPage.status).toBe(403);
    const id = await createdId();
    const sent = await post(id, { intent: "send" }, team.cookie);
    expect(sent.status).toBe(403);
  });

  it("shows a draft to nobody but the agency; sending notifies the client's contacts", async () => {
    const id = await createdId();
    expect((await page(id, contact.cookie)).status).toBe(404);
    const listed = await (
      await run(billingLoader, getRequest("/portal/billing", contact.cookie))
    ).json();
    expect(listed.proposals.rows.map((p: { id: string }) => p.id)).not.toContain(id);

    const sent = await post(id, { intent: "send" }, admin.cookie);
    expect(await sent.json()).toMatchObject({ ok: true, success: "Proposal sent to the client" });
    const told = await h.handle.db
      .select({
        userId: notifications.userId,
        link: notifications.link,
        email: notifications.emailState,
      })
      .from(notifications)
      .where(eq(notifications.kind, "proposal.sent"));
    expect(told).toContainEqual({
      userId: contact.id,
      link: `/portal/billing/proposals/${id}`,
      email: "pending",
    });
    expect(told.map((t) => t.userId)).not.toContain(other.id);

    const contactPage = await (await page(id, contact.cookie)).json();
    expect(contactPage).toMatchObject({ canAnswer: true, canEdit: false });
    expect(contactPage.proposal.state).toBe("sent");
    const list = await (
      await run(billingLoader, getRequest("/portal/billing", contact.cookie))
    ).json();
    expect(list.proposals.rows.map((p: { id: string }) => p.id)).toContain(id);
    expect(list.business).toBeNull();
  });

  it("hides a client's proposals from another client and from a team member without billing", async () => {
    const id = await createdId();
    await post(id, { intent: "send" }, admin.cookie);
    expect((await page(id, other.cookie)).status).toBe(404);
    const otherList = await (
      await run(billingLoader, getRequest("/portal/billing", other.cookie))
    ).json();
    expect(otherList.proposals.rows).toEqual([]);
    expect((await post(id, { intent: "decline" }, other.cookie)).status).toBe(404);

    // A team member not given billing is refused billing outright (403), list and proposal.
    expect((await page(id, team.cookie)).status).toBe(403);
    expect((await run(billingLoader, getRequest("/portal/billing", team.cookie))).status).toBe(403);
    const given = await run(
      teamAction,
      formRequest(
        "/portal/team",
        { intent: "billing-access", userId: team.id, billing: "on" },
        { cookie: admin.cookie },
      ),
    );
    expect(await given.json()).toMatchObject({ ok: true, success: "Billing access given" });
    const byContact = await run(
      teamAction,
      formRequest(
        "/portal/team",
        { intent: "billing-access", userId: team.id, billing: "on" },
        { cookie: contact.cookie },
      ),
    );
    expect(byContact.status).toBe(403);
    const teamPage = await (await page(id, team.cookie)).json();
    expect(teamPage).toMatchObject({ canEdit: false, canAnswer: false });
    // A team member given billing still answers nothing: only the client's contacts do.
    expect((await post(id, { intent: "decline" }, team.cookie)).status).toBe(404);
    await setBillingAccess(h.handle.db, team.id, false);
    expect((await page(id, team.cookie)).status).toBe(403);
  });

  it("is accepted with a typed name and the tick, recording who, when, where and what", async () => {
    const id = await createdId();
    await post(id, { intent: "send" }, admin.cookie);
    const { proposal } = await (await page(id, contact.cookie)).json();
    const accept = (fields: Record<string, string>) =>
      post(
        id,
        { intent: "accept", contentHash: proposal.contentHash, ...fields },
        contact.cookie,
        "Mozilla/5.0 (test)",
      );

    const noTick = await accept({ signedName: "Lerato Mokoena" });
    expect(noTick.status).toBe(400);
    expect(await noTick.json()).toMatchObject({ field: "agree" });
    const oneWord = await accept({ signedName: "Lerato", agree: "on" });
    expect(await oneWord.json()).toMatchObject({
      field: "signedName",
      error: "Type your full name as your signature",
      values: { signedName: "Lerato" },
    });

    // The agency changes it while the contact reads: the old version cannot be accepted.
    const edited = await post(id, proposalForm({ title: "Growth package, revised" }), admin.cookie);
    expect(edited.status).toBe(200);
    const stale = await accept({ signedName: "Lerato Mokoena", agree: "on" });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toMatch(/changed while you were reading/);

    const fresh = (await (await page(id, contact.cookie)).json()).proposal;
    expect(fresh.contentHash).not.toBe(proposal.contentHash);
    const ok = await post(
      id,
      {
        intent: "accept",
        contentHash: fresh.contentHash,
        signedName: "Lerato Mokoena",
        agree: "on",
      },
      contact.cookie,
      "Mozilla/5.0 (test)",
    );
    expect(await ok.json()).toMatchObject({ ok: true, success: "Proposal accepted. Thank you!" });
    const [row] = await h.handle.db.select().from(proposals).where(eq(proposals.id, id));
    expect(row).toMatchObject({
      status: "accepted",
      signedName: "Lerato Mokoena",
      signedBy: contact.id,
      signedIp: "198.51.100.7",
      signedUserAgent: "Mozilla/5.0 (test)",
      contentHash: fresh.contentHash,
    });
    expect(row?.answeredAt).toBeInstanceOf(Date);
    const after = await (await page(id, admin.cookie)).json();
    expect(after.canEdit).toBe(false);
    expect(after.proposal.signature).toMatchObject({
      name: "Lerato Mokoena",
      contentHash: fresh.contentHash,
    });
    // The page's hash is still the signed one: nothing it shows has changed.
    expect(after.proposal.contentHash).toBe(fresh.contentHash);

    const agencyTold = await h.handle.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, "proposal.answered"), eq(notifications.userId, admin.id)));
    expect(agencyTold.length).toBeGreaterThan(0);

    // Accepted: it never changes, and is not answered again.
    const change = await post(id, proposalForm({ title: "Sneaky" }), admin.cookie);
    expect(change.status).toBe(409);
    expect((await post(id, { intent: "send" }, admin.cookie)).status).toBe(409);
    expect((await post(id, { intent: "decline" }, contact.cookie)).status).toBe(409);
    const [still] = await h.handle.db.select().from(proposals).where(eq(proposals.id, id));
    expect(still?.title).toBe("Growth package, revised");
  });

  it("is declined, and then locked", async () => {
    const id = await createdId();
    await post(id, { intent: "send" }, admin.cookie);
    const res = await post(id, { intent: "decline" }, contact.cookie);
    expect(await res.json()).toMatchObject({ ok: true });
    expect((await (await page(id, contact.cookie)).json()).proposal.state).toBe("declined");
    expect((await post(id, proposalForm(), admin.cookie)).status).toBe(409);
  });

  it("expires after its validity date: it can no longer be accepted or changed", async () => {
    const id = await createdId();
    await post(id, { intent: "send" }, admin.cookie);
    const { proposal } = await (await page(id, contact.cookie)).json();
    await h.handle.db
      .update(proposals)
      .set({ validUntil: "2020-01-01" })
      .where(eq(proposals.id, id));
    const res = await post(
      id,
      {
        intent: "accept",
        contentHash: proposal.contentHash,
        signedName: "Lerato Mokoena",
        agree: "on",
      },
      contact.cookie,
    );
    expect(res.status).toBe(409);
    expect((await page(id, admin.cookie)).status).toBe(200);
    expect((await (await page(id, admin.cookie)).json()).proposal.state).toBe("expired");
    expect((await post(id, proposalForm(), admin.cookie)).status).toBe(409);
  });

  it("starts from a quote request: its package at its price, its dates in the terms", async () => {
    const [lead] = await h.handle.db
      .insert(leads)
      .values({
        kind: "quote",
        name: "Zola Dube",
        email: "zola@example.co.za",
        company: "Dube Logistics",
        message: "Quote please",
        packageName: "Starter",
        startDate: "2027-01-11",
        consent: true,
        consentAt: new Date(),
        consentNotice: "I agree",
        privacyNoticeVersion: "test",
      })
      .returning({ id: leads.id });
    const url = `/portal/billing/proposals/new?lead=${lead?.id}`;
    const unconverted = await (await run(newLoader, getRequest(url, admin.cookie))).json();
    expect(unconverted.draft).toMatchObject({
      leadId: lead?.id,
      clientId: null,
      title: "Starter package for Dube Logistics",
      notice: expect.stringMatching(/Convert this lead to a client first/),
      items: [{ packageName: "Starter", kind: "monthly", unitCents: 450_000 }],
    });
    expect(unconverted.draft.terms).toMatch(/Planned start: 2027-01-11/);
    await h.handle.db
      .update(leads)
      .set({ clientId: contact.clientId })
      .where(eq(leads.id, lead?.id ?? ""));
    const converted = await (await run(newLoader, getRequest(url, admin.cookie))).json();
    expect(converted.draft).toMatchObject({ clientId: contact.clientId, notice: null });
    const id = await createdId(
      proposalForm({
        leadId: lead?.id ?? "",
        item0Package: "Starter",
        item1Description: "",
        item1Price: "",
        depositPercent: "0",
      }),
    );
    const [row] = await h.handle.db.select().from(proposals).where(eq(proposals.id, id));
    expect(row).toMatchObject({ leadId: lead?.id, monthlyCents: 450_000, onceOffCents: 0 });
  });

  it("keeps the Billing page's business details an administrator's", async () => {
    const res = await run(
      billingAction,
      formRequest("/portal/billing", { intent: "unknown" }, { cookie: admin.cookie }),
    );
    expect(res.status).toBe(400);
  });
});
