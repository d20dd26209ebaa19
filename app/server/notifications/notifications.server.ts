/**
 * Notifications (issue 31, decision 056): every event that asks a person to act records one
 * notification per recipient, in the transaction of the event itself (a review requested, a
 * review answered, a message, an invitation, a lead), so an event is never stored without its
 * notifications nor a notification written for an event that was not. Who receives a kind is
 * the kinds table (`~/lib/notification-kinds`); this module turns its audience into people.
 * After the commit the caller calls `announceNotifications` so the recipients' bells update.
 *
 * A person sees their own notifications only, and of a client only while they belong to it
 * (a contact moved to another client no longer sees the old client's).
 */
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  channelOn,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  offeredChannels,
} from "~/lib/notification-kinds";
import { type Cursor, PAGE_SIZE, type Page, toPage } from "~/lib/pagination";
import type { Database } from "../db/client.server";
import {
  clientAssignments,
  type MailAttachment,
  notificationPreferences,
  notifications,
  profiles,
  userRoles,
} from "../db/schema.server";
import { afterCursor } from "../pagination.server";
import { publishChange } from "../workspace/events.server";
import { queueWhatsAppNotifications, wakeWhatsApp, whatsappEnabled } from "./whatsapp.server";

type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

export interface NotificationEvent {
  kind: NotificationKind;
  /** The client the event belongs to (null: the agency's own, such as a lead). */
  clientId: string | null;
  /** Who caused it; never notified of their own action. */
  actorId: string | null;
  /** What it is about, in a few words (a file's name, a message's subject). */
  title: string;
  /** The portal path of the exact place. */
  link: string;
  /** The thread or project it belongs to. */
  groupKey: string;
  /** For `other-side`: the agency wrote (so the client's contacts are told). */
  fromAgency?: boolean;
  /** For `person`: the people the event names. */
  userIds?: string[];
  /** What an answer on WhatsApp acts on: the review to approve, the message to reply to. */
  refs?: { reviewId?: string; messageId?: string };
  /** Files the e-mail carries (a booking's .ics): only for those who get this kind by e-mail. */
  attachments?: MailAttachment[];
}

/**
 * The agency's people told of a client's events: the team members assigned to the client, or,
 * when it has none (or the event is the agency's own, such as a lead), its administrators
 * (decision 065).
 */
async function agency(tx: Executor, clientId: string | null): Promise<string[]> {
  if (clientId) {
    const assigned = await tx
      .select({ id: clientAssignments.userId })
      .from(clientAssignments)
      .innerJoin(userRoles, eq(userRoles.userId, clientAssignments.userId))
      .where(and(eq(clientAssignments.clientId, clientId), eq(userRoles.role, "team")));
    if (assigned.length > 0) return assigned.map((r) => r.id);
  }
  const rows = await tx
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"));
  return rows.map((r) => r.id);
}

/** Every contact of the client. */
async function contacts(tx: Executor, clientId: string | null): Promise<string[]> {
  if (!clientId) return [];
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.clientId, clientId));
  return rows.map((r) => r.id);
}

/** Who receives this event, by its kind's audience, but the one who caused it. */
export async function recipientsOf(tx: Executor, event: NotificationEvent): Promise<string[]> {
  const audience = NOTIFICATION_KINDS[event.kind].audience;
  let ids: string[];
  if (audience === "contacts") ids = await contacts(tx, event.clientId);
  else if (audience === "agency") ids = await agency(tx, event.clientId);
  else if (audience === "other-side")
    ids = event.fromAgency ? await contacts(tx, event.clientId) : await agency(tx, event.clientId);
  else ids = event.userIds ?? [];
  return [...new Set(ids)].filter((id) => id !== event.actorId);
}

/**
 * Record the event's notifications (call it inside the event's transaction). Returns the people
 * notified: hand them to `announceNotifications` after the commit.
 */
export async function notify(tx: Executor, event: NotificationEvent): Promise<string[]> {
  const userIds = await recipientsOf(tx, event);
  if (userIds.length === 0) return [];
  const chosen = await tx
    .select({
      userId: notificationPreferences.userId,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.kind, event.kind),
        inArray(notificationPreferences.userId, userIds),
      ),
    );
  const choice = (userId: string, channel: NotificationChannel) =>
    chosen.find((c) => c.userId === userId && c.channel === channel)?.enabled;
  const title = event.title.replace(/\s+/g, " ").trim().slice(0, 300) || "(untitled)";
  const whatsapp = new Set(
    whatsappEnabled()
      ? userIds.filter((id) => channelOn(event.kind, "whatsapp", choice(id, "whatsapp")))
      : [],
  );
  const rows = userIds.flatMap((userId) => {
    const portal = channelOn(event.kind, "portal", choice(userId, "portal"));
    const email = channelOn(event.kind, "email", choice(userId, "email"));
    if (!portal && !email && !whatsapp.has(userId)) return [];
    return [
      {
        userId,
        kind: event.kind,
        clientId: event.clientId,
        actorId: event.actorId,
        title,
        link: event.link,
        groupKey: event.groupKey,
        emailState: email ? ("pending" as const) : null,
        attachments: email && event.attachments?.length ? event.attachments : null,
        // Not in the portal for this person: kept as read, so the bell does not ring.
        readAt: portal ? null : sql`now()`,
      },
    ];
  });
  if (rows.length === 0) return [];
  const written = await tx
    .insert(notifications)
    .values(rows)
    .returning({ id: notifications.id, userId: notifications.userId });
  await queueWhatsAppNotifications(
    tx,
    written
      .filter((n) => whatsapp.has(n.userId))
      .map((n) => ({
        notificationId: n.id,
        userId: n.userId,
        kind: event.kind,
        title,
        link: event.link,
        ...event.refs,
      })),
  );
  return rows.filter((r) => r.readAt === null).map((r) => r.userId);
}

