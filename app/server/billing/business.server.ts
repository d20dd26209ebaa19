/**
 * The business behind the documents (issue 32, decision 071): its legal and banking details, a
 * workspace setting administrators fill in on the Billing page (a detail not yet given prints as
 * 'To be confirmed'), and the VAT rate in force on a day, read from `vat_rates`.
 */
import { desc, eq, lte } from "drizzle-orm";
import type { BusinessDetailsInput } from "~/lib/validation/billing";
import type { Database } from "../db/client.server";
import { billingDetails, vatRates } from "../db/schema.server";

type Reader = Pick<Database, "select">;

export interface BusinessDetails {
  legalName: string | null;
  address: string | null;
  registrationNumber: string | null;
  vatNumber: string | null;
  bankName: string | null;
  accountHolder: string | null;
  accountNumber: string | null;
  branchCode: string | null;
  paymentDays: number;
}

const EMPTY: BusinessDetails = {
  legalName: null,
  address: null,
  registrationNumber: null,
  vatNumber: null,
  bankName: null,
  accountHolder: null,
  accountNumber: null,
  branchCode: null,
  paymentDays: 7,
};

export async function getBusinessDetails(db: Reader): Promise<BusinessDetails> {
  const [row] = await db
    .select({
      legalName: billingDetails.legalName,
      address: billingDetails.address,
      registrationNumber: billingDetails.registrationNumber,
      vatNumber: billingDetails.vatNumber,
      bankName: billingDetails.bankName,
      accountHolder: billingDetails.accountHolder,
      accountNumber: billingDetails.accountNumber,
      branchCode: billingDetails.branchCode,
      paymentDays: billingDetails.paymentDays,
    })
    .from(billingDetails)
    .where(eq(billingDetails.id, 1))
    .limit(1);
  return row ?? EMPTY;
}

/** Whether every detail a tax invoice and an EFT need is filled in. */
export function detailsComplete(details: BusinessDetails): boolean {
  return [
    details.legalName,
    details.address,
    details.vatNumber,
    details.bankName,
    details.accountHolder,
    details.accountNumber,
    details.branchCode,
  ].every((v) => v !== null);
}

/** Save the details (the caller has checked the person is an administrator). */
export async function saveBusinessDetails(
  db: Database,
  actorId: string,
  input: BusinessDetailsInput,
): Promise<void> {
  await db
    .insert(billingDetails)
    .values({ id: 1, ...input, updatedBy: actorId })
    .onConflictDoUpdate({
      target: billingDetails.id,
      set: { ...input, updatedBy: actorId, updatedAt: new Date() },
    });
}

/**
 * The VAT rate (basis points) in force on a day (`YYYY-MM-DD`): the row with the latest start
 * not after it. The migration holds 15% from 1 April 2018; no row at all is a broken database.
 */
export async function vatRateOn(db: Reader, day: string): Promise<number> {
  const [row] = await db
    .select({ basisPoints: vatRates.basisPoints })
    .from(vatRates)
    .where(lte(vatRates.startsOn, day))
    .orderBy(desc(vatRates.startsOn))
    .limit(1);
  if (!row) throw new Error(`no VAT rate applies on ${day}`);
  return row.basisPoints;
}
