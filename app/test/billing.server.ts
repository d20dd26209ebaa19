/**
 * The people billing's integration tests act as (issue 32): the agency's administrator, a
 * contact (Lerato) and another client's contact (Sipho), each with the client their sign-up
 * made, and a team member (Tumi) assigned to Lerato's client and not given billing. The
 * harness must list `BILLING_ADMIN_EMAIL` in ADMIN_EMAILS.
 */
import { setBillingAccess } from "~/server/billing/access.server";
import { getDb } from "~/server/db/client.server";
import { type SignedUp, signUp } from "./accounts.server";
import { signUpAdmin, signUpTeamMember } from "./workspace.server";

export const BILLING_ADMIN_EMAIL = "admin@agency.example";

export interface BillingPeople {
  admin: SignedUp;
  /** Lerato Mokoena, the contact of the client the tests bill. */
  contact: SignedUp;
  /** Sipho Other, the contact of another client. */
  other: SignedUp;
  /** Tumi Team, assigned to the contact's client, without billing until given it. */
  team: SignedUp;
}

export async function billingPeople(): Promise<BillingPeople> {
  const admin = await signUpAdmin(BILLING_ADMIN_EMAIL);
  const contact = await signUp("lerato@client.example", { fullName: "Lerato Mokoena" });
  const other = await signUp("sipho@other.example", { fullName: "Sipho Other" });
  const team = await signUpTeamMember("tumi@agency.example", [contact.clientId]);
  return { admin, contact, other, team };
}

/** Runs `check` while this team member is given billing, and takes it back after, come what may. */
export async function whileGivenBilling<T>(
  person: { id: string },
  check: () => Promise<T>,
): Promise<T> {
  const db = await getDb();
  await setBillingAccess(db, person.id, true);
  try {
    return await check();
  } finally {
    await setBillingAccess(db, person.id, false);
  }
}
