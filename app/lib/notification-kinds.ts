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
 * - `agency`: the agency's people for the event's client: the team members assigned to it, or
 *   the administrators when it has none (or the event is the agency's own, such as a lead);
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
  | "lead.new"
  | "milestone.due"
  | "milestone.overdue"
  | "review.waiting"
  | "review.waiting.agency"
  // Booking (issue 33): the host of a meeting booked on the site.
  | "booking.new"
  | "booking.changed"
  | "booking.reminder"
  // Billing (issue 32): a proposal sent to the client's contacts, and their answer.
  | "proposal.sent"
  | "proposal.answered"
  | "invoice.issued"
  // Invoice reminders (issue 32, point 5): due soon and overdue to the contacts; overdue to
  // the administrators.
  | "invoice.due"
  | "invoice.overdue"
  | "invoice.overdue.agency";

export interface NotificationKindInfo {
  /** What happened, as the list and Settings say it. */
  label: string;
  audience: NotificationAudience;
  /** The channels a person may choose for it (Settings → Notifications). */
  offers: readonly NotificationChannel[];
  /** The channels it goes to unless the person changed them in Settings. */
  channels: readonly NotificationChannel[];
}

export const NOTIFICATION_KINDS: Record<NotificationKind, NotificationKindInfo> = {
  "review.requested": {
    label: "Ready for review",
    audience: "contacts",
    offers: ["portal", "email"],
    channels: ["portal", "email", "whatsapp"],
  },
  "review.answered": {
    label: "Review answered",
    audience: "agency",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "message.new": {
    label: "New message",
    audience: "other-side",
    offers: ["portal", "email"],
    channels: ["portal", "email", "whatsapp"],
  },
  // To someone with an account whose address is proven; anyone else is mailed the invitation
  // itself, always (decision 089).
  invitation: {
    label: "Invitation",
    audience: "person",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "lead.new": {
    label: "New lead",
    audience: "agency",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "milestone.due": {
    label: "Milestone due tomorrow",
    audience: "agency",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "milestone.overdue": {
    label: "Milestone overdue",
    audience: "agency",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "review.waiting": {
    label: "Review still waiting",
    audience: "contacts",
    offers: ["portal", "email"],
    channels: ["portal", "email", "whatsapp"],
  },
  "review.waiting.agency": {
    label: "Review unanswered",
    audience: "agency",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  // Booking (issue 33): each goes to the meeting's host alone (`person`).
  "booking.new": {
    label: "Meeting booked",
    audience: "person",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "booking.changed": {
    label: "Meeting moved or cancelled",
    audience: "person",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "booking.reminder": {
    label: "Meeting reminder",
    audience: "person",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "proposal.sent": {
    label: "Proposal to accept",
    audience: "contacts",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  // The administrators alone (`person`): a team member without billing must not see it.
  "proposal.answered": {
    label: "Proposal accepted or declined",
    audience: "person",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "invoice.issued": {
    label: "New invoice",
    audience: "contacts",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "invoice.due": {
    label: "Invoice due soon",
    audience: "contacts",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  "invoice.overdue": {
    label: "Invoice overdue",
    audience: "contacts",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
  // The administrators alone (`person`), as for proposals' answers: billing is theirs.
  "invoice.overdue.agency": {
    label: "Client invoice overdue",
    audience: "person",
    offers: ["portal", "email"],
    channels: ["portal", "email"],
  },
};

export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/**
 * The channels a person may choose for a kind: those it offers, and WhatsApp for every kind
 * (decision 078: a kind added later reaches WhatsApp too; on by default where `channels` says).
 */
export function offeredChannels(kind: NotificationKind): readonly NotificationChannel[] {
  const offers = NOTIFICATION_KINDS[kind].offers;
  return offers.includes("whatsapp") ? offers : [...offers, "whatsapp"];
}

/** Does this kind go to this channel for a person whose choice (if any) is `chosen`? */
export function channelOn(
  kind: NotificationKind,
  channel: NotificationChannel,
  chosen: boolean | undefined,
): boolean {
  if (!offeredChannels(kind).includes(channel)) return false;
  return chosen ?? NOTIFICATION_KINDS[kind].channels.includes(channel);
}

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  portal: "In the portal",
  email: "By e-mail",
  whatsapp: "On WhatsApp",
};

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && Object.hasOwn(NOTIFICATION_KINDS, value);
}

/** The workspace's default: a review unanswered this many days reminds its contacts. */
export const REVIEW_REMINDER_DAYS_DEFAULT = 3;
export const REVIEW_REMINDER_DAYS_MAX = 60;

/** Where a notification mail's one-click unsubscribe goes (decision 057). */
export const NOTIFICATION_UNSUBSCRIBE_PATH = "/notifications/unsubscribe";

export const NOTIFICATION_LINK_INVALID =
  "This link is not valid. Choose which e-mails you get in the portal, under Settings → Notifications.";