/** A person's choices: per kind, per channel it offers, whether it is on. */
export async function notificationChoices(db: Database, userId: string) {
  const chosen = await db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const shown = (channel: NotificationChannel) => channel !== "whatsapp" || whatsappEnabled();
  return NOTIFICATION_KIND_NAMES.map((kind) => ({
    kind,
    channels: offeredChannels(kind)
      .filter(shown)
      .map((channel) => ({
        channel,
        on: channelOn(
          kind,
          channel,
          chosen.find((c) => c.kind === kind && c.channel === channel)?.enabled,
        ),
      })),
  }));
}

/**
 * Settings → Notifications: every channel each kind offers, on when `on` names it
 * (`"<kind>:<channel>"`). Choices for channels a kind does not offer are ignored.
 */
export async function setNotificationChoices(db: Database, userId: string, on: Set<string>) {
  // WhatsApp's choices are kept while the channel is hidden (the form did not show them).
  const shown = (channel: NotificationChannel) => channel !== "whatsapp" || whatsappEnabled();
  const values = NOTIFICATION_KIND_NAMES.flatMap((kind) =>
    offeredChannels(kind)
      .filter(shown)
      .map((channel) => ({
        userId,
        kind,
        channel,
        enabled: on.has(`${kind}:${channel}`),
      })),
  );
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [
        notificationPreferences.userId,
        notificationPreferences.kind,
        notificationPreferences.channel,
      ],
      set: { enabled: sql`excluded.enabled`, updatedAt: new Date() },
    });
}

/** After the commit: the recipients' open portal tabs update their bell. */
export function announceNotifications(userIds: string[], actorId: string | null) {
  wakeWhatsApp();
  if (userIds.length > 0) publishChange("notifications", { clientIds: [], userIds }, actorId);
}

/**
 * The person whose notifications are read: their id, client, and whether they are an
 * administrator or a team member.
 */
export interface NotificationReader {
  id: string;
  clientId: string | null;
  isAdmin: boolean;
  isTeamMember?: boolean;
}

/**
 * Their own notifications, of no client or of a client they belong to now (a team member: one
 * assigned to them now).
 */
function visibleTo(reader: NotificationReader): SQL | undefined {
  const own = eq(notifications.userId, reader.id);
  if (reader.isAdmin) return own;
  if (reader.isTeamMember) {
    return and(
      own,
      or(
        isNull(notifications.clientId),
        inArray(
          notifications.clientId,
          sql`(select ${clientAssignments.clientId} from ${clientAssignments} where ${clientAssignments.userId} = ${reader.id})`,
        ),
      ),
    );
  }
  return and(
    own,
    reader.clientId
      ? or(isNull(notifications.clientId), eq(notifications.clientId, reader.clientId))
      : isNull(notifications.clientId),
  );
}

export async function unreadCount(db: Database, reader: NotificationReader): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(visibleTo(reader), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  title: string;
  link: string;
  actorName: string | null;
  read: boolean;
  createdAt: Date;
}

/** One page of the person's notifications, newest first. */
export async function listNotifications(
  db: Database,
  reader: NotificationReader,
  cursor: Cursor | null = null,
  limit = PAGE_SIZE,
): Promise<Page<NotificationItem>> {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      link: notifications.link,
      actorName: profiles.fullName,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.id, notifications.actorId))
    .where(and(visibleTo(reader), afterCursor(cursor, notifications.createdAt, notifications.id)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  return toPage(
    rows.map(({ readAt, ...row }) => ({ ...row, read: readAt !== null })),
    limit,
  );
}

/** 'Mark all as read': every unread notification of the person. Returns how many. */
export async function markAllRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length > 0) announceNotifications([userId], userId);
  return rows.length;
}

/**
 * Open one notification: marks it read and returns where it points, or null when it is not
 * the person's (or not theirs to see any more).
 */
export async function openNotification(
  db: Database,
  reader: NotificationReader,
  id: string,
  { markRead = true }: { markRead?: boolean } = {},
): Promise<string | null> {
  const [row] = await db
    .select({ link: notifications.link, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(reader)));
  if (!row) return null;
  if (row.readAt === null && markRead) {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
    announceNotifications([reader.id], reader.id);
  }
  return row.link;
}

/**
 * The person reached the place a notification points to by another way (a message opened in
 * Messages): its notifications there are read too. Returns how many.
 */
export async function markReadAt(db: Database, userId: string, link: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.link, link),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  if (rows.length > 0) announceNotifications([userId], userId);
  return rows.length;
}
