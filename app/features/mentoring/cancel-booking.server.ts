import { eq } from "drizzle-orm";
import { AppError } from "~/.server/errors";
import { mentoringBookings } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { queueBookingMails } from "./booking-mail-jobs.server";
import { bookingMessages } from "./booking-schema";
import { type BookingView, isChangeable, loadBooking, mentorOf, queueCalendarSync, toView } from "./bookings-shared.server";

/**
 * Cancels a session (by the learner through their link, or by an admin): the slot is free again,
 * both sides get a CANCEL invite, the mentor's calendar drops the event.
 */
export async function cancelBooking(
  bookingId: string,
  by: "learner" | "mentor",
  options: { expectedSequence?: number; now?: Date } = {},
): Promise<BookingView> {
  const now = options.now ?? new Date();
  return withTransaction(async (tx) => {
    const row = await loadBooking(bookingId, tx);
    if (!row || !isChangeable(row, now) || (options.expectedSequence !== undefined && row.sequence !== options.expectedSequence)) {
      throw new AppError(
        by === "learner" ? "gone" : "conflict",
        by === "learner" ? bookingMessages.bookingNotFound : "Only a pending or confirmed session that has not started can be cancelled.",
      );
    }
    const mentor = await mentorOf(row);
    const [updated] = await tx.db
      .update(mentoringBookings)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: by, sequence: row.sequence + 1 })
      .where(eq(mentoringBookings.id, row.id))
      .returning();
    await queueBookingMails(tx, { bookingId: row.id, kind: "cancellation", by });
    await queueCalendarSync(row.id, tx, mentor);
    return toView(updated!, mentor);
  });
}
