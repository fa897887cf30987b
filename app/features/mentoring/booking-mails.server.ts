import { createElement } from "react";
import { getEnv } from "~/.server/env";
import { getMailConfig, renderEmail, toHeaderText, type MailMessage } from "~/.server/mail";
import { BookingCancelled } from "~/emails/booking-cancelled";
import { BookingConfirmAddress } from "~/emails/booking-confirm-address";
import { BookingConfirmation } from "~/emails/booking-confirmation";
import { BookingFollowUp } from "~/emails/booking-follow-up";
import { BookingMentorNotification } from "~/emails/booking-mentor-notification";
import { BookingPending } from "~/emails/booking-pending";
import { BookingRescheduled } from "~/emails/booking-rescheduled";
import { BookingReminder } from "~/emails/booking-reminder";
import { greetingName } from "~/features/forms/submission-mails.server";
import { buildInvite, type InviteAudience, type InviteMethod } from "./invite.server";
import type { BookingForMail } from "./types";

/**
 * The booking's mails, rendered (HTML and text) and ready for `queueMail`; nothing is sent here.
 * The caller queues them in the transaction that changes the booking, and before a change it
 * bumps `booking.sequence` and signs fresh `cancelUrl`/`rescheduleUrl` (booking-links.server.ts).
 *
 * Invites travel with the mails that change the calendar (confirmation, reschedule,
 * cancellation), as iTIP REQUEST/CANCEL with the same UID, organised by the site's sender.
 * Pending requests, reminders and the follow-up carry none: a pending request may be declined,
 * and the others change nothing in the calendar.
 */

/** "Sunday, 28 March 2027 at 11:00 (Europe/Oslo)": the instant as a person in `timeZone` reads it. */
export function formatSessionTime(date: Date, timeZone: string): string {
  const formatted = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone }).format(date);
  return `${formatted} (${timeZone})`;
}

function minutesOf(booking: BookingForMail): number {
  return Math.round((booking.end.getTime() - booking.start.getTime()) / 60_000);
}

/** The learner's and the mentor's view of the start; the second only when the zones differ. */
function times(booking: BookingForMail) {
  const sameZone = booking.learnerTimeZone === booking.mentor.timeZone;
  const learner = formatSessionTime(booking.start, booking.learnerTimeZone);
  const mentor = formatSessionTime(booking.start, booking.mentor.timeZone);
  return { learner, mentor, learnerIfDifferent: sameZone ? undefined : learner, mentorIfDifferent: sameZone ? undefined : mentor };
}

/** The site's sender organises every invite: replies (RSVPs) reach the studio's mailbox. */
function invite(booking: BookingForMail, method: InviteMethod, audience: InviteAudience): NonNullable<MailMessage["icalEvent"]> {
  const { from } = getMailConfig();
  return { method, content: buildInvite(booking, method, { name: from.name, email: from.address }, audience) };
}

function urls() {
  const siteUrl = getEnv().PUBLIC_URL;
  return { siteUrl, bookAgainUrl: `${siteUrl}/mentoring`, adminUrl: `${siteUrl}/admin/mentoring` };
}

/** What each mail to the learner about their session is given: greeting, mentor, both times, length, video and links. */
function learnerSession(booking: BookingForMail) {
  const when = times(booking);
  return {
    firstName: greetingName(booking.learner.name),
    mentorName: booking.mentor.name,
    whenLearner: when.learner,
    whenMentor: when.mentorIfDifferent,
    minutes: minutesOf(booking),
    videoUrl: booking.videoUrl,
    cancelUrl: booking.cancelUrl,
    rescheduleUrl: booking.rescheduleUrl,
    siteUrl: urls().siteUrl,
  };
}

function learnerAddress(booking: BookingForMail) {
  return { name: booking.learner.name, address: booking.learner.email };
}

function mentorAddress(booking: BookingForMail) {
  return { name: booking.mentor.name, address: booking.mentor.email };
}

