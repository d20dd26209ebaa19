/**
 * Consents on record (POPIA): the privacy notice a person was shown and accepted (sign-up,
 * invitations, the lead forms), and marketing e-mail opt-ins and their withdrawal. Each row
 * names the notice's version and the form it came from.
 */
import { and, eq, isNull } from "drizzle-orm";
import { privacyNotice } from "~/content/legal";
import type { Database } from "../db/client.server";
import { type ConsentPurpose, consents } from "../db/schema.server";

const lower = (email: string) => email.trim().toLowerCase();

/** Database or transaction: both have the query API these helpers use. */
type Tx = Pick<Database, "insert" | "update" | "delete" | "select">;

export interface ConsentInput {
  email: string;
  /** sign-up, invitation, contact, quote … */
  source: string;
  userId?: string | null;
  leadId?: string | null;
  now: Date;
}

async function recordConsent(db: Tx, purpose: ConsentPurpose, input: ConsentInput) {
  await db.insert(consents).values({
    userId: input.userId ?? null,
    leadId: input.leadId ?? null,
    email: lower(input.email),
    purpose,
    source: input.source,
    noticeVersion: privacyNotice.version,
    givenAt: input.now,
  });
}

/**
 * Record that the privacy notice (its current version) was shown and accepted. Sign-up calls
 * it; accepting an invitation (invitations/invitations.server.ts) calls it the same way, source
 * "invitation".
 */
export function recordPrivacyConsent(db: Tx, input: ConsentInput) {
  return recordConsent(db, "privacy-notice", input);
}

/** Record a marketing e-mail opt-in (the unticked box, POPIA section 69). */
export function recordMarketingConsent(db: Tx, input: ConsentInput) {
  return recordConsent(db, "marketing", input);
}

/** May we send marketing e-mail to this address? (An opt-in not withdrawn since.) */
export async function mayMarketTo(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.email, lower(email)),
        eq(consents.purpose, "marketing"),
        isNull(consents.withdrawnAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Withdraw every marketing opt-in of the address; the number withdrawn. */
export async function withdrawMarketingConsent(db: Database, email: string, now: Date) {
  const rows = await db
    .update(consents)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(consents.email, lower(email)),
        eq(consents.purpose, "marketing"),
        isNull(consents.withdrawnAt),
      ),
    )
    .returning({ id: consents.id });
  return rows.length;
}
