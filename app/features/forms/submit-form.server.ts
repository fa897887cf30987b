import { createHash, randomUUID } from "node:crypto";
import { createElement } from "react";
import { withTransaction } from "~/.server/db/transaction";
import { submissions } from "~/.server/db/schema";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { getMailConfig, queueMail, renderEmail, type MailMessage } from "~/.server/mail";
import { checkRateLimit, consumeRateLimit, defineRateLimit, hashClientIp } from "~/.server/rate-limit";
import { disclaimers } from "~/content/disclaimers";
import { SubmissionAcknowledgement } from "~/emails/submission-acknowledgement";
import { SubmissionNotification } from "~/emails/submission-notification";
import { recordConversion, type VisitRef } from "~/features/analytics/record-conversion.server";
import { formDefinitions, type FormSource, type FormValues } from "./schema";

/** Stored submissions per client address: enough for a person, too few for a spammer. */
export const formSubmitLimit = defineRateLimit({
  name: "form-submit-ip",
  points: 5,
  durationSeconds: 600,
  message: "Too many submissions from your network. Please wait a few minutes and try again.",
});

/**
 * Acknowledgement mails per recipient address: the forms cannot be used to
 * flood someone's inbox with our mails. The submission is still stored and
 * the studio still notified.
 */
export const acknowledgementLimit = defineRateLimit({ name: "form-ack-email", points: 3, durationSeconds: 3600 });

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

function longAnswers(source: FormSource, values: FormValues): Array<{ name: string; label: string; value: string }> {
  const record = values as unknown as Record<string, string>;
  return formDefinitions[source].longFields.map((field) => ({ name: field.name, label: field.label, value: record[field.name] ?? "" }));
}

export type SubmitFormInput = {
  source: FormSource;
  values: FormValues;
  clientIp: string;
  userAgent: string | null;
  /** The visit this submission came from, for the analytics (docs/analytics.md). */
  visit?: VisitRef;
};

/**
 * Stores a validated submission and queues its two mails (the notification to
 * MAIL_TO_STUDIO and the acknowledgement to the sender) in one transaction:
 * the row and its mail jobs exist together or not at all. Sending happens
 * later in the send-mail job, so a slow or down SMTP server never blocks or
 * loses a submission. Throws ApiError 429 over the per-address limit.
 */
export async function submitForm({ source, values, clientIp, userAgent, visit }: SubmitFormInput): Promise<{ id: string }> {
  const ipHash = clientIp ? hashClientIp(clientIp) : null;
  await consumeRateLimit(formSubmitLimit, ipHash ?? "unknown");

  const id = randomUUID();
  const createdAt = new Date();
  const definition = formDefinitions[source];
  const disclaimer = disclaimers[definition.disclaimer];
  const answers = longAnswers(source, values);
  const { PUBLIC_URL: siteUrl } = getEnv();
  const mailConfig = getMailConfig();

  const notification = await renderEmail(
    createElement(SubmissionNotification, {
      kind: definition.title,
      name: values.name,
      email: values.email,
      answers,
      disclaimer: disclaimer.checkboxLabel,
      submissionId: id,
      submittedAt: createdAt,
      siteUrl,
    }),
  );
  const mails: MailMessage[] = [
    {
      to: mailConfig.studioInbox,
      replyTo: { name: values.name, address: values.email },
      subject: `New ${definition.title.toLowerCase()} from ${values.name}`,
      ...notification,
      tag: `${source}-notification`,
    },
  ];

  const emailKey = createHash("sha256").update(values.email.toLowerCase()).digest("base64url").slice(0, 32);
  const ackAllowed = await checkRateLimit(acknowledgementLimit, emailKey);
  if (ackAllowed.allowed) {
    const copy = acknowledgementCopy[source];
    const acknowledgement = await renderEmail(
      createElement(SubmissionAcknowledgement, {
        firstName: greetingName(values.name),
        heading: copy.heading,
        nextSteps: copy.nextSteps,
        siteUrl,
      }),
    );
    mails.push({ to: values.email, subject: copy.subject, ...acknowledgement, tag: `${source}-acknowledgement` });
  } else {
    logger.warn({ source, submissionId: id }, "Form acknowledgement skipped: too many for this address");
  }

  await withTransaction(async (tx) => {
    await tx.db.insert(submissions).values({
      id,
      source,
      name: values.name,
      email: values.email,
      fields: Object.fromEntries(answers.map((answer) => [answer.name, answer.value])),
      disclaimerAccepted: values.disclaimerAccepted,
      ipHash,
      userAgent: userAgent?.slice(0, 500) ?? null,
      createdAt,
    });
    for (const mail of mails) await queueMail(mail, { db: tx.jobsDb });
  });
  logger.info({ source, submissionId: id, mails: mails.length }, "Form submission stored");
  await recordConversion({ kind: source, entityId: id, visit });
  return { id };
}
