/**
 * The conversation between each client and the agency (decision 018). A contact writes to the
 * team; staff write to a client. Read state is per person: a message is unread for me until I
 * open it, and my own messages are read for me.
 */
import {
  and,
  asc,
  countDistinct,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { type Cursor, PAGE_SIZE, type Page, toPage } from "~/lib/pagination";
import { type MessageInput, replySubject } from "~/lib/validation/portal";
import type { Database } from "../db/client.server";
import { prepared } from "../db/prepared.server";
import {
  clients,
  fileVersions,
  messageReads,
  messages,
  messageThreads,
  notifications,
  profiles,
  projects,
} from "../db/schema.server";
import {
  attachReceivedIn,
  type DownloadableVersion,
  discardReceived,
  type ReceivedFile,
  type UploadOwner,
  uploadRefusal,
} from "../deliverables/files.server";
import { announceNotifications, notify } from "../notifications/notifications.server";
import { type Outcome, refused } from "../outcome.server";
import { afterCursor } from "../pagination.server";
import { recordActivity } from "../workspace/activity.server";
import { publishChange } from "../workspace/events.server";
import { sideOf } from "../workspace/permissions.server";
import {
  PROJECT_NOT_FOUND,
  parseId,
  type Scope,
  scopeParams,
  scopePlaceholder,
  scopeWhere,
} from "../workspace/scope.server";

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
  /** Its files (decision 087), in the order they were sent; only a thread's view fills them. */
  attachments?: AttachmentItem[];
}

