import { failed, succeeded } from "~/lib/action-result";
import { LEAD_FORM_TEXT } from "~/lib/validation/lead-form-result";
import { contactSchema, quoteSchema } from "~/lib/validation/leads";
import { MARKETING_FIELD, marketingOptIn } from "~/lib/validation/privacy";
import { firstIssue } from "~/lib/validation/zod";
import { getDb } from "~/server/db/client.server";
import { env } from "~/server/env.server";
import { contactLead, quoteLead, submitLead, submitOptionsFor } from "~/server/leads/leads.server";
import { logger } from "~/server/logger.server";

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
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failed(400, "The form could not be read.");
  }
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
      submitOptionsFor(request, env(), typeof honeypot === "string" ? honeypot : null, marketing),
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
