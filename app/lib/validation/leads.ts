import { hasNoLineBreak, isStorableText, notAllowed, oneLine } from "./text";
import { z } from "./zod";

export const PACKAGES = ["Starter", "Growth", "Enterprise"] as const;
export type PackageName = (typeof PACKAGES)[number];

const name = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Name must be less than 100 characters")
  .refine(isStorableText, notAllowed("Name"))
  .refine(hasNoLineBreak, oneLine("Name"));

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .pipe(z.email("Invalid email address").max(255, "Email must be less than 255 characters"));

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day as YYYY-MM-DD (2027-02-30 and 2027-04-31 are not). */
const validDate = (v: string) => {
  if (!isoDate.test(v)) return false;
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
};

/** Today's date in South Africa, as YYYY-MM-DD. */
export function todayInSouthAfrica(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(now);
}

/** The day after an ISO date, as YYYY-MM-DD. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const quoteSchema = z
  .object({
    selectedPackage: z
      .string({ error: "Please select a package" })
      .min(1, "Please select a package")
      .pipe(z.enum(PACKAGES, { error: "Please select a package" })),
    name,
    email,
    phone: z
      .string({ error: "Phone number is required" })
      .trim()
      .min(10, "Phone number is required")
      .max(50, "Phone must be less than 50 characters")
      .refine(isStorableText, notAllowed("Phone"))
      .refine(hasNoLineBreak, oneLine("Phone")),
    address: z
      .string({ error: "Address is required" })
      .trim()
      .min(5, "Address is required")
      .max(500, "Address must be less than 500 characters")
      .refine(isStorableText, notAllowed("Address")),
    startDate: z
      .string({ error: "Please select a project start date" })
      .trim()
      .min(1, "Please select a project start date")
      .refine(validDate, "Please select a project start date")
      .refine((v) => v >= todayInSouthAfrica(), "Start date cannot be in the past"),
    finishDate: z
      .string({ error: "Please select a project finish date" })
      .trim()
      .min(1, "Please select a project finish date")
      .refine(validDate, "Please select a project finish date"),
    message: z
      .string({ error: "Please provide more details (minimum 10 characters)" })
      .trim()
      .min(10, "Please provide more details (minimum 10 characters)")
      .max(2000, "Message must be less than 2000 characters")
      .refine(isStorableText, notAllowed("Message")),
  })
  .refine((v) => v.finishDate > v.startDate, {
    message: "Finish date must be after start date",
    path: ["finishDate"],
    when: (payload) =>
      typeof payload.value === "object" &&
      payload.value !== null &&
      validDate(String((payload.value as { startDate?: unknown }).startDate ?? "")) &&
      validDate(String((payload.value as { finishDate?: unknown }).finishDate ?? "")),
  });
export type QuoteInput = z.infer<typeof quoteSchema>;

const optional = (max: number, message: string, label: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine(isStorableText, notAllowed(label))
    .refine(hasNoLineBreak, oneLine(label))
    .optional()
    .transform((v) => (v ? v : undefined));

export const contactSchema = z.object({
  name,
  email,
  phone: optional(50, "Phone must be less than 50 characters", "Phone"),
  company: optional(100, "Company name must be less than 100 characters", "Company name"),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(2000, "Message must be less than 2000 characters")
    .refine(isStorableText, notAllowed("Message")),
});
export type ContactInput = z.infer<typeof contactSchema>;

/**
 * The body of POST /functions/v1/send-contact-email, as the spec's client sends it. A quote
 * arrives composed (see composeQuoteMessage), so its message may be longer than a contact's.
 */
export const sendContactEmailSchema = contactSchema.extend({
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(3000, "Message must be less than 3000 characters")
    .refine(isStorableText, notAllowed("Message")),
});
export type SendContactEmailInput = z.infer<typeof sendContactEmailSchema>;

const longDate = new Intl.DateTimeFormat("en-ZA", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Monday, 1 December 2026" from "2026-12-01". */
export function formatLongDate(isoDay: string): string {
  return longDate.format(new Date(`${isoDay}T00:00:00Z`));
}

export const QUOTE_HEADING_PREFIX = "QUOTATION REQUEST - ";

/** The contact-email payload of a quote: company carries the package, message is composed. */
export function composeQuotePayload(quote: QuoteInput): SendContactEmailInput {
  const message = [
    `${QUOTE_HEADING_PREFIX}${quote.selectedPackage} Package`,
    "",
    `Address: ${quote.address}`,
    `Project Start Date: ${formatLongDate(quote.startDate)}`,
    `Project Finish Date: ${formatLongDate(quote.finishDate)}`,
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

/** The first issue's field and message (the product shows only the first). */
export function firstLeadIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? ""), message: issue?.message ?? "Invalid input" };
}
