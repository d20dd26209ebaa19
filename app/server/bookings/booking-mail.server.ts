/**
 * What a booking sends the visitor (issue 33, point 4): the confirmation with an .ics invitation
 * and signed links to move or cancel it, the news that it moved or was cancelled, and the
 * reminders. Links carry the booking's id and link version, signed with a key derived from
 * AUTH_SECRET; moving the meeting raises the version, so a link used once does not work again.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { site } from "~/content/site";
import { formatForPeople } from "~/lib/dates";
import { WEEKDAY_NAMES } from "~/lib/validation/booking-values";
import type { MailAttachment } from "../db/schema.server";
import { env } from "../env.server";
import { confirmationFooter, nameForMail } from "../leads/leads.server";
import { dayAndMinute } from "./availability.server";

function linkKey() {
  return createHmac("sha256", env().AUTH_SECRET).update("booking-link").digest();
}

/** The token of a booking's links at its current version. */
export function bookingToken(bookingId: string, version: number): string {
  const payload = `${bookingId}.${version}`;
  const mac = createHmac("sha256", linkKey()).update(payload).digest("base64url");
  return `${payload}.${mac}`;
}

/** The booking and version a token names, or null for a forged, altered or malformed one. */
export function readBookingToken(token: unknown): { bookingId: string; version: number } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [id, version, mac] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/.test(id) || !/^\d{1,6}$/.test(version)) return null;
  const expected = createHmac("sha256", linkKey()).update(`${id}.${version}`).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { bookingId: id, version: Number(version) };
}

export function manageUrl(baseUrl: string, token: string, action?: "move" | "cancel") {
  return `${baseUrl}/booking/${token}${action ? `?action=${action}` : ""}`;
}

export interface MailBooking {
  id: string;
  name: string;
  email: string;
  startsAt: Date;
  endsAt: Date;
  linkVersion: number;
  typeName: string;
  minutes: number;
  location: string;
}

/** "Friday, 4 Dec 2026 at 10:00" (South African time). */
export function meetingTime(at: Date): string {
  const { day } = dayAndMinute(at);
  return `${WEEKDAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()]}, ${formatForPeople(at, { time: true })}`;
}

