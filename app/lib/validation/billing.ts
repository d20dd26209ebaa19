/**
 * The billing forms (issue 32): the business's legal and banking details, shared by the
 * browser and the server.
 */
import { hasNoBidiControl, isStorableText, notAllowed } from "./text";
import { z } from "./zod";

/** A detail not yet filled in prints as this, on the page and on every document. */
export const TO_BE_CONFIRMED = "To be confirmed";

/** An optional text detail: empty means 'to be confirmed' (stored as null). */
const detail = (label: string, max: number, oneLine = true) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .refine(isStorableText, notAllowed(label))
    .refine(hasNoBidiControl, notAllowed(label))
    .refine((v) => !oneLine || !/[\r\n]/.test(v), `${label} must be on one line`)
    .optional()
    .transform((v) => (v ? v : null));

/** Settings → 'Business details' on the Billing page (administrators). */
export const businessDetailsSchema = z.object({
  legalName: detail("Legal name", 200),
  address: detail("Address", 500, false),
  registrationNumber: detail("Company registration number", 50),
  vatNumber: z
    .string()
    .trim()
    .optional()
    .transform((v) => v?.replace(/\s+/g, "") || null)
    .refine((v) => v === null || /^4\d{9}$/.test(v), {
      message: "VAT number must be 10 digits starting with 4",
    }),
  bankName: detail("Bank", 100),
  accountHolder: detail("Account holder", 200),
  accountNumber: z
    .string()
    .trim()
    .optional()
    .transform((v) => v?.replace(/[\s-]+/g, "") || null)
    .refine((v) => v === null || /^\d{6,16}$/.test(v), {
      message: "Account number must be 6 to 16 digits",
    }),
  branchCode: z
    .string()
    .trim()
    .optional()
    .transform((v) => v?.replace(/\s+/g, "") || null)
    .refine((v) => v === null || /^\d{6}$/.test(v), { message: "Branch code must be 6 digits" }),
  paymentDays: z.coerce
    .number({ error: "Payment terms must be a number of days" })
    .int("Payment terms must be a whole number of days")
    .min(0, "Payment terms must be 0 to 90 days")
    .max(90, "Payment terms must be 0 to 90 days"),
});
export type BusinessDetailsInput = z.infer<typeof businessDetailsSchema>;
