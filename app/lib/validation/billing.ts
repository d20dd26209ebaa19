/**
 * The billing forms (issue 32): the business's legal and banking details, shared by the
 * browser and the server.
 */
import { type PackageName, packages } from "~/content/packages";
import { isCalendarDay } from "~/lib/dates";
import { formatRand, MAX_CENTS, parseRand } from "~/lib/money";
import {
  BOOKS_EXPORT_DAYS_MAX,
  BOOKS_EXPORTS,
  BOOKS_FORMATS,
  CREDIT_REASON_MAX,
  INVOICE_DESCRIPTION_MAX,
  ITEM_DESCRIPTION_MAX,
  ITEM_QUANTITY_MAX,
  PAYMENT_DATE_IN_FUTURE,
  PROPOSAL_CHANGED,
  PROPOSAL_EMPTY,
  PROPOSAL_ITEM_ROWS,
  PROPOSAL_TERMS_MAX,
  PROPOSAL_TITLE_MAX,
  type ProposalItemKind,
  paymentDateTooEarly,
  SIGNATURE_NAME_MISMATCH,
} from "./billing-values";
import { hasNoBidiControl, isStorableText, notAllowed } from "./text";
import { z } from "./zod";

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

/** A South African VAT number (10 digits starting with 4), spaces dropped; empty is null. */
const vatNumber = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v?.replace(/\s+/g, "") || null)
    .refine((v) => v === null || /^4\d{9}$/.test(v), {
      message: `${label} must be 10 digits starting with 4`,
    });

/** An amount in rand typed by a person, in cents, more than nothing and at most `MAX_CENTS`. */
const randAmount = z
  .string({ error: "Amount must be an amount in rand, such as 12 500,00" })
  .transform((v) => parseRand(v))
  .refine((v): v is number => v !== null && v > 0, {
    message: "Amount must be an amount in rand, such as 12 500,00",
  })
  .transform((v) => v as number)
  .refine((v) => v <= MAX_CENTS, `Amount must be at most ${formatRand(MAX_CENTS)}`);

