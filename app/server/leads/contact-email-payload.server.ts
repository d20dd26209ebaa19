/**
 * The legacy payload of POST /functions/v1/send-contact-email, as the spec's client sends it:
 * { name, email, phone, company, message }, where a quote arrives composed (company carries
 * the package, the message starts with 'QUOTATION REQUEST - {package} Package'). Only the JSON
 * endpoint speaks this format; our own forms store the typed lead directly.
 */
import { isPackageName } from "~/content/packages";
import { formatLongDate } from "~/lib/dates";
import { contactMessage, contactSchema, type QuoteInput } from "~/lib/validation/leads";
import type { z } from "~/lib/validation/zod";
import type { NewLead } from "./leads.server";

/** A quote arrives composed, so its message may be longer than a contact's. */
export const contactEmailPayloadSchema = contactSchema.extend({ message: contactMessage(3000) });
export type ContactEmailPayload = z.infer<typeof contactEmailPayloadSchema>;

function quoteHeading(packageName: string) {
  return `QUOTATION REQUEST - ${packageName} Package`;
}

/** The payload the spec's client composes for a quote. */
export function composeQuotePayload(quote: QuoteInput): ContactEmailPayload {
  const message = [
    quoteHeading(quote.selectedPackage),
    "",
    `Address: ${quote.address}`,
    `Project Start Date: ${formatLongDate(quote.startDate, { weekday: true })}`,
    `Project Finish Date: ${formatLongDate(quote.finishDate, { weekday: true })}`,
    "",
    "Message:",
    quote.message,
  ].join("\n");
  return {
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    company: quote.selectedPackage,
    message,
  };
}

/**
 * The lead a payload stands for. A quote is one whose company is a package and whose message
 * opens with that package's heading; its composed message is kept as sent.
 */
export function leadFromPayload(payload: ContactEmailPayload): NewLead {
  const { name, email, message } = payload;
  const phone = payload.phone ?? null;
  const packageName = payload.company;
  if (isPackageName(packageName) && message.split("\n", 1)[0] === quoteHeading(packageName)) {
    return {
      kind: "quote",
      name,
      email,
      phone,
      packageName,
      address: null,
      startDate: null,
      finishDate: null,
      message,
    };
  }
  return { kind: "contact", name, email, phone, company: payload.company ?? null, message };
}
