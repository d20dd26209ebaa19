/**
 * Booking's plain values (issue 33): statuses, limits and the texts pages and the server share.
 * Zod-free, so the booking page loads no validation code.
 */
export const BOOKING_STATUSES = ["confirmed", "cancelled", "held", "no-show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  confirmed: "Booked",
  cancelled: "Cancelled",
  held: "Held",
  "no-show": "No-show",
};

/** Slots start on this grid of South African time (minutes past midnight). */
export const SLOT_STEP_MINUTES = 30;
/** The unit a booking holds its host's time in (decision 075): lengths and buffers are multiples. */
export const UNIT_MINUTES = 5;
/** How many days with free slots the booking page offers at once. */
export const DAYS_SHOWN = 10;

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** "09:30" from 570 minutes past midnight. */
export function minutesToClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** 570 from "09:30", or null when it is not a time of day on the 5-minute grid ("24:00" is the end of a day). */
export function clockToMinutes(value: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (Number(m[2]) > 59 || minutes > 24 * 60) return null;
  return minutes;
}

export const BOOKING_TEXT = {
  notFound: "This meeting type does not exist or is not taken any more.",
  badDay: "That date is not valid. Choose one of the days below.",
  badTime: "That time is not valid. Choose one of the times below.",
  past: "That time has already passed. Choose one of the times below.",
  outsideHours: "That time is outside our meeting hours. Choose one of the times below.",
  taken: "Sorry, that time was just taken. Choose another time below.",
  noSlots: "No free times in the next weeks. Call or e-mail us and we'll find a time.",
  booked: "Your meeting is booked",
  linkInvalid: "This link is not valid. Use the link in the latest e-mail we sent you.",
  linkUsed:
    "This link has already been used to move your meeting. Use the link in the latest e-mail we sent you.",
  cancelled: "This meeting has been cancelled.",
  over: "This meeting has already taken place.",
  bookingNotFound: "Booking not found",
  notHost: "Only the agency's team can see bookings.",
};
