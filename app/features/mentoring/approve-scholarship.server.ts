import { eq } from "drizzle-orm";
import { AppError } from "~/.server/errors";
import { mentoringBookings } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { queueBookingMails } from "./booking-mail-jobs.server";
import { type BookingView, loadBooking, mentorOf, toView } from "./bookings-shared.server";

/** A mentor approves a scholarship request: the session is confirmed and the invites go out. */
export async function approveScholarship(bookingId: string, now = new Date()): Promise<BookingView> {
  return withTransaction(async (tx) => {
    const row = await loadBooking(bookingId, tx);
    if (!row || row.status !== "pending" || row.startsAt <= now)
      throw new AppError("conflict", "Only a pending request for a session still ahead can be approved.");
    const mentor = await mentorOf(row);
    const [updated] = await tx.db
      .update(mentoringBookings)
      .set({ status: "confirmed" })
      .where(eq(mentoringBookings.id, row.id))
      .returning();
    await queueBookingMails(tx, { bookingId: row.id, kind: "confirmation" });
    return toView(updated!, mentor);
  });
}
