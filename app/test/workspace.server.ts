import { and, desc, eq, like } from "drizzle-orm";
import { startViewingAs } from "~/routes/portal/view-as.server";
import { grantRole } from "~/server/accounts/roles.server";
import { getDb } from "~/server/db/client.server";
import { clientAssignments, emailOutbox } from "~/server/db/schema.server";
import { type SignedUp, signUp } from "./accounts.server";
import { proveAddress } from "./admin.server";

/**
 * An administrator: signs up with an address listed in the harness's ADMIN_EMAILS and opens
 * the confirmation link, as its owner would.
 */
export async function signUpAdmin(email: string, fullName = "Ayanda Admin"): Promise<SignedUp> {
  const person = await signUp(email, { fullName });
  await proveAddress(email);
  return { ...person, clientId: "" };
}

/**
 * A team member (decision 065) assigned to these clients: signs up, gets the role (leaving the
 * client their sign-up made) and the assignments, as an administrator would give them.
 */
export async function signUpTeamMember(
  email: string,
  clientIds: string[],
  fullName = "Tumi Team",
): Promise<SignedUp> {
  const person = await signUp(email, { fullName });
  const db = await getDb();
  await grantRole(db, person.id, "team");
  if (clientIds.length > 0) {
    await db
      .insert(clientAssignments)
      .values(clientIds.map((clientId) => ({ userId: person.id, clientId })));
  }
  return { ...person, clientId: "" };
}

/** The newest invitation link mailed to this address (from the outbox), and its token. */
export async function invitationLink(email: string): Promise<{ url: URL; token: string }> {
  const db = await getDb();
  const [mail] = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, email.toLowerCase()),
        like(emailOutbox.textBody, "%/invitation/%"),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const link = mail?.text.match(/https?:\/\/\S+\/invitation\/\S+/)?.[0];
  if (!link) throw new Error(`no invitation was mailed to ${email}`);
  const url = new URL(link);
  return { url, token: decodeURIComponent(url.pathname.split("/").pop() ?? "") };
}

/** An administrator's cookie while viewing the portal as this client (read-only). */
export async function viewingAsCookie(admin: { cookie: string }, clientId: string) {
  const setCookie = await startViewingAs(clientId);
  return `${admin.cookie}; ${setCookie.split(";")[0]}`;
}
