import { eq } from "drizzle-orm";
import { AppError } from "~/.server/errors";
import { mentoringBookings } from "~/.server/db/tables";
import { queueBookingMails } from "./booking-mail-jobs.server";
import { bookingMessages } from "./booking-schema";
import {
  type BookingView,
  SlotTakenError,
  isChangeable,
  isOverlap,
  loadBooking,
  lockMentorTimes,
  nextFreeSlots,
  offeredSlot,
  queueCalendarSync,
  toView,
  withBookingTransaction,
} from "./bookings-shared.server";

/**
 * Moves a session to another free time of the same mentor: same calendar event (UID), a higher
 * SEQUENCE, reminders due again. SlotTakenError when the new time is taken.
 */
export async function rescheduleBooking(
  bookingId: string,
  newSlotId: string,
  by: "learner" | "mentor",
  options: { expectedSequence?: number; now?: Date } = {},
): Promise<BookingView> {
  const now = options.now ?? new Date();
  const { slot, mentor } = await offeredSlot(newSlotId, now);
  try {
    return await withBookingTransaction(async (tx) => {
      const row = await loadBooking(bookingId, tx);
      if (!row || !isChangeable(row, now) || (options.expectedSequence !== undefined && row.sequence !== options.expectedSequence)) {
        throw new AppError(
          by === "learner" ? "gone" : "conflict",
          by === "learner" ? bookingMessages.bookingNotFound : "Only a pending or confirmed session that has not started can be moved.",
        );
      }
      if (row.mentorId !== mentor.profile.id) throw new AppError("invalid", "Pick a new time with the same mentor.");
      await lockMentorTimes(tx, mentor.profile.id);
      const [updated] = await tx.db
        .update(mentoringBookings)
        .set({
          startsAt: slot.start,
          endsAt: slot.end,
          occupiedUntil: new Date(slot.end.getTime() + mentor.availability.bufferMinutes * 60_000),
          sequence: row.sequence + 1,
          reminder24hSentAt: null,
          reminder1hSentAt: null,
        })
        .where(eq(mentoringBookings.id, row.id))
        .returning();
      if (updated!.status === "confirmed")
        await queueBookingMails(tx, { bookingId: row.id, kind: "reschedule", previousStart: row.startsAt.toISOString() });
      await queueCalendarSync(row.id, tx, mentor);
      return toView(updated!, mentor);
    });
  } catch (error) {
    if (isOverlap(error)) throw new SlotTakenError(await nextFreeSlots(slot.start, slot.minutes, now));
    throw error;
  }
}
