/**
 * Proposals (issue 32, point 2; decision 072). An administrator writes one for a client (or from
 * a quote request, prefilled from its package and dates): lines once-off and monthly, the VAT
 * rate of the day it is written, a validity date, terms and an optional deposit. 'Send' notifies
 * the client's contacts (portal and e-mail, through `notify`). A contact accepts it with a typed
 * full name and a tick — recorded with the time, the IP address, the user agent and the SHA-256
 * of exactly what was shown — or declines it. Accepted, declined or expired, it never changes.
 *
 * Every read takes the viewer's scope into its WHERE clause (`billingScopeWhere`): contacts see
 * their own client's proposals (never a draft), team members only with billing.
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { packages } from "~/content/packages";
import { addDays, todayInSouthAfrica } from "~/lib/dates";
import { formatRand, MAX_CENTS, percentOf, vatOn } from "~/lib/money";
import { type Cursor, PAGE_SIZE, type Page, toPage } from "~/lib/pagination";
import type { ProposalInput } from "~/lib/validation/billing";
import {
  PROPOSAL_CHANGED,
  PROPOSAL_EXPIRED,
  PROPOSAL_LOCKED,
  PROPOSAL_NOT_FOUND,
  PROPOSAL_NOT_OPEN,
  PROPOSAL_VALID_DAYS_MAX,
  type ProposalItemKind,
  type ProposalState,
  type ProposalStatus,
} from "~/lib/validation/billing-values";
import type { Database } from "../db/client.server";
import { clients, leads, proposalItems, proposals, userRoles } from "../db/schema.server";
import { announceNotifications, notify } from "../notifications/notifications.server";
import { type Outcome, refused } from "../outcome.server";
import { afterCursor } from "../pagination.server";
import { publishChange } from "../workspace/events.server";
import { type BillingViewer, billingScopeWhere } from "./access.server";
import { vatRateOn } from "./business.server";
import { issueInvoiceIn } from "./invoices.server";

export { PROPOSAL_NOT_FOUND };
export const CLIENT_NOT_FOUND_FOR_PROPOSAL = "Client not found";
export const LEAD_NOT_A_CLIENT =
  "Convert this lead to a client first: a proposal is made for a client";

export type { BillingViewer };

export interface ProposalLine {
  position: number;
  kind: ProposalItemKind;
  packageName: string | null;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export interface ProposalTotals {
  onceOffCents: number;
  onceOffVatCents: number;
  onceOffTotalCents: number;
  monthlyCents: number;
  monthlyVatCents: number;
  monthlyTotalCents: number;
  /** The deposit: its percentage of the once-off amount, excluding VAT, its VAT and total. */
  depositCents: number;
  depositVatCents: number;
  depositTotalCents: number;
}

/**
 * A proposal's amounts from its lines: once-off and monthly sums excluding VAT, VAT on each
 * (rounded once per sum, decision 071), the totals, and the deposit (a percentage of the
 * once-off amount excluding VAT, with its own VAT).
 */
export function proposalTotals(
  lines: Pick<ProposalLine, "kind" | "quantity" | "unitCents">[],
  vatBasisPoints: number,
  depositPercent: number,
): ProposalTotals {
  const sum = (kind: ProposalItemKind) =>
    lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.quantity * l.unitCents, 0);
  const onceOffCents = sum("once-off");
  const monthlyCents = sum("monthly");
  const onceOffVatCents = vatOn(onceOffCents, vatBasisPoints);
  const monthlyVatCents = vatOn(monthlyCents, vatBasisPoints);
  const depositCents = percentOf(onceOffCents, depositPercent);
  const depositVatCents = vatOn(depositCents, vatBasisPoints);
  return {
    onceOffCents,
    onceOffVatCents,
    onceOffTotalCents: onceOffCents + onceOffVatCents,
    monthlyCents,
    monthlyVatCents,
    monthlyTotalCents: monthlyCents + monthlyVatCents,
    depositCents,
    depositVatCents,
    depositTotalCents: depositCents + depositVatCents,
  };
}

/** What a person reads: a sent proposal past its validity date has expired. */
export function proposalState(status: ProposalStatus, validUntil: string, today: string) {
  return status === "sent" && validUntil < today ? ("expired" as const) : status;
}

export interface ProposalSummary {
  id: string;
  clientId: string;
  clientName: string;
  title: string;
  state: ProposalState;
  validUntil: string;
  onceOffCents: number;
  monthlyCents: number;
  vatBasisPoints: number;
  createdAt: Date;
}

