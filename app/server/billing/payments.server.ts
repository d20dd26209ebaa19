/**
 * Payments (issue 32, point 4; decision 074). EFT: the invoice shows the banking details and its
 * number as the reference, and an administrator records what arrived (amount, date, reference;
 * part payments add up; the invoice is paid when they reach its total). PayFast: 'Pay now' is a
 * form posted to PayFast with its MD5 signature; PayFast's notification (ITN) is believed only
 * after every check — the source address, the signature, the merchant, the amount still owed and
 * PayFast's own validation call — and one PayFast payment id is recorded once, so a repeated or
 * replayed notification changes nothing.
 */
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { todayInSouthAfrica } from "~/lib/dates";
import { centsToDecimal, formatRand, parseRand } from "~/lib/money";
import {
  earliestPaymentDay,
  INVOICE_NOT_FOUND,
  PAYMENT_DATE_IN_FUTURE,
  paymentDateTooEarly,
} from "~/lib/validation/billing-values";
import type { Database } from "../db/client.server";
import { invoices, payments } from "../db/schema.server";
import type { Env } from "../env.server";
import { type Outcome, refused } from "../outcome.server";
import { publishChange } from "../workspace/events.server";
import { parseId } from "../workspace/scope.server";
import { invoiceLink } from "./invoices.server";

export const INVOICE_VOID = "A credited (void) invoice takes no payment";
export const MORE_THAN_OWED = "The amount is more than what is still owed on this invoice";
export const NOTHING_OWED = "This invoice is paid in full";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Add a payment to a locked invoice and set its status: paid in full, or part-paid. */
async function applyPayment(
  tx: Tx,
  invoiceId: string,
  payment: {
    method: "eft" | "payfast";
    amountCents: number;
    paidOn: string;
    reference: string;
    externalId: string | null;
    recordedBy: string | null;
  },
): Promise<Outcome<{ clientId: string; status: "paid" | "part-paid"; duplicate: boolean }>> {
  const [invoice] = await tx
    .select({
      status: invoices.status,
      clientId: invoices.clientId,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      issuedOn: invoices.issuedOn,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for("update");
  if (!invoice) return refused(404, INVOICE_NOT_FOUND);
  const earliest = earliestPaymentDay(invoice.issuedOn);
  if (payment.paidOn < earliest) return refused(400, paymentDateTooEarly(earliest));
  if (payment.externalId) {
    // Looked at again under the invoice's lock: the same notification may have just landed.
    const [same] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.method, payment.method), eq(payments.externalId, payment.externalId)))
      .limit(1);
    if (same) return { ok: true, clientId: invoice.clientId, status: "paid", duplicate: true };
  }
  if (invoice.status === "void") return refused(409, INVOICE_VOID);
  const owed = invoice.totalCents - invoice.paidCents;
  if (owed <= 0) return refused(409, NOTHING_OWED);
  if (payment.amountCents > owed) return refused(400, MORE_THAN_OWED);
  const paidCents = invoice.paidCents + payment.amountCents;
  const status = paidCents >= invoice.totalCents ? ("paid" as const) : ("part-paid" as const);
  await tx.insert(payments).values({ invoiceId, ...payment });
  await tx.update(invoices).set({ paidCents, status }).where(eq(invoices.id, invoiceId));
  return { ok: true, clientId: invoice.clientId, status, duplicate: false };
}

/** 'Record payment' (administrators): an EFT that arrived. */
export async function recordPayment(
  db: Database,
  actorId: string,
  invoiceId: string,
  input: { amountCents: number; paidOn: string; reference: string },
  now: Date,
): Promise<Outcome<{ status: "paid" | "part-paid" }>> {
  if (input.paidOn > todayInSouthAfrica(now)) return refused(400, PAYMENT_DATE_IN_FUTURE);
  const outcome = await db.transaction((tx) =>
    applyPayment(tx, invoiceId, {
      method: "eft",
      ...input,
      externalId: null,
      recordedBy: actorId,
    }),
  );
  if (!outcome.ok) return outcome;
  publishChange("billing", { clientIds: [outcome.clientId] }, actorId);
  return { ok: true, status: outcome.status };
}

