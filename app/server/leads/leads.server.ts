import { and, count, desc, eq, sql } from "drizzle-orm";
import { privacyNotice } from "~/content/legal";
import type { PackageName } from "~/content/packages";
import { site } from "~/content/site";
import { formatLongDate } from "~/lib/dates";
import { type Cursor, PAGE_SIZE, type Page, toPage } from "~/lib/pagination";
import { LEAD_STATUSES } from "~/lib/validation/lead-status";
import type { ContactInput, QuoteInput } from "~/lib/validation/leads";
import { recordMarketingConsent } from "../accounts/consents.server";
import type { Database } from "../db/client.server";
import { emailOutbox, type LeadKind, type LeadStatus, leads } from "../db/schema.server";
import { wakeOutbox } from "../email/outbox.server";
import { announceNotifications, notify, recipientsOf } from "../notifications/notifications.server";
import { type Outcome, refused } from "../outcome.server";
import { afterCursor } from "../pagination.server";
import { lockLimitKeys, windowStart } from "../rate-limits.server";
import { leadSourcePath, type PostedFrom, recordLeadStatusChange } from "./lead-history.server";

export const CONSENT_NOTICE = "lead-form-notice-2025-v1";
export const LEAD_NOT_FOUND = "Lead not found";
export const RATE_LIMITED_MESSAGE =
  "You've sent several requests in a short time. Please wait a while and try again, or call us.";

/** A lead as it is stored: the typed fields of a contact message or a quote request. */
export type NewLead =
  | {
      kind: "contact";
      name: string;
      email: string;
      phone: string | null;
      company: string | null;
      message: string;
    }
  | {
      kind: "quote";
      name: string;
      email: string;
      phone: string | null;
      packageName: PackageName;
      address: string | null;
      startDate: string | null;
      finishDate: string | null;
      /** What the person wrote about the project. */
      message: string;
    };

export function contactLead(input: ContactInput): NewLead {
  const { name, email, message } = input;
  return {
    kind: "contact",
    name,
    email,
    phone: input.phone ?? null,
    company: input.company ?? null,
    message,
  };
}

export function quoteLead(input: QuoteInput): NewLead {
  return {
    kind: "quote",
    name: input.name,
    email: input.email,
    phone: input.phone,
    packageName: input.selectedPackage,
    address: input.address,
    startDate: input.startDate,
    finishDate: input.finishDate,
    message: input.message,
  };
}

export interface SubmitOptions {
  ip: string | null;
  leadsTo: string;
  /** The public site (BASE_URL, read at run time): the links in the confirmation mail. */
  baseUrl: string;
  limits: { perIp: number; perEmail: number };
  /** A filled honeypot: answer as if it worked, keep nothing. */
  honeypot?: string | null;
  /** The sender ticked the marketing e-mail box (POPIA section 69). */
  marketingOptIn?: boolean;
  /** The site page the form was on (Analytics: where leads come from). */
  sourcePath?: string | null;
}

export type SubmitResult = Outcome<{ leadId: string | null }>;

const HOUR_MS = 60 * 60 * 1000;

/** A transaction of the database, as `db.transaction` hands it over. */
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Whether this e-mail address or client IP sent too many leads (of any kind: contact, quote,
 * chat) in the last hour, each lead counting its confirmation mail. Call it inside the
 * transaction that stores the lead: it locks both keys first, so requests that arrive at once
 * are counted one after the other and never more than the limit pass (issue 29).
 */
export async function overLeadLimit(
  tx: Transaction,
  ip: string | null,
  email: string,
  limits: SubmitOptions["limits"],
) {
  const address = email.toLowerCase();
  await lockLimitKeys(tx, [`lead-email:${address}`, ...(ip ? [`lead-ip:${ip}`] : [])]);
  const since = windowStart(HOUR_MS);
  const [byEmail] = await tx
    .select({ n: count() })
    .from(leads)
    .where(and(eq(sql`lower(${leads.email})`, address), sql`${leads.createdAt} > ${since}`));
  if ((byEmail?.n ?? 0) >= limits.perEmail) return true;
  if (!ip) return false;
  const [byIp] = await tx
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.ipAddress, ip), sql`${leads.createdAt} > ${since}`));
  return (byIp?.n ?? 0) >= limits.perIp;
}