export interface ProposalDetail extends ProposalSummary {
  leadId: string | null;
  status: ProposalStatus;
  terms: string;
  depositPercent: number;
  billingDay: number;
  recipientVatNumber: string | null;
  lines: ProposalLine[];
  totals: ProposalTotals;
  sentAt: Date | null;
  answeredAt: Date | null;
  signature: {
    name: string;
    at: Date;
    ip: string | null;
    userAgent: string | null;
    contentHash: string;
  } | null;
  /** The SHA-256 of what the page shows now: an acceptance must name it. */
  contentHash: string;
}

/**
 * The SHA-256 of exactly what a contact is asked to accept: the client, the title, every line,
 * the amounts and VAT, the validity date, the terms, the deposit and the billing day, in one
 * fixed order. The same proposal always hashes the same; any change changes it.
 */
export function proposalContentHash(p: {
  id: string;
  clientName: string;
  title: string;
  validUntil: string;
  terms: string;
  depositPercent: number;
  billingDay: number;
  recipientVatNumber: string | null;
  vatBasisPoints: number;
  lines: ProposalLine[];
  totals: ProposalTotals;
}): string {
  const canonical = JSON.stringify([
    "proposal/v1",
    p.id,
    p.clientName,
    p.title,
    p.validUntil,
    p.terms,
    p.depositPercent,
    p.billingDay,
    p.recipientVatNumber,
    p.vatBasisPoints,
    p.lines.map((l) => [l.kind, l.packageName, l.description, l.quantity, l.unitCents]),
    [
      p.totals.onceOffCents,
      p.totals.onceOffVatCents,
      p.totals.monthlyCents,
      p.totals.monthlyVatCents,
      p.totals.depositCents,
      p.totals.depositVatCents,
    ],
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

const summaryColumns = {
  id: proposals.id,
  clientId: proposals.clientId,
  clientName: clients.name,
  title: proposals.title,
  status: proposals.status,
  validUntil: proposals.validUntil,
  onceOffCents: proposals.onceOffCents,
  monthlyCents: proposals.monthlyCents,
  vatBasisPoints: proposals.vatBasisPoints,
  createdAt: proposals.createdAt,
};

/** The condition a viewer's reads carry: their scope, and never a draft for a contact. */
function visibleTo(viewer: BillingViewer) {
  return and(
    billingScopeWhere(viewer.scope, proposals.clientId),
    viewer.scope.kind === "client" ? ne(proposals.status, "draft") : undefined,
  );
}

/**
 * A page of the proposals a viewer sees, newest first (optionally one client's): the rows after
 * the cursor (`?proposals-cursor=`, app/lib/pagination.ts).
 */
export async function listProposals(
  db: Database,
  viewer: BillingViewer,
  now: Date,
  options: { clientId?: string | null; cursor?: Cursor | null; limit?: number } = {},
): Promise<Page<ProposalSummary>> {
  const today = todayInSouthAfrica(now);
  const limit = options.limit ?? PAGE_SIZE;
  const rows = await db
    .select(summaryColumns)
    .from(proposals)
    .innerJoin(clients, eq(clients.id, proposals.clientId))
    .where(
      and(
        visibleTo(viewer),
        options.clientId ? eq(proposals.clientId, options.clientId) : undefined,
        afterCursor(options.cursor ?? null, proposals.createdAt, proposals.id),
      ),
    )
    .orderBy(desc(proposals.createdAt), desc(proposals.id))
    .limit(limit + 1);
  const page = toPage(rows, limit);
  return {
    rows: page.rows.map(({ status, ...r }) => ({
      ...r,
      state: proposalState(status, r.validUntil, today),
    })),
    next: page.next,
  };
}

/** One proposal as its page shows it, or null (unknown, or not the viewer's to see). */
export async function getProposal(
  db: Pick<Database, "select">,
  viewer: BillingViewer,
  id: string,
  now: Date,
): Promise<ProposalDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      leadId: proposals.leadId,
      terms: proposals.terms,
      depositPercent: proposals.depositPercent,
      billingDay: proposals.billingDay,
      recipientVatNumber: proposals.recipientVatNumber,
      sentAt: proposals.sentAt,
      answeredAt: proposals.answeredAt,
      signedName: proposals.signedName,
      signedIp: proposals.signedIp,
      signedUserAgent: proposals.signedUserAgent,
      signedHash: proposals.contentHash,
    })
    .from(proposals)
    .innerJoin(clients, eq(clients.id, proposals.clientId))
    .where(and(eq(proposals.id, id), visibleTo(viewer)))
    .limit(1);
  if (!row) return null;
  const items = await db
    .select({
      position: proposalItems.position,
      kind: proposalItems.kind,
      packageName: proposalItems.packageName,
      description: proposalItems.description,
      quantity: proposalItems.quantity,
      unitCents: proposalItems.unitCents,
    })
    .from(proposalItems)
    .where(eq(proposalItems.proposalId, id))
    .orderBy(asc(proposalItems.position));
  const lines = items.map((l) => ({ ...l, amountCents: l.quantity * l.unitCents }));
  const totals = proposalTotals(lines, row.vatBasisPoints, row.depositPercent);
  const { signedName, signedIp, signedUserAgent, signedHash, ...rest } = row;
  const detail = {
    ...rest,
    state: proposalState(row.status, row.validUntil, todayInSouthAfrica(now)),
    lines,
    totals,
    signature:
      signedName && signedHash && row.answeredAt
        ? {
            name: signedName,
            at: row.answeredAt,
            ip: signedIp,
            userAgent: signedUserAgent,
            contentHash: signedHash,
          }
        : null,
  };
  return { ...detail, contentHash: proposalContentHash(detail) };
}