/** A file attached to a message: downloaded from `attachmentPath(id)`. */
export interface AttachmentItem {
  id: string;
  name: string;
  size: number;
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

/**
 * The conversations the scope may see with a message this person has not read (a prepared
 * statement): the count beside Messages in the sidebar, in the tab's title and on the dashboard.
 */
export async function unreadCount(db: Database, scope: Scope, userId: string): Promise<number> {
  const [row] = await prepared(db, `unread_threads_${scope.kind}`, (name) =>
    db
      .select({ n: countDistinct(messages.threadId) })
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

/** One conversation in the inbox: its subject, its newest message, and what I have not read. */
export interface ThreadRow {
  /** The conversation's id (its first message's). */
  id: string;
  clientId: string;
  clientName: string;
  projectId: string | null;
  projectTitle: string | null;
  subject: string;
  /** The newest message: who wrote it, what and when. */
  lastMessageId: string;
  senderId: string | null;
  senderName: string | null;
  fromAgency: boolean;
  content: string;
  createdAt: Date;
  /** Its messages this person has not read. */
  unread: number;
  isRead: boolean;
}

/**
 * The conversations the scope may see, the one with the newest message first (keyset pages on
 * the last message's time), each with its newest message and this person's unread count.
 */
export async function listThreads(
  db: Database,
  scope: Scope,
  userId: string,
  options: MessageListOptions = {},
): Promise<Page<ThreadRow>> {
  const limit = options.limit ?? PAGE_SIZE;
  const threads = await db
    .select({
      id: messageThreads.id,
      createdAt: messageThreads.lastMessageAt,
      clientId: messageThreads.clientId,
      clientName: clients.name,
      projectId: messageThreads.projectId,
      projectTitle: projects.title,
      subject: messageThreads.subject,
    })
    .from(messageThreads)
    .innerJoin(clients, eq(clients.id, messageThreads.clientId))
    .leftJoin(projects, eq(projects.id, messageThreads.projectId))
    .where(
      and(
        scopeWhere(scope, messageThreads.clientId),
        options.clientId ? eq(messageThreads.clientId, options.clientId) : undefined,
        afterCursor(options.cursor ?? null, messageThreads.lastMessageAt, messageThreads.id),
      ),
    )
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
    .limit(limit + 1);
  const page = toPage(threads, limit);
  if (page.rows.length === 0) return { rows: [], next: page.next };
  const ids = page.rows.map((t) => t.id);
  const [last, unread] = await Promise.all([
    db
      .selectDistinctOn([messages.threadId], {
        threadId: messages.threadId,
        id: messages.id,
        senderId: messages.senderId,
        senderName: profiles.fullName,
        fromAgency: messages.fromAgency,
        content: messages.content,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .leftJoin(profiles, eq(profiles.id, messages.senderId))
      .where(inArray(messages.threadId, ids))
      .orderBy(messages.threadId, desc(messages.createdAt), desc(messages.id)),
    db
      .select({ threadId: messages.threadId, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(inArray(messages.threadId, ids), sql`not ${readBy(userId)}`))
      .groupBy(messages.threadId),
  ]);
  const lastOf = new Map(last.map((m) => [m.threadId, m]));
  const unreadOf = new Map(unread.map((u) => [u.threadId, u.n]));
  const rows: ThreadRow[] = [];
  for (const t of page.rows) {
    const m = lastOf.get(t.id);
    if (!m) continue;
    const n = unreadOf.get(t.id) ?? 0;
    rows.push({
      id: t.id,
      clientId: t.clientId,
      clientName: t.clientName,
      projectId: t.projectId,
      projectTitle: t.projectTitle,
      subject: t.subject,
      lastMessageId: m.id,
      senderId: m.senderId,
      senderName: m.senderName,
      fromAgency: m.fromAgency,
      content: m.content,
      createdAt: m.createdAt,
      unread: n,
      isRead: n === 0,
    });
  }
  return { rows, next: page.next };
}

/** A whole conversation: what it is about, and every message, oldest first. */
export interface ThreadView {
  id: string;
  clientId: string;
  clientName: string;
  projectId: string | null;
  projectTitle: string | null;
  subject: string;
  messages: MessageRow[];
  /** The message a link named (`?id=`), when it is not the conversation's first. */
  focusId: string | null;
}

/** The thread of a message the scope may see (its own id, or any of its messages' ids). */
async function findThread(db: Database, scope: Scope, messageId: unknown) {
  const id = parseId(messageId);
  if (!id) return null;
  const [row] = await db
    .select({
      id: messageThreads.id,
      clientId: messageThreads.clientId,
      clientName: clients.name,
      projectId: messageThreads.projectId,
      projectTitle: projects.title,
      subject: messageThreads.subject,
    })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .innerJoin(clients, eq(clients.id, messageThreads.clientId))
    .leftJoin(projects, eq(projects.id, messageThreads.projectId))
    .where(and(eq(messages.id, id), scopeWhere(scope, messages.clientId)))
    .limit(1);
  return row ? { ...row, messageId: id } : null;
}

/**
 * The conversation a message belongs to (a link in a mail or a notification names one of its
 * messages; the inbox names the first), with every message oldest first, or null for an
 * unknown, malformed or other client's id.
 */
export async function getThread(
  db: Database,
  scope: Scope,
  userId: string,
  messageId: unknown,
): Promise<ThreadView | null> {
  const thread = await findThread(db, scope, messageId);
  if (!thread) return null;
  const rows = (await selectMessages(db, userId)
    .where(and(eq(messages.threadId, thread.id), scopeWhere(scope, messages.clientId)))
    .orderBy(asc(messages.createdAt), asc(messages.id))) as MessageRow[];
  const files = rows.length
    ? await db
        .select({
          id: fileVersions.id,
          messageId: fileVersions.messageId,
          name: fileVersions.name,
          size: fileVersions.size,
        })
        .from(fileVersions)
        .where(
          and(
            inArray(
              fileVersions.messageId,
              rows.map((m) => m.id),
            ),
            eq(fileVersions.state, "ready"),
          ),
        )
        .orderBy(asc(fileVersions.createdAt), asc(fileVersions.id))
    : [];
  const withFiles = rows.map((m) => ({
    ...m,
    attachments: files.filter((f) => f.messageId === m.id).map(({ messageId: _, ...f }) => f),
  }));
  const { messageId: named, ...about } = thread;
  return { ...about, messages: withFiles, focusId: named === thread.id ? null : named };
}

/**
 * A message's attachment for download, when the person may read its conversation (the scope is
 * in the query; decision 087): null for an unknown, malformed, pending or other client's id.
 */
export async function findAttachment(
  db: Database,
  scope: Scope,
  versionId: unknown,
): Promise<DownloadableVersion | null> {
  const id = parseId(versionId);
  if (!id) return null;
  const [row] = await db
    .select({
      id: fileVersions.id,
      name: fileVersions.name,
      number: fileVersions.number,
      contentType: fileVersions.contentType,
      size: fileVersions.size,
      sha256: fileVersions.sha256,
    })
    .from(fileVersions)
    .innerJoin(messages, eq(messages.id, fileVersions.messageId))
    .where(
      and(
        eq(fileVersions.id, id),
        eq(fileVersions.state, "ready"),
        eq(messages.clientId, fileVersions.clientId),
        scopeWhere(scope, messages.clientId),
      ),
    )
    .limit(1);
  return row ? { ...row, number: row.number ?? 1 } : null;
}

/**
 * Which client a message's attachments are received for, from the fields sent before its first
 * file (`receiveForm`): a reply's conversation's, a contact's own client, or the client an
 * administrator chose. Refused as the message itself would be (404, 400).
 */
export async function attachmentOwner(
  db: Database,
  sender: Sender,
  fields: Record<string, string>,
): Promise<Outcome<{ owner: UploadOwner }>> {
  if (fields.intent === "reply") {
    const thread = await findThread(db, sender.scope, fields.id);
    if (!thread) return refused(404, MESSAGE_NOT_FOUND);
    return { ok: true, owner: { clientId: thread.clientId, projectId: null } };
  }
  if (fields.intent !== "send") return refused(400, CHOOSE_CLIENT);
  const clientId =
    sender.scope.kind === "client" ? sender.scope.clientId : parseId(fields.clientId);
  const [client] = clientId
    ? await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), scopeWhere(sender.scope, clients.id)))
        .limit(1)
    : [];
  if (!client) return refused(400, CHOOSE_CLIENT);
  return { ok: true, owner: { clientId: client.id, projectId: null } };
}

/**
 * Opening a conversation reads it: every message in it is read for this person (their own
 * already are), and so are their notifications linking to its messages. Returns how many
 * messages became read.
 */
export async function markThreadRead(
  db: Database,
  scope: Scope,
  userId: string,
  threadId: string,
): Promise<number> {
  const { read, links } = await db.transaction(async (tx) => {
    const unread = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.threadId, threadId),
          scopeWhere(scope, messages.clientId),
          sql`not ${readBy(userId)}`,
        ),
      );
    if (unread.length === 0) return { read: 0, links: 0 };
    const rows = await tx
      .insert(messageReads)
      .values(unread.map((m) => ({ messageId: m.id, userId })))
      .onConflictDoNothing()
      .returning({ messageId: messageReads.messageId });
    // Their notifications about these messages: the bell counts what still waits (decision 056).
    const opened = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          inArray(
            notifications.link,
            unread.flatMap((m) => [messageLink(m.id), `/portal/messages?id=${m.id}`]),
          ),
        ),
      )
      .returning({ id: notifications.id });
    return { read: rows.length, links: opened.length };
  });
  if (read > 0) {
    // Only this person's own tabs change (their unread count); others' read state is theirs.
    publishChange("messages", { clientIds: [], userIds: [userId] }, userId);
  }
  if (links > 0) announceNotifications([userId], userId);
  return read;
}