/** The leads table's columns for a lead (the other kind's columns stay empty). */
function leadRow(lead: NewLead) {
  return {
    company: null,
    packageName: null,
    address: null,
    startDate: null,
    finishDate: null,
    ...lead,
    kind: lead.kind as LeadKind,
  };
}

/** The quote's details, one per line, for the e-mails. */
function quoteDetails(lead: Extract<NewLead, { kind: "quote" }>) {
  return [
    lead.address ? `Address: ${lead.address}` : null,
    lead.startDate
      ? `Project Start Date: ${formatLongDate(lead.startDate, { weekday: true })}`
      : null,
    lead.finishDate
      ? `Project Finish Date: ${formatLongDate(lead.finishDate, { weekday: true })}`
      : null,
  ].filter((line): line is string => line !== null);
}

export function notificationMail(lead: NewLead) {
  const subject =
    lead.kind === "quote"
      ? `New quote request: ${lead.packageName} Package — ${lead.name}`
      : `New contact message from ${lead.name}`;
  const lines = [
    lead.kind === "quote"
      ? "A new quote request arrived on the website."
      : "A new contact message arrived on the website.",
    "",
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    `Phone: ${lead.phone ?? "—"}`,
    ...(lead.kind === "quote"
      ? [`Package: ${lead.packageName}`, ...quoteDetails(lead)]
      : [`Company: ${lead.company ?? "—"}`]),
    "",
    lead.message,
    "",
    "Reply to this e-mail to answer the sender directly. Work the lead in the portal under Leads.",
  ];
  return { subject, text: lines.join("\n") };
}

/**
 * The sender's name as a mail may show it: without anything a mail program would make a link
 * of (web and e-mail addresses, domain names), on one line, not too long; "there" when nothing
 * is left. Whoever sends a form chooses the name, and the mail comes from the agency.
 */
export function nameForMail(name: string): string {
  const shown = name
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, " ")
    .replace(/\S*@\S+/g, " ")
    .replace(/\bwww\.\S*/gi, " ")
    .replace(/\S*[\p{L}\p{N}-]\.[\p{L}]{2,}\S*/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s,:;–—-]+|[\s,:;–—-]+$/g, "")
    .slice(0, 60)
    .trim();
  return shown || "there";
}

const characters = (text: string) => Array.from(text).length;

/** The closing lines of every confirmation: no action is needed, and the privacy policy. */
export function confirmationFooter(baseUrl: string, what: string) {
  return [
    `If you did not send this ${what}, you need not do anything: we will not contact you again about it.`,
    "",
    site.name,
    `We use your details only to answer this ${what}. See our privacy policy: ${baseUrl}/legal/privacy`,
  ];
}

/**
 * The confirmation to the address the form named. Anyone can name any address, so it says what
 * was received without repeating what was written (no message, no address), and shows the
 * name without links: it can carry nobody else's words.
 */
export function confirmationMail(lead: NewLead, baseUrl: string) {
  const greeting = `Hi ${nameForMail(lead.name)},`;
  if (lead.kind === "quote") {
    const dates =
      lead.startDate && lead.finishDate
        ? `from ${formatLongDate(lead.startDate, { weekday: true })} to ${formatLongDate(lead.finishDate, { weekday: true })}`
        : null;
    return {
      subject: `We received your quote request — ${site.name}`,
      text: [
        greeting,
        "",
        `Thank you for requesting a quote for our ${lead.packageName} Package${dates ? ` (${dates})` : ""}.`,
        `We received your request, with your project's address and a description of ${characters(lead.message)} characters.`,
        "A member of our team will review your requirements and contact you by e-mail and phone, usually within one business day.",
        "",
        `Questions in the meantime? Call ${site.phone} or reply to this e-mail.`,
        "",
        ...confirmationFooter(baseUrl, "request"),
      ].join("\n"),
    };
  }
  return {
    subject: `We received your message — ${site.name}`,
    text: [
      greeting,
      "",
      `Thank you for getting in touch. We received your message of ${characters(lead.message)} characters, and we'll get back to you within 24 hours.`,
      "",
      `Need us sooner? Call ${site.phone}.`,
      "",
      ...confirmationFooter(baseUrl, "message"),
    ].join("\n"),
  };
}