function checkInput(input: ProposalInput, today: string): Outcome {
  if (input.validUntil < today) return refused(400, "Valid until cannot be in the past");
  if (input.validUntil > addDays(today, PROPOSAL_VALID_DAYS_MAX)) {
    return refused(400, `Valid until must be within ${PROPOSAL_VALID_DAYS_MAX} days`);
  }
  const totals = proposalTotals(input.items, 0, 0);
  if (totals.onceOffCents > MAX_CENTS || totals.monthlyCents > MAX_CENTS) {
    return refused(400, `A proposal may total at most ${formatRand(MAX_CENTS)}`);
  }
  if (input.depositPercent > 0 && totals.onceOffCents === 0) {
    return refused(400, "A deposit is a percentage of the once-off amount: add a once-off item");
  }
  return { ok: true };
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function writeItems(tx: Tx, proposalId: string, input: ProposalInput) {
  await tx.delete(proposalItems).where(eq(proposalItems.proposalId, proposalId));
  await tx.insert(proposalItems).values(
    input.items.map((item, position) => ({
      proposalId,
      position,
      kind: item.kind,
      packageName: item.packageName,
      description: item.description,
      quantity: item.quantity,
      unitCents: item.unitCents,
    })),
  );
}

function amounts(input: ProposalInput) {
  const t = proposalTotals(input.items, 0, 0);
  return { onceOffCents: t.onceOffCents, monthlyCents: t.monthlyCents };
}

/** The proposal locked for a change, while it is a draft or waits for its answer. */
async function lockOpen(
  tx: Tx,
  id: string,
  today: string,
): Promise<Outcome<{ clientId: string; title: string }>> {
  const [current] = await tx
    .select({
      status: proposals.status,
      validUntil: proposals.validUntil,
      clientId: proposals.clientId,
      title: proposals.title,
    })
    .from(proposals)
    .where(eq(proposals.id, id))
    .for("update");
  if (!current) return refused(404, PROPOSAL_NOT_FOUND);
  const state = proposalState(current.status, current.validUntil, today);
  if (state !== "draft" && state !== "sent") return refused(409, PROPOSAL_LOCKED);
  return { ok: true, clientId: current.clientId, title: current.title };
}

/** 'Create proposal' (administrators): a draft for a client, at the VAT rate of today. */
export async function createProposal(
  db: Database,
  actorId: string,
  input: ProposalInput,
  now: Date,
): Promise<Outcome<{ id: string }>> {
  const today = todayInSouthAfrica(now);
  const checked = checkInput(input, today);
  if (!checked.ok) return checked;
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, input.clientId))
    .limit(1);
  if (!client) return refused(404, CLIENT_NOT_FOUND_FOR_PROPOSAL);
  const vatBasisPoints = await vatRateOn(db, today);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(proposals)
      .values({
        clientId: input.clientId,
        leadId: input.leadId,
        title: input.title,
        validUntil: input.validUntil,
        terms: input.terms,
        depositPercent: input.depositPercent,
        billingDay: input.billingDay,
        recipientVatNumber: input.recipientVatNumber,
        vatBasisPoints,
        ...amounts(input),
        createdBy: actorId,
      })
      .returning({ id: proposals.id });
    const proposalId = (row as { id: string }).id;
    await writeItems(tx, proposalId, input);
    return proposalId;
  });
  publishChange("billing", { clientIds: [input.clientId] }, actorId);
  return { ok: true, id };
}

/**
 * 'Save changes' (administrators): a new version of a draft or of a sent proposal still
 * waiting for its answer (the client stays the same). An accepted, declined or expired one is
 * refused (409). A contact who then accepts names the version they read (its hash).
 */
