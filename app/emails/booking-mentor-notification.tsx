import { Link, Text } from "@react-email/components";
import { Fragment } from "react";
import { EmailLayout, emailColors, emailMuted, emailText } from "./components/email-layout";

export type BookingMentorNotificationProps = {
  /**
   * "confirmed": a session is in the calendar (the invite rides along). "approval-needed": a
   * scholarship request holds the slot until someone approves or declines it in the admin.
   */
  kind: "confirmed" | "approval-needed";
  learnerName: string;
  learnerEmail: string;
  /** The session's start in the mentor's time zone, zone name included. */
  whenMentor: string;
  /** The same instant in the learner's zone; omitted when both zones are the same. */
  whenLearner?: string;
  minutes: number;
  goals: string;
  /** Why the learner asked for a scholarship; absent for a paid session. */
  scholarshipReason?: string;
  videoUrl: string;
  /** The admin's mentoring page (PUBLIC_URL/admin/mentoring). */
  adminUrl: string;
  siteUrl: string;
};

function Lines({ value }: { value: string }) {
  // Explicit breaks, so the plain-text part keeps the learner's lines too.
  return value.split(/\r?\n/).map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

/**
 * To the mentor: who booked, when, and what they want to work on, so they can prepare. Every
 * value the learner typed is rendered as text, never HTML. Replying answers the learner
 * (the caller sets Reply-To).
 */
export function BookingMentorNotification({
  kind,
  learnerName,
  learnerEmail,
  whenMentor,
  whenLearner,
  minutes,
  goals,
  scholarshipReason,
  videoUrl,
  adminUrl,
  siteUrl,
}: BookingMentorNotificationProps) {
  const boxed = { ...emailText, backgroundColor: emailColors.ink50, borderRadius: "10px", padding: "12px 14px" };
  return (
    <EmailLayout
      preview={kind === "confirmed" ? `${learnerName} booked ${whenMentor}` : `Scholarship request from ${learnerName}: ${whenMentor}`}
      heading={
        kind === "confirmed" ? `New mentoring session with ${learnerName}` : `Approval needed: scholarship session for ${learnerName}`
      }
      siteUrl={siteUrl}
      footer={
        kind === "confirmed"
          ? "You get this e-mail because a learner booked one of your mentoring slots. Reply to answer the learner directly."
          : "You get this e-mail because a learner asked for a scholarship session in one of your mentoring slots."
      }
    >
      {kind === "approval-needed" ? (
        <Text style={emailText}>
          The slot is held until the request is approved or declined. Decide in the admin: <Link href={adminUrl}>{adminUrl}</Link>
        </Text>
      ) : null}
      <Text style={emailText}>
        <strong>Learner:</strong> {learnerName} (<Link href={`mailto:${learnerEmail}`}>{learnerEmail}</Link>)
        <br />
        <strong>When:</strong> {whenMentor}, {minutes} minutes
        {whenLearner ? (
          <>
            <br />
            <strong>For the learner:</strong> {whenLearner}
          </>
        ) : null}
        {kind === "confirmed" ? (
          <>
            <br />
            <strong>Video call:</strong> <Link href={videoUrl}>{videoUrl}</Link>
          </>
        ) : null}
      </Text>
      <Text style={{ ...emailText, fontWeight: 600, margin: "0 0 4px" }}>Their goals</Text>
      <Text style={boxed}>
        <Lines value={goals} />
      </Text>
      {scholarshipReason ? (
        <>
          <Text style={{ ...emailText, fontWeight: 600, margin: "0 0 4px" }}>Scholarship reason</Text>
          <Text style={boxed}>
            <Lines value={scholarshipReason} />
          </Text>
        </>
      ) : null}
      {kind === "confirmed" ? (
        <Text style={emailMuted}>
          To cancel or move the session, use the admin: <Link href={adminUrl}>{adminUrl}</Link>
        </Text>
      ) : null}
    </EmailLayout>
  );
}
