import { Link, Text } from "@react-email/components";
import { LearnerSessionOpening, type LearnerSessionMailProps } from "./components/mail-parts";
import { EmailLayout, emailText } from "./components/email-layout";

export type BookingReminderProps = LearnerSessionMailProps & {
  /** Sent a day ahead (time to prepare, or to move it) and an hour ahead (the link, at hand). */
  hoursBefore: 24 | 1;
};

/** The learner's reminder before a confirmed session: when, the video link, and a way out. */
export function BookingReminder(session: BookingReminderProps) {
  const { hoursBefore, mentorName, whenLearner, cancelUrl, rescheduleUrl, siteUrl } = session;
  const soon = hoursBefore === 1 ? "in one hour" : "tomorrow";
  return (
    <EmailLayout
      preview={`Your session with ${mentorName} starts ${soon}: ${whenLearner}.`}
      heading={`Your session with ${mentorName} is ${soon}`}
      siteUrl={siteUrl}
      footer="You get this e-mail because you booked a mentoring session on our site."
    >
      <LearnerSessionOpening session={session} withVideo />
      {hoursBefore === 24 ? (
        <>
          <Text style={emailText}>
            A good moment to note the one or two questions that matter most, and to have anything you want to show ready to share.
          </Text>
          <Text style={emailText}>
            Cannot make it? <Link href={rescheduleUrl}>Reschedule</Link> or <Link href={cancelUrl}>cancel</Link>, so the time can go to
            someone else.
          </Text>
        </>
      ) : (
        <Text style={emailText}>
          Open the link a few minutes early to check your camera and microphone. Cannot make it after all?{" "}
          <Link href={cancelUrl}>Cancel</Link>.
        </Text>
      )}
    </EmailLayout>
  );
}
