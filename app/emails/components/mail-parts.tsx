import { Link, Text } from "@react-email/components";
import { contactDetails } from "~/.server/contact-details";
import { emailMuted, emailText } from "./email-layout";

/** What the learner's mails about one session say. */
export type LearnerSessionMailProps = {
  /** Only a plain first name is used; anything else gets a neutral greeting. */
  firstName?: string;
  mentorName: string;
  /** The session's start in the learner's own time zone, zone name included. */
  whenLearner: string;
  /** The same instant in the mentor's time zone; omitted when both zones are the same. */
  whenMentor?: string;
  minutes: number;
  videoUrl: string;
  /** The learner's signed links to cancel or move the session. */
  cancelUrl: string;
  rescheduleUrl: string;
  siteUrl: string;
};

/** "Hi Ada, with a plain first name, "Hi there," without one. */
export function Greeting({ firstName }: { firstName?: string }) {
  return <Text style={emailText}>{firstName ? `Hi ${firstName},` : "Hi there,"}</Text>;
}

/**
 * When a mentoring session is: in the reader's zone, in the other person's when it differs (so
 * nobody converts zones in their head), and the video link when given.
 */
export function SessionWhen(props: {
  label: string;
  when: string;
  minutes: number;
  otherName: string;
  whenOther?: string;
  videoUrl?: string;
}) {
  return (
    <Text style={emailText}>
      <strong>{`${props.label}:`}</strong> {props.when}, {props.minutes} minutes
      {props.whenOther ? (
        <>
          <br />
          <strong>For {props.otherName}:</strong> {props.whenOther}
        </>
      ) : null}
      {props.videoUrl ? (
        <>
          <br />
          <strong>Video call:</strong> <Link href={props.videoUrl}>{props.videoUrl}</Link>
        </>
      ) : null}
    </Text>
  );
}

/** How a mail to the learner about a confirmed session starts: the greeting, and when the session is. */
export function LearnerSessionOpening({ session, withVideo = false }: { session: LearnerSessionMailProps; withVideo?: boolean }) {
  return (
    <>
      <Greeting firstName={session.firstName} />
      <SessionWhen
        label="When"
        when={session.whenLearner}
        minutes={session.minutes}
        otherName={session.mentorName}
        whenOther={session.whenMentor}
        videoUrl={withVideo ? session.videoUrl : undefined}
      />
    </>
  );
}

/** The closing line of a mail a person may want to answer. */
export function QuestionsLine() {
  return (
    <Text style={emailMuted}>
      Questions? Reply to this e-mail or write to <Link href={`mailto:${contactDetails().email}`}>{contactDetails().email}</Link>.
    </Text>
  );
}
