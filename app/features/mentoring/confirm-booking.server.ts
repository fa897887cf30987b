import { eq } from "drizzle-orm";
import { AppError } from "~/.server/errors";
import { CONFIRMED_STATUSES, mentoringBookings } from "~/.server/db/tables";
import { queueBookingMails } from "./booking-mail-jobs.server";
import { bookingMessages } from "./booking-schema";
import {
  type BookingView,
  isOverlap,
  loadBooking,
  lockMentorTimes,
  mentorOf,
  queueCalendarSync,
  toView,
  withBookingTransaction,
} from "./bookings-shared.server";

/**
 * The learner confirms their address by the button on their booking's page (the link in the
 * mail that asked them): the hold becomes the booking (confirmed, or pending with a scholarship
 * request), and only now do the invites go out and the mentor hear of it (mails, calendar). A
 * hold that lapsed is confirmed all the same while its time is still free; once someone else
 * has booked it, AppError `conflict`. Pressed twice, the second answers the booking as it is.
 */
export async function confirmBooking(bookingId: string, options: { expectedSequence: number; now?: Date }): Promise<BookingView> {
  const now = options.now ?? new Date();
  const first = await loadBooking(bookingId);
  if (!first || first.sequence !== options.expectedSequence || first.startsAt <= now)
    throw new AppError("gone", bookingMessages.bookingNotFound);
  const mentor = await mentorOf(first);
  try {
    return await withBookingTransaction(async (tx) => {
      // The mentor's lock first, as every change of their times takes it: it also lapses holds past
      // their time, and the row is read after that.
      await lockMentorTimes(tx, mentor.profile.id);
      const row = await loadBooking(bookingId, tx);
      if (!row || row.sequence !== options.expectedSequence) throw new AppError("gone", bookingMessages.bookingNotFound);
      if ((CONFIRMED_STATUSES as readonly string[]).includes(row.status)) return toView(row, mentor);
      if (row.status !== "unconfirmed" && row.status !== "lapsed") throw new AppError("gone", bookingMessages.bookingNotFound);
      const status = row.scholarshipReason ? "pending" : "confirmed";
      const [updated] = await tx.db
        .update(mentoringBookings)
        .set({ status, confirmBy: null })
        .where(eq(mentoringBookings.id, row.id))
        .returning();
      await queueBookingMails(tx, { bookingId: row.id, kind: status === "confirmed" ? "confirmation" : "pending" });
      await queueCalendarSync(row.id, tx, mentor);
      return toView(updated!, mentor);
    });
  } catch (error) {
    if (isOverlap(error)) throw new AppError("conflict", bookingMessages.holdLapsedTaken);
    throw error;
  }
}
