import { createElement } from "react";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { getMailConfig, renderEmail, type MailMessage } from "~/.server/mail";
import { tryConsumeRecipientMail } from "~/.server/recipient-mail-limit";
import { disclaimers } from "~/content/disclaimers";
import { SubmissionAcknowledgement } from "~/emails/submission-acknowledgement";
import { SubmissionNotification } from "~/emails/submission-notification";
import { formDefinitions, type FormSource } from "./definitions";

const acknowledgementCopy: Record<FormSource, { subject: string; heading: string; nextSteps: string }> = {
  apply: {
    subject: "We received your application",
    heading: "Thanks for pitching your idea",
    nextSteps:
      "Your application to our Free Build Program is in. We read every application ourselves and will tell you whether it is a fit, and what the next step would be.",
  },
  mentoring: {
    subject: "We received your mentoring request",
    heading: "Thanks for your mentoring request",
    nextSteps:
      "We will suggest a few times for a first 1-to-1 session on a video call, and answer your questions about pricing, flexible payment and student scholarships.",
  },
  contact: {
    subject: "We received your message",
    heading: "Thanks for getting in touch",
    nextSteps: "One of the founders reads every message and will reply with questions or a first proposal for your project.",
  },
};

/** A greeting name only when it plainly is one: no digits, links or symbols that could carry spam. */
export function greetingName(name: string): string | undefined {
  const first = name.trim().split(/\s+/)[0] ?? "";
  return /^[\p{L}\p{M}'’-]{1,30}$/u.test(first) ? first : undefined;
}

/** A stored submission, as much of it as its mails need. */
export type SubmissionForMail = {
  id: string;
  source: FormSource;
  name: string;
  email: string;
  /** The form's long fields by name (idea, why, message). */
  fields: Record<string, string>;
  createdAt: Date;
};

/**
 * The two mails of a submission: the notification to MAIL_TO_STUDIO (Reply-To
 * the sender, with everything they wrote) and the acknowledgement to the
 * sender, unless that person's address (case and `+tag` folded) already got 3
 * of our mails this hour, counting newsletter confirmations too
 * (app/.server/recipient-mail-limit.ts; the check counts one). The submission
 * is stored and the studio notified either way.
 * Rendered, not queued: the caller queues them in the transaction that stores
 * or releases the submission.
 */
export async function buildSubmissionMails(submission: SubmissionForMail): Promise<MailMessage[]> {
  const { id, source, name, email } = submission;
  const definition = formDefinitions[source];
  const answers = definition.longFields.map((field) => ({
    name: field.name,
    label: field.label,
    value: submission.fields[field.name] ?? "",
  }));
  const { PUBLIC_URL: siteUrl } = getEnv();

  const notification = await renderEmail(
    createElement(SubmissionNotification, {
      kind: definition.title,
      name,
      email,
      answers,
      disclaimer: disclaimers[definition.disclaimer].checkboxLabel,
      submissionId: id,
      submittedAt: submission.createdAt,
      siteUrl,
    }),
  );
  const mails: MailMessage[] = [
    {
      to: getMailConfig().studioInbox,
      replyTo: { name, address: email },
      subject: `New ${definition.title.toLowerCase()} from ${name}`,
      ...notification,
      tag: `${source}-notification`,
    },
  ];

  const ackAllowed = await tryConsumeRecipientMail(email);
  if (!ackAllowed.allowed) {
    logger.warn({ source, submissionId: id }, "Form acknowledgement skipped: too many for this address");
    return mails;
  }
  const copy = acknowledgementCopy[source];
  const acknowledgement = await renderEmail(
    createElement(SubmissionAcknowledgement, { firstName: greetingName(name), heading: copy.heading, nextSteps: copy.nextSteps, siteUrl }),
  );
  mails.push({ to: email, subject: copy.subject, ...acknowledgement, tag: `${source}-acknowledgement` });
  return mails;
}
