import { Link, Section, Text } from "@react-email/components";
import { Fragment } from "react";
import { EmailLayout, emailColors, emailMuted, emailText } from "./components/email-layout";

export type SubmissionNotificationProps = {
  /** "Application", "Mentoring request", "Message". */
  kind: string;
  name: string;
  email: string;
  /** The form's long answers, labelled, in form order. */
  answers: Array<{ label: string; value: string }>;
  /** The wording of the acknowledgement the sender ticked. */
  disclaimer: string;
  submissionId: string;
  submittedAt: Date;
  siteUrl: string;
};

/**
 * To the studio (MAIL_TO_STUDIO): what someone sent through a form. Replying
 * answers the sender (Reply-To). Every value is rendered as text, never HTML.
 */
export function SubmissionNotification({
  kind,
  name,
  email,
  answers,
  disclaimer,
  submissionId,
  submittedAt,
  siteUrl,
}: SubmissionNotificationProps) {
  return (
    <EmailLayout
      preview={`${kind} from ${name}`}
      heading={`New ${kind.toLowerCase()} from ${name}`}
      siteUrl={siteUrl}
      footer={`Submission ${submissionId}, stored ${submittedAt.toISOString()}. Reply to this e-mail to answer ${name} directly; we promised a reply within 24 hours.`}
    >
      <Text style={emailText}>
        <strong>Name:</strong> {name}
        <br />
        <strong>Email:</strong> <Link href={`mailto:${email}`}>{email}</Link>
      </Text>
      {answers.map((answer) => (
        <Section key={answer.label} style={{ margin: "0 0 16px" }}>
          <Text style={{ ...emailText, fontWeight: 600, margin: "0 0 4px" }}>{answer.label}</Text>
          <Text
            style={{
              ...emailText,
              backgroundColor: emailColors.ink50,
              borderRadius: "10px",
              padding: "12px 14px",
            }}
          >
            {/* Explicit breaks, so the plain-text part keeps the sender's lines too. */}
            {answer.value.split(/\r?\n/).map((line, index) => (
              <Fragment key={index}>
                {index > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </Text>
        </Section>
      ))}
      <Text style={emailMuted}>Acknowledged: {disclaimer}</Text>
    </EmailLayout>
  );
}
