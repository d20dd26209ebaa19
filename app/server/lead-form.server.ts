import { data } from "react-router";
import type { LeadFormResult } from "~/lib/validation/lead-form-result";
import {
  contactSchema,
  firstLeadIssue,
  type QuoteInput,
  quoteSchema,
} from "~/lib/validation/leads";
import { MARKETING_FIELD, marketingOptIn } from "~/lib/validation/privacy";
import { getDb } from "./db/client.server";
import { env } from "./env.server";
import { submitLead, submitOptionsFor } from "./leads.server";
import { logger } from "./logger.server";

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

const FAILED = {
  contact: "Failed to send message. Please try again.",
  quote: "Failed to send quote request. Please try again.",
};

/**
 * The action behind the contact form (/contact) and the quote form (/pricing): validate with
 * the shared schema, keep the lead, queue its e-mails. Works for fetchers and plain form posts.
 */
export async function handleLeadForm(request: Request, kind: "contact" | "quote") {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<LeadFormResult>(
      { success: false, error: "The form could not be read." },
      { status: 400 },
    );
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

  const parsed =
    kind === "contact" ? contactSchema.safeParse(values) : quoteSchema.safeParse(values);
  if (!parsed.success) {
    const issue = firstLeadIssue(parsed.error);
    return data<LeadFormResult>(
      { success: false, validation: true, error: issue.message, field: issue.field, values },
      { status: 400 },
    );
  }

  try {
    const submission =
      kind === "contact"
        ? { kind: "contact" as const, input: contactSchema.parse(values) }
        : { kind: "quote" as const, input: parsed.data as QuoteInput };
    const result = await submitLead(
      await getDb(),
      submission,
      submitOptionsFor(request, env(), typeof honeypot === "string" ? honeypot : null, marketing),
    );
    if (!result.ok) {
      return data<LeadFormResult>({ success: false, error: result.error, values }, { status: 429 });
    }
    return data<LeadFormResult>({
      success: true,
      packageName: kind === "quote" ? (parsed.data as QuoteInput).selectedPackage : undefined,
    });
  } catch (error) {
    logger.error({ err: error }, "lead submission failed");
    return data<LeadFormResult>({ success: false, error: FAILED[kind], values }, { status: 503 });
  }
}