/**
 * Keep a contact message or quote request (typed, as its form parsed it) and queue its two e-mails (the agency's notification and
 * the sender's confirmation) in one transaction. Mail is sent later by the outbox worker, so a
 * submission succeeds even when mail is down.
 */
export async function submitLead(
  db: Database,
  lead: NewLead,
  options: SubmitOptions,
): Promise<SubmitResult> {
  if (options.honeypot?.trim()) return { ok: true, leadId: null };
  const values = leadRow(lead);
  const notification = notificationMail(lead);
  const confirmation = confirmationMail(lead, options.baseUrl);
  const leadId = await db.transaction(async (tx) => {
    if (await overLeadLimit(tx, options.ip, values.email, options.limits)) return null;
    const consentAt = new Date();
    const [row] = await tx
      .insert(leads)
      .values({
        ...values,
        consent: true,
        consentAt,
        consentNotice: CONSENT_NOTICE,
        privacyNoticeVersion: privacyNotice.version,
        ipAddress: options.ip,
        sourcePath: options.sourcePath ?? null,
      })
      .returning({ id: leads.id });
    const id = row?.id as string;
    if (options.marketingOptIn) {
      await recordMarketingConsent(tx, {
        leadId: id,
        email: values.email,
        source: values.kind,
        now: consentAt,
      });
    }
    await tx.insert(emailOutbox).values({
      leadId: id,
      toAddress: values.email,
      replyTo: site.email,
      ...bodies(confirmation),
    });
    const notified = await notifyNewLead(
      tx,
      { id, name: values.name, kind: values.kind },
      { leadId: id, toAddress: options.leadsTo, replyTo: values.email, ...bodies(notification) },
    );
    return { id, notified };
  });
  if (leadId === null) return refused(429, RATE_LIMITED_MESSAGE);
  wakeOutbox();
  announceNotifications(leadId.notified, null);
  return { ok: true, leadId: leadId.id };
}

const LEAD_KIND_TEXT: Record<LeadKind, string> = {
  contact: "Contact message",
  quote: "Quote request",
  chat: "Question from the assistant",
  booking: "Meeting booked",
};

/**
 * A new lead (inside the lead's transaction): every administrator is told through notifications,
 * in the bell and by the notification mail, as each chose (decision 089). While the workspace
 * has no administrator yet, nobody could be told: the lead's own mail (`leadsToMail`, its details
 * and a reply-to of the sender) goes to LEADS_TO instead, so a lead always reaches someone.
 * Returns the people notified (for `announceNotifications` after the commit).
 */
export async function notifyNewLead(
  tx: Transaction,
  lead: { id: string; name: string; kind: LeadKind },
  leadsToMail: typeof emailOutbox.$inferInsert,
): Promise<string[]> {
  const event = {
    kind: "lead.new" as const,
    clientId: null,
    actorId: null,
    title: `${LEAD_KIND_TEXT[lead.kind]} from ${lead.name}`,
    link: `/portal/leads/${lead.id}`,
    groupKey: `lead:${lead.id}`,
  };
  if ((await recipientsOf(tx, event)).length === 0) {
    await tx.insert(emailOutbox).values(leadsToMail);
    return [];
  }
  return notify(tx, event);
}

function bodies(mail: { subject: string; text: string }) {
  return { subject: mail.subject, textBody: mail.text };
}

// --- Admin: working the leads ------------------------------------------------------------

export type Lead = typeof leads.$inferSelect;

export interface LeadFilters {
  kind?: LeadKind;
  status?: LeadStatus;
}

/** What the leads list shows of a lead. */
export type LeadRow = Pick<
  Lead,
  "id" | "kind" | "name" | "email" | "packageName" | "status" | "createdAt" | "waitingSince"
>;

