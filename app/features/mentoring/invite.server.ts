import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import { toHeaderText } from "~/.server/mail";
import { site } from "~/content/site";
import type { BookingForMail } from "./types";

export type InviteMethod = "REQUEST" | "CANCEL";

/** Who the invite's description is written for (the event itself is the same for both). */
export type InviteAudience = "learner" | "mentor";

/** The attendee's line of the DESCRIPTION: plain text, the calendar app shows it as it is. */
function describe(booking: BookingForMail, method: InviteMethod, audience: InviteAudience): string {
  const lines: string[] = [];
  if (method === "CANCEL") lines.push("This mentoring session has been cancelled.", "");
  lines.push(`Video call: ${booking.videoUrl}`, "");
  lines.push(audience === "learner" ? "Your goals for the session:" : `${toHeaderText(booking.learner.name)}'s goals for the session:`);
  lines.push(booking.goals.trim() || "(none given)");
  if (audience === "mentor" && booking.scholarship) lines.push("", `Scholarship: ${booking.scholarship.reason}`);
  if (method === "REQUEST" && audience === "learner") {
    lines.push("", `Reschedule: ${booking.rescheduleUrl}`, `Cancel: ${booking.cancelUrl}`);
  }
  return lines.join("\n");
}

/**
 * The iTIP (RFC 5546) calendar object of a booking, for a mail's `icalEvent`: METHOD REQUEST
 * to add or update the event, CANCEL to remove it. Calendars match updates by UID and take the
 * one with the highest SEQUENCE, so the caller bumps `booking.sequence` before each change
 * it sends (reschedule, cancellation); the UID never changes.
 *
 * Times are written in the mentor's time zone (`DTSTART;TZID=…`) with its VTIMEZONE, not in
 * UTC: a calendar then shows the session at the mentor's wall-clock time whatever the zone's
 * rules do, and a client without a zone database still reads the offsets from the VTIMEZONE.
 * A zone the VTIMEZONE data does not know falls back to UTC times, which are exact anyway.
 *
 * The organizer is the studio's sender (whose mailbox gets the attendees' replies); learner and
 * mentor are attendees. The learner's DESCRIPTION carries their signed reschedule/cancel links;
 * the mentor's copy (`audience: "mentor"`) leaves them out, since they act as the learner.
 */
export function buildInvite(
  booking: BookingForMail,
  method: InviteMethod,
  organizer: { name: string; email: string },
  audience: InviteAudience = "learner",
): string {
  // Names go into one-line fields (SUMMARY, CN): a line break typed into a form stays out of them.
  const learnerName = toHeaderText(booking.learner.name);
  const mentorName = toHeaderText(booking.mentor.name);
  const timeZone = booking.mentor.timeZone;
  const zoned = getVtimezoneComponent(timeZone) !== null;
  const at = (date: Date) => (zoned ? DateTime.fromJSDate(date).setZone(timeZone) : date);

  const calendar = ical({
    prodId: { company: site.name, product: "Mentoring", language: "EN" },
    method: method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  if (zoned) calendar.timezone({ name: null, generator: getVtimezoneComponent });

  calendar.createEvent({
    id: booking.uid,
    sequence: booking.sequence,
    start: at(booking.start),
    end: at(booking.end),
    ...(zoned ? { timezone: timeZone } : {}),
    summary: `Mentoring: ${learnerName} with ${mentorName}`,
    description: describe(booking, method, audience),
    location: booking.videoUrl,
    url: booking.videoUrl,
    status: method === "REQUEST" ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: toHeaderText(organizer.name), email: organizer.email },
    attendees: [
      {
        name: learnerName,
        email: booking.learner.email,
        role: ICalAttendeeRole.REQ,
        rsvp: true,
        status: ICalAttendeeStatus.NEEDSACTION,
      },
      {
        name: mentorName,
        email: booking.mentor.email,
        role: ICalAttendeeRole.CHAIR,
        rsvp: false,
        // The mentor offered the slot: they are in.
        status: ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}