/** Settings → 'Business details' on the Billing page (administrators). */
export const businessDetailsSchema = z.object({
  legalName: detail("Legal name", 200),
  address: detail("Address", 500, false),
  registrationNumber: detail("Company registration number", 50),
  vatNumber: vatNumber("VAT number"),
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

export * from "./billing-values";

const proposalText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be less than ${max} characters`)
    .refine(isStorableText, notAllowed(label))
    .refine(hasNoBidiControl, notAllowed(label));

/** One line of the proposal form, as typed (before the package's price is applied). */
export interface ProposalItemInput {
  kind: ProposalItemKind;
  packageName: PackageName | null;
  description: string;
  quantity: number;
  unitCents: number;
}

/** The form's names for line `i`'s fields. */
export const itemField = (
  i: number,
  name: "package" | "description" | "kind" | "quantity" | "price",
) => `item${i}${name[0]?.toUpperCase()}${name.slice(1)}`;

/**
 * 'New proposal' / 'Edit proposal' (administrators). The lines come as `item0Package`,
 * `item0Description`, `item0Kind`, `item0Quantity`, `item0Price` … (a plain form, no script):
 * an empty line is skipped; a line with a pricing-page package is that package at its price.
 */
export const proposalSchema = z
  .looseObject({
    clientId: z.uuid("Choose a client"),
    leadId: z
      .union([z.uuid(), z.literal("")])
      .optional()
      .transform((v) => v || null),
    title: proposalText("Title", PROPOSAL_TITLE_MAX).refine(
      (v) => !/[\r\n]/.test(v),
      "Title must be on one line",
    ),
    validUntil: z
      .string({ error: "Valid until must be a date" })
      .refine(isCalendarDay, "Valid until must be a date"),
    terms: z
      .string()
      .trim()
      .max(PROPOSAL_TERMS_MAX, `Terms must be less than ${PROPOSAL_TERMS_MAX} characters`)
      .refine(isStorableText, notAllowed("Terms"))
      .optional()
      .transform((v) => v ?? ""),
    depositPercent: z.coerce
      .number({ error: "Deposit must be a whole percentage from 0 to 100" })
      .int("Deposit must be a whole percentage from 0 to 100")
      .min(0, "Deposit must be a whole percentage from 0 to 100")
      .max(100, "Deposit must be a whole percentage from 0 to 100"),
    billingDay: z.coerce
      .number({ error: "Billing day must be a day from 1 to 28" })
      .int("Billing day must be a day from 1 to 28")
      .min(1, "Billing day must be a day from 1 to 28")
      .max(28, "Billing day must be a day from 1 to 28"),
    recipientVatNumber: vatNumber("Client VAT number"),
  })
  .transform((form, ctx) => {
    const raw = form as Record<string, unknown>;
    const text = (name: string) => (typeof raw[name] === "string" ? (raw[name] as string) : "");
    const items: ProposalItemInput[] = [];
    for (let i = 0; i < PROPOSAL_ITEM_ROWS; i += 1) {
      const pkg = text(itemField(i, "package")).trim();
      const description = text(itemField(i, "description")).trim();
      const price = text(itemField(i, "price")).trim();
      const quantityText = text(itemField(i, "quantity")).trim() || "1";
      if (!pkg && !description && !price) continue;
      const issue = (field: Parameters<typeof itemField>[1], message: string) => {
        ctx.addIssue({ code: "custom", path: [itemField(i, field)], message });
        return z.NEVER;
      };
      const quantity = Number(quantityText);
      if (!/^\d+$/.test(quantityText) || quantity < 1 || quantity > ITEM_QUANTITY_MAX) {
        return issue(
          "quantity",
          `Line ${i + 1}: quantity must be a whole number from 1 to ${ITEM_QUANTITY_MAX}`,
        );
      }
      if (pkg) {
        const chosen = packages.find((p) => p.name === pkg);
        if (!chosen) return issue("package", `Line ${i + 1}: choose a package from the list`);
        if (chosen.price.kind !== "from") {
          return issue(
            "package",
            `Line ${i + 1}: ${chosen.name} is priced per project: add it as a custom item`,
          );
        }
        items.push({
          kind: "monthly",
          packageName: chosen.name,
          description: description || `${chosen.name} package`,
          quantity,
          unitCents: chosen.price.monthlyCents,
        });
        continue;
      }
      if (!description) return issue("description", `Line ${i + 1}: describe the item`);
      if (description.length > ITEM_DESCRIPTION_MAX) {
        return issue(
          "description",
          `Line ${i + 1}: description must be less than ${ITEM_DESCRIPTION_MAX} characters`,
        );
      }
      if (
        !isStorableText(description) ||
        !hasNoBidiControl(description) ||
        /[\r\n]/.test(description)
      ) {
        return issue("description", notAllowed(`Line ${i + 1}'s description`));
      }
      const cents = parseRand(price);
      if (cents === null)
        return issue("price", `Line ${i + 1}: price must be an amount in rand, such as 12 500,00`);
      if (cents > MAX_CENTS) {
        return issue("price", `Line ${i + 1}: price must be at most ${formatRand(MAX_CENTS)}`);
      }
      const kind = text(itemField(i, "kind"));
      if (kind !== "once-off" && kind !== "monthly") {
        return issue("kind", `Line ${i + 1}: choose once-off or monthly`);
      }
      items.push({ kind, packageName: null, description, quantity, unitCents: cents });
    }
    if (items.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: [itemField(0, "description")],
        message: PROPOSAL_EMPTY,
      });
      return z.NEVER;
    }
    return {
      clientId: form.clientId,
      leadId: form.leadId,
      title: form.title,
      validUntil: form.validUntil,
      terms: form.terms,
      depositPercent: form.depositPercent,
      billingDay: form.billingDay,
      recipientVatNumber: form.recipientVatNumber,
      items,
    };
  });
