/**
 * The conversation between each client and the agency (decision 018). A contact writes to the
 * team; staff write to a client. Read state is per person: a message is unread for me until I
 * open it, and my own messages are read for me.
 */
import { and, count, desc, eq, ne, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type Cursor, PAGE_SIZE, type Page, toPage } from "~/lib/pagination";
import { type MessageInput, replySubject } from "~/lib/validation/portal";
import type { Database } from "../db/client.server";
import { prepared } from "../db/prepared.server";
import { clients, messageReads, messages, profiles, projects } from "../db/schema.server";
import { wakeOutbox } from "../email/outbox.server";
import { announceNotifications, notify } from "../notifications/notifications.server";
import { type Outcome, refused } from "../outcome.server";
import { afterCursor } from "../pagination.server";
import { recordActivity } from "../workspace/activity.server";
import { publishChange } from "../workspace/events.server";
import {
  PROJECT_NOT_FOUND,
  parseId,
  type Scope,
  scopeParams,
  scopePlaceholder,
  scopeWhere,
} from "../workspace/scope.server";
import { queueMessageMail } from "./message-mail.server";

export interface MessageRow {
  id: string;
  clientId: string;
  clientName: string;
  projectId: string | null;
  projectTitle: string | null;
  senderId: string | null;
  senderName: string | null;
  fromAgency: boolean;
  subject: string;
  content: string;
  /** Read by the person asking (always true for their own messages). */
  isRead: boolean;
  createdAt: Date;
}

/** Read by this person: their own, or opened by them. */
function readBy(userId: string | Placeholder): SQL {
  return sql`(${messages.senderId} is not distinct from ${userId} or exists (select 1 from ${messageReads} where ${messageReads.messageId} = ${messages.id} and ${messageReads.userId} = ${userId}))`;
}

export interface MessageListOptions {
  /** An administrator's client filter. */
  clientId?: string | null;
  cursor?: Cursor | null;
  limit?: number;
}

