import { eq } from "drizzle-orm";
import { AppError } from "~/.server/errors";
import { mentoringBookings } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { queueBookingMails } from "./booking-mail-jobs.server";
import { type BookingView, loadBooking, mentorOf, toView } from "./bookings-shared.server";

/** The mentor records how a session went; done sends the follow-up mail (once). */
export async function markOutcome(bookingId: string, outcome: "done" | "no_show", now = new Date()): Promise<BookingView> {
  return withTransaction(async (tx) => {
    const row = await loadBooking(bookingId, tx);
    if (!row || !["confirmed", "done", "no_show"].includes(row.status) || row.startsAt > now) {
      throw new AppError("conflict", "Only a confirmed session that has started can be marked done or no-show.");
    }
    const mentor = await mentorOf(row);
    const sendFollowUp = outcome === "done" && row.followUpSentAt === null;
    const [updated] = await tx.db
      .update(mentoringBookings)
      .set({ status: outcome, ...(sendFollowUp ? { followUpSentAt: now } : {}) })
      .where(eq(mentoringBookings.id, row.id))
      .returning();
    if (sendFollowUp) await queueBookingMails(tx, { bookingId: row.id, kind: "follow-up" });
    return toView(updated!, mentor);
  });
}
