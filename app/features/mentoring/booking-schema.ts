import { z } from "zod";
import { disclaimerAccepted, email, FIELD_LIMITS, messages, name, text } from "~/features/forms/schema";
import { isValidTimeZone } from "./slots";

/**
 * What a learner sends to book a slot (the page's form and POST /api/mentoring/book) and what a
 * mentor sends to set their hours (the admin form and PUT /api/admin/mentoring/availability).
 * The texts a learner sees are here, once.
 */

export const bookingMessages = {
  slotRequired: "Please choose a time",
  slotUnknown: "That time is not one we offer. Please pick a time from the list.",
  slotPast: "That time has passed or starts too soon to book. Please pick a later time.",
  slotTaken: "This time was just taken — here are the next free times.",
  timeZoneUnknown: "Unknown time zone: use a name like Europe/Oslo",
  scholarshipReasonRequired: "Please tell us in a sentence or two why you are asking for a scholarship",
  scholarshipReasonTooLong: "The scholarship reason must be 1,000 characters or fewer",
  bookingNotFound: "This booking link is no longer valid: the session is over, cancelled or moved.",
  tooManyUpcoming:
    "You already have 2 upcoming sessions with this mentor under this e-mail address. Attend or cancel one (the link is in its e-mail) before booking another.",
  holdLapsedTaken: "This time was not confirmed within 30 minutes and someone else has booked it since. Please choose another time.",
} as const;

export const SCHOLARSHIP_REASON_MAX = 1000;

export const timeZoneSchema = z
  .string({ error: bookingMessages.timeZoneUnknown })
  .trim()
  .max(64, { error: bookingMessages.timeZoneUnknown })
  .refine(isValidTimeZone, { error: bookingMessages.timeZoneUnknown });

const scholarshipReason = z
  .string({ error: bookingMessages.scholarshipReasonRequired })
  .trim()
  .min(1, { error: bookingMessages.scholarshipReasonRequired })
  .max(SCHOLARSHIP_REASON_MAX, { error: bookingMessages.scholarshipReasonTooLong });

const common = {
  slotId: z
    .string({ error: bookingMessages.slotRequired })
    .trim()
    .min(1, { error: bookingMessages.slotRequired })
    .max(200, { error: bookingMessages.slotUnknown }),
  name,
  email,
  goals: text("Learning goals", messages.learningGoalsRequired, FIELD_LIMITS.longText),
  disclaimerAccepted,
};

/** POST /api/mentoring/book: `scholarship` is `{ reason }` when asked for. */
export const bookingApiSchema = z.object({
  ...common,
  timeZone: timeZoneSchema.optional(),
  scholarship: z.object({ reason: scholarshipReason }, { error: bookingMessages.scholarshipReasonRequired }).nullish(),
});

/** The page's form: a checkbox and a reason field (Conform turns "on" into true). */
export const bookingFormSchema = z
  .object({
    ...common,
    tz: timeZoneSchema,
    scholarship: z.boolean().optional(),
    scholarshipReason: z.string().trim().max(SCHOLARSHIP_REASON_MAX, { error: bookingMessages.scholarshipReasonTooLong }).optional(),
  })
  .superRefine((value, context) => {
    if (value.scholarship && !value.scholarshipReason) {
      context.addIssue({ code: "custom", path: ["scholarshipReason"], message: bookingMessages.scholarshipReasonRequired });
    }
  });

export type BookingValues = {
  slotId: string;
  name: string;
  email: string;
  goals: string;
  disclaimerAccepted: boolean;
  timeZone: string;
  scholarshipReason: string | null;
};

const hhmm = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/, { error: "Times are HH:MM, e.g. 09:00" });
const hours = z.object({ start: hhmm, end: hhmm });

/** PUT /api/admin/mentoring/availability and the admin's form (after its own parsing). */
export const availabilityInputSchema = z.object({
  timeZone: timeZoneSchema,
  weekly: z
    .array(
      hours.extend({
        day: z
          .int({ error: "Days are 1 (Monday) to 7 (Sunday)" })
          .min(1, { error: "Days are 1 (Monday) to 7 (Sunday)" })
          .max(7, { error: "Days are 1 (Monday) to 7 (Sunday)" }),
      }),
    )
    .max(70, { error: "At most 70 blocks of weekly hours" }),
  overrides: z
    .array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Dates are YYYY-MM-DD" }), hours: z.array(hours).max(10) }))
    .max(366, { error: "At most 366 date overrides" })
    .optional(),
  sessionMinutes: z
    .union([z.int(), z.array(z.int()).min(1).max(6)], { error: "sessionMinutes is a number of minutes or a list of them, e.g. [30, 60]" })
    .transform((value) => (Array.isArray(value) ? [...new Set(value)].sort((a, b) => a - b) : [value])),
  bufferMinutes: z.int({ error: "bufferMinutes must be a whole number" }),
  minNoticeHours: z.int({ error: "minNoticeHours must be a whole number" }),
  horizonDays: z.int({ error: "horizonDays must be a whole number" }),
});
export type AvailabilityInput = z.output<typeof availabilityInputSchema>;
