/**
 * The kinds of notification (issue 31, decision 056): one table that says, for each event that
 * asks a person to act, who receives it and on which channels by default. The server resolves
 * the recipients (`app/server/notifications/notifications.server.ts`); the portal shows the
 * labels (the bell's list, Settings → Notifications). A later event (proposals, invoices,
 * payments, bookings) is one more line here.
 */

/** Where a notification reaches a person. */
export type NotificationChannel = "portal" | "email" | "whatsapp";
export const NOTIFICATION_CHANNELS: readonly NotificationChannel[] = [
  "portal",
  "email",
  "whatsapp",
];

/**
 * Who receives a kind:
 * - `contacts`: every contact of the client the event belongs to;
 * - `agency`: the agency's team (administrators);
 * - `other-side`: of a conversation — the agency when a contact wrote, the client's contacts
 *   when the agency wrote;
 * - `person`: the one person the event names (the invitee of an invitation).
 */
export type NotificationAudience = "contacts" | "agency" | "other-side" | "person";

export type NotificationKind =
  | "review.requested"
  | "review.answered"
  | "message.new"
  | "invitation"
  | "lead.new";

export interface NotificationKindInfo {
  /** What happened, as the list and Settings say it. */
  label: string;
  audience: NotificationAudience;
  /** The channels it goes to unless the person changed them in Settings. */
  channels: readonly NotificationChannel[];
}

export const NOTIFICATION_KINDS: Record<NotificationKind, NotificationKindInfo> = {
  "review.requested": {
    label: "Ready for review",
    audience: "contacts",
    channels: ["portal", "email", "whatsapp"],
  },
  "review.answered": {
    label: "Review answered",
    audience: "agency",
    channels: ["portal", "email"],
  },
  "message.new": {
    label: "New message",
    audience: "other-side",
    channels: ["portal", "email"],
  },
  invitation: {
    label: "Invitation",
    audience: "person",
    channels: ["portal", "email"],
  },
  "lead.new": {
    label: "New lead",
    audience: "agency",
    channels: ["portal", "email"],
  },
};

export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && Object.hasOwn(NOTIFICATION_KINDS, value);
}
