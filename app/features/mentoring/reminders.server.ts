import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { mentoringBookings } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { defineJob } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { queueMail } from "~/.server/mail";
import { bookingForMail } from "./booking-for-mail.server";
import { reminderMail } from "./booking-mails.server";
import { loadMentor } from "./mentors.server";

/**
 * Reminder mails 24 hours and 1 hour before a confirmed session, each sent exactly once however
 * many instances run and however often they restart: a reminder is claimed by setting its
 * `reminder_*_sent_at` in the same transaction that queues its mail (rows locked with SKIP LOCKED,
 * so two instances never take the same one). A session booked less than an hour ahead gets
 * neither: its confirmation is the reminder.
 */

export const REMINDERS = [
  { hoursBefore: 24 as const, column: mentoringBookings.reminder24hSentAt, key: "reminder24hSentAt" as const },
  { hoursBefore: 1 as const, column: mentoringBookings.reminder1hSentAt, key: "reminder1hSentAt" as const },
];

/** Sends the reminders that are due; returns how many were queued. */
export async function sendDueReminders(now = new Date(), batch = 50): Promise<number> {
  let sent = 0;
  for (const reminder of REMINDERS) {
    const dueBefore = new Date(now.getTime() + reminder.hoursBefore * 3_600_000);
    // The 24-hour reminder is not sent once the 1-hour one is due: one mail, the nearer one.
    const notYetNearer =
      reminder.hoursBefore === 24 ? sql`${mentoringBookings.startsAt} > ${new Date(now.getTime() + 3_600_000)}` : sql`true`;
    sent += await withTransaction(async (tx) => {
      const due = await tx.db
        .select()
        .from(mentoringBookings)
        .where(
          and(
            eq(mentoringBookings.status, "confirmed"),
            isNull(reminder.column),
            lte(mentoringBookings.startsAt, dueBefore),
            gt(mentoringBookings.startsAt, now),
            // Booked after the reminder's moment: the confirmation already says it all.
            lte(mentoringBookings.createdAt, sql`${mentoringBookings.startsAt} - make_interval(hours => ${reminder.hoursBefore})`),
            notYetNearer,
          ),
        )
        .limit(batch)
        .for("update", { skipLocked: true });
      for (const row of due) {
        const mentor = await loadMentor(row.mentorId);
        if (!mentor) continue;
        await tx.db
          .update(mentoringBookings)
          .set({ [reminder.key]: now })
          .where(eq(mentoringBookings.id, row.id));
        const mail = await reminderMail(bookingForMail(row, mentor), reminder.hoursBefore);
        await queueMail({ ...mail, ref: `booking:${row.id}` }, { db: tx.jobsDb });
      }
      return due.length;
    });
  }
  if (sent > 0) logger.info({ sent }, "Mentoring reminders queued");
  return sent;
}

export const mentoringRemindersJob = defineJob({
  name: "mentoring-reminders",
  // Every instance looks each minute; the claim in the database makes each reminder go once.
  localEverySeconds: () => 60,
  handler: async () => {
    await sendDueReminders();
  },
});
