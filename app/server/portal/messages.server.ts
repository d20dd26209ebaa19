import { and, count, desc, eq, or } from "drizzle-orm";
import type { MessageInput } from "~/lib/validation/portal";
import { isStorableText } from "~/lib/validation/text";
import type { Database } from "../db/client.server";
import { messages, profiles, type Role, user } from "../db/schema.server";
import { type Outcome, refused } from "../outcome.server";
import { publishChange } from "./events.server";

export interface Actor {
  id: string;
  role: Role | null;
}

export interface MessageRow {
  id: string;
  senderId: string;
  recipientId: string;
  senderName: string | null;
  subject: string;
  content: string;
  isRead: boolean;
  createdAt: Date;
}

/** Messages the user sent or received, newest first, with the sender's full name. */
export function listMessages(db: Database, userId: string): Promise<MessageRow[]> {
  return db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      recipientId: messages.recipientId,
      senderName: profiles.fullName,
      subject: messages.subject,
      content: messages.content,
      isRead: messages.isRead,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)))
    .orderBy(desc(messages.createdAt), desc(messages.id));
}

export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), eq(messages.isRead, false)));
  return row?.n ?? 0;
}

/**
 * Send a message as the actor. Without a recipient it goes to the actor (the spec's demo
 * behaviour); only an admin may address another existing user. A message to oneself starts
 * unread, like any received message.
 */
export async function sendMessage(
  db: Database,
  actor: Actor,
  input: MessageInput,
  recipientId: string = actor.id,
): Promise<Outcome<{ id: string }>> {
  if (recipientId !== actor.id) {
    if (actor.role !== "admin") return refused(403, "You can only send messages to yourself.");
    // An id the database cannot even compare (a NUL character) names nobody.
    const [exists] = isStorableText(recipientId)
      ? await db.select({ id: user.id }).from(user).where(eq(user.id, recipientId))
      : [];
    if (!exists) return refused(403, "That recipient does not exist.");
  }
  const [row] = await db
    .insert(messages)
    .values({ senderId: actor.id, recipientId, subject: input.subject, content: input.content })
    .returning({ id: messages.id });
  publishChange("messages", [actor.id, recipientId], actor.id);
  return { ok: true, id: (row as { id: string }).id };
}

/** Mark a message read, only when the user is its recipient. Returns whether it changed. */
export async function markRead(db: Database, userId: string, messageId: string) {
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(eq(messages.id, messageId), eq(messages.recipientId, userId), eq(messages.isRead, false)),
    )
    .returning({ senderId: messages.senderId });
  const [row] = rows;
  if (row) publishChange("messages", [userId, row.senderId], userId);
  return rows.length > 0;
}