export type ProposalInput = z.infer<typeof proposalSchema>;

/** A contact's answer: accept (typed full name and the tick) or decline. */
export const proposalAnswerSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("accept"),
    signedName: proposalText("Your full name", 200)
      .refine((v) => !/[\r\n]/.test(v), "Your full name must be on one line")
      .refine((v) => /\p{L}.*\s+.*\p{L}/u.test(v), SIGNATURE_NAME_MISMATCH),
    agree: z.literal("on", { error: "Tick the box to accept the proposal" }),
    contentHash: z.string().regex(/^[0-9a-f]{64}$/, PROPOSAL_CHANGED),
  }),
  z.object({ intent: z.literal("decline") }),
]);

/** 'New invoice' (administrators): a one-off invoice for a client. */
export const oneOffInvoiceSchema = z.object({
  clientId: z.uuid("Choose a client"),
  description: proposalText("Description", INVOICE_DESCRIPTION_MAX).refine(
    (v) => !/[\r\n]/.test(v),
    "Description must be on one line",
  ),
  amount: randAmount,
  recipientVatNumber: vatNumber("Client VAT number"),
});

/** 'Issue credit note' (administrators): why the invoice is credited. */
export const creditNoteSchema = z.object({
  reason: proposalText("Reason", CREDIT_REASON_MAX),
});

/**
 * 'Record payment' (administrators): an EFT that arrived, on a day within the invoice's
 * `paymentDateBounds` (the page's date field carries the same bounds as its min and max).
 */
export function paymentSchema(bounds: { min: string; max: string }) {
  return z.object({
    amount: randAmount,
    paidOn: z
      .string({ error: "Date paid must be a date" })
      .refine(isCalendarDay, { message: "Date paid must be a date", abort: true })
      .refine((v) => v <= bounds.max, { message: PAYMENT_DATE_IN_FUTURE, abort: true })
      .refine((v) => v >= bounds.min, paymentDateTooEarly(bounds.min)),
    reference: proposalText("Reference", 100).refine(
      (v) => !/[\r\n]/.test(v),
      "Reference must be on one line",
    ),
  });
}

/** 'Export for the books' (administrators): a period, a layout, what, and the ledger codes. */
export const booksExportSchema = z
  .object({
    format: z.enum(BOOKS_FORMATS, { error: "Choose Xero or Sage Business Cloud" }),
    what: z.enum(BOOKS_EXPORTS, { error: "Choose invoices and credit notes, or payments" }),
    from: z
      .string({ error: "From must be a date" })
      .refine(isCalendarDay, "From must be a date (YYYY-MM-DD)"),
    to: z
      .string({ error: "To must be a date" })
      .refine(isCalendarDay, "To must be a date (YYYY-MM-DD)"),
    account: z
      .string()
      .trim()
      .max(20, "The sales account code must be less than 20 characters")
      .regex(
        /^[A-Za-z0-9 .-]*$/,
        "The sales account code may hold letters, digits, dots and dashes",
      )
      .optional()
      .transform((v) => v ?? ""),
    taxRate: z
      .string()
      .trim()
      .max(50, "The tax rate name must be less than 50 characters")
      .regex(
        /^[A-Za-z0-9 %().-]*$/,
        "The tax rate name may hold letters, digits, spaces and % ( ) . -",
      )
      .optional()
      .transform((v) => v ?? ""),
  })
  .refine((v) => v.from <= v.to, { message: "From must be on or before To", path: ["to"] })
  .refine((v) => daysBetween(v.from, v.to) <= BOOKS_EXPORT_DAYS_MAX, {
    message: `A period of at most ${BOOKS_EXPORT_DAYS_MAX} days`,
    path: ["to"],
  });

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}
