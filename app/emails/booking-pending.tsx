import { Link, Text } from "@react-email/components";
import { Greeting, QuestionsLine, SessionWhen, type LearnerSessionMailProps } from "./components/mail-parts";
import { EmailLayout, emailText } from "./components/email-layout";

/** A scholarship request: no video link and no rescheduling yet; `cancelUrl` withdraws the request. */
export type BookingPendingProps = Omit<LearnerSessionMailProps, "videoUrl" | "rescheduleUrl">;

/**
 * To the learner who asked for a scholarship session: the request is in and the slot is kept
 * for them while someone at the studio looks at it. No calendar invite yet: the confirmation
 * brings one, so a declined request never leaves an event behind in their calendar.
 */
export function BookingPending({ firstName, mentorName, whenLearner, whenMentor, minutes, cancelUrl, siteUrl }: BookingPendingProps) {
  return (
    <EmailLayout
      preview={`Your scholarship request for a session with ${mentorName} is waiting for approval. The slot is kept for you.`}
      heading="We received your scholarship request"
      siteUrl={siteUrl}
      footer="You get this e-mail because you asked for a scholarship mentoring session on our site."
    >
      <Greeting firstName={firstName} />
      <Text style={emailText}>
        Thanks for asking for a scholarship session with {mentorName}. Your request is waiting for approval;{" "}
        <strong>the slot is kept for you</strong> in the meantime.
      </Text>
      <SessionWhen label="Requested time" when={whenLearner} minutes={minutes} otherName={mentorName} whenOther={whenMentor} />
      <Text style={emailText}>
        Once it is approved you get a confirmation with the video link and a calendar invite. If we cannot offer a scholarship this time, we
        tell you by e-mail.
      </Text>
      <Text style={emailText}>
        No longer need it? <Link href={cancelUrl}>Withdraw the request</Link>.
      </Text>
      <QuestionsLine />
    </EmailLayout>
  );
}
