/**
 * Notification e-mail (issue 31, decision 057). A notification whose person gets its kind by
 * e-mail is written 'pending'; this job (every minute, one instance at a time: the jobs' lease,
 * and its rows locked with SKIP LOCKED) turns the pending notifications of one person, one kind
 * and one thread or project into one mail once the oldest is MAIL_GROUP_MS old, so a burst of
 * changes is one mail, not ten. The mail goes through the outbox (retries, backoff), in the same
 * transaction that marks the notifications 'queued': each is mailed once, even with two
 * instances. Every mail has a plain-text and an HTML part, the agency's name, one clear action
 * link, and a one-click unsubscribe for its kind (RFC 8058: List-Unsubscribe and
 * List-Unsubscribe-Post).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { site } from "~/content/site";
import { formatDateTime } from "~/lib/dates";
import {
  isNotificationKind,
  NOTIFICATION_KINDS,
  NOTIFICATION_UNSUBSCRIBE_PATH,
  type NotificationKind,
} from "~/lib/notification-kinds";
import type { Database } from "../db/client.server";
import {
  emailOutbox,
  type MailAttachment,
  notificationPreferences,
  notifications,
} from "../db/schema.server";
import { wakeOutbox } from "../email/outbox.server";
import { env } from "../env.server";
import type { Job } from "../jobs.server";

/**
 * Notifications of one group within this time of the first become one mail: the default of
 * NOTIFICATION_MAIL_GROUP_SECONDS (the browser and process tests shorten it).
 */
export const MAIL_GROUP_MS = 5 * 60 * 1000;
const BATCH = 500;

function unsubscribeKey() {
  return createHmac("sha256", env().AUTH_SECRET).update("notification-unsubscribe").digest();
}

/** A token naming a person and a kind (it does not expire: the link is in every such mail). */
export function unsubscribeToken(userId: string, kind: NotificationKind) {
  const payload = Buffer.from(JSON.stringify({ u: userId, k: kind })).toString("base64url");
  const mac = createHmac("sha256", unsubscribeKey()).update(payload).digest("base64url");
  return `${payload}.${mac}`;
}

/** The person and kind a token names, or null for a forged or altered one. */
export function readUnsubscribeToken(
  token: unknown,
): { userId: string; kind: NotificationKind } | null {
  if (typeof token !== "string" || token.length > 500) return null;
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined) return null;
  const expected = createHmac("sha256", unsubscribeKey()).update(payload).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      u?: unknown;
      k?: unknown;
    };
    if (typeof parsed.u !== "string" || !isNotificationKind(parsed.k)) return null;
    return { userId: parsed.u, kind: parsed.k };
  } catch {
    return null;
  }
}

export function unsubscribeUrl(baseUrl: string, userId: string, kind: NotificationKind) {
  return `${baseUrl}${NOTIFICATION_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(userId, kind))}`;
}

/** One click: this person gets no more mail of this kind (Settings shows it off). */
export async function unsubscribeFromKind(db: Database, userId: string, kind: NotificationKind) {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, channel: "email", enabled: false })
    .onConflictDoUpdate({
      target: [
        notificationPreferences.userId,
        notificationPreferences.kind,
        notificationPreferences.channel,
      ],
      set: { enabled: false, updatedAt: new Date() },
    });
  // What waits to be mailed of that kind is not mailed either.
  await db.execute(
    sql`update ${notifications} set email_state = null, attachments = null
         where user_id = ${userId} and kind = ${kind} and email_state = 'pending'`,
  );
}

interface PendingRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  link: string;
  group_key: string;
  created_at: Date | string;
  email: string;
  full_name: string | null;
  actor_name: string | null;
  attachments: MailAttachment[] | null;
}

