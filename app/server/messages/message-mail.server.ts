/**
 * Mail about a new portal message, to the other side of the conversation (decision 023): a
 * contact's message to every administrator; the team's message to every contact of the client
 * who keeps message mails on. Queued in the outbox in the message's own transaction, so a
 * message is never saved without its mail, nor mail sent for a message that was not.
 *
 * The mail carries who wrote, the subject and a link to the message in the portal, not the
 * message itself: reading it needs a signed-in person the message's client scope allows.
 */
import { and, eq, ne } from "drizzle-orm";
import { site } from "~/content/site";
import type { Database } from "../db/client.server";
import { emailOutbox, profiles, user, userRoles } from "../db/schema.server";
import { env } from "../env.server";

type Executor = Pick<Database, "select" | "insert">;

export interface NewMessage {
  id: string;
  clientId: string;
  clientName: string;
  senderId: string;
  senderName: string | null;
  fromAgency: boolean;
  subject: string;
}

interface Recipient {
  email: string;
  name: string | null;
}

/** The portal address of one message (it opens in the Messages page's details panel). */
export function messageUrl(messageId: string) {
  return new URL(`/portal/messages?id=${messageId}`, env().BASE_URL).toString();
}

/** Every administrator (the agency's team), but the sender. */
function administrators(tx: Executor, senderId: string): Promise<Recipient[]> {
  return tx
    .select({ email: user.email, name: profiles.fullName })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), ne(userRoles.userId, senderId)));
}

/** The client's contacts who keep message mails on, but the sender. */
function contactsToMail(tx: Executor, clientId: string, senderId: string): Promise<Recipient[]> {
  return tx
    .select({ email: user.email, name: profiles.fullName })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(
      and(
        eq(profiles.clientId, clientId),
        eq(profiles.messageMail, true),
        ne(profiles.id, senderId),
      ),
    );
}

/** A subject on one line, as a mail header needs it. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function messageMail(message: NewMessage, to: Recipient) {
  const sender = message.senderName?.trim() || "Someone";
  const subject = oneLine(message.subject);
  const lines = message.fromAgency
    ? [
        `${sender} of the ${site.name} team sent you a message in the portal:`,
        "",
        `  ${subject}`,
        "",
        "Read it and reply here (sign in first if asked):",
        messageUrl(message.id),
        "",
        "You get these e-mails as a contact of " +
          `${message.clientName}. You can turn them off in the portal under Settings.`,
      ]
    : [
        `${sender} of ${message.clientName} sent the team a message in the portal:`,
        "",
        `  ${subject}`,
        "",
        "Read it and reply here:",
        messageUrl(message.id),
      ];
  return {
    toAddress: to.email,
    replyTo: message.fromAgency ? site.email : null,
    subject: message.fromAgency
      ? `New message from ${site.name}: ${subject}`
      : `New message from ${oneLine(message.clientName)}: ${subject}`,
    textBody: [`Hi ${to.name?.trim() || "there"},`, "", ...lines, "", site.name].join("\n"),
  };
}

/**
 * Queue the mails about this new message (call it inside the message's transaction; wake the
 * outbox after the commit). Returns how many were queued.
 */
export async function queueMessageMail(tx: Executor, message: NewMessage): Promise<number> {
  const recipients = message.fromAgency
    ? await contactsToMail(tx, message.clientId, message.senderId)
    : await administrators(tx, message.senderId);
  if (recipients.length === 0) return 0;
  await tx.insert(emailOutbox).values(recipients.map((to) => messageMail(message, to)));
  return recipients.length;
}
