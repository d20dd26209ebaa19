/**
 * The public privacy pages' forms (POPIA, decision 014): ask us to delete my details (the
 * contact page's form) and its confirmation link, and unsubscribe. They answer an
 * `ActionResult`, with or without JavaScript.
 */
import { failed, succeeded } from "~/lib/action-result";
import {
  ERASE_LINK_INVALID,
  eraseDetailsSchema,
  UNSUBSCRIBE_LINK_INVALID,
} from "~/lib/validation/privacy";
import { firstIssue } from "~/lib/validation/zod";
import { withdrawMarketingConsent } from "~/server/accounts/consents.server";
import { now } from "~/server/clock.server";
import { getDb } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import {
  ERASE_REQUEST_ANSWER,
  eraseLeadsOf,
  requestLeadErasure,
  verifyLink,
} from "~/server/privacy/privacy.server";
import type { Form } from "../form.server";

// --- Ask us to delete my details (leads) ------------------------------------------------------

export async function requestEraseDetails(request: Request, form: Form) {
  const email = form.email ?? "";
  const parsed = eraseDetailsSchema.safeParse({ email });
  if (!parsed.success) {
    return failed(400, firstIssue(parsed.error).message, { field: "email", values: { email } });
  }
  const settings = env();
  const db = await getDb();
  const result = await requestLeadErasure(
    db,
    {
      email: parsed.data.email,
      ip: request.headers.get("x-client-ip"),
      baseUrl: settings.BASE_URL,
      now: now(),
    },
    { perEmail: settings.LEAD_RATE_LIMIT_EMAIL, perIp: settings.LEAD_RATE_LIMIT_IP },
  );
  if (!result.ok) {
    return failed(429, result.error, { values: { email } });
  }
  return succeeded(ERASE_REQUEST_ANSWER);
}

/** The confirmation page: whose details the link names (nothing is erased on GET). */
export function eraseLinkEmail(token: string | null) {
  return verifyLink("erase-leads", token, now());
}

export async function confirmEraseDetails(form: Form) {
  const email = verifyLink("erase-leads", form.token, now());
  if (!email) return failed(400, ERASE_LINK_INVALID);
  const count = await eraseLeadsOf(await getDb(), email);
  logger.info({ leads: count }, "leads erased on request");
  return succeeded(`The details sent from ${email} have been deleted.`);
}

// --- Unsubscribe ------------------------------------------------------------------------------

export function unsubscribeLinkEmail(token: string | null) {
  return verifyLink("unsubscribe", token, now());
}

export async function unsubscribe(form: Form) {
  const email = verifyLink("unsubscribe", form.token, now());
  if (!email) return failed(400, UNSUBSCRIBE_LINK_INVALID);
  await withdrawMarketingConsent(await getDb(), email, now());
  return succeeded(`${email} will get no more marketing e-mail from us.`);
}
