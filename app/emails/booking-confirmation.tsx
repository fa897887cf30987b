import { Link, Text } from "@react-email/components";
import { Fragment } from "react";
import { LearnerSessionOpening, QuestionsLine, type LearnerSessionMailProps } from "./components/mail-parts";
import { EmailLayout, emailColors, emailText } from "./components/email-layout";

export type BookingConfirmationProps = LearnerSessionMailProps & {
  /** What the learner wrote they want from the session (shown back as text, never HTML). */
  goals: string;
  /** A scholarship session: free, so the payment paragraph says so. */
  scholarship: boolean;
};

/**
 * To the learner, once a session is confirmed (the calendar invite rides along). Both times
 * are shown so nobody has to convert zones in their head: the learner's for them, the mentor's
 * to settle any doubt on the call. Payment is explained up front because nothing is charged at
 * booking: the studio invoices after the session, and scholarship sessions are free.
 */
export function BookingConfirmation(session: BookingConfirmationProps) {
  const { mentorName, whenLearner, minutes, videoUrl, goals, scholarship, cancelUrl, rescheduleUrl, siteUrl } = session;
  return (
    <EmailLayout
      preview={`Your ${minutes}-minute session with ${mentorName}: ${whenLearner}.`}
      heading={`Your session with ${mentorName} is booked`}
      siteUrl={siteUrl}
      footer="You get this e-mail because you booked a mentoring session on our site. The attached invite adds it to your calendar."
    >
      <LearnerSessionOpening session={session} />
      <Text style={emailText}>
        <strong>Video call:</strong> <Link href={videoUrl}>{videoUrl}</Link>
        <br />
        No account or download needed: open the link in a browser a few minutes before the start.
      </Text>
      <Text style={{ ...emailText, fontWeight: 600, margin: "0 0 4px" }}>Your goals</Text>
      <Text style={{ ...emailText, backgroundColor: emailColors.ink50, borderRadius: "10px", padding: "12px 14px" }}>
        {goals.split(/\r?\n/).map((line, index) => (
          <Fragment key={index}>
            {index > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </Text>
      <Text style={emailText}>
        <strong>What to prepare:</strong> the one or two questions that matter most to you, and anything you want to show (a repository, a
        prototype, a prompt that misbehaves) ready to share on screen. Check your camera and microphone, and find a quiet place.
      </Text>
      <Text style={emailText}>
        <strong>Payment:</strong>{" "}
        {scholarship
          ? "This is a scholarship session: it is free."
          : "Payment is arranged after the session, by invoice; scholarship sessions are free. Nothing is charged now."}
      </Text>
      <Text style={emailText}>
        Plans changed? <Link href={rescheduleUrl}>Reschedule the session</Link> or <Link href={cancelUrl}>cancel it</Link>. The links work
        until the session ends.
      </Text>
      <QuestionsLine />
    </EmailLayout>
  );
}
