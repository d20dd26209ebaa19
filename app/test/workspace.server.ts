import { and, desc, eq, like } from "drizzle-orm";
import { startViewingAs } from "~/routes/portal/view-as.server";
import { grantRole } from "~/server/accounts/roles.server";
import { getDb } from "~/server/db/client.server";
import { clientAssignments, emailOutbox, notifications, user } from "~/server/db/schema.server";
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

/**
 * The newest invitation link sent to this address, and its token: mailed (from the outbox), or,
 * to an account that proved the address, its 'Invitation' notification (decision 089).
 */
export async function invitationLink(email: string): Promise<{ url: URL; token: string }> {
  const db = await getDb();
  const [mail] = await db
    .select({ text: emailOutbox.textBody, at: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, email.toLowerCase()),
        like(emailOutbox.textBody, "%/invitation/%"),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const [notified] = await db
    .select({ link: notifications.link, at: notifications.createdAt })
    .from(notifications)
    .innerJoin(user, eq(user.id, notifications.userId))
    .where(and(eq(user.email, email.toLowerCase()), eq(notifications.kind, "invitation")))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  const mailed = mail?.text.match(/https?:\/\/\S+\/invitation\/\S+/)?.[0];
  const link =
    notified && (!mail || notified.at >= mail.at)
      ? new URL(notified.link, "http://localhost:3000").toString()
      : mailed;
  if (!link) throw new Error(`no invitation was sent to ${email}`);
  const url = new URL(link);
  return { url, token: decodeURIComponent(url.pathname.split("/").pop() ?? "") };
}

/** An administrator's cookie while viewing the portal as this client (read-only). */
export async function viewingAsCookie(admin: { cookie: string }, clientId: string) {
  const setCookie = await startViewingAs(clientId);
  return `${admin.cookie}; ${setCookie.split(";")[0]}`;
}