function selectMessages(db: Database, userId: string) {
  return db
    .select({
      id: messages.id,
      clientId: messages.clientId,
      clientName: clients.name,
      projectId: messages.projectId,
      projectTitle: projects.title,
      senderId: messages.senderId,
      senderName: profiles.fullName,
      fromAgency: messages.fromAgency,
      subject: messages.subject,
      content: messages.content,
      isRead: readBy(userId).mapWith(Boolean),
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(clients, eq(clients.id, messages.clientId))
    .leftJoin(projects, eq(projects.id, messages.projectId))
    .leftJoin(profiles, eq(profiles.id, messages.senderId));
}

/** The messages the scope may see, newest first, with sender, client and project names. */
export async function listMessages(
  db: Database,
  scope: Scope,
  userId: string,
  options: MessageListOptions = {},
): Promise<Page<MessageRow>> {
  const limit = options.limit ?? PAGE_SIZE;
  const rows = await selectMessages(db, userId)
    .where(
      and(
        scopeWhere(scope, messages.clientId),
        options.clientId ? eq(messages.clientId, options.clientId) : undefined,
        afterCursor(options.cursor ?? null, messages.createdAt, messages.id),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  return toPage(rows as MessageRow[], limit);
}

/**
 * One message the scope may see (wherever it falls in the list: a link in a mail opens it), or
 * null for an unknown, malformed or other client's id.
 */
export async function getMessage(
  db: Database,
  scope: Scope,
  userId: string,
  messageId: unknown,
): Promise<MessageRow | null> {
  const id = parseId(messageId);
  if (!id) return null;
  const [row] = await selectMessages(db, userId)
    .where(and(eq(messages.id, id), scopeWhere(scope, messages.clientId)))
    .limit(1);
  return (row as MessageRow | undefined) ?? null;
}

/** Messages the scope may see that this person has not read (a prepared statement). */
export async function unreadCount(db: Database, scope: Scope, userId: string): Promise<number> {
  const [row] = await prepared(db, `unread_count_${scope.kind}`, (name) =>
    db
      .select({ n: count() })
      .from(messages)
      .where(
        and(
          scopePlaceholder(scope, messages.clientId),
          sql`not ${readBy(sql.placeholder("userId"))}`,
        ),
      )
      .prepare(name),
  ).execute({ ...scopeParams(scope), userId });
  return row?.n ?? 0;
}

export interface Sender {
  id: string;
  scope: Scope;
  /** Staff write to a client (`clientId`); a contact writes to the team for their own client. */
  isAdmin: boolean;
}

export const MESSAGE_NOT_FOUND = "Message not found";

/** The portal path of one message (it opens in the Messages page's details panel). */
export const messageLink = (id: string) => `/portal/messages?id=${id}`;
const CHOOSE_CLIENT = "Choose a client";

/**
 * Send a message: a contact's goes to the agency team, an administrator's to the client named.
 * `projectId`, when given, must be one of that client's projects. The other side is mailed
 * (decision 023) in the same transaction.
 */
export async function sendMessage(
  db: Database,
  sender: Sender,
  input: MessageInput & { clientId?: string | null; projectId?: string | null },
): Promise<Outcome<{ id: string; clientId: string }>> {
  const clientId = sender.scope.kind === "client" ? sender.scope.clientId : parseId(input.clientId);
  if (!clientId) return refused(400, CHOOSE_CLIENT);
  let projectId: string | null = null;
  if (input.projectId) {
    projectId = parseId(input.projectId);
    const [project] = projectId
      ? await db
          .select({ id: projects.id })
          .from(projects)
          .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)))
      : [];
    if (!project) return refused(404, PROJECT_NOT_FOUND);
  }
  const sent = await db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.id, clientId), scopeWhere(sender.scope, clients.id)))
      .limit(1);
    if (!client) return null;
    const [row] = await tx
      .insert(messages)
      .values({
        clientId,
        projectId,
        senderId: sender.id,
        fromAgency: sender.isAdmin,
        subject: input.subject,
        content: input.content,
      })
      .returning({ id: messages.id });
    const id = (row as { id: string }).id;
    await recordActivity(tx, {
      clientId,
      projectId,
      actorId: sender.id,
      kind: "message.sent",
      data: { messageId: id, subject: input.subject },
    });
    const [me] = await tx
      .select({ name: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, sender.id));
    const mailed = await queueMessageMail(tx, {
      id,
      clientId,
      clientName: client.name,
      senderId: sender.id,
      senderName: me?.name ?? null,
      fromAgency: sender.isAdmin,
      subject: input.subject,
    });
    const notified = await notify(tx, {
      kind: "message.new",
      clientId,
      actorId: sender.id,
      fromAgency: sender.isAdmin,
      title: input.subject,
      link: messageLink(id),
      groupKey: `thread:${clientId}:${replySubject(input.subject).toLowerCase()}`,
      refs: { messageId: id },
    });
    return { id, mailed, notified };
  });
  if (!sent) return refused(400, CHOOSE_CLIENT);
  if (sent.mailed > 0) wakeOutbox();
  publishChange("messages", { clientIds: [clientId] }, sender.id);
  announceNotifications(sent.notified, sender.id);
  return { ok: true, id: sent.id, clientId };
}

/**
 * Reply to a message the scope may see: to its client (from the team, or from a contact to
 * the team), about the same project, with the subject 'Re: …'.
 */
export async function replyToMessage(
  db: Database,
  sender: Sender,
  messageId: unknown,
  content: string,
): Promise<Outcome<{ id: string; clientId: string }>> {
  const id = parseId(messageId);
  const [original] = id
    ? await db
        .select({
          clientId: messages.clientId,
          projectId: messages.projectId,
          subject: messages.subject,
        })
        .from(messages)
        .where(and(eq(messages.id, id), scopeWhere(sender.scope, messages.clientId)))
        .limit(1)
    : [];
  if (!original) return refused(404, MESSAGE_NOT_FOUND);
  return sendMessage(db, sender, {
    subject: replySubject(original.subject),
    content,
    clientId: original.clientId,
    projectId: original.projectId,
  });
}

/**
 * Mark a message read for this person, when the scope may see it and they did not send it.
 * Returns whether it changed.
 */
export async function markRead(db: Database, scope: Scope, userId: string, messageId: unknown) {
  const id = parseId(messageId);
  if (!id) return false;
  const [message] = await db
    .select({ id: messages.id, clientId: messages.clientId })
    .from(messages)
    .where(
      and(
        eq(messages.id, id),
        scopeWhere(scope, messages.clientId),
        or(sql`${messages.senderId} is null`, ne(messages.senderId, userId)),
      ),
    )
    .limit(1);
  if (!message) return false;
  const rows = await db
    .insert(messageReads)
    .values({ messageId: id, userId })
    .onConflictDoNothing()
    .returning({ messageId: messageReads.messageId });
  if (rows.length === 0) return false;
  // Only this person's own tabs change (their unread count); others' read state is theirs.
  publishChange("messages", { clientIds: [], userIds: [userId] }, userId);
  return true;
}