/** An invoice's payments, oldest first (the invoice's page; the caller has found the invoice). */
export function listPayments(db: Database, invoiceId: string) {
  return db
    .select({
      id: payments.id,
      method: payments.method,
      amountCents: payments.amountCents,
      paidOn: payments.paidOn,
      reference: payments.reference,
    })
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

// ---------------------------------------------------------------------------
// PayFast
// ---------------------------------------------------------------------------

export interface PayfastConfig {
  merchantId: string;
  merchantKey: string;
  passphrase: string | null;
  /** The base of the payment page and of the validation call. */
  url: string;
  validIps: string[];
}

type PayfastSettings = Pick<
  Env,
  | "PAYFAST_MERCHANT_ID"
  | "PAYFAST_MERCHANT_KEY"
  | "PAYFAST_PASSPHRASE"
  | "PAYFAST_SANDBOX"
  | "PAYFAST_URL"
  | "PAYFAST_VALID_IPS"
>;

/** PayFast's settings, or null when 'Pay now' is off (no merchant id or key). */
export function payfastConfig(settings: PayfastSettings): PayfastConfig | null {
  if (!settings.PAYFAST_MERCHANT_ID || !settings.PAYFAST_MERCHANT_KEY) return null;
  return {
    merchantId: settings.PAYFAST_MERCHANT_ID,
    merchantKey: settings.PAYFAST_MERCHANT_KEY,
    passphrase: settings.PAYFAST_PASSPHRASE ?? null,
    url:
      settings.PAYFAST_URL ??
      (settings.PAYFAST_SANDBOX ? "https://sandbox.payfast.co.za" : "https://www.payfast.co.za"),
    validIps: settings.PAYFAST_VALID_IPS,
  };
}

/** PHP's urlencode, as PayFast signs: spaces as '+', every reserved character as %XX. */
function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** The fields as PayFast's parameter string (`key=value&…`), in the order given. */
export function payfastParamString(fields: [string, string][], options: { skipEmpty: boolean }) {
  return fields
    .filter(([key, value]) => key !== "signature" && (!options.skipEmpty || value.trim() !== ""))
    .map(([key, value]) => `${key}=${phpUrlencode(value.trim())}`)
    .join("&");
}

/**
 * PayFast's signature: the MD5 (hex) of the parameter string with `&passphrase=…` appended when
 * one is set. The payment form signs its non-empty fields; an ITN is signed over every field.
 */
export function payfastSignature(
  fields: [string, string][],
  passphrase: string | null,
  options: { skipEmpty: boolean },
): string {
  let text = payfastParamString(fields, options);
  if (passphrase) text += `&passphrase=${phpUrlencode(passphrase.trim())}`;
  return createHash("md5").update(text).digest("hex");
}

/** The 'Pay now' form: where it posts and its fields (signed), for what is still owed. */
export function payNowForm(
  config: PayfastConfig,
  invoice: { id: string; number: string; totalCents: number; paidCents: number },
  baseUrl: string,
): { action: string; fields: [string, string][] } | null {
  const owed = invoice.totalCents - invoice.paidCents;
  if (owed <= 0) return null;
  const page = `${baseUrl}${invoiceLink(invoice.id)}`;
  const fields: [string, string][] = [
    ["merchant_id", config.merchantId],
    ["merchant_key", config.merchantKey],
    ["return_url", `${page}?paid=1`],
    ["cancel_url", page],
    ["notify_url", `${baseUrl}${PAYFAST_ITN_PATH}`],
    ["m_payment_id", invoice.id],
    ["amount", centsToDecimal(owed)],
    ["item_name", `Invoice ${invoice.number}`],
  ];
  fields.push(["signature", payfastSignature(fields, config.passphrase, { skipEmpty: true })]);
  return { action: `${config.url}/eng/process`, fields };
}

export const PAYFAST_ITN_PATH = "/api/payfast/itn";

/** Whether an address lies in the list (exact addresses, and IPv4 CIDR ranges). */
export function ipAllowed(ip: string | null, list: string[]): boolean {
  if (!ip) return false;
  const address = ip.replace(/^::ffff:/, "");
  const v4 = (text: string) =>
    text.split(".").reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
  return list.some((entry) => {
    const [base, bits] = entry.split("/");
    if (!base) return false;
    if (bits === undefined) return base === address;
    if (isIP(base) !== 4 || isIP(address) !== 4) return false;
    const size = Number(bits);
    const mask = size === 0 ? 0 : (~0 << (32 - size)) >>> 0;
    return (v4(base) & mask) === (v4(address) & mask);
  });
}

export type ItnOutcome = Outcome<{ recorded: boolean }>;

/**
 * A PayFast notification, in the order its fields were posted. Refused (nothing recorded) from
 * an address not listed, with a wrong signature or merchant, for an unknown or void invoice, an
 * amount other than what is owed, or when PayFast's validation call does not answer VALID. A
 * notification already recorded (its `pf_payment_id`) changes nothing and is answered OK.
 */
export async function handlePayfastItn(
  db: Database,
  config: PayfastConfig,
  fields: [string, string][],
  sourceIp: string | null,
  now: Date,
  fetchImpl: typeof fetch = fetch,
): Promise<ItnOutcome> {
  if (!ipAllowed(sourceIp, config.validIps)) return refused(403, "Source address not allowed");
  const get = (key: string) => fields.find(([k]) => k === key)?.[1] ?? "";
  const expected = payfastSignature(fields, config.passphrase, { skipEmpty: false });
  if (get("signature") !== expected) return refused(400, "Bad signature");
  if (get("merchant_id") !== config.merchantId) return refused(400, "Wrong merchant");
  const invoiceId = parseId(get("m_payment_id"));
  const pfPaymentId = get("pf_payment_id").trim();
  if (!invoiceId || !pfPaymentId) return refused(400, "Unknown payment");
  const [invoice] = await db
    .select({
      number: invoices.number,
      status: invoices.status,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  if (!invoice) return refused(400, "Unknown invoice");
  const [already] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.method, "payfast"), eq(payments.externalId, pfPaymentId)))
    .limit(1);
  if (already) return { ok: true, recorded: false };
  if (get("payment_status") !== "COMPLETE") return { ok: true, recorded: false };
  const gross = parseRand(get("amount_gross"));
  const owed = invoice.totalCents - invoice.paidCents;
  if (invoice.status === "void" || gross === null || gross !== owed) {
    return refused(400, "Amount does not match what is owed");
  }
  let valid = false;
  try {
    const answer = await fetchImpl(`${config.url}/eng/query/validate`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: payfastParamString(fields, { skipEmpty: false }),
      signal: AbortSignal.timeout(10_000),
    });
    valid = answer.ok && (await answer.text()).trim() === "VALID";
  } catch {
    valid = false;
  }
  if (!valid) return refused(400, "PayFast did not confirm the payment");
  try {
    const outcome = await db.transaction((tx) =>
      applyPayment(tx, invoiceId, {
        method: "payfast",
        amountCents: gross,
        paidOn: todayInSouthAfrica(now),
        reference: `PayFast ${pfPaymentId}`,
        externalId: pfPaymentId,
        recordedBy: null,
      }),
    );
    if (!outcome.ok) return outcome;
    if (outcome.duplicate) return { ok: true, recorded: false };
    publishChange("billing", { clientIds: [outcome.clientId] }, null);
    return { ok: true, recorded: true };
  } catch (error) {
    // The same payment id recorded by a notification that arrived at the same time.
    const e = error as { code?: string; cause?: { code?: string } };
    if (e?.code === "23505" || e?.cause?.code === "23505") return { ok: true, recorded: false };
    throw error;
  }
}

/** Shown on an invoice: what is still owed, in the house format. */
export const owedText = (invoice: { totalCents: number; paidCents: number }) =>
  formatRand(Math.max(0, invoice.totalCents - invoice.paidCents));