export async function updateProposal(
  db: Database,
  actorId: string,
  id: string,
  input: ProposalInput,
  now: Date,
): Promise<Outcome> {
  const today = todayInSouthAfrica(now);
  const checked = checkInput(input, today);
  if (!checked.ok) return checked;
  const vatBasisPoints = await vatRateOn(db, today);
  const outcome = await db.transaction(async (tx): Promise<Outcome<{ clientId: string }>> => {
    const current = await lockOpen(tx, id, today);
    if (!current.ok) return current;
    await tx
      .update(proposals)
      .set({
        leadId: input.leadId,
        title: input.title,
        validUntil: input.validUntil,
        terms: input.terms,
        depositPercent: input.depositPercent,
        billingDay: input.billingDay,
        recipientVatNumber: input.recipientVatNumber,
        vatBasisPoints,
        ...amounts(input),
      })
      .where(eq(proposals.id, id));
    await writeItems(tx, id, input);
    return { ok: true, clientId: current.clientId };
  });
  if (!outcome.ok) return outcome;
  publishChange("billing", { clientIds: [outcome.clientId] }, actorId);
  return { ok: true };
}

/**
 * 'Send to client' (administrators): the proposal goes to the client's contacts — a
 * notification in the portal and by e-mail, in the same transaction. Sending again (after a
 * change) tells them again.
 */
export async function sendProposal(
  db: Database,
  actorId: string,
  id: string,
  now: Date,
): Promise<Outcome<{ notified: number }>> {
  const today = todayInSouthAfrica(now);
  const outcome = await db.transaction(
    async (tx): Promise<Outcome<{ clientId: string; notified: string[] }>> => {
      const current = await lockOpen(tx, id, today);
      if (!current.ok) return current;
      await tx.update(proposals).set({ status: "sent", sentAt: now }).where(eq(proposals.id, id));
      const notified = await notify(tx, {
        kind: "proposal.sent",
        clientId: current.clientId,
        actorId,
        title: current.title,
        link: proposalLink(id),
        groupKey: `proposal:${id}`,
      });
      return { ok: true, clientId: current.clientId, notified };
    },
  );
  if (!outcome.ok) return outcome;
  publishChange("billing", { clientIds: [outcome.clientId] }, actorId);
  announceNotifications(outcome.notified, actorId);
  return { ok: true, notified: outcome.notified.length };
}

/** The agency's administrators: billing's news goes to them (a team member may lack billing). */
export async function administrators(tx: Pick<Database, "select">): Promise<string[]> {
  const rows = await tx
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"));
  return rows.map((r) => r.id);
}

export const proposalLink = (id: string) => `/portal/billing/proposals/${id}`;

/** Where and how an answer was given (the request's facts, read at the edge). */
export interface AnswerFacts {
  ip: string | null;
  userAgent: string | null;
}

export type ProposalAnswer =
  | { intent: "accept"; signedName: string; contentHash: string }
  | { intent: "decline" };

/**
 * A contact's answer. Accepting signs it: the typed full name, the time, the IP address, the
 * user agent and the hash of the version they read — refused (409) when the proposal changed
 * since (the hash differs), and when it is no longer waiting or has expired. Only a contact of
 * the proposal's own client answers; anyone else finds nothing (404).
 */
