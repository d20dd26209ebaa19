/**
 * Billing from the outside (issue 32), on PGlite and PostgreSQL: whatever a form or a URL
 * carries — a malformed id, a missing field, an absurd amount or date, an unknown intent, the
 * wrong person — the answer is a 4xx with a message in words, never a 500, and nothing is
 * half-written.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRand, MAX_CENTS } from "~/lib/money";
import { NO_PERMISSION } from "~/lib/portal-text";
import { action as billingAction, loader as billingLoader } from "~/routes/portal/billing";
import { loader as exportCsv } from "~/routes/portal/billing-export-csv";
import { loader as statementCsv } from "~/routes/portal/billing-statement-csv";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/portal/invoice";
import { action as draftAction, loader as draftLoader } from "~/routes/portal/invoice-draft";
import { loader as invoicePdf } from "~/routes/portal/invoice-pdf";
import { loader as layoutLoader } from "~/routes/portal/layout";
import { action as proposalAction, loader as proposalLoader } from "~/routes/portal/proposal";
import { action as newAction, loader as newLoader } from "~/routes/portal/proposal-new";
import { loader as proposalPdf } from "~/routes/portal/proposal-pdf";
import type { SignedUp } from "~/test/accounts.server";
import { BILLING_ADMIN_EMAIL, billingPeople, whileGivenBilling } from "~/test/billing.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { viewingAsCookie } from "~/test/workspace.server";
import { invoiceDrafts, invoices, payments, proposals } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";

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

const UNKNOWN_ID = "7f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);
const LIMIT = `Amount must be at most ${formatRand(MAX_CENTS)}`;

const oneOff = (fields: Record<string, string>, cookie = admin.cookie) =>
  run(
    billingAction,
    formRequest(
      "/portal/billing",
      { intent: "one-off-invoice", clientId: contact.clientId, description: "Workshop", ...fields },
      { cookie },
    ),
  );
const proposalForm = (fields: Record<string, string> = {}) => ({
  clientId: contact.clientId,
  title: "Voice agent",
  validUntil: inAWeek(),
  depositPercent: "100",
  billingDay: "5",
  item0Description: "Voice agent setup",
  item0Kind: "once-off",
  item0Quantity: "1",
  item0Price: "1000",
  ...fields,
});
const newProposal = (fields: Record<string, string>, cookie = admin.cookie) =>
  run(newAction, formRequest("/portal/billing/proposals/new", fields, { cookie }));
const onInvoice = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
  run(invoiceAction, formRequest(`/portal/billing/invoices/${id}`, fields, { cookie }), { id });
const onProposal = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
  run(proposalAction, formRequest(`/portal/billing/proposals/${id}`, fields, { cookie }), { id });
const onDraft = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
  run(draftAction, formRequest(`/portal/billing/drafts/${id}`, fields, { cookie }), { id });
const count = async (
  table: typeof invoices | typeof invoiceDrafts | typeof payments | typeof proposals,
) => (await h.handle.db.select().from(table)).length;
const exportUrl = (query: string, cookie = admin.cookie) =>
  run(exportCsv, getRequest(`/portal/billing/export.csv?${query}`, cookie));

/** A one-off invoice for the contact's client; its id. */
async function anInvoice(amount = "1000"): Promise<string> {
  const res = await oneOff({ amount });
  expect(await res.json()).toMatchObject({ ok: true });
  const rows = await h.handle.db
    .select({ id: invoices.id, serial: invoices.serial })
    .from(invoices);
  return rows.sort((a, b) => b.serial - a.serial)[0]?.id ?? "";
}

