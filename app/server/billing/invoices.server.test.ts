/**
 * Tax invoices and credit notes (issue 32, point 3; decision 073), on PGlite and PostgreSQL: the
 * deposit invoice at acceptance, the retainer on its day by a job two instances may run at once,
 * one-off invoices by hand, numbers without gaps (also when a document rolls back), the PDF,
 * credit notes that void, and who sees what.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime, periodName, todayInSouthAfrica } from "~/lib/dates";
import { action as billingAction, loader as billingLoader } from "~/routes/portal/billing";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/portal/invoice";
import { loader as pdfLoader } from "~/routes/portal/invoice-pdf";
import { action as proposalAction, loader as proposalLoader } from "~/routes/portal/proposal";
import { action as newAction } from "~/routes/portal/proposal-new";
import { loader as proposalPdfLoader } from "~/routes/portal/proposal-pdf";
import type { SignedUp } from "~/test/accounts.server";
import { BILLING_ADMIN_EMAIL, billingPeople } from "~/test/billing.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { textOfPdf } from "~/test/pdf.server";
import { creditNotes, invoiceLines, invoices, notifications, proposals } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { collectPersonalData } from "../privacy/privacy-export.server";
import { issueInvoiceIn, issueRetainerInvoices } from "./invoices.server";

let h: Harness;
let admin: SignedUp;
let contact: SignedUp;
let other: SignedUp;
let team: SignedUp;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: BILLING_ADMIN_EMAIL });
  ({ admin, contact, other, team } = await billingPeople());
  await run(
    billingAction,
    formRequest(
      "/portal/billing",
      {
        intent: "business-details",
        legalName: "Cape AI Automations (Pty) Ltd",
        address: "12 Bree Street\nCape Town 8001",
        vatNumber: "4123456789",
        bankName: "First National Bank",
        accountHolder: "Cape AI Automations (Pty) Ltd",
        accountNumber: "62123456789",
        branchCode: "250655",
        paymentDays: "7",
      },
      { cookie: admin.cookie },
    ),
  );
});
afterAll(() => h.close());

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** A proposal sent and accepted: R20,000.00 once-off (50% deposit) and Growth monthly. */
async function acceptedProposal(fields: Record<string, string> = {}) {
  const res = await run(
    newAction,
    formRequest(
      "/portal/billing/proposals/new",
      {
        clientId: contact.clientId,
        title: "Growth and setup",
        validUntil: inAWeek(),
        depositPercent: "50",
        billingDay: "5",
        terms: "",
        recipientVatNumber: "4987654321",
        item0Package: "Growth",
        item1Description: "Voice agent setup",
        item1Kind: "once-off",
        item1Quantity: "1",
        item1Price: "20000",
        ...fields,
      },
      { cookie: admin.cookie },
    ),
  );
  expect(res.status).toBe(302);
  const id = (res.headers.get("location") ?? "").split("/").pop() ?? "";
  const post = (f: Record<string, string>, cookie: string) =>
    run(proposalAction, formRequest(`/portal/billing/proposals/${id}`, f, { cookie }), { id });
  await post({ intent: "send" }, admin.cookie);
  const page = await run(
    proposalLoader,
    getRequest(`/portal/billing/proposals/${id}`, contact.cookie),
    { id },
  );
  const { proposal } = await page.json();
  const accepted = await post(
    {
      intent: "accept",
      contentHash: proposal.contentHash,
      signedName: "Lerato Mokoena",
      agree: "on",
    },
    contact.cookie,
  );
  expect((await accepted.json()).ok).toBe(true);
  return id;
}

const invoicePage = (id: string, cookie: string) =>
  run(invoiceLoader, getRequest(`/portal/billing/invoices/${id}`, cookie), { id });

async function serials() {
  const rows = await h.handle.db.select({ serial: invoices.serial }).from(invoices);
  return rows.map((r) => r.serial).sort((a, b) => a - b);
}
const gapless = (list: number[]) => list.every((s, i) => s === i + 1);

/** The day of next month (South Africa) at 10:00, as the job's clock. */
function nextMonthOn(day: number) {
  const [y, m] = todayInSouthAfrica(new Date()).split("-").map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
  return { at: new Date(`${next}-${String(day).padStart(2, "0")}T10:00:00+02:00`), period: next };
}

