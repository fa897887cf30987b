import { Link, Text } from "@react-email/components";
import { Greeting, SessionWhen } from "./components/mail-parts";
import { EmailLayout, emailMuted, emailText } from "./components/email-layout";

export type BookingRescheduledProps = {
  /** Who reads this mail. */
  audience: "learner" | "mentor";
  /** The reader's plain first name, if any. */
  firstName?: string;
  /** The other person of the session. */
  otherName: string;
  /** The new start in the reader's time zone, zone name included. */
  when: string;
  /** The new start in the other person's zone; omitted when both zones are the same. */
  whenOther?: string;
  /** The old start in the reader's zone, when the caller knows it. */
  previousWhen?: string;
  minutes: number;
  videoUrl: string;
  /** The learner's new signed links (the old ones stop working); only in the learner's mail. */
  links?: { cancelUrl: string; rescheduleUrl: string };
  siteUrl: string;
};

/**
 * A session moved (the updated calendar REQUEST rides along and moves the event in place).
 * The learner's mail carries freshly signed links, because the old ones expire with the old time.
 */
export function BookingRescheduled({
  audience,
  firstName,
  otherName,
  when,
  whenOther,
  previousWhen,
  minutes,
  videoUrl,
  links,
  siteUrl,
}: BookingRescheduledProps) {
  return (
    <EmailLayout
      preview={`New time for your mentoring session with ${otherName}: ${when}.`}
      heading="Your session has a new time"
      siteUrl={siteUrl}
      footer="You get this e-mail because a mentoring session you are part of was moved. The attached update changes it in your calendar."
    >
      <Greeting firstName={firstName} />
      <Text style={emailText}>
        Your mentoring session with {otherName} has moved.
        {previousWhen ? ` It was on ${previousWhen}.` : ""}
      </Text>
      <SessionWhen label="New time" when={when} minutes={minutes} otherName={otherName} whenOther={whenOther} videoUrl={videoUrl} />
      {links ? (
        <Text style={emailText}>
          <Link href={links.rescheduleUrl}>Reschedule again</Link> or <Link href={links.cancelUrl}>cancel</Link>; links from earlier e-mails
          no longer work.
        </Text>
      ) : audience === "mentor" ? (
        <Text style={emailMuted}>To cancel or move it again, use the admin.</Text>
      ) : null}
    </EmailLayout>
  );
}