function leadsWhere(filters: LeadFilters) {
  return and(
    filters.kind ? eq(leads.kind, filters.kind) : undefined,
    filters.status ? eq(leads.status, filters.status) : undefined,
  );
}

/**
 * One page of the leads matching the filters, newest first, after `cursor` (keyset on
 * created_at, id: a range scan of leads_created_id_idx, or of the kind/status index when
 * filtered), so the 100,000th lead costs what the first does.
 */
export async function listLeads(
  db: Database,
  filters: LeadFilters = {},
  { cursor = null, limit = PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
): Promise<Page<LeadRow>> {
  const rows = await db
    .select({
      id: leads.id,
      kind: leads.kind,
      name: leads.name,
      email: leads.email,
      packageName: leads.packageName,
      status: leads.status,
      createdAt: leads.createdAt,
      waitingSince: leads.waitingSince,
    })
    .from(leads)
    .where(and(leadsWhere(filters), afterCursor(cursor, leads.createdAt, leads.id)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit + 1);
  return toPage(rows, limit);
}

export interface LeadCounts {
  /** Leads matching the filters. */
  matching: number;
  /** Every lead, whatever the filters. */
  total: number;
  /** Every lead by status (the status filter's figures). */
  byStatus: Record<LeadStatus, number>;
}

/** The counts beside the list, over every lead (not only the page shown), in one query. */
export async function leadCounts(db: Database, filters: LeadFilters = {}): Promise<LeadCounts> {
  const rows = await db
    .select({ kind: leads.kind, status: leads.status, n: count() })
    .from(leads)
    .groupBy(leads.kind, leads.status);
  const byStatus = Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as Record<
    LeadStatus,
    number
  >;
  let total = 0;
  let matching = 0;
  for (const row of rows) {
    byStatus[row.status] += row.n;
    total += row.n;
    const kindMatches = !filters.kind || row.kind === filters.kind;
    const statusMatches = !filters.status || row.status === filters.status;
    if (kindMatches && statusMatches) matching += row.n;
  }
  return { matching, total, byStatus };
}

export async function getLead(db: Database, id: string): Promise<Lead | null> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row ?? null;
}

/**
 * Move a lead to `status`, keeping the change in its history (`lead_events`) when it is one.
 * `actorId`: who moved it; `now`: when (default: the database's clock, as the lead's own
 * `createdAt`, so the time to a first change never mixes two clocks).
 */
export async function setLeadStatus(
  db: Database,
  id: string,
  status: LeadStatus,
  by: { actorId?: string | null; now?: Date } = {},
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: leads.status })
      .from(leads)
      .where(eq(leads.id, id))
      .for("update");
    if (!before) return refused(404, LEAD_NOT_FOUND);
    if (before.status === status) return { ok: true };
    const at = by.now ?? sql`now()`; // one transaction: the event's default now() is the same
    await tx
      .update(leads)
      .set({ status, firstStatusChangeAt: sql`coalesce(${leads.firstStatusChangeAt}, ${at})` })
      .where(eq(leads.id, id));
    await recordLeadStatusChange(tx, {
      leadId: id,
      from: before.status,
      to: status,
      actorId: by.actorId ?? null,
      now: by.now,
    });
    return { ok: true };
  });
}

/** Where a submission came from: the client's address (server.ts sets it), where it was posted. */
export interface LeadOrigin extends PostedFrom {
  ip: string | null;
}

/** Submission options from where it came from and the settings. */
export function submitOptionsFor(
  from: LeadOrigin,
  settings: {
    LEADS_TO: string;
    LEAD_RATE_LIMIT_IP: number;
    LEAD_RATE_LIMIT_EMAIL: number;
    BASE_URL: string;
  },
  honeypot?: string | null,
  marketingOptIn = false,
): SubmitOptions {
  return {
    ip: from.ip,
    leadsTo: settings.LEADS_TO,
    baseUrl: settings.BASE_URL,
    limits: { perIp: settings.LEAD_RATE_LIMIT_IP, perEmail: settings.LEAD_RATE_LIMIT_EMAIL },
    honeypot,
    marketingOptIn,
    sourcePath: leadSourcePath(from, settings.BASE_URL),
  };
}
