/**
 * The contact form's and the quote form's handler (/contact, /pricing), and where a lead's
 * request came from for every lead intake (these forms, the site assistant's hand-over, the JSON
 * endpoint).
 */
import { failed, succeeded } from "~/lib/action-result";
import { LEAD_FORM_TEXT } from "~/lib/validation/lead-form-result";
import { contactSchema, quoteSchema } from "~/lib/validation/leads";
import { MARKETING_FIELD, marketingOptIn } from "~/lib/validation/privacy";
import { firstIssue } from "~/lib/validation/zod";
import { getDb } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import {
  contactLead,
  type LeadOrigin,
  quoteLead,
  submitLead,
  submitOptionsFor,
} from "~/server/leads/leads.server";
import { logger } from "~/server/logger.server";
import { FORM_UNREADABLE, readFormData } from "../form.server";

const FIELDS = {
  contact: ["name", "email", "phone", "company", "message"],
  quote: [
    "selectedPackage",
    "name",
    "email",
    "phone",
    "address",
    "startDate",
    "finishDate",
    "message",
  ],
} as const;

type LeadFormKind = keyof typeof FIELDS;

/** Where a lead's request came from: the client's address (set by server.ts), its page. */
export function leadOrigin(request: Request): LeadOrigin {
  return {
    ip: request.headers.get("x-client-ip"),
    url: request.url,
    referer: request.headers.get("referer"),
  };
}

/** The typed lead of a form's values, or its first issue. */
function parseLead(kind: LeadFormKind, values: Record<string, string>) {
  if (kind === "contact") {
    const parsed = contactSchema.safeParse(values);
    return parsed.success ? { lead: contactLead(parsed.data) } : { error: parsed.error };
  }
  const parsed = quoteSchema.safeParse(values);
  return parsed.success ? { lead: quoteLead(parsed.data) } : { error: parsed.error };
}

/**
 * The action behind the contact form (/contact) and the quote form (/pricing): validate with
 * the shared schema, keep the lead, queue its e-mails. Works for fetchers and plain form posts.
 */
export async function handleLeadForm(request: Request, kind: LeadFormKind) {
  const form = await readFormData(request);
  if (!form) return failed(400, FORM_UNREADABLE);
  const values: Record<string, string> = {};
  for (const name of FIELDS[kind]) {
    const v = form.get(name);
    values[name] = typeof v === "string" ? v : "";
  }
  const honeypot = form.get("website");
  const marketing = marketingOptIn(form.get(MARKETING_FIELD));
  // Kept with the other values, so a form sent back with an error still has the box ticked.
  if (marketing) values[MARKETING_FIELD] = "yes";

  const parsed = parseLead(kind, values);
  if (parsed.error) {
    const issue = firstIssue(parsed.error);
    return failed(400, issue.message, { field: issue.field, values });
  }

  try {
    const lead = parsed.lead;
    const result = await submitLead(
      await getDb(),
      lead,
      submitOptionsFor(
        leadOrigin(request),
        env(),
        typeof honeypot === "string" ? honeypot : null,
        marketing,
      ),
    );
    if (!result.ok) {
      return failed(result.status, result.message, { values });
    }
    const text = LEAD_FORM_TEXT[kind];
    return succeeded(
      lead.kind === "quote" ? text.successDescription(lead.packageName) : text.successDescription(),
    );
  } catch (error) {
    logger.error({ err: error }, "lead submission failed");
    return failed(503, LEAD_FORM_TEXT[kind].fallback, { values });
  }
}