describe(`billing with bad input, on ${testDatabaseKind()}`, () => {
  it("refuses an amount larger than an invoice may hold, in words, and writes nothing", async () => {
    const before = {
      invoices: await count(invoices),
      drafts: await count(invoiceDrafts),
      proposals: await count(proposals),
    };
    // R18,674,648 plus VAT and R30 million no longer fit a whole number of cents in the books.
    for (const amount of ["18674648", "21474836.48", "30000000", "99999999.99"]) {
      for (const save of [{}, { save: "draft" }] as Record<string, string>[]) {
        const res = await oneOff({ amount, ...save });
        expect(res.status, `${amount} ${JSON.stringify(save)}`).toBe(400);
        expect(await res.json()).toMatchObject({
          ok: false,
          field: "amount",
          error: LIMIT,
          values: { amount },
        });
      }
      const proposal = await newProposal(proposalForm({ item0Price: amount }));
      expect(proposal.status).toBe(400);
      expect(await proposal.json()).toMatchObject({
        field: "item0Price",
        error: `Line 1: price must be at most ${formatRand(MAX_CENTS)}`,
      });
    }
    // A proposal whose lines add up past the limit is refused as a whole.
    const many = await newProposal(proposalForm({ item0Price: "5000000", item0Quantity: "3" }));
    expect(many.status).toBe(400);
    expect((await many.json()).error).toBe(`A proposal may total at most ${formatRand(MAX_CENTS)}`);
    expect({
      invoices: await count(invoices),
      drafts: await count(invoiceDrafts),
      proposals: await count(proposals),
    }).toEqual(before);
  });

  it("holds the largest amount allowed, with its VAT, on an invoice and a proposal's deposit", async () => {
    const largest = (MAX_CENTS / 100).toString();
    const id = await anInvoice(largest);
    const [row] = await h.handle.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row?.subtotalCents).toBe(MAX_CENTS);
    expect(row?.totalCents).toBe(MAX_CENTS + (MAX_CENTS * 15) / 100);
    const created = await newProposal(proposalForm({ item0Price: largest }));
    expect(created.status).toBe(302);
    const proposalId = (created.headers.get("location") ?? "").split("/").pop() ?? "";
    expect((await onProposal(proposalId, { intent: "send" })).status).toBe(200);
    const shown = await (
      await run(
        proposalLoader,
        getRequest(`/portal/billing/proposals/${proposalId}`, contact.cookie),
        {
          id: proposalId,
        },
      )
    ).json();
    const accepted = await onProposal(
      proposalId,
      {
        intent: "accept",
        signedName: "Lerato Mokoena",
        agree: "on",
        contentHash: shown.proposal.contentHash,
      },
      contact.cookie,
    );
    expect(await accepted.json()).toMatchObject({ ok: true });
    const deposits = await h.handle.db.select().from(invoices);
    expect(deposits.some((i) => i.proposalId === proposalId && i.subtotalCents === MAX_CENTS)).toBe(
      true,
    );
  });

  it("refuses a date the calendar has no room for (year 0) with the field, and writes nothing", async () => {
    const id = await anInvoice();
    const before = await count(payments);
    const res = await onInvoice(id, {
      intent: "record-payment",
      amount: "10",
      paidOn: "0000-01-01",
      reference: "EFT",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: "paidOn", error: "Date paid must be a date" });
    for (const bad of ["2026-02-30", "28/11/2026", "", "2026-11-28T00:00"]) {
      const r = await onInvoice(id, {
        intent: "record-payment",
        amount: "10",
        paidOn: bad,
        reference: "EFT",
      });
      expect(r.status, bad).toBe(400);
    }
    expect(await count(payments)).toBe(before);
    for (const query of [
      "format=xero&what=invoices&from=0000-01-01&to=0000-02-01",
      "format=sage&what=payments&from=0000-12-01&to=0001-01-31",
    ]) {
      const r = await exportUrl(query);
      expect(r.status, query).toBe(400);
      expect(await r.text()).toMatch(/must be a date/);
    }
    const proposal = await newProposal(proposalForm({ validUntil: "0000-01-01" }));
    expect(proposal.status).toBe(400);
  });

  it("refuses amounts that are not amounts, on every form, with the field", async () => {
    const id = await anInvoice();
    for (const amount of ["-5", "0", "1.234", "1e3", "abc", "", " ", "R", "12,5,0", "0x10"]) {
      const invoice = await oneOff({ amount });
      expect(invoice.status, amount).toBe(400);
      expect(await invoice.json()).toMatchObject({ field: "amount" });
      const payment = await onInvoice(id, {
        intent: "record-payment",
        amount,
        paidOn: today(),
        reference: "EFT",
      });
      expect(payment.status, amount).toBe(400);
      expect(await payment.json()).toMatchObject({ field: "amount" });
      if (amount.trim() !== "" && amount !== "0") {
        const line = await newProposal(proposalForm({ item0Price: amount }));
        expect(line.status, amount).toBe(400);
        expect(await line.json()).toMatchObject({ field: "item0Price" });
      }
    }
  });

  it("answers a malformed or unknown id with 404 and an unknown intent with 400", async () => {
    const invoiceId = await anInvoice();
    for (const id of ["x", "1", "'; drop table invoices; --", UNKNOWN_ID, `${UNKNOWN_ID}0`]) {
      const get = (path: string) =>
        getRequest(`/portal/billing/${path}/${encodeURIComponent(id)}`, admin.cookie);
      expect((await run(invoiceLoader, get("invoices"), { id })).status, id).toBe(404);
      expect((await run(invoicePdf, get("invoices"), { id })).status, id).toBe(404);
      expect((await run(proposalLoader, get("proposals"), { id })).status, id).toBe(404);
      expect((await run(proposalPdf, get("proposals"), { id })).status, id).toBe(404);
      expect((await run(draftLoader, get("drafts"), { id })).status, id).toBe(404);
      const paid = await onInvoice(id, {
        intent: "record-payment",
        amount: "1",
        paidOn: today(),
        reference: "EFT",
      });
      expect(paid.status, id).toBe(404);
      expect((await onInvoice(id, { intent: "credit", reason: "x" })).status, id).toBe(404);
      expect((await onProposal(id, { intent: "send" })).status, id).toBe(404);
      expect((await onProposal(id, { intent: "decline" }, contact.cookie)).status, id).toBe(404);
      expect((await onDraft(id, { intent: "delete-draft" })).status, id).toBe(404);
    }
    const pdfOfNoCredit = await run(
      invoicePdf,
      getRequest(`/portal/billing/invoices/${invoiceId}/pdf?credit=1`, admin.cookie),
      { id: invoiceId },
    );
    expect(pdfOfNoCredit.status).toBe(404);
    for (const intent of [undefined, "", "delete", "record-payment "]) {
      const fields: Record<string, string> = intent === undefined ? {} : { intent };
      expect((await onInvoice(invoiceId, fields)).status).toBe(400);
      expect(
        (await run(billingAction, formRequest("/portal/billing", fields, { cookie: admin.cookie })))
          .status,
      ).toBe(400);
    }
    const unreadable = await run(
      billingAction,
      new Request("http://localhost:3000/portal/billing", {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        body: "{",
      }),
    );
    expect(unreadable.status).toBe(400);
    // 'New proposal' ignores a malformed ?lead= or ?client= and starts empty.
    const fresh = await run(
      newLoader,
      getRequest("/portal/billing/proposals/new?lead=x&client=%27", admin.cookie),
    );
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).draft).toMatchObject({ clientId: null, leadId: null });
  });

  it("refuses the administrator's actions to a contact, a team member and someone signed out", async () => {
    const invoiceId = await anInvoice();
    const before = { invoices: await count(invoices), payments: await count(payments) };
    const pay = { intent: "record-payment", amount: "1", paidOn: today(), reference: "EFT" };
    for (const who of [contact, other, team]) {
      expect((await oneOff({ amount: "100" }, who.cookie)).status).toBe(403);
      expect((await newProposal(proposalForm(), who.cookie)).status).toBe(403);
      expect((await onInvoice(invoiceId, pay, who.cookie)).status).toBe(403);
      expect(
        (await onInvoice(invoiceId, { intent: "credit", reason: "x" }, who.cookie)).status,
      ).toBe(403);
      expect(
        (await exportUrl("format=xero&what=invoices&from=2026-01-01&to=2026-01-31", who.cookie))
          .status,
      ).toBe(403);
    }
    // Signed out: every billing address sends the person to sign in, and does nothing.
    for (const res of [
      await oneOff({ amount: "100" }, ""),
      await onInvoice(invoiceId, pay, ""),
      await run(invoicePdf, getRequest(`/portal/billing/invoices/${invoiceId}/pdf`), {
        id: invoiceId,
      }),
      await run(statementCsv, getRequest("/portal/billing/statement.csv")),
      await exportUrl("format=xero&what=invoices&from=2026-01-01&to=2026-01-31", ""),
    ]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("location") ?? "").toMatch(/^\/auth\?next=/);
    }
    expect({ invoices: await count(invoices), payments: await count(payments) }).toEqual(before);
  });

  it("lets only the client's own contact answer a sent proposal, and only once it is sent", async () => {
    const created = await newProposal(proposalForm({ title: "Answered by whom" }));
    const id = (created.headers.get("location") ?? "").split("/").pop() ?? "";
    const viewing = await viewingAsCookie(admin, contact.clientId);
    const hash = async () =>
      (
        await (
          await run(proposalLoader, getRequest(`/portal/billing/proposals/${id}`, admin.cookie), {
            id,
          })
        ).json()
      ).proposal.contentHash as string;
    const accept = async (cookie: string) =>
      onProposal(
        id,
        { intent: "accept", signedName: "Lerato Mokoena", agree: "on", contentHash: await hash() },
        cookie,
      );
    // A draft is not the client's to see, let alone answer.
    expect((await accept(contact.cookie)).status).toBe(404);
    expect((await onProposal(id, { intent: "send" })).status).toBe(200);
    expect((await accept(admin.cookie)).status).toBe(404);
    expect((await accept(viewing)).status).toBe(403);
    expect((await accept(team.cookie)).status).toBe(403); // no billing given: refused outright
    expect((await accept(other.cookie)).status).toBe(404);
    expect(
      (await onProposal(id, { intent: "save", ...proposalForm() }, contact.cookie)).status,
    ).toBe(403);
    for (const fields of [
      { intent: "accept", signedName: "Lerato Mokoena", agree: "yes", contentHash: "x" },
      { intent: "accept", signedName: "Lerato Mokoena", agree: "on", contentHash: "x" },
      { intent: "accept", signedName: "  ", agree: "on", contentHash: "0".repeat(64) },
      { intent: "accept" },
      { intent: "maybe" },
    ] as Record<string, string>[]) {
      const res = await onProposal(id, fields, contact.cookie);
      expect(res.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
      expect((await res.json()).error).toBeTruthy();
    }
    const [row] = await h.handle.db.select().from(proposals).where(eq(proposals.id, id));
    expect(row).toMatchObject({ status: "sent", signedName: null });
  });

  it("shows 'Billing' in a team member's sidebar only once they are given billing", async () => {
    const sidebar = async (cookie: string) =>
      (await (await run(layoutLoader, getRequest("/portal", cookie))).json()).billing;
    expect(await sidebar(admin.cookie)).toBe(true);
    expect(await sidebar(contact.cookie)).toBe(true);
    expect(await sidebar(await viewingAsCookie(admin, contact.clientId))).toBe(true);
    expect(await sidebar(team.cookie)).toBe(false);
    await whileGivenBilling(team, async () => {
      expect(await sidebar(team.cookie)).toBe(true);
    });
  });

  it("refuses every billing page to a team member without billing with 403, in words", async () => {
    const invoiceId = await anInvoice();
    const created = await newProposal(proposalForm({ title: "Not for the team" }));
    const proposalId = (created.headers.get("location") ?? "").split("/").pop() ?? "";
    await oneOff({ amount: "100", save: "draft" });
    const [draft] = await h.handle.db.select({ id: invoiceDrafts.id }).from(invoiceDrafts);
    const draftId = draft?.id ?? "";
    const get = (path: string) => getRequest(path, team.cookie);
    const answers = async () => ({
      billing: await run(billingLoader, get("/portal/billing")),
      filtered: await run(billingLoader, get(`/portal/billing?client=${contact.clientId}`)),
      proposal: await run(proposalLoader, get(`/portal/billing/proposals/${proposalId}`), {
        id: proposalId,
      }),
      proposalPdf: await run(proposalPdf, get(`/portal/billing/proposals/${proposalId}/pdf`), {
        id: proposalId,
      }),
      invoice: await run(invoiceLoader, get(`/portal/billing/invoices/${invoiceId}`), {
        id: invoiceId,
      }),
      invoicePdf: await run(invoicePdf, get(`/portal/billing/invoices/${invoiceId}/pdf`), {
        id: invoiceId,
      }),
      draft: await run(draftLoader, get(`/portal/billing/drafts/${draftId}`), { id: draftId }),
      statement: await run(
        statementCsv,
        get(`/portal/billing/statement.csv?client=${contact.clientId}`),
      ),
      export: await exportUrl(
        "format=xero&what=invoices&from=2026-01-01&to=2026-01-31",
        team.cookie,
      ),
      newProposal: await run(newLoader, get("/portal/billing/proposals/new")),
      decline: await onProposal(proposalId, { intent: "decline" }, team.cookie),
    });
    for (const [page, res] of Object.entries(await answers())) {
      expect(res.status, page).toBe(403);
      const body = await res.clone().text();
      expect(body, page).toContain(NO_PERMISSION);
    }
    // Given billing, the same person sees their assigned client's billing again.
    await whileGivenBilling(team, async () => {
      const seen = await answers();
      for (const page of ["billing", "filtered", "proposal", "proposalPdf", "invoice"] as const) {
        expect(seen[page].status, page).toBe(200);
      }
      expect(seen.invoicePdf.status).toBe(200);
      expect(seen.statement.status).toBe(200);
      expect(seen.draft.status).toBe(404); // drafts are the administrator's alone
    });
  });

  it("answers a statement for an unknown or foreign client with 404, a malformed id with 400", async () => {
    const statement = (client: string, cookie = admin.cookie) =>
      run(
        statementCsv,
        getRequest(`/portal/billing/statement.csv?client=${encodeURIComponent(client)}`, cookie),
      );
    expect((await statement(UNKNOWN_ID)).status).toBe(404);
    expect(await (await statement(UNKNOWN_ID)).text()).toContain("Client not found");
    await whileGivenBilling(team, async () => {
      // Another client, not assigned to this team member: not theirs, so not found.
      expect((await statement(other.clientId, team.cookie)).status).toBe(404);
      expect((await statement(contact.clientId, team.cookie)).status).toBe(200);
    });
    for (const malformed of ["x", "1", `${UNKNOWN_ID}0`, "'; drop table clients; --"]) {
      const res = await statement(malformed);
      expect(res.status, malformed).toBe(400);
      expect(await res.text(), malformed).toMatch(/client/i);
    }
  });

  it("shows another client's documents to nobody outside it", async () => {
    const invoiceId = await anInvoice();
    const page = await run(
      invoiceLoader,
      getRequest(`/portal/billing/invoices/${invoiceId}`, other.cookie),
      { id: invoiceId },
    );
    expect(page.status).toBe(404);
    const pdf = await run(
      invoicePdf,
      getRequest(`/portal/billing/invoices/${invoiceId}/pdf`, other.cookie),
      { id: invoiceId },
    );
    expect(pdf.status).toBe(404);
    // A contact's statement is always their own client's: ?client= of another is ignored.
    const statement = await run(
      statementCsv,
      getRequest(`/portal/billing/statement.csv?client=${contact.clientId}`, other.cookie),
    );
    expect(statement.status).toBe(200);
    expect(await statement.text()).not.toContain("Workshop");
  });

  it("refuses a bad period or layout for the books export with 400 in words", async () => {
    for (const [query, says] of [
      ["", /Xero or Sage/],
      ["format=quickbooks&what=invoices&from=2026-01-01&to=2026-01-31", /Xero or Sage/],
      [
        "format=xero&what=everything&from=2026-01-01&to=2026-01-31",
        /invoices and credit notes, or payments/,
      ],
      ["format=xero&what=invoices&from=2026-01-31&to=2026-01-01", /on or before/],
      ["format=xero&what=invoices&from=2020-01-01&to=2026-01-31", /at most/],
      ["format=xero&what=invoices&from=2026-13-01&to=2026-13-31", /must be a date/],
      ["format=xero&what=invoices&from=2026-01-01", /must be a date/],
      ["format=xero&what=invoices&from=2026-01-01&to=2026-01-31&account=%3D1%2B1", /account code/],
    ] as const) {
      const res = await exportUrl(query);
      expect(res.status, query).toBe(400);
      expect(await res.text(), query).toMatch(says);
    }
  });
});
