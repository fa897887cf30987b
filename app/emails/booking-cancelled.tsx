import { Link, Text } from "@react-email/components";
import { Greeting } from "./components/mail-parts";
import { EmailLayout, emailText } from "./components/email-layout";

export type BookingCancelledProps = {
  /** Who reads this mail. */
  audience: "learner" | "mentor";
  /** Who cancelled. */
  by: "learner" | "mentor";
  /** The reader's plain first name, if any. */
  firstName?: string;
  /** The other person of the session. */
  otherName: string;
  /** The cancelled session's start in the reader's time zone, zone name included. */
  when: string;
  /** Where a learner books another time (PUBLIC_URL/mentoring). */
  bookAgainUrl: string;
  siteUrl: string;
};

/**
 * A session is off, for either side (the calendar CANCEL rides along and removes the event).
 * A learner whose mentor cancelled is pointed straight back to the booking page; one who
 * cancelled themselves gets a short receipt with the same link.
 */
export function BookingCancelled({ audience, by, firstName, otherName, when, bookAgainUrl, siteUrl }: BookingCancelledProps) {
  const self = audience === by;
  const heading = self ? "Your session is cancelled" : `${otherName} cancelled your session`;
  return (
    <EmailLayout
      preview={`Cancelled: the mentoring session on ${when}.`}
      heading={heading}
      siteUrl={siteUrl}
      footer="You get this e-mail because a mentoring session you were part of was cancelled. The attached update removes it from your calendar."
    >
      <Greeting firstName={firstName} />
      <Text style={emailText}>
        {self
          ? `As you asked, the mentoring session with ${otherName} on ${when} is cancelled.`
          : audience === "learner"
            ? `Sorry: ${otherName} had to cancel your mentoring session on ${when}.`
            : `${otherName} cancelled the mentoring session on ${when}. The slot is free again.`}
      </Text>
      {audience === "learner" ? (
        <Text style={emailText}>
          You can book another time whenever it suits you: <Link href={bookAgainUrl}>{bookAgainUrl}</Link>
        </Text>
      ) : null}
    </EmailLayout>
  );
}
