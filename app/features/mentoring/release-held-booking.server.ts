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
  RELEASED_HOLD_HOURS,
  toView,
  withBookingTransaction,
} from "./bookings-shared.server";

/**
 * An admin releases a held booking (it looked automated, the admin thinks it was a person): it
 * takes its slot now if the slot is still free, as a booking waiting for its learner to confirm
 * their address (RELEASED_HOLD_HOURS, the mail asks them); if the time is taken meanwhile,
 * `conflict` and it stays held, for the admin to offer another time by mail.
 */
export async function releaseHeldBooking(bookingId: string): Promise<BookingView> {
  try {
    return await withBookingTransaction(async (tx) => {
      const row = await loadBooking(bookingId, tx);
      if (!row || row.status !== "held") throw new AppError("not_found", "No held booking with this id.");
      const mentor = await mentorOf(row);
      await lockMentorTimes(tx, mentor.profile.id);
      const [updated] = await tx.db
        .update(mentoringBookings)
        .set({ status: "unconfirmed", holdReason: null, confirmBy: new Date(Date.now() + RELEASED_HOLD_HOURS * 3_600_000) })
        .where(eq(mentoringBookings.id, row.id))
        .returning();
      await queueBookingMails(tx, { bookingId: row.id, kind: "confirm-address" });
      return toView(updated!, mentor);
    });
  } catch (error) {
    if (isOverlap(error))
      throw new AppError("conflict", "Its time has been booked by someone else meanwhile: reply to the learner to offer another time.");
    throw error;
  }
}