async function mentorNotification(booking: BookingForMail, kind: "confirmed" | "approval-needed") {
  const when = times(booking);
  const { siteUrl, adminUrl } = urls();
  return renderEmail(
    createElement(BookingMentorNotification, {
      kind,
      learnerName: booking.learner.name,
      learnerEmail: booking.learner.email,
      whenMentor: when.mentor,
      whenLearner: when.learnerIfDifferent,
      minutes: minutesOf(booking),
      goals: booking.goals,
      scholarshipReason: booking.scholarship?.reason,
      videoUrl: booking.videoUrl,
      adminUrl,
      siteUrl,
    }),
  );
}

/** A new booking holding its time until `confirmBy`: the learner is asked to confirm their address; nobody else is told yet. */
export async function confirmAddressMail(booking: BookingForMail, confirmBy: Date): Promise<MailMessage> {
  const learner = await renderEmail(
    createElement(BookingConfirmAddress, {
      ...learnerSession(booking),
      holdUntil: formatSessionTime(confirmBy, booking.learnerTimeZone),
      confirmUrl: booking.confirmUrl,
    }),
  );
  return {
    to: learnerAddress(booking),
    subject: toHeaderText(`Please confirm: your mentoring session with ${booking.mentor.name}`),
    ...learner,
    tag: "booking-confirm-address",
  };
}

/** A confirmed session: the learner's confirmation and the mentor's notice, each with the REQUEST invite. */
export async function confirmationMails(booking: BookingForMail): Promise<MailMessage[]> {
  const when = times(booking);
  const learner = await renderEmail(
    createElement(BookingConfirmation, { ...learnerSession(booking), goals: booking.goals, scholarship: booking.scholarship !== null }),
  );
  const mentor = await mentorNotification(booking, "confirmed");
  return [
    {
      to: learnerAddress(booking),
      subject: toHeaderText(`Booked: your mentoring session with ${booking.mentor.name}`),
      ...learner,
      icalEvent: invite(booking, "REQUEST", "learner"),
      tag: "booking-confirmation",
    },
    {
      to: mentorAddress(booking),
      replyTo: learnerAddress(booking),
      subject: toHeaderText(`New mentoring session: ${booking.learner.name}, ${when.mentor}`),
      ...mentor,
      icalEvent: invite(booking, "REQUEST", "mentor"),
      tag: "booking-mentor-notification",
    },
  ];
}

/**
 * A scholarship request holding its slot: the learner hears it is waiting, the mentor is asked
 * to approve it in the admin. No invites until it is confirmed (then `confirmationMails`).
 */
export async function pendingMails(booking: BookingForMail): Promise<MailMessage[]> {
  const learner = await renderEmail(createElement(BookingPending, learnerSession(booking)));
  const mentor = await mentorNotification(booking, "approval-needed");
  return [
    {
      to: learnerAddress(booking),
      subject: toHeaderText(`Waiting for approval: your scholarship session with ${booking.mentor.name}`),
      ...learner,
      tag: "booking-pending",
    },
    {
      to: mentorAddress(booking),
      replyTo: learnerAddress(booking),
      subject: toHeaderText(`Approval needed: scholarship session for ${booking.learner.name}`),
      ...mentor,
      tag: "booking-approval-needed",
    },
  ];
}

