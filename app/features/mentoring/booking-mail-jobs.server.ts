import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { mentoringBookings } from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { defineJob, getJobs } from "~/.server/jobs";
import { queueMail } from "~/.server/mail";
import type { MailMessage } from "~/.server/mail/send-mail";
import {
  cancellationMails,
  confirmAddressMail,
  confirmationMails,
  followUpMail,
  pendingMails,
  rescheduleMails,
} from "./booking-mails.server";
import { bookingForMail } from "./booking-for-mail.server";
import { loadMentor } from "./mentors.server";

/**
 * A booking's mails are written by a job, not by the request that made the change: rendering
 * two mails with their invites costs more than the whole booking, and a learner waiting for a
 * slot should not wait for it. The change commits together with this job (the same transaction),
 * so the mails exist if and only if the change does; the job renders them from the booking as
 * it is then and queues them on the send-mail queue in one transaction of its own.
 */
export type BookingMailKind = "confirm-address" | "confirmation" | "pending" | "cancellation" | "reschedule" | "follow-up";
export type BookingMailJobData = { bookingId: string; kind: BookingMailKind; by?: "learner" | "mentor"; previousStart?: string };

export const bookingMailsJob = defineJob<BookingMailJobData>({
  name: "mentoring-booking-mails",
  queue: { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, deleteAfterSeconds: 7 * 24 * 3600 },
  concurrency: 2,
  pollingIntervalSeconds: 1,
  handler: async ({ bookingId, kind, by, previousStart }) => {
    const [row] = await getDb().select().from(mentoringBookings).where(eq(mentoringBookings.id, bookingId)).limit(1);
    // Erased meanwhile (the person asked): nothing to send.
    if (!row) return;
    const mentor = await loadMentor(row.mentorId);
    if (!mentor) return;
    const booking = bookingForMail(row, mentor);
    let mails: MailMessage[];
    switch (kind) {
      case "confirm-address":
        // Confirmed or gone meanwhile: this mail's moment has passed. A hold that lapsed while the
        // mail waited (a mail server away) still gets it: its link books the time while it is free.
        if ((row.status !== "unconfirmed" && row.status !== "lapsed") || !row.confirmBy) return;
        mails = [await confirmAddressMail(booking, row.confirmBy)];
        break;
      case "confirmation":
        mails = await confirmationMails(booking);
        break;
      case "pending":
        mails = await pendingMails(booking);
        break;
      case "cancellation":
        mails = await cancellationMails(booking, by ?? "mentor");
        break;
      case "reschedule":
        mails = await rescheduleMails(booking, previousStart ? new Date(previousStart) : undefined);
        break;
      case "follow-up":
        mails = [await followUpMail(booking)];
        break;
    }
    await withTransaction(async (tx) => {
      // Under the booking's ref, so the agenda shows what became of each of its mails.
      for (const mail of mails) await queueMail({ ...mail, ref: `booking:${row.id}` }, { db: tx.jobsDb });
    });
  },
});

/** Queues a booking's mails in the caller's transaction. */
export async function queueBookingMails(tx: Transaction, data: BookingMailJobData): Promise<void> {
  await getJobs().send(bookingMailsJob, data, { db: tx.jobsDb });
}
