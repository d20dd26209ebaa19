import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { privacyNotice } from "~/content/legal";
import { site } from "~/content/site";
import {
  type ContactInput,
  composeQuotePayload,
  formatLongDate,
  QUOTE_HEADING_PREFIX,
  type QuoteInput,
  type SendContactEmailInput,
} from "~/lib/validation/leads";
import type { Database } from "./db/client.server";
import { emailOutbox, type LeadKind, type LeadStatus, leads } from "./db/schema.server";
import { wakeOutbox } from "./email/outbox.server";
import { type Outcome, refused } from "./outcome.server";
import { recordMarketingConsent } from "./privacy.server";

export const CONSENT_NOTICE = "lead-form-notice-2025-v1";
export const RATE_LIMITED_MESSAGE =
  "You've sent several requests in a short time. Please wait a while and try again, or call us.";

export type LeadSubmission =
  | { kind: "contact"; input: ContactInput }
  | { kind: "quote"; input: QuoteInput }
  | { kind: "api"; input: SendContactEmailInput };

export interface SubmitOptions {
  ip: string | null;
  leadsTo: string;
  limits: { perIp: number; perEmail: number };
  /** A filled honeypot: answer as if it worked, keep nothing. */
  honeypot?: string | null;
  /** The sender ticked the marketing e-mail box (POPIA section 69). */
  marketingOptIn?: boolean;
}

export type SubmitResult = Outcome<{ leadId: string | null }>;

const HOUR_MS = 60 * 60 * 1000;

/** Whether this e-mail address or client IP sent too many leads in the last hour. */
export async function overLimit(
  db: Database,
  ip: string | null,
  email: string,
  limits: SubmitOptions["limits"],
) {
  const since = new Date(Date.now() - HOUR_MS);
  const [byEmail] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(sql`lower(${leads.email})`, email.toLowerCase()), gt(leads.createdAt, since)));
  if ((byEmail?.n ?? 0) >= limits.perEmail) return true;
  if (!ip) return false;
  const [byIp] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.ipAddress, ip), gt(leads.createdAt, since)));
  return (byIp?.n ?? 0) >= limits.perIp;
}

function leadRow(submission: LeadSubmission) {
  if (submission.kind === "quote") {
    const q = submission.input;
    const payload = composeQuotePayload(q);
    return {
      kind: "quote" as LeadKind,
      name: q.name,
      email: q.email,
      phone: q.phone,
      company: payload.company ?? null,
      message: payload.message,
      packageName: q.selectedPackage,
      address: q.address,
      startDate: q.startDate,
      finishDate: q.finishDate,
    };
  }
  const c = submission.input;
  const isQuote = submission.kind === "api" && c.message.startsWith(QUOTE_HEADING_PREFIX);
  return {
    kind: (isQuote ? "quote" : "contact") as LeadKind,
    name: c.name,
    email: c.email,
    phone: c.phone ?? null,
    company: c.company ?? null,
    message: c.message,
    packageName: isQuote ? (c.company ?? null) : null,
    address: null,
    startDate: null,
    finishDate: null,
  };
}

type LeadValues = ReturnType<typeof leadRow>;

export function notificationMail(lead: LeadValues) {
  const subject =
    lead.kind === "quote"
      ? `New quote request: ${lead.packageName ?? "Custom"} Package — ${lead.name}`
      : `New contact message from ${lead.name}`;
  const lines = [
    lead.kind === "quote"
      ? "A new quote request arrived on the website."
      : "A new contact message arrived on the website.",
    "",
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    `Phone: ${lead.phone ?? "—"}`,
    lead.kind === "quote"
      ? `Package: ${lead.packageName ?? "—"}`
      : `Company: ${lead.company ?? "—"}`,
    "",
    lead.message,
    "",
    "Reply to this e-mail to answer the sender directly. Work the lead in the portal under Leads.",
  ];
  return { subject, text: lines.join("\n") };
}

