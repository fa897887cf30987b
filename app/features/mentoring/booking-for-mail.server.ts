import { getEnv } from "~/.server/env";
import type { mentoringBookings } from "~/.server/db/tables";
import { bookingLinks } from "./booking-links.server";
import type { Mentor } from "./mentors.server";
import type { BookingForMail } from "./types";

type BookingRow = typeof mentoringBookings.$inferSelect;

/** The booking as its mails and invites need it. */
export function bookingForMail(row: BookingRow, mentor: Mentor): BookingForMail {
  const links = bookingLinks(getEnv().PUBLIC_URL, { id: row.id, sequence: row.sequence, end: row.endsAt });
  return {
    id: row.id,
    uid: row.uid,
    sequence: row.sequence,
    start: row.startsAt,
    end: row.endsAt,
    learnerTimeZone: row.timeZone,
    learner: { name: row.name, email: row.email },
    goals: row.goals,
    scholarship: row.scholarshipReason ? { reason: row.scholarshipReason } : null,
    mentor: mentor.profile,
    videoUrl: row.videoUrl,
    cancelUrl: links.cancelUrl,
    rescheduleUrl: links.rescheduleUrl,
    confirmUrl: links.confirmUrl,
  };
}