export interface Sender {
  id: string;
  scope: Scope;
  /** Staff write to a client (`clientId`); a contact writes to the team for their own client. */
  isAdmin: boolean;
}

export const MESSAGE_NOT_FOUND = "Message not found";

/**
 * The portal path of one message: its conversation opens in the Messages page's details panel,
 * at that message.
 */
export const messageLink = (id: string) => `/portal/messages?id=${id}#message-${id}`;
const CHOOSE_CLIENT = "Choose a client";

/**
 * Send a message: a contact's goes to the agency team, an administrator's to the client named.
 * `projectId`, when given, must be one of that client's projects. It starts a conversation.
 */
export async function sendMessage(
  db: Database,
  sender: Sender,
  input: MessageInput & { clientId?: string | null; projectId?: string | null },
  attachments: ReceivedFile[] = [],
): Promise<Outcome<{ id: string; clientId: string; threadId: string }>> {
  const sent = await sendMessageWith(db, sender, input, attachments);
  if (!sent.ok)
    await discardReceived(
      db,
      attachments.map((f) => f.versionId),
    );
  return sent;
}

async function sendMessageWith(
  db: Database,
  sender: Sender,
  input: MessageInput & { clientId?: string | null; projectId?: string | null },
  attachments: ReceivedFile[],
): Promise<Outcome<{ id: string; clientId: string; threadId: string }>> {
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
  const sent = await storeMessage(
    db,
    sender,
    {
      clientId,
      projectId,
      threadId: null,
      subject: input.subject,
      content: input.content,
    },
    attachments,
  );
  if (!sent) return refused(400, CHOOSE_CLIENT);
  if (!sent.ok) return sent;
  return { ok: true, id: sent.id, clientId, threadId: sent.threadId };
}

