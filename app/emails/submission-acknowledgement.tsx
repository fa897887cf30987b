import { Link, Text } from "@react-email/components";
import { site } from "~/content/site";
import { contactDetails } from "~/.server/contact-details";
import { Greeting } from "./components/mail-parts";
import { EmailLayout, emailText } from "./components/email-layout";

export type SubmissionAcknowledgementProps = {
  /** Only a plain first name is used; anything else gets a neutral greeting. */
  firstName?: string;
  heading: string;
  /** One or two sentences about what happens next. */
  nextSteps: string;
  siteUrl: string;
};

/**
 * To the person who sent a form: we got it, and we reply within 24 hours.
 * It deliberately repeats nothing they typed besides a first name, so the
 * form cannot be used to send someone else a message through us.
 */
export function SubmissionAcknowledgement({ firstName, heading, nextSteps, siteUrl }: SubmissionAcknowledgementProps) {
  return (
    <EmailLayout
      preview={`${heading} We reply within 24 hours.`}
      heading={heading}
      siteUrl={siteUrl}
      footer={`You get this e-mail because this address was entered in a form on ${siteUrl.replace(/^https?:\/\//, "")}. If that was not you, you can ignore it: we will not write again unless you reply.`}
    >
      <Greeting firstName={firstName} />
      <Text style={emailText}>{nextSteps}</Text>
      <Text style={emailText}>
        <strong>You will hear from us within 24 hours.</strong> If something is urgent, reply to this e-mail or write to{" "}
        <Link href={`mailto:${contactDetails().email}`}>{contactDetails().email}</Link>.
      </Text>
      <Text style={emailText}>The {site.name} team</Text>
    </EmailLayout>
  );
}