export interface MailItem {
  title: string;
  link: string;
  actorName: string | null;
  createdAt: Date;
  /** Files this notification's mail carries (a booking's .ics). */
  attachments?: MailAttachment[] | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** One mail for a person's notifications of one kind and group (newest last). */
export function notificationMail(
  to: { userId: string; email: string; name: string | null },
  kind: NotificationKind,
  items: MailItem[],
  baseUrl: string,
) {
  const label = NOTIFICATION_KINDS[kind].label;
  const newest = items[items.length - 1] as MailItem;
  // The newest item's files: a booking moved twice within the group carries its latest .ics.
  const attachments = [...items].reverse().find((i) => i.attachments?.length)?.attachments ?? null;
  const attached = attachments
    ? `Attached: ${attachments.map((a) => a.filename).join(", ")} (open it to update your calendar).`
    : null;
  const action = new URL(newest.link, baseUrl).toString();
  const unsubscribe = unsubscribeUrl(baseUrl, to.userId, kind);
  const settings = new URL("/portal/settings", baseUrl).toString();
  const subject =
    items.length === 1
      ? `${label}: ${oneLine(newest.title)} — ${site.name}`
      : `${label} (${items.length}): ${oneLine(newest.title)} — ${site.name}`;
  const line = (i: MailItem) =>
    `${oneLine(i.title)}${i.actorName ? ` (${i.actorName}` : " ("}${i.actorName ? ", " : ""}${formatDateTime(i.createdAt)})`;
  const text = [
    `Hi ${to.name?.trim() || "there"},`,
    "",
    items.length === 1
      ? `${label} in the ${site.name} portal:`
      : `${label}, ${items.length} times in the ${site.name} portal:`,
    "",
    ...items.map((i) => `  - ${line(i)}`),
    "",
    `Open it in the portal: ${action}`,
    "",
    ...(attached ? [attached, ""] : []),
    `— ${site.name}`,
    `You get this e-mail for '${label}'. Stop these e-mails: ${unsubscribe}`,
    `Choose what reaches you, and where: ${settings}`,
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<p>Hi ${escapeHtml(to.name?.trim() || "there")},</p>`,
    `<p>${escapeHtml(items.length === 1 ? `${label} in the ${site.name} portal:` : `${label}, ${items.length} times in the ${site.name} portal:`)}</p>`,
    `<ul>${items.map((i) => `<li>${escapeHtml(line(i))}</li>`).join("")}</ul>`,
    `<p><a href="${escapeHtml(action)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">Open it in the portal</a></p>`,
    ...(attached ? [`<p>${escapeHtml(attached)}</p>`] : []),
    `<p style="color:#555;font-size:13px">${escapeHtml(site.name)}<br>You get this e-mail for '${escapeHtml(label)}'. <a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a> · <a href="${escapeHtml(settings)}">Choose what reaches you</a></p>`,
    "</body></html>",
  ].join("\n");
  return {
    toAddress: to.email,
    replyTo: site.email,
    subject,
    textBody: text,
    htmlBody: html,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    attachments,
  };
}

/**
 * Queue the mail of every group whose oldest pending notification is `groupMs` old at `now`.
 * Returns how many mails and notifications.
 */
export async function queueNotificationMail(
  db: Database,
  now: Date,
  baseUrl: string = env().BASE_URL,
  groupMs: number = env().NOTIFICATION_MAIL_GROUP_SECONDS * 1000,
): Promise<{ mails: number; notifications: number }> {
  const result = await db.transaction(async (tx) => {
    const found = await tx.execute<PendingRow & Record<string, unknown>>(sql`
      select n.id, n.user_id, n.kind, n.title, n.link, n.group_key, n.created_at, n.attachments,
             u.email, p.full_name, a.full_name as actor_name
        from ${notifications} n
        join "user" u on u.id = n.user_id
        left join profiles p on p.id = n.user_id
        left join profiles a on a.id = n.actor_id
       where n.email_state = 'pending'
       order by n.created_at, n.id
       limit ${BATCH}
         for update of n skip locked`);
    const groups = new Map<string, PendingRow[]>();
    for (const row of found.rows as PendingRow[]) {
      const key = JSON.stringify([row.user_id, row.kind, row.group_key]);
      const list = groups.get(key) ?? [];
      list.push(row);
      groups.set(key, list);
    }
    const due = now.getTime() - groupMs;
    let mails = 0;
    const done: string[] = [];
    for (const rows of groups.values()) {
      const first = rows[0] as PendingRow;
      if (new Date(first.created_at).getTime() > due) continue;
      await tx.insert(emailOutbox).values(
        notificationMail(
          { userId: first.user_id, email: first.email, name: first.full_name },
          first.kind,
          rows.map((r) => ({
            title: r.title,
            link: r.link,
            actorName: r.actor_name,
            createdAt: new Date(r.created_at),
            attachments: r.attachments,
          })),
          baseUrl,
        ),
      );
      mails += 1;
      done.push(...rows.map((r) => r.id));
    }
    if (done.length > 0) {
      await tx.execute(
        sql`update ${notifications} set email_state = 'queued', attachments = null
             where id in (${sql.join(
               done.map((id) => sql`${id}::uuid`),
               sql`, `,
             )})`,
      );
    }
    return { mails, notifications: done.length };
  });
  if (result.mails > 0) wakeOutbox();
  return result;
}

/** The grouping job: every minute, or as often as the group's time when that is shorter. */
export function notificationJobs(groupSeconds: number): Job[] {
  return [
    {
      name: "notification-mail",
      everyMs: Math.min(60_000, groupSeconds * 1000),
      run: (db, now) => queueNotificationMail(db, now),
    },
  ];
}
