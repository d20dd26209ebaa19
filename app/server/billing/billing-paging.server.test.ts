/**
 * 'Load more' on the billing lists (issue 32), on PGlite and PostgreSQL, through the Billing
 * and proposal pages' loaders with the cursor in the URL, as the link without JavaScript asks
 * for it: invoices newest first by serial, proposals newest first, the overdue list longest late
 * first. Every row once, none of another client's, and a malformed cursor is the first page.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { PAGE_SIZE } from "~/lib/pagination";
import { proposalSchema } from "~/lib/validation/billing";
import { loader as billingLoader } from "~/routes/portal/billing";
import { loader as proposalLoader } from "~/routes/portal/proposal";
import type { SignedUp } from "~/test/accounts.server";
import { BILLING_ADMIN_EMAIL, billingPeople } from "~/test/billing.server";
import { createHarness, getRequest, type Harness, run } from "~/test/harness.server";
import { invoices, proposals } from "../db/schema.server";
import { testDatabaseKind } from "../db/test-db.server";
import { createOneOffInvoice } from "./invoices.server";
import { answerProposal, createProposal, getProposal, sendProposal } from "./proposals.server";

let h: Harness;
let admin: SignedUp;
let contact: SignedUp;
let other: SignedUp;
const NOW = new Date();
const today = todayInSouthAfrica(NOW);
/** Lerato's invoices' numbers in the order they were issued. */
const leratos: string[] = [];
const siphos: string[] = [];
const LERATO_INVOICES = PAGE_SIZE + 3;

interface Listed {
  rows: { id: string; number: string }[];
  next: string | null;
}

async function billing(query: string, cookie: string) {
  const res = await run(billingLoader, getRequest(`/portal/billing${query}`, cookie));
  expect(res.status).toBe(200);
  return (await res.json()) as {
    invoices: Listed;
    proposals: Listed;
    overdue: { invoices: { number: string; dueOn: string }[]; total: number; next: string | null };
  };
}

/** Every page of a list, following 'Load more' (the next cursor in the URL) to the end. */
async function allPages<T>(
  first: string,
  param: string,
  cookie: string,
  pick: (body: Awaited<ReturnType<typeof billing>>) => { rows: T[]; next: string | null },
): Promise<T[][]> {
  const pages: T[][] = [];
  let query = first;
  for (;;) {
    const page = pick(await billing(query, cookie));
    pages.push(page.rows);
    if (!page.next) return pages;
    const params = new URLSearchParams(query.replace(/^\?/, ""));
    params.set(param, page.next);
    query = `?${params}`;
  }
}

beforeAll(async () => {
  h = await createHarness({ ADMIN_EMAILS: BILLING_ADMIN_EMAIL });
  ({ admin, contact, other } = await billingPeople());
  for (let n = 1; n <= LERATO_INVOICES; n++) {
    const made = await createOneOffInvoice(
      h.handle.db,
      admin.id,
      {
        clientId: contact.clientId,
        description: `Month ${n}`,
        amountCents: 10_000 + n,
        recipientVatNumber: null,
      },
      NOW,
    );
    if (!made.ok) throw new Error(made.message);
    leratos.push(made.number);
    if (n % 20 === 0) {
      const theirs = await createOneOffInvoice(
        h.handle.db,
        admin.id,
        {
          clientId: other.clientId,
          description: `Other ${n}`,
          amountCents: 500,
          recipientVatNumber: null,
        },
        NOW,
      );
      if (!theirs.ok) throw new Error(theirs.message);
      siphos.push(theirs.number);
    }
  }
});
afterAll(() => h.close());