/** iCalendar text: commas, semicolons, backslashes and line breaks escaped. */
function icsText(value: string) {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** A parameter value (CN=…): quoted, without the characters a quoted value may not hold. */
function icsParam(value: string) {
  return `"${value.replace(/["\r\n]/g, "")}"`;
}

/** The one UID of a booking's event, in the visitor's and the host's invitations alike. */
export function bookingUid(bookingId: string, baseUrl: string) {
  return `booking-${bookingId}@${new URL(baseUrl).hostname}`;
}

/** A UTC time as iCalendar writes it: 20261204T080000Z. */
function icsTime(at: Date) {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Lines longer than 75 octets folded (RFC 5545, 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const ch of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + ch, "utf8") > limit) {
      parts.push(current);
      current = "";
    }
    current += ch;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The meeting as an .ics invitation (a cancelled one as its cancellation). */
export function bookingIcs(
  booking: MailBooking,
  baseUrl: string,
  options: { cancelled?: boolean; now?: Date } = {},
): MailAttachment {
  const token = bookingToken(booking.id, booking.linkVersion);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${icsText(site.name)}//Booking//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${options.cancelled ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${bookingUid(booking.id, baseUrl)}`,
    `SEQUENCE:${booking.linkVersion}`,
    `DTSTAMP:${icsTime(options.now ?? new Date())}`,
    `DTSTART:${icsTime(booking.startsAt)}`,
    `DTEND:${icsTime(booking.endsAt)}`,
    `SUMMARY:${icsText(`${booking.typeName} with ${site.name}`)}`,
    `LOCATION:${icsText(booking.location)}`,
    `DESCRIPTION:${icsText(
      options.cancelled
        ? "This meeting was cancelled."
        : `${booking.location}\nMove or cancel: ${manageUrl(baseUrl, token)}`,
    )}`,
    `ORGANIZER;CN=${icsText(site.name)}:mailto:${site.email}`,
    `STATUS:${options.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return {
    filename: options.cancelled ? "cancelled-meeting.ics" : "meeting.ics",
    contentType: `text/calendar; charset=utf-8; method=${options.cancelled ? "CANCEL" : "PUBLISH"}`,
    content: `${lines.map(fold).join("\r\n")}\r\n`,
  };
}

/** The host a booking's invitation goes to. */
export interface MailHost {
  name: string | null;
  email: string;
}

/** What the host's invitation says of the visitor. */
export interface MailVisitor {
  phone: string | null;
  company: string | null;
  topic: string;
}

/**
 * The host's invitation (decision 086): METHOD:REQUEST for a new or moved meeting, METHOD:CANCEL
 * for a cancelled one (or one moved to another host), with the visitor's UID
 * (`booking-<id>@<site>`) and the link version as SEQUENCE, so the host's calendar updates the
 * one event each time. The host and the visitor are its attendees (no answer asked: the time
 * came from the host's own availability).
 */
export function hostIcs(
  booking: MailBooking & MailVisitor,
  host: MailHost,
  baseUrl: string,
  options: { cancelled?: boolean; now?: Date } = {},
): MailAttachment {
  const method = options.cancelled ? "CANCEL" : "REQUEST";
  const attendee = (name: string | null, email: string) =>
    `ATTENDEE;CN=${icsParam(name?.trim() || email)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${email}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${icsText(site.name)}//Booking//EN`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    `UID:${bookingUid(booking.id, baseUrl)}`,
    `SEQUENCE:${booking.linkVersion}`,
    `DTSTAMP:${icsTime(options.now ?? new Date())}`,
    `DTSTART:${icsTime(booking.startsAt)}`,
    `DTEND:${icsTime(booking.endsAt)}`,
    `SUMMARY:${icsText(`${booking.typeName} with ${booking.name}`)}`,
    `LOCATION:${icsText(booking.location)}`,
    `DESCRIPTION:${icsText(
      [
        options.cancelled ? "This meeting was cancelled." : null,
        `${booking.name} <${booking.email}>`,
        booking.phone ? `Phone: ${booking.phone}` : null,
        booking.company ? `Company: ${booking.company}` : null,
        `To discuss: ${booking.topic}`,
        `In the portal: ${baseUrl}/portal/bookings/${booking.id}`,
      ]
        .filter((l): l is string => l !== null)
        .join("\n"),
    )}`,
    `ORGANIZER;CN=${icsParam(site.name)}:mailto:${site.email}`,
    attendee(host.name, host.email),
    attendee(booking.name, booking.email),
    `STATUS:${options.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return {
    filename: options.cancelled ? "cancelled-meeting.ics" : "meeting.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: `${lines.map(fold).join("\r\n")}\r\n`,
  };
}

export interface BookingMail {
  toAddress: string;
  replyTo: string;
  subject: string;
  textBody: string;
  attachments: MailAttachment[] | null;
}

function details(booking: MailBooking) {
  return [
    `When: ${meetingTime(booking.startsAt)} (South African time), ${booking.minutes} minutes`,
    `Where: ${booking.location}`,
  ];
}

function links(booking: MailBooking, baseUrl: string) {
  const token = bookingToken(booking.id, booking.linkVersion);
  return [
    `Need another time? Move it: ${manageUrl(baseUrl, token, "move")}`,
    `Can't make it? Cancel it: ${manageUrl(baseUrl, token, "cancel")}`,
  ];
}

/** To the visitor: booked (or moved), with the invitation and the links. */
export function confirmationMail(
  booking: MailBooking,
  baseUrl: string,
  moved: "visitor" | "host" | null = null,
): BookingMail {
  const lead = moved
    ? moved === "host"
      ? `We had to move your ${booking.typeName}. The new time:`
      : `Your ${booking.typeName} has been moved. The new time:`
    : `Your ${booking.typeName} with ${site.name} is booked.`;
  return {
    toAddress: booking.email,
    replyTo: site.email,
    subject: `${moved ? "Moved" : "Booked"}: ${booking.typeName} on ${meetingTime(booking.startsAt)} — ${site.name}`,
    textBody: [
      `Hi ${nameForMail(booking.name)},`,
      "",
      lead,
      "",
      ...details(booking),
      "",
      "The invitation is attached (meeting.ics): open it to add the meeting to your calendar.",
      "",
      ...links(booking, baseUrl),
      moved ? "The links in earlier e-mails about this meeting no longer work." : "",
      "",
      ...confirmationFooter(baseUrl, "booking"),
    ]
      .filter((line, i, all) => !(line === "" && all[i - 1] === ""))
      .join("\n"),
    attachments: [bookingIcs(booking, baseUrl)],
  };
}

/** To the visitor: cancelled (by them or by the agency). */
export function cancellationMail(
  booking: MailBooking,
  baseUrl: string,
  by: "visitor" | "host",
): BookingMail {
  return {
    toAddress: booking.email,
    replyTo: site.email,
    subject: `Cancelled: ${booking.typeName} on ${meetingTime(booking.startsAt)} — ${site.name}`,
    textBody: [
      `Hi ${nameForMail(booking.name)},`,
      "",
      by === "host"
        ? `We are sorry: we had to cancel your ${booking.typeName} on ${meetingTime(booking.startsAt)}.`
        : `Your ${booking.typeName} on ${meetingTime(booking.startsAt)} is cancelled, as you asked.`,
      "",
      `Book another time whenever you like: ${baseUrl}/contact`,
      `Or call us on ${site.phone}.`,
      "",
      ...confirmationFooter(baseUrl, "booking"),
    ].join("\n"),
    attachments: [bookingIcs(booking, baseUrl, { cancelled: true })],
  };
}

/** To the visitor: the meeting is tomorrow, or in an hour. */
export function reminderMail(
  booking: MailBooking,
  baseUrl: string,
  when: "day" | "hour",
): BookingMail {
  return {
    toAddress: booking.email,
    replyTo: site.email,
    subject: `Reminder: ${booking.typeName} ${when === "day" ? "tomorrow" : "in an hour"} — ${site.name}`,
    textBody: [
      `Hi ${nameForMail(booking.name)},`,
      "",
      `A reminder of your ${booking.typeName} with ${site.name}.`,
      "",
      ...details(booking),
      "",
      ...links(booking, baseUrl),
      "",
      ...confirmationFooter(baseUrl, "booking"),
    ].join("\n"),
    attachments: null,
  };
}
