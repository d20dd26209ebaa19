/**
 * Draft invoices (issue 32, point 3: the 'draft' status), on PGlite and PostgreSQL: a draft
 * takes no number and is seen by the agency only; it can be changed and deleted; 'Issue invoice'
 * makes it a tax invoice with the next number (the series stays gapless) once, even when pressed
 * twice at the same moment.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as billingAction, loader as billingLoader } from "~/routes/portal/billing";
import { loader as invoiceLoader } from "~/routes/portal/invoice";
import { action as draftAction, loader as draftLoader } from "~/routes/portal/invoice-draft";
import type { SignedUp } from "~/test/accounts.server";
import { BILLING_ADMIN_EMAIL, billingPeople, whileGivenBilling } from "~/test/billing.server";
import { createHarness, formRequest, getRequest, type Harness, run } from "~/test/harness.server";
import { invoiceDrafts, invoices, notifications } from "../db/schema.server";

let h: Harness;
let admin: SignedUp;
let contact: SignedUp;
let team: SignedUp;

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: BILLING_ADMIN_EMAIL });
  ({ admin, contact, team } = await billingPeople());
});
afterAll(() => h.close());

const billingPost = (fields: Record<string, string>, cookie = admin.cookie) =>
  run(
    billingAction,
    formRequest("/portal/billing", { intent: "one-off-invoice", ...fields }, { cookie }),
  );
const draftPost = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
  run(draftAction, formRequest(`/portal/billing/drafts/${id}`, fields, { cookie }), { id });
const draftPage = (id: string, cookie = admin.cookie) =>
  run(draftLoader, getRequest(`/portal/billing/drafts/${id}`, cookie), { id });
const billingPage = async (cookie = admin.cookie) =>
  (await run(billingLoader, getRequest("/portal/billing", cookie))).json();

async function serials() {
  const rows = await h.handle.db.select({ serial: invoices.serial }).from(invoices);
  return rows.map((r) => r.serial).sort((a, b) => a - b);
}

/** 'Save as draft' on the New invoice card; the new draft's id. */
async function saveDraft(fields: Record<string, string> = {}) {
  const res = await billingPost({
    save: "draft",
    clientId: contact.clientId,
    description: "Extra training day",
    amount: "4500",
    ...fields,
  });
  const body = await res.json();
  expect(body).toMatchObject({ ok: true, success: "Draft saved: it is under Draft invoices" });
  const { drafts } = await billingPage();
  const draft = drafts.find(
    (d: { description: string }) => d.description === (fields.description ?? "Extra training day"),
  );
  expect(draft).toBeTruthy();
  return draft.id as string;
}