describe(`invoices, on ${testDatabaseKind()}`, () => {
  it("issues the deposit invoice the moment a proposal is accepted, as a tax invoice", async () => {
    const proposalId = await acceptedProposal();
    const [deposit] = await h.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.proposalId, proposalId));
    expect(deposit).toMatchObject({
      kind: "deposit",
      serial: 1,
      number: "INV-0001",
      status: "issued",
      clientId: contact.clientId,
      recipientName: "Lerato Mokoena",
      recipientVatNumber: "4987654321",
      vatBasisPoints: 1500,
      subtotalCents: 1_000_000,
      vatCents: 150_000,
      totalCents: 1_150_000,
      supplier: expect.objectContaining({
        legalName: "Cape AI Automations (Pty) Ltd",
        vatNumber: "4123456789",
      }),
    });
    const today = todayInSouthAfrica(new Date());
    expect(deposit?.issuedOn).toBe(today);
    const told = await h.handle.db
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.kind, "invoice.issued"));
    expect(told).toContainEqual({
      userId: contact.id,
      link: `/portal/billing/invoices/${deposit?.id}`,
    });

    // The contact sees it on Billing and on the accepted proposal's page.
    const billing = await (
      await run(billingLoader, getRequest("/portal/billing", contact.cookie))
    ).json();
    expect(billing.invoices.rows).toContainEqual(
      expect.objectContaining({ number: "INV-0001", state: "issued", totalCents: 1_150_000 }),
    );
    const proposalPage = await (
      await run(
        proposalLoader,
        getRequest(`/portal/billing/proposals/${proposalId}`, contact.cookie),
        {
          id: proposalId,
        },
      )
    ).json();
    expect(proposalPage.invoices.rows.map((i: { number: string }) => i.number)).toEqual([
      "INV-0001",
    ]);

    const page = await (await invoicePage(deposit?.id ?? "", contact.cookie)).json();
    expect(page.canCredit).toBe(false);
    // PayFast is not set up in this harness: no 'Pay now', only the EFT details.
    expect(page.payNow).toBeNull();
    expect(page.invoice.lines).toMatchObject([{ quantity: 1, unitCents: 1_000_000 }]);
    const pdf = await run(
      pdfLoader,
      getRequest(`/portal/billing/invoices/${deposit?.id}/pdf`, contact.cookie),
      { id: deposit?.id ?? "" },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain('filename="INV-0001.pdf"');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(bytes.startsWith("%PDF")).toBe(true);
  });

  it("issues no invoice for a proposal without a deposit", async () => {
    const before = await serials();
    await acceptedProposal({ depositPercent: "0" });
    expect(await serials()).toEqual(before);
  });

  it("hides invoices from another client and from a team member without billing", async () => {
    const [any] = await h.handle.db.select({ id: invoices.id }).from(invoices).limit(1);
    const id = any?.id ?? "";
    expect((await invoicePage(id, other.cookie)).status).toBe(404);
    expect((await invoicePage(id, team.cookie)).status).toBe(403); // not given billing
    const pdf = await run(
      pdfLoader,
      getRequest(`/portal/billing/invoices/${id}/pdf`, other.cookie),
      { id },
    );
    expect(pdf.status).toBe(404);
    const list = await (
      await run(billingLoader, getRequest("/portal/billing", other.cookie))
    ).json();
    expect(list.invoices.rows).toEqual([]);
  });

  it("issues each month's retainer once on its day, even with two instances at once", async () => {
    const { at, period } = nextMonthOn(5);
    const dayBefore = nextMonthOn(4).at;
    expect(await issueRetainerInvoices(h.handle.db, dayBefore)).toEqual({ issued: 0 });
    const [a, b] = await Promise.all([
      issueRetainerInvoices(h.handle.db, at),
      issueRetainerInvoices(h.handle.db, at),
    ]);
    const retainers = await h.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.kind, "retainer"));
    // Two accepted proposals with the Growth package monthly: one invoice each.
    expect(retainers.length).toBe(2);
    expect((a?.issued ?? 0) + (b?.issued ?? 0)).toBe(2);
    for (const r of retainers) {
      expect(r).toMatchObject({
        period,
        subtotalCents: 1_250_000,
        vatCents: 187_500,
        totalCents: 1_437_500,
        description: `Growth and setup: ${periodName(period)}`,
      });
    }
    const lines = await h.handle.db
      .select({ description: invoiceLines.description })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, retainers[0]?.id ?? ""));
    expect(lines).toEqual([{ description: `Growth package (${periodName(period)})` }]);
    expect(await issueRetainerInvoices(h.handle.db, at)).toEqual({ issued: 0 });
    expect(gapless(await serials())).toBe(true);
  });

  it("keeps the series without a gap when an invoice's transaction rolls back", async () => {
    const before = await serials();
    await expect(
      h.handle.db.transaction(async (tx) => {
        await issueInvoiceIn(
          tx,
          {
            clientId: contact.clientId,
            proposalId: null,
            kind: "one-off",
            period: null,
            description: "Rolled back",
            recipientVatNumber: null,
            lines: [{ description: "Rolled back", quantity: 1, unitCents: 100 }],
            actorId: admin.id,
          },
          new Date(),
        );
        throw new Error("the caller fails after the invoice");
      }),
    ).rejects.toThrow(/the caller fails/);
    expect(await serials()).toEqual(before);
  });

  it("issues one-off invoices by hand, numbered without gaps when several are issued at once", async () => {
    const issue = (fields: Record<string, string>, cookie = admin.cookie) =>
      run(
        billingAction,
        formRequest("/portal/billing", { intent: "one-off-invoice", ...fields }, { cookie }),
      );
    const good = {
      clientId: contact.clientId,
      description: "Extra training day",
      amount: "R 4 500,00",
    };
    expect((await issue(good, contact.cookie)).status).toBe(403);
    const bad = await issue({ ...good, amount: "4,5,0" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "amount", values: { amount: "4,5,0" } });
    const noClient = await issue({ ...good, clientId: "00000000-0000-4000-8000-000000000000" });
    expect(noClient.status).toBe(404);
    const before = (await serials()).length;
    const answers = await Promise.all([1, 2, 3, 4].map(() => issue(good)));
    for (const res of answers) expect((await res.json()).ok).toBe(true);
    const all = await serials();
    expect(all.length).toBe(before + 4);
    expect(gapless(all)).toBe(true);
    const [one] = await h.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.description, "Extra training day"))
      .limit(1);
    expect(one).toMatchObject({
      kind: "one-off",
      subtotalCents: 450_000,
      vatCents: 67_500,
      totalCents: 517_500,
    });
  });

  it("voids an invoice with a credit note of its own series; never twice", async () => {
    const [first, second] = await h.handle.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .orderBy(invoices.serial)
      .limit(2);
    const credit = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
      run(invoiceAction, formRequest(`/portal/billing/invoices/${id}`, fields, { cookie }), { id });
    expect(
      (await credit(first?.id ?? "", { intent: "credit", reason: "Wrong" }, contact.cookie)).status,
    ).toBe(403);
    const empty = await credit(first?.id ?? "", { intent: "credit", reason: " " });
    expect(await empty.json()).toMatchObject({ field: "reason", error: "Reason is required" });
    const ok = await credit(first?.id ?? "", { intent: "credit", reason: "Scope changed" });
    expect(await ok.json()).toMatchObject({
      ok: true,
      success: "Credit note CN-0001 issued: the invoice is void",
    });
    const again = await credit(first?.id ?? "", { intent: "credit", reason: "Again" });
    expect(again.status).toBe(409);
    const next = await credit(second?.id ?? "", { intent: "credit", reason: "Duplicate" });
    expect((await next.json()).success).toMatch(/CN-0002/);
    const notes = await h.handle.db.select().from(creditNotes);
    expect(notes.map((n) => n.serial).sort()).toEqual([1, 2]);
    const page = await (await invoicePage(first?.id ?? "", contact.cookie)).json();
    expect(page.invoice).toMatchObject({
      state: "void",
      creditNote: { number: "CN-0001", reason: "Scope changed", totalCents: 1_150_000 },
    });
    const pdf = await run(
      pdfLoader,
      getRequest(`/portal/billing/invoices/${first?.id}/pdf?credit=1`, contact.cookie),
      { id: first?.id ?? "" },
    );
    expect(pdf.headers.get("content-disposition")).toContain('filename="CN-0001.pdf"');
  });

  it("prints a tax invoice's facts in its PDF, in the house money format", async () => {
    const proposalId = await acceptedProposal({ title: "Printed" });
    const [deposit] = await h.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.proposalId, proposalId));
    const id = deposit?.id ?? "";
    const res = await run(
      pdfLoader,
      getRequest(`/portal/billing/invoices/${id}/pdf`, contact.cookie),
      { id },
    );
    expect(res.status).toBe(200);
    const text = textOfPdf(await res.arrayBuffer());
    expect(text).toContain("Tax Invoice");
    expect(text).toContain(deposit?.number);
    expect(text).toMatch(/Cape AI Automations \(Pty\) Ltd/);
    expect(text).toContain("VAT number: 4123456789"); // the supplier's
    expect(text).toContain("VAT number: 4987654321"); // the recipient's
    // R10,000.00 deposit + 15% VAT: the house format, 'R' and thousands commas.
    expect(text).toMatch(/Total excluding VAT\s+R10,000\.00/);
    expect(text).toMatch(/VAT at 15%\s+R1,500\.00/);
    expect(text).toMatch(/Total including VAT\s+R11,500\.00/);
  });

  it("reads an unpaid invoice past its due date as overdue", async () => {
    const [row] = await h.handle.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.status, "issued"))
      .limit(1);
    await h.handle.db
      .update(invoices)
      .set({ dueOn: "2020-01-01" })
      .where(eq(invoices.id, row?.id ?? ""));
    const page = await (await invoicePage(row?.id ?? "", admin.cookie)).json();
    expect(page.invoice.state).toBe("overdue");
  });

  it("gives the proposal's PDF; an accepted one ends with its acceptance page", async () => {
    const id = await acceptedProposal({ title: "PDF proposal" });
    const pdf = (cookie: string) =>
      run(proposalPdfLoader, getRequest(`/portal/billing/proposals/${id}/pdf`, cookie), { id });
    const res = await pdf(contact.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer()).toString("latin1");
    expect(bytes.startsWith("%PDF")).toBe(true);
    // The proposal's page and the acceptance page.
    expect(bytes.match(/\/Type \/Page\b(?!s)/g)?.length).toBe(2);
    // The acceptance page says who signed, when, from where and the hash of what they accepted.
    const [signed] = await h.handle.db.select().from(proposals).where(eq(proposals.id, id));
    const acceptance = textOfPdf(Buffer.from(bytes, "latin1")).split("\f")[1] ?? "";
    expect(acceptance).toContain("Acceptance");
    expect(acceptance).toMatch(/Signed by \(typed name\):\s+Lerato Mokoena/);
    expect(acceptance).toContain(`When: ${formatDateTime(signed?.answeredAt ?? "")}`);
    expect(signed?.signedIp).toBeTruthy();
    expect(acceptance).toContain(`IP address: ${signed?.signedIp}`);
    expect(signed?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(acceptance.replace(/\s+/g, "")).toContain(signed?.contentHash);
    expect((await pdf(other.cookie)).status).toBe(404);
    expect((await pdf(team.cookie)).status).toBe(403); // not given billing
    const draft = await run(
      newAction,
      formRequest(
        "/portal/billing/proposals/new",
        {
          clientId: contact.clientId,
          title: "Draft PDF",
          validUntil: inAWeek(),
          depositPercent: "0",
          billingDay: "1",
          terms: "",
          item0Package: "Growth",
        },
        { cookie: admin.cookie },
      ),
    );
    const draftId = (draft.headers.get("location") ?? "").split("/").pop() ?? "";
    const draftPdf = await run(
      proposalPdfLoader,
      getRequest(`/portal/billing/proposals/${draftId}/pdf`, admin.cookie),
      { id: draftId },
    );
    const draftBytes = Buffer.from(await draftPdf.arrayBuffer()).toString("latin1");
    expect(draftBytes.match(/\/Type \/Page\b(?!s)/g)?.length).toBe(1);
  });

  it("puts the proposals a contact signed in their 'Download my data'", async () => {
    await acceptedProposal({ title: "Signed for export" });
    const data = await collectPersonalData(h.handle.db, contact.id, new Date());
    expect(data?.proposals).toContainEqual(
      expect.objectContaining({
        title: "Signed for export",
        status: "accepted",
        signedName: "Lerato Mokoena",
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    );
    expect((await collectPersonalData(h.handle.db, other.id, new Date()))?.proposals).toEqual([]);
  });
});
