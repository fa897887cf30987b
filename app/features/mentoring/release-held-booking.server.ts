import { eq } from "drizzle-orm";
import { AppError } from "~/.server/errors";
import { mentoringBookings } from "~/.server/db/tables";
import { queueBookingMails } from "./booking-mail-jobs.server";
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
 * An admin releases a held booking (it was a person): it takes its slot now if the slot is still
 * free (confirmed, or pending with a scholarship request, with its mails); if the time is taken
 * meanwhile, 409 and it stays held, for the admin to offer another time by mail.
 */
export async function releaseHeldBooking(bookingId: string): Promise<BookingView> {
  try {
    return await withBookingTransaction(async (tx) => {
      const row = await loadBooking(bookingId, tx);
      if (!row || row.status !== "held") throw new AppError("not_found", "No held booking with this id.");
      const mentor = await mentorOf(row);
      await lockMentorTimes(tx, mentor.profile.id);
      const status = row.scholarshipReason ? "pending" : "confirmed";
      const [updated] = await tx.db
        .update(mentoringBookings)
        .set({ status, holdReason: null })
        .where(eq(mentoringBookings.id, row.id))
        .returning();
      await queueBookingMails(tx, { bookingId: row.id, kind: status === "confirmed" ? "confirmation" : "pending" });
      await queueCalendarSync(row.id, tx, mentor);
      return toView(updated!, mentor);
    });
  } catch (error) {
    if (isOverlap(error))
      throw new AppError("conflict", "Its time has been booked by someone else meanwhile: reply to the learner to offer another time.");
    throw error;
  }
}
