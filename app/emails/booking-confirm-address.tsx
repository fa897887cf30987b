import { Text } from "@react-email/components";
import { Greeting, QuestionsLine, SessionWhen } from "./components/mail-parts";
import { EmailAction, EmailLayout, emailMuted, emailText } from "./components/email-layout";

export type BookingConfirmAddressProps = {
  firstName?: string;
  mentorName: string;
  whenLearner: string;
  whenMentor?: string;
  minutes: number;
  /** Until when the time is held, in the learner's zone ("Sunday, 28 March 2027 at 10:30 (Europe/Oslo)"). */
  holdUntil: string;
  /** The booking's page (signed link), where a button confirms it. */
  confirmUrl: string;
  siteUrl: string;
};

/**
 * The first mail of a booking: the time is held while the learner proves the address is theirs.
 * The link opens a page with a button, so a mail scanner that follows links confirms nothing.
 * No invite and no video link until they confirm; nobody else hears of the booking before.
 */
export function BookingConfirmAddress(props: BookingConfirmAddressProps) {
  const { firstName, mentorName, whenLearner, whenMentor, minutes, holdUntil, confirmUrl, siteUrl } = props;
  return (
    <EmailLayout
      preview={`Confirm your mentoring session with ${mentorName}: the time is held for you until ${holdUntil}.`}
      heading="Confirm your mentoring session"
      siteUrl={siteUrl}
      footer={`You get this e-mail because this address was entered in the mentoring booking form on ${siteUrl.replace(/^https?:\/\//, "")}. If that was not you, ignore it: the time goes back to other learners and we will not write again.`}
    >
      <Greeting firstName={firstName} />
      <Text style={emailText}>
        We are holding this time with {mentorName} for you until <strong>{holdUntil}</strong>. Confirm it, and the calendar invite with the
        video link is on its way.
      </Text>
      <SessionWhen label="Time" when={whenLearner} minutes={minutes} otherName={mentorName} whenOther={whenMentor} />
      <EmailAction href={confirmUrl}>Confirm my session</EmailAction>
      <Text style={emailMuted}>
        Not confirmed by then, the time goes back to other learners; if it is still free, the link can still book it.
      </Text>
      <QuestionsLine />
    </EmailLayout>
  );
}
