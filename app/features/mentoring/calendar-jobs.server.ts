import { eq, isNotNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { mentoringBookings, mentoringMentors, CONFIRMED_STATUSES } from "~/.server/db/tables";
import { defineJob } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { bookingForMail } from "./booking-for-mail.server";
import { CalendarError, deleteBookingEvent, fetchBusy, putBookingEvent, type CalendarOptions } from "./caldav.server";
import { buildInvite } from "./invite.server";
import { loadMentor, storeCalendarBusy } from "./mentors.server";

/**
 * The mentors' own CalDAV calendars (docs/mentoring.md): every 5 minutes their busy times are
 * read (once for all instances: a pg-boss schedule), and each booking change is written to the
 * mentor's calendar by a job, retried while the provider is away. A calendar that fails never
 * stops a booking: the last read stays in use and the admin sees the error.
 */

/**
 * An invitation as a stored calendar event: no METHOD (RFC 4791 4.1), and no ORGANIZER or
 * ATTENDEE, so a provider that schedules on its own (iCloud, Fastmail, Nextcloud) does not send
 * the learner a second invitation from the mentor's calendar. Folded continuation lines go with
 * their property.
 */
export function asCalendarObject(ics: string): string {
  const kept: string[] = [];
  let dropping = false;
  for (const line of ics.split(/\r?\n/)) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (!dropping) kept.push(line);
      continue;
    }
    dropping = /^(METHOD|ORGANIZER|ATTENDEE)[;:]/i.test(line);
    if (!dropping) kept.push(line);
  }
  return kept.join("\r\n");
}

/** Writes one booking's current state to its mentor's calendar: the event, or its removal. */
export const calendarSyncJob = defineJob<{ bookingId: string }>({
  name: "mentoring-calendar-sync",
  queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, deleteAfterSeconds: 7 * 24 * 3600 },
  handler: async ({ bookingId }) => {
    const [row] = await getDb().select().from(mentoringBookings).where(eq(mentoringBookings.id, bookingId)).limit(1);
    if (!row) return;
    const mentor = await loadMentor(row.mentorId);
    if (!mentor?.calendar) return;
    // Only a booking its learner confirmed goes into the mentor's calendar.
    if ((CONFIRMED_STATUSES as readonly string[]).includes(row.status)) {
      const ics = buildInvite(
        bookingForMail(row, mentor),
        "REQUEST",
        { name: mentor.profile.name, email: mentor.profile.email },
        // The mentor's copy: without the learner's signed links.
        "mentor",
      );
      try {
        await putBookingEvent(mentor.calendar, { uid: row.uid, ics: asCalendarObject(ics) });
      } catch (error) {
        // The mentor's mail app already put the invitation in this calendar under its own name: it is there.
        if (!(error instanceof CalendarError && error.code === "conflict")) throw error;
        logger.info(
          { bookingId: row.id },
          "Mentoring: the booking's event is already in the mentor's calendar (added from the invitation)",
        );
      }
    } else {
      await deleteBookingEvent(mentor.calendar, row.uid);
    }
    await getDb().update(mentoringBookings).set({ calendarSyncedAt: new Date() }).where(eq(mentoringBookings.id, row.id));
  },
});

/** Reads every connected mentor's busy times for their booking horizon (each read under `options`' deadline). */
export async function refreshCalendars(now = new Date(), options: CalendarOptions = {}): Promise<number> {
  const rows = await getDb()
    .select({ userId: mentoringMentors.userId })
    .from(mentoringMentors)
    .where(isNotNull(mentoringMentors.caldavUrl));
  let read = 0;
  for (const { userId } of rows) {
    const mentor = await loadMentor(userId);
    if (!mentor?.calendar) continue;
    const until = new Date(now.getTime() + (mentor.availability.horizonDays + 1) * 86_400_000);
    try {
      await storeCalendarBusy(userId, { busy: await fetchBusy(mentor.calendar, now, until, mentor.availability.timeZone, options) }, now);
      read += 1;
    } catch (error) {
      const message = error instanceof CalendarError ? error.message : "The calendar could not be read.";
      logger.warn(
        { err: error instanceof CalendarError ? undefined : error, mentorId: userId, message },
        "Mentoring: a mentor's calendar could not be read",
      );
      await storeCalendarBusy(userId, { error: message }, now);
    }
  }
  return read;
}

export const calendarRefreshJob = defineJob({
  name: "mentoring-calendar-refresh",
  schedule: "*/5 * * * *",
  queue: { retryLimit: 0, deleteAfterSeconds: 24 * 3600 },
  handler: async () => {
    await refreshCalendars();
  },
});
