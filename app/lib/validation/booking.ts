import { isCalendarDay } from "~/lib/dates";
import { clockToMinutes } from "./booking-values";
import { leadEmail, leadName, optionalLine } from "./leads";
import { hasNoLineBreak, isStorableText, notAllowed } from "./text";
import { z } from "./zod";

export * from "./booking-values";

/** A slot as the booking page names it: a South African day and a time of day. */
export const slotSchema = z.object({
  day: z
    .string({ error: "That date is not valid. Choose one of the days below." })
    .refine(isCalendarDay, "That date is not valid. Choose one of the days below."),
  time: z
    .string({ error: "That time is not valid. Choose one of the times below." })
    .refine(
      (v) => clockToMinutes(v) !== null,
      "That time is not valid. Choose one of the times below.",
    ),
});

/** The booking form (/book/:type): the visitor's details and the slot they chose. */
export const bookingSchema = slotSchema.extend({
  name: leadName,
  email: leadEmail,
  phone: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(10, "Phone number is required")
    .max(50, "Phone must be less than 50 characters")
    .refine(isStorableText, notAllowed("Phone"))
    .refine(hasNoLineBreak, "Phone must be on one line"),
  company: optionalLine(100, "Company name must be less than 100 characters", "Company name"),
  topic: z
    .string({ error: "Tell us what you would like to discuss" })
    .trim()
    .min(5, "Tell us what you would like to discuss (at least 5 characters)")
    .max(2000, "What you would like to discuss must be less than 2000 characters")
    .refine(isStorableText, notAllowed("What you would like to discuss")),
});
export type BookingInput = z.infer<typeof bookingSchema>;

const minutes = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max} minutes`)
    .refine((v) => v % 5 === 0, `${label} must be a multiple of 5 minutes`);

/** A meeting type as a host edits it (Bookings → Availability). */
export const meetingTypeSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name must be less than 100 characters")
    .refine(isStorableText, notAllowed("Name"))
    .refine(hasNoLineBreak, "Name must be on one line"),
  minutes: minutes("Length", 480).refine((v) => v >= 5, "Length must be at least 5 minutes"),
  bufferBefore: minutes("Buffer before", 240),
  bufferAfter: minutes("Buffer after", 240),
  minNoticeHours: z.coerce
    .number({ error: "Minimum notice must be a number of hours" })
    .int("Minimum notice must be whole hours")
    .min(0, "Minimum notice cannot be negative")
    .max(720, "Minimum notice must be at most 720 hours"),
  maxDaysAhead: z.coerce
    .number({ error: "How far ahead must be a number of days" })
    .int("How far ahead must be whole days")
    .min(1, "How far ahead must be at least 1 day")
    .max(365, "How far ahead must be at most 365 days"),
  location: z
    .string({ error: "Where is required" })
    .trim()
    .min(1, "Where is required")
    .max(300, "Where must be less than 300 characters")
    .refine(isStorableText, notAllowed("Where"))
    .refine(hasNoLineBreak, "Where must be on one line"),
});
export type MeetingTypeInput = z.infer<typeof meetingTypeSchema>;

/** One range of weekly hours ("09:00" to "17:00"). */
export const hoursRangeSchema = z
  .object({
    weekday: z.coerce.number().int().min(0).max(6, "Choose a day of the week"),
    start: z.string().refine((v) => clockToMinutes(v) !== null, "Start must be a time like 09:00"),
    end: z.string().refine((v) => clockToMinutes(v) !== null, "End must be a time like 17:00"),
  })
  .refine((v) => (clockToMinutes(v.start) ?? 0) < (clockToMinutes(v.end) ?? 0), {
    message: "The end must be after the start",
    path: ["end"],
  });

export const dayOffSchema = z.object({
  day: z.string({ error: "Choose a date" }).refine(isCalendarDay, "Choose a date"),
});

export const busyFeedSchema = z.object({
  busyFeedUrl: z
    .string()
    .trim()
    .max(2000, "The calendar address must be less than 2000 characters")
    .refine(
      (v) => v === "" || /^(https?|webcal):\/\/[^\s]+$/i.test(v),
      "The calendar address must start with https:// (or webcal://)",
    ),
});