/**
 * Store one message, its attachments (received files, decision 087), its activity and the
 * other side's notifications (in the portal, by e-mail and on WhatsApp, as each person chose:
 * decision 089) in one transaction; then tell the open tabs. Null when the client is gone;
 * refused (nothing stored) when a file cannot be attached.
 */
async function storeMessage(
  db: Database,
  sender: Sender,
  input: {
    clientId: string;
    projectId: string | null;
    /** Null: the message starts its own conversation. */
    threadId: string | null;
    subject: string;
    content: string;
  },
  attachments: ReceivedFile[] = [],
): Promise<Outcome<{ id: string; threadId: string }> | null> {
  const { clientId } = input;
  let sent: Awaited<ReturnType<typeof storeMessageIn>>;
  try {
    sent = await db.transaction((tx) => storeMessageIn(tx, sender, input, attachments));
  } catch (error) {
    const refusal = uploadRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
  if (!sent) return null;
  publishChange("messages", { clientIds: [clientId] }, sender.id);
  if (sent.files.projectFiles) publishChange("files", { clientIds: [clientId] }, sender.id);
  if (sent.files.takenOn) publishChange("projects", { clientIds: [clientId] }, sender.id);
  announceNotifications(sent.notified, sender.id);
  return { ok: true, id: sent.id, threadId: sent.threadId };
}

async function storeMessageIn(
  tx: Database,
  sender: Sender,
  input: {
    clientId: string;
    projectId: string | null;
    threadId: string | null;
    subject: string;
    content: string;
  },
  attachments: ReceivedFile[],
) {
  const { clientId, projectId } = input;
  const [client] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), scopeWhere(sender.scope, clients.id)))
    .limit(1);
  if (!client) return null;
  const [row] = await tx
    .insert(messages)
    .values({
      clientId,
      projectId,
      threadId: input.threadId ?? undefined,
      senderId: sender.id,
      fromAgency: sender.isAdmin,
      subject: input.subject,
      content: input.content,
    })
    .returning({ id: messages.id, threadId: messages.threadId });
  const { id, threadId } = row as { id: string; threadId: string };
  const files = await attachReceivedIn(
    tx,
    attachments,
    { id, clientId, projectId },
    { id: sender.id, side: sideOf(sender.scope) },
  );
  await recordActivity(tx, {
    clientId,
    projectId,
    actorId: sender.id,
    kind: "message.sent",
    data: { messageId: id, subject: input.subject },
  });
  const notified = await notify(tx, {
    kind: "message.new",
    clientId,
    actorId: sender.id,
    fromAgency: sender.isAdmin,
    title: input.subject,
    link: messageLink(id),
    groupKey: `thread:${threadId}`,
    refs: { messageId: id },
  });
  return { id, threadId, notified, files };
}

/**
 * Add a reply to a conversation the scope may see (`threadId`: the conversation's id or any
 * of its messages' ids): to its client (from the team, or from a contact to the team), about
 * its project, with the subject 'Re: …'. The portal's composer calls it, and so may another
 * channel (a WhatsApp reply to a message notification) with the person who wrote.
 */
export async function addReplyToThread(
  db: Database,
  sender: Sender,
  threadId: unknown,
  content: string,
  attachments: ReceivedFile[] = [],
): Promise<Outcome<{ id: string; clientId: string; threadId: string }>> {
  const thread = await findThread(db, sender.scope, threadId);
  const sent = thread
    ? await storeMessage(
        db,
        sender,
        {
          clientId: thread.clientId,
          projectId: thread.projectId,
          threadId: thread.id,
          subject: replySubject(thread.subject),
          content,
        },
        attachments,
      )
    : null;
  if (!thread || !sent?.ok) {
    await discardReceived(
      db,
      attachments.map((f) => f.versionId),
    );
    return sent && !sent.ok ? sent : refused(404, MESSAGE_NOT_FOUND);
  }
  return { ok: true, id: sent.id, clientId: thread.clientId, threadId: thread.id };
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