export async function answerProposal(
  db: Database,
  viewer: BillingViewer,
  id: string,
  answer: ProposalAnswer,
  facts: AnswerFacts,
  now: Date,
): Promise<Outcome<{ state: "accepted" | "declined" }>> {
  if (viewer.scope.kind !== "client") return refused(404, PROPOSAL_NOT_FOUND);
  const outcome = await db.transaction(
    async (tx): Promise<Outcome<{ clientId: string; title: string; notified: string[] }>> => {
      const [locked] = await tx
        .select({ id: proposals.id })
        .from(proposals)
        .where(and(eq(proposals.id, id), visibleTo(viewer)))
        .for("update");
      if (!locked) return refused(404, PROPOSAL_NOT_FOUND);
      const current = await getProposal(tx, viewer, id, now);
      if (!current) return refused(404, PROPOSAL_NOT_FOUND);
      if (current.state === "expired") return refused(409, PROPOSAL_EXPIRED);
      if (current.state !== "sent") return refused(409, PROPOSAL_NOT_OPEN);
      if (answer.intent === "accept" && answer.contentHash !== current.contentHash) {
        return refused(409, PROPOSAL_CHANGED);
      }
      await tx
        .update(proposals)
        .set(
          answer.intent === "accept"
            ? {
                status: "accepted",
                answeredAt: now,
                signedName: answer.signedName,
                signedBy: viewer.userId,
                signedIp: facts.ip?.slice(0, 100) ?? null,
                signedUserAgent: facts.userAgent?.slice(0, 500) ?? null,
                contentHash: current.contentHash,
              }
            : { status: "declined", answeredAt: now, signedBy: viewer.userId },
        )
        .where(and(eq(proposals.id, id), eq(proposals.status, "sent")));
      const issued: string[] = [];
      if (answer.intent === "accept" && current.totals.depositCents > 0) {
        const deposit = await issueInvoiceIn(
          tx,
          {
            clientId: current.clientId,
            proposalId: id,
            kind: "deposit",
            period: null,
            description: `Deposit: ${current.title}`,
            recipientVatNumber: current.recipientVatNumber,
            lines: [
              {
                description: `Deposit of ${current.depositPercent}% of the once-off amount (${current.title})`,
                quantity: 1,
                unitCents: current.totals.depositCents,
              },
            ],
            // Issued by the system, so the contact who accepted is told (and mailed) too.
            actorId: null,
          },
          now,
        );
        issued.push(...deposit.notified);
      }
      const notified = await notify(tx, {
        kind: "proposal.answered",
        clientId: current.clientId,
        actorId: viewer.userId,
        title: `${answer.intent === "accept" ? "Accepted" : "Declined"}: ${current.title}`,
        userIds: await administrators(tx),
        link: proposalLink(id),
        groupKey: `proposal:${id}`,
      });
      return {
        ok: true,
        clientId: current.clientId,
        title: current.title,
        notified: [...notified, ...issued],
      };
    },
  );
  if (!outcome.ok) return outcome;
  publishChange("billing", { clientIds: [outcome.clientId] }, viewer.userId);
  announceNotifications(outcome.notified, viewer.userId);
  return { ok: true, state: answer.intent === "accept" ? "accepted" : "declined" };
}

/** The clients an administrator may write a proposal for (the form's list). */
export async function proposalClients(db: Database) {
  return db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(500);
}

/** What a new proposal's form starts with: empty, or prefilled from a quote request. */
export interface ProposalDraft {
  clientId: string | null;
  leadId: string | null;
  title: string;
  validUntil: string;
  terms: string;
  depositPercent: number;
  billingDay: number;
  items: {
    packageName: string | null;
    description: string;
    kind: ProposalItemKind;
    quantity: number;
    unitCents: number;
  }[];
  /** A lead not yet converted: said instead of a client. */
  notice: string | null;
}

export const DEFAULT_TERMS =
  "Amounts are in South African rand. Monthly amounts are invoiced on the billing day each month until either party ends the agreement with 30 days' notice in writing. Invoices are payable within the payment terms on the invoice.";

export async function proposalDraft(
  db: Database,
  leadId: string | null,
  clientId: string | null,
  now: Date,
): Promise<ProposalDraft> {
  const today = todayInSouthAfrica(now);
  const draft: ProposalDraft = {
    clientId,
    leadId: null,
    title: "",
    validUntil: addDays(today, 30),
    terms: DEFAULT_TERMS,
    depositPercent: 0,
    billingDay: 1,
    items: [],
    notice: null,
  };
  if (!leadId) return draft;
  const [lead] = await db
    .select({
      id: leads.id,
      name: leads.name,
      company: leads.company,
      packageName: leads.packageName,
      startDate: leads.startDate,
      finishDate: leads.finishDate,
      clientId: leads.clientId,
    })
    .from(leads)
    .where(eq(leads.id, leadId))
    .limit(1);
  if (!lead) return draft;
  const pkg = packages.find((p) => p.name === lead.packageName);
  const dates = [
    lead.startDate ? `Planned start: ${lead.startDate}.` : null,
    lead.finishDate ? `Planned finish: ${lead.finishDate}.` : null,
  ].filter(Boolean);
  return {
    ...draft,
    clientId: lead.clientId,
    leadId: lead.id,
    title: `${pkg ? `${pkg.name} package` : "Proposal"} for ${lead.company || lead.name}`,
    terms: [DEFAULT_TERMS, ...dates].join("\n"),
    items:
      pkg && pkg.price.kind === "from"
        ? [
            {
              packageName: pkg.name,
              description: `${pkg.name} package`,
              kind: "monthly",
              quantity: 1,
              unitCents: pkg.price.monthlyCents,
            },
          ]
        : [],
    notice: lead.clientId ? null : LEAD_NOT_A_CLIENT,
  };
}