describe(`'Load more' on the billing lists, on ${testDatabaseKind()}`, () => {
  it("pages the agency's invoices newest first, every invoice once", async () => {
    const first = await billing("", admin.cookie);
    expect(first.invoices.rows).toHaveLength(PAGE_SIZE);
    expect(first.invoices.next).not.toBeNull();
    const pages = await allPages("", "invoices-cursor", admin.cookie, (b) => b.invoices);
    expect(pages.map((p) => p.length)).toEqual([
      PAGE_SIZE,
      LERATO_INVOICES + siphos.length - PAGE_SIZE,
    ]);
    const numbers = pages.flat().map((i) => i.number);
    expect(numbers).toEqual([...leratos, ...siphos].sort().reverse());
  });

  it("pages a contact's invoices (their client's only) and keeps the client filter", async () => {
    const pages = await allPages("", "invoices-cursor", contact.cookie, (b) => b.invoices);
    expect(pages.map((p) => p.length)).toEqual([PAGE_SIZE, 3]);
    // The 51st newest is the third invoice issued: on the second page, first.
    expect(pages[1]?.[0]?.number).toBe(leratos[2]);
    expect(pages.flat().map((i) => i.number)).toEqual([...leratos].reverse());

    const filtered = await allPages(
      `?client=${contact.clientId}`,
      "invoices-cursor",
      admin.cookie,
      (b) => b.invoices,
    );
    expect(filtered.flat().map((i) => i.number)).toEqual([...leratos].reverse());
  });

  it("shows the first page for a malformed cursor, never an error", async () => {
    for (const bad of ["nope", "0", "-5", "2026-02-30_5", "99999999999", "INV-0051"]) {
      const body = await billing(
        `?invoices-cursor=${encodeURIComponent(bad)}&overdue-cursor=${encodeURIComponent(bad)}&proposals-cursor=${encodeURIComponent(bad)}`,
        admin.cookie,
      );
      expect(body.invoices.rows[0]?.number).toBe([...leratos, ...siphos].sort().at(-1));
    }
  });

  it("pages the overdue list longest late first, with the count of all", async () => {
    // Lerato's invoices fall due one a day, the first issued the longest late.
    const rows = await h.handle.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.clientId, contact.clientId));
    for (const row of rows) {
      const dueOn = addDays(today, -(LERATO_INVOICES + 1 - leratos.indexOf(row.number)));
      await h.handle.db
        .update(invoices)
        .set({ dueOn, issuedOn: addDays(dueOn, -7) })
        .where(eq(invoices.id, row.id));
    }
    const first = await billing("", admin.cookie);
    expect(first.overdue.total).toBe(LERATO_INVOICES);
    const pages = await allPages("", "overdue-cursor", admin.cookie, (b) => ({
      rows: b.overdue.invoices,
      next: b.overdue.next,
    }));
    expect(pages.map((p) => p.length)).toEqual([PAGE_SIZE, 3]);
    expect(pages.flat().map((i) => i.number)).toEqual(leratos);
    const last = await billing(`?overdue-cursor=${first.overdue.next}`, admin.cookie);
    expect(last.overdue.total).toBe(LERATO_INVOICES);
  });

  it("pages the proposals newest first", async () => {
    const made: string[] = [];
    for (let n = 1; n <= PAGE_SIZE + 1; n++) {
      const input = proposalSchema.parse({
        clientId: contact.clientId,
        title: `Proposal ${n}`,
        validUntil: addDays(today, 7),
        depositPercent: "0",
        billingDay: "1",
        terms: "",
        recipientVatNumber: "",
        item0Package: "",
        item0Description: "Custom work",
        item0Kind: "once-off",
        item0Quantity: "1",
        item0Price: "100",
      });
      const created = await createProposal(h.handle.db, admin.id, input, NOW);
      if (!created.ok) throw new Error(created.message);
      made.push(created.id);
    }
    const pages = await allPages("", "proposals-cursor", admin.cookie, (b) => b.proposals);
    expect(pages.map((p) => p.length)).toEqual([PAGE_SIZE, 1]);
    expect(new Set(pages.flat().map((p) => p.id))).toEqual(new Set(made));
    // A contact never sees drafts: no page, no 'Load more'.
    const theirs = await billing("", contact.cookie);
    expect(theirs.proposals).toEqual({ rows: [], next: null });
  });

  it("pages an accepted proposal's invoices on its page", async () => {
    // Lerato accepts one (signed, as on its page); the invoices are counted as its own.
    const [proposal] = await h.handle.db.select({ id: proposals.id }).from(proposals).limit(1);
    const id = proposal?.id ?? "";
    expect((await sendProposal(h.handle.db, admin.id, id, NOW)).ok).toBe(true);
    const viewer = {
      scope: { kind: "client" as const, clientId: contact.clientId },
      userId: contact.id,
      isAdmin: false,
    };
    const read = await getProposal(h.handle.db, viewer, id, NOW);
    const accepted = await answerProposal(
      h.handle.db,
      viewer,
      id,
      { intent: "accept", signedName: "Lerato Mokoena", contentHash: read?.contentHash ?? "" },
      { ip: "198.51.100.7", userAgent: "test" },
      NOW,
    );
    expect(accepted).toMatchObject({ ok: true, state: "accepted" });
    await h.handle.db
      .update(invoices)
      .set({ proposalId: id })
      .where(inArray(invoices.number, leratos));
    const page = async (query: string) =>
      (await (
        await run(
          proposalLoader,
          getRequest(`/portal/billing/proposals/${id}${query}`, contact.cookie),
          {
            id,
          },
        )
      ).json()) as { invoices: Listed };
    const first = await page("");
    expect(first.invoices.rows).toHaveLength(PAGE_SIZE);
    const second = await page(`?invoices-cursor=${first.invoices.next}`);
    expect(second.invoices).toMatchObject({ next: null });
    expect([...first.invoices.rows, ...second.invoices.rows].map((i) => i.number)).toEqual(
      [...leratos].reverse(),
    );
  });
});
