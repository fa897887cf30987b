import { Link, Text } from "@react-email/components";
import { site } from "~/content/site";
import { Greeting } from "./components/mail-parts";
import { EmailLayout, emailText } from "./components/email-layout";

export type BookingFollowUpProps = {
  firstName?: string;
  mentorName: string;
  /** PUBLIC_URL/mentoring: where the next session is booked. */
  bookAgainUrl: string;
  siteUrl: string;
};

/** After a session that took place: thanks, and the way to the next one. Short on purpose. */
export function BookingFollowUp({ firstName, mentorName, bookAgainUrl, siteUrl }: BookingFollowUpProps) {
  return (
    <EmailLayout
      preview={`Thanks for your session with ${mentorName}.`}
      heading="Thanks for your session"
      siteUrl={siteUrl}
      footer="You get this e-mail once, after a mentoring session you booked on our site."
    >
      <Greeting firstName={firstName} />
      <Text style={emailText}>Thanks for your mentoring session with {mentorName}. We hope it moved your project forward.</Text>
      <Text style={emailText}>
        Want to keep going? Book your next session: <Link href={bookAgainUrl}>{bookAgainUrl}</Link>
      </Text>
      <Text style={emailText}>Anything we could do better? Just reply: the {site.name} team reads every answer.</Text>
    </EmailLayout>
  );
}