describe("draft invoices", () => {
  it("a draft takes no number, and only the agency sees it", async () => {
    const before = await serials();
    const id = await saveDraft();
    expect(await serials()).toEqual(before);
    const admins = await billingPage();
    expect(admins.drafts).toEqual([
      expect.objectContaining({
        id,
        clientName: "Lerato Mokoena",
        description: "Extra training day",
        amountCents: 450_000,
      }),
    ]);
    expect(admins.invoices.rows).toHaveLength(0);
    // The contact and a team member see no drafts, and the page is not there for them.
    expect((await billingPage(contact.cookie)).drafts).toEqual([]);
    expect((await draftPage(id, contact.cookie)).status).toBe(404);
    // A team member without billing is refused billing (403); given it, still no drafts.
    expect((await draftPage(id, team.cookie)).status).toBe(403);
    await whileGivenBilling(team, async () => {
      expect((await billingPage(team.cookie)).drafts).toEqual([]);
      expect((await draftPage(id, team.cookie)).status).toBe(404);
    });
    expect((await draftPost(id, { intent: "delete-draft" }, contact.cookie)).status).toBe(404);
    // Nobody was told of a draft.
    const told = await h.handle.db.select().from(notifications);
    expect(told.filter((n) => n.kind === "invoice.issued")).toHaveLength(0);
    const page = await (await draftPage(id)).json();
    expect(page.draft.values).toEqual({
      clientId: contact.clientId,
      description: "Extra training day",
      amount: "4500.00",
      recipientVatNumber: "",
    });
  });

  it("refuses a bad draft with the field's message and keeps what was typed", async () => {
    const res = await billingPost({
      save: "draft",
      clientId: contact.clientId,
      description: "Hosting",
      amount: "abc",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({
      ok: false,
      field: "amount",
      values: { amount: "abc", description: "Hosting" },
    });
    const unknown = await billingPost({
      save: "draft",
      clientId: "7f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b",
      description: "Hosting",
      amount: "100",
    });
    expect(unknown.status).toBe(404);
  });

  it("is changed with 'Save draft' and issued with the next number, VAT and notification", async () => {
    const id = await saveDraft({ description: "Workshop" });
    const bad = await draftPost(id, {
      intent: "save-draft",
      clientId: contact.clientId,
      description: "",
      amount: "100",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, field: "description" });
    const saved = await draftPost(id, {
      intent: "save-draft",
      clientId: contact.clientId,
      description: "Workshop, two days",
      amount: "9000",
      recipientVatNumber: "4987654321",
    });
    expect(await saved.json()).toMatchObject({ ok: true, success: "Draft saved" });
    const before = await serials();
    // 'Issue invoice' issues what the form holds now.
    const issued = await draftPost(id, {
      intent: "issue-draft",
      clientId: contact.clientId,
      description: "Workshop, two days (Cape Town)",
      amount: "9000",
      recipientVatNumber: "4987654321",
    });
    expect(issued.status).toBe(302);
    const invoiceId = (issued.headers.get("location") ?? "").split("/").pop() ?? "";
    const [row] = await h.handle.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row).toMatchObject({
      serial: before.length + 1,
      number: `INV-${String(before.length + 1).padStart(4, "0")}`,
      kind: "one-off",
      description: "Workshop, two days (Cape Town)",
      subtotalCents: 900_000,
      vatCents: 135_000,
      totalCents: 1_035_000,
      recipientVatNumber: "4987654321",
      status: "issued",
    });
    expect(await h.handle.db.select().from(invoiceDrafts).where(eq(invoiceDrafts.id, id))).toEqual(
      [],
    );
    // The contact sees the invoice, and was told of it.
    const theirs = await run(
      invoiceLoader,
      getRequest(`/portal/billing/invoices/${invoiceId}`, contact.cookie),
      {
        id: invoiceId,
      },
    );
    expect(theirs.status).toBe(200);
    const told = await h.handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, contact.id));
    expect(told.map((n) => n.title)).toContain(`${row?.number}: Workshop, two days (Cape Town)`);
    // The draft is gone: its page, a second 'Issue invoice' and 'Save draft' find nothing.
    expect((await draftPage(id)).status).toBe(404);
    const again = await draftPost(id, {
      intent: "issue-draft",
      clientId: contact.clientId,
      description: "Workshop",
      amount: "9000",
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ ok: false, error: "Draft invoice not found" });
  });

  it("issued twice at the same moment makes one invoice, and the series stays gapless", async () => {
    const id = await saveDraft({ description: "Pressed twice" });
    const before = await serials();
    const fields = {
      intent: "issue-draft",
      clientId: contact.clientId,
      description: "Pressed twice",
      amount: "100",
    };
    const answers = await Promise.all([draftPost(id, fields), draftPost(id, fields)]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 404]);
    const after = await serials();
    expect(after).toEqual([...before, before.length + 1]);
    expect(after.every((s, i) => s === i + 1)).toBe(true);
  });

  it("'Delete draft' removes it and uses no number", async () => {
    const id = await saveDraft({ description: "Not needed" });
    const before = await serials();
    const deleted = await draftPost(id, { intent: "delete-draft" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/portal/billing");
    expect((await draftPage(id)).status).toBe(404);
    expect((await draftPost(id, { intent: "delete-draft" })).status).toBe(404);
    expect(await serials()).toEqual(before);
    expect((await draftPost(id, { intent: "something-else" })).status).toBe(400);
    expect((await draftPage("not-an-id")).status).toBe(404);
  });
});