export function confirmationMail(lead: LeadValues) {
  if (lead.kind === "quote") {
    const dates =
      lead.startDate && lead.finishDate
        ? `from ${formatLongDate(lead.startDate)} to ${formatLongDate(lead.finishDate)}`
        : null;
    return {
      subject: `We received your quote request — ${site.name}`,
      text: [
        `Hi ${lead.name},`,
        "",
        `Thank you for requesting a quote for our ${lead.packageName ?? ""} Package${dates ? ` (${dates})` : ""}.`,
        "A member of our team will review your requirements and contact you by e-mail and phone, usually within one business day.",
        "",
        "Your request:",
        lead.message,
        "",
        `Questions in the meantime? Call ${site.phone} or reply to this e-mail.`,
        "",
        `${site.name}`,
        `We use your details only to answer this request. See our privacy policy: ${site.url}/legal/privacy`,
      ].join("\n"),
    };
  }
  return {
    subject: `We received your message — ${site.name}`,
    text: [
      `Hi ${lead.name},`,
      "",
      "Thank you for getting in touch. We'll get back to you within 24 hours.",
      "",
      "Your message:",
      lead.message,
      "",
      `Need us sooner? Call ${site.phone}.`,
      "",
      `${site.name}`,
      `We use your details only to answer this message. See our privacy policy: ${site.url}/legal/privacy`,
    ].join("\n"),
  };
}

/**
 * Keep a contact or quote submission and queue its two e-mails (the agency's notification and
 * the sender's confirmation) in one transaction. Mail is sent later by the outbox worker, so a
 * submission succeeds even when mail is down.
 */
export async function submitLead(
  db: Database,
  submission: LeadSubmission,
  options: SubmitOptions,
): Promise<SubmitResult> {
  if (options.honeypot?.trim()) return { ok: true, leadId: null };
  const values = leadRow(submission);
  if (await overLimit(db, options.ip, values.email, options.limits)) {
    return refused(429, RATE_LIMITED_MESSAGE);
  }
  const notification = notificationMail(values);
  const confirmation = confirmationMail(values);
  const leadId = await db.transaction(async (tx) => {
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
    await tx.insert(emailOutbox).values([
      { leadId: id, toAddress: options.leadsTo, replyTo: values.email, ...bodies(notification) },
      { leadId: id, toAddress: values.email, replyTo: site.email, ...bodies(confirmation) },
    ]);
    return id;
  });
  wakeOutbox();
  return { ok: true, leadId };
}

function bodies(mail: { subject: string; text: string }) {
  return { subject: mail.subject, textBody: mail.text };
}

// --- Admin: working the leads ------------------------------------------------------------

export type Lead = typeof leads.$inferSelect;

export async function listLeads(
  db: Database,
  filters: { kind?: LeadKind; status?: LeadStatus } = {},
): Promise<Lead[]> {
  const where = and(
    filters.kind ? eq(leads.kind, filters.kind) : undefined,
    filters.status ? eq(leads.status, filters.status) : undefined,
  );
  return db.select().from(leads).where(where).orderBy(desc(leads.createdAt)).limit(500);
}

export async function getLead(db: Database, id: string): Promise<Lead | null> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row ?? null;
}

export async function setLeadStatus(
  db: Database,
  id: string,
  status: LeadStatus,
): Promise<Outcome> {
  const rows = await db
    .update(leads)
    .set({ status })
    .where(eq(leads.id, id))
    .returning({ id: leads.id });
  return rows.length > 0 ? { ok: true } : refused(404, "Lead not found");
}

/** Submission options from the request and the settings. */
export function submitOptionsFor(
  request: Request,
  settings: { LEADS_TO: string; LEAD_RATE_LIMIT_IP: number; LEAD_RATE_LIMIT_EMAIL: number },
  honeypot?: string | null,
  marketingOptIn = false,
): SubmitOptions {
  return {
    ip: request.headers.get("x-client-ip"),
    leadsTo: settings.LEADS_TO,
    limits: { perIp: settings.LEAD_RATE_LIMIT_IP, perEmail: settings.LEAD_RATE_LIMIT_EMAIL },
    honeypot,
    marketingOptIn,
  };
}
