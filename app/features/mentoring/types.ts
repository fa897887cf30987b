/**
 * The shapes shared by the mentoring booking's parts (docs/mentoring.md): a mentor's
 * availability, the free slots computed from it, and a booking as the mails and the
 * calendar see it. Times cross module boundaries as `Date` (an instant); a wall-clock time
 * only ever appears together with its IANA time zone.
 */

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Wall-clock hours in the mentor's time zone: "09:00"–"17:30"; end after start, same day. */
export type Hours = { start: string; end: string };

export type WeeklyHours = Hours & { day: IsoWeekday };

/**
 * One date in the mentor's time zone whose hours replace the weekly ones: an empty list is a
 * day off, other hours are extra (or different) hours that day.
 */
export type DateOverride = { date: string; hours: Hours[] };

export type Availability = {
  /** IANA name, "Europe/Oslo" by default. */
  timeZone: string;
  weekly: WeeklyHours[];
  overrides: DateOverride[];
  /** The session lengths offered, in minutes, e.g. [30, 60]. */
  sessionMinutes: number[];
  /** Free time kept after each session before the next may start. */
  bufferMinutes: number;
  /** No slot starts sooner than this after now. */
  minNoticeHours: number;
  /** No slot starts later than this many days after now. */
  horizonDays: number;
};

/** A time taken: a booking (with its buffer) or a busy block of the mentor's own calendar. */
export type BusyInterval = { start: Date; end: Date };

export type Slot = {
  /** `<mentorId>.<start as yyyyMMddTHHmmZ in UTC>.<minutes>`: parsed and checked again on booking. */
  id: string;
  mentorId: string;
  start: Date;
  end: Date;
  minutes: number;
};

/** A mentor as the public page and the mails show them. */
export type MentorProfile = {
  id: string;
  /** The public name (the founder profile from app/content/studio.ts). */
  name: string;
  role: string;
  portrait: string;
  /** Where the mentor's mail goes (their admin account's address). */
  email: string;
  timeZone: string;
};

export type BookingStatus = "pending" | "confirmed" | "held" | "cancelled" | "done" | "no_show";

/** A booking as the invites and mails need it. */
export type BookingForMail = {
  id: string;
  /** Stable calendar UID of this booking's event, e.g. `booking-<id>@<host>`. */
  uid: string;
  /** Grows with each change sent to the attendees (RFC 5545 SEQUENCE). */
  sequence: number;
  start: Date;
  end: Date;
  /** The learner's own time zone (shown in their mail); the mentor's is in `mentor`. */
  learnerTimeZone: string;
  learner: { name: string; email: string };
  goals: string;
  scholarship: { reason: string } | null;
  mentor: MentorProfile;
  videoUrl: string;
  /** Absolute links for the learner (signed, single-purpose; see booking-links.server.ts). */
  cancelUrl: string;
  rescheduleUrl: string;
  /** The booking's page opened at its confirm button (an unconfirmed booking's only link). */
  confirmUrl: string;
};