/** A cancelled session, to both sides, each with a CANCEL (the caller has bumped the sequence). */
export async function cancellationMails(booking: BookingForMail, by: "learner" | "mentor"): Promise<MailMessage[]> {
  const when = times(booking);
  const { siteUrl, bookAgainUrl } = urls();
  const learner = await renderEmail(
    createElement(BookingCancelled, {
      audience: "learner",
      by,
      firstName: greetingName(booking.learner.name),
      otherName: booking.mentor.name,
      when: when.learner,
      bookAgainUrl,
      siteUrl,
    }),
  );
  const mentor = await renderEmail(
    createElement(BookingCancelled, {
      audience: "mentor",
      by,
      firstName: greetingName(booking.mentor.name),
      otherName: booking.learner.name,
      when: when.mentor,
      bookAgainUrl,
      siteUrl,
    }),
  );
  return [
    {
      to: learnerAddress(booking),
      subject: toHeaderText(`Cancelled: your mentoring session with ${booking.mentor.name}`),
      ...learner,
      icalEvent: invite(booking, "CANCEL", "learner"),
      tag: "booking-cancelled",
    },
    {
      to: mentorAddress(booking),
      subject: toHeaderText(`Cancelled: mentoring session with ${booking.learner.name}`),
      ...mentor,
      icalEvent: invite(booking, "CANCEL", "mentor"),
      tag: "booking-cancelled",
    },
  ];
}

/**
 * A moved session, to both sides, each with the updated REQUEST (same UID; the caller has bumped
 * the sequence and signed new links). `previousStart`, when given, is shown as the old time.
 */
export async function rescheduleMails(booking: BookingForMail, previousStart?: Date): Promise<MailMessage[]> {
  const when = times(booking);
  const { siteUrl } = urls();
  const common = { minutes: minutesOf(booking), videoUrl: booking.videoUrl, siteUrl };
  const learner = await renderEmail(
    createElement(BookingRescheduled, {
      ...common,
      audience: "learner",
      firstName: greetingName(booking.learner.name),
      otherName: booking.mentor.name,
      when: when.learner,
      whenOther: when.mentorIfDifferent,
      previousWhen: previousStart ? formatSessionTime(previousStart, booking.learnerTimeZone) : undefined,
      links: { cancelUrl: booking.cancelUrl, rescheduleUrl: booking.rescheduleUrl },
    }),
  );
  const mentor = await renderEmail(
    createElement(BookingRescheduled, {
      ...common,
      audience: "mentor",
      firstName: greetingName(booking.mentor.name),
      otherName: booking.learner.name,
      when: when.mentor,
      whenOther: when.learnerIfDifferent,
      previousWhen: previousStart ? formatSessionTime(previousStart, booking.mentor.timeZone) : undefined,
    }),
  );
  return [
    {
      to: learnerAddress(booking),
      subject: toHeaderText(`New time: your mentoring session with ${booking.mentor.name}`),
      ...learner,
      icalEvent: invite(booking, "REQUEST", "learner"),
      tag: "booking-rescheduled",
    },
    {
      to: mentorAddress(booking),
      subject: toHeaderText(`New time: mentoring session with ${booking.learner.name}`),
      ...mentor,
      icalEvent: invite(booking, "REQUEST", "mentor"),
      tag: "booking-rescheduled",
    },
  ];
}

/** The learner's reminder a day or an hour before a confirmed session. */
export async function reminderMail(booking: BookingForMail, hoursBefore: 24 | 1): Promise<MailMessage> {
  const rendered = await renderEmail(createElement(BookingReminder, { ...learnerSession(booking), hoursBefore }));
  const soon = hoursBefore === 1 ? "In one hour" : "Tomorrow";
  return {
    to: learnerAddress(booking),
    subject: toHeaderText(`${soon}: your mentoring session with ${booking.mentor.name}`),
    ...rendered,
    tag: "booking-reminder",
  };
}

/** After a session that took place (status done): thanks and the way to book the next one. */
export async function followUpMail(booking: BookingForMail): Promise<MailMessage> {
  const { siteUrl, bookAgainUrl } = urls();
  const rendered = await renderEmail(
    createElement(BookingFollowUp, {
      firstName: greetingName(booking.learner.name),
      mentorName: booking.mentor.name,
      bookAgainUrl,
      siteUrl,
    }),
  );
  return {
    to: learnerAddress(booking),
    subject: toHeaderText(`Thanks for your session with ${booking.mentor.name}`),
    ...rendered,
    tag: "booking-follow-up",
  };
}
