import { packageNames } from "~/content/packages";
import { isCalendarDay, todayInSouthAfrica } from "~/lib/dates";
import { hasNoLineBreak, isStorableText, notAllowed, oneLine } from "./text";
import { z } from "./zod";

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

const validDate = isCalendarDay;

export const quoteSchema = z
  .object({
    selectedPackage: z
      .string({ error: "Please select a package" })
      .min(1, "Please select a package")
      .pipe(z.enum(packageNames, { error: "Please select a package" })),
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

/** A contact message of at most `max` characters. */
export function contactMessage(max: number) {
  return z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(max, `Message must be less than ${max} characters`)
    .refine(isStorableText, notAllowed("Message"));
}

export const contactSchema = z.object({
  name,
  email,
  phone: optional(50, "Phone must be less than 50 characters", "Phone"),
  company: optional(100, "Company name must be less than 100 characters", "Company name"),
  message: contactMessage(2000),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The lead forms' own fields, for other forms that ask for the same (booking). */
export { email as leadEmail, name as leadName, optional as optionalLine };
