import { randomUUID } from "node:crypto";
import { withTransaction } from "~/.server/db/transaction";
import { submissions } from "~/.server/db/tables";
import { checkAndSpendFormTraps, type FormTrapResult } from "~/.server/form-traps";
import { logger } from "~/.server/logger";
import { queueMail } from "~/.server/mail";
import { consumeRateLimit, defineRateLimit, hashClientIp } from "~/.server/rate-limit";
import { recordConversion, visitFrom, type VisitRef } from "~/features/analytics/record-conversion.server";
import { formDefinitions, type FormSource, type FormValues } from "./schema";
import { buildSubmissionMails, type SubmissionForMail } from "./submission-mails.server";

/** Stored submissions per client address (held ones count too): enough for a person, too few for a spammer. */
export const formSubmitLimit = defineRateLimit({
  name: "form-submit-ip",
  points: 5,
  durationSeconds: 600,
  message: "Too many submissions from your network. Please wait a few minutes and try again.",
});

export type ReceiveFormInput = {
  source: FormSource;
  /** The values, already validated with the form's schema. */
  values: FormValues;
  request: Request;
  clientIp: string;
  /** The honeypot field and the signed start time as they came with the form (app/.server/form-traps.ts). */
  trapFields: { honeypot: unknown; startToken: unknown };
  /** Hold a submission without a start time: true for the pages and the JSON API alike (decision 0178). */
  requireToken: boolean;
};

/**
 * The one form operation behind the page actions of /apply, /mentoring and /contact and
 * POST /api/send-contact-email (thin adapters that parse their body): the traps, the visit it
 * came from, then the stored submission with its mails (or held for review). Throws AppError
 * 429 over the per-address limit; a database error propagates for the adapter to answer.
 */
export async function receiveForm({
  source,
  values,
  request,
  clientIp,
  trapFields,
  requireToken,
}: ReceiveFormInput): Promise<{ id: string; held: boolean }> {
  // A submission that looks automated (often just autofill) is stored and held for review; the answer is the same.
  const traps = await checkAndSpendFormTraps(trapFields, { requireToken });
  try {
    return await submitForm({
      source,
      values,
      clientIp,
      userAgent: request.headers.get("User-Agent"),
      traps,
      visit: await visitFrom(request, clientIp),
    });
  } catch (error) {
    // Not stored (over the limit, the database away): the page keeps the form, and sending it
    // again must not look like a replay of its start time.
    await traps.giveBack?.().catch(() => undefined);
    throw error;
  }
}

type SubmitFormInput = {
  source: FormSource;
  values: FormValues;
  clientIp: string;
  userAgent: string | null;
  /** What the form's traps showed (app/.server/form-traps.ts). */
  traps: FormTrapResult;
  /** The visit this submission came from, for the analytics (docs/analytics.md). */
  visit?: VisitRef;
};

/**
 * Stores a validated submission. A normal one is stored together with its two
 * mails (the notification to MAIL_TO_STUDIO and the acknowledgement to the
 * sender), queued in the same transaction: the row and its mail jobs exist
 * together or not at all, and a slow or down SMTP server never blocks or loses
 * a submission. One that tripped a trap is stored *held*, with the reason and
 * no mail at all (the address may be someone else's), until an admin releases
 * it (release-held-submission.server.ts). Either way it counts against the
 * per-address limit: throws AppError `rate_limited` over it.
 */
async function submitForm({ source, values, clientIp, userAgent, traps, visit }: SubmitFormInput): Promise<{ id: string; held: boolean }> {
  const ipHash = clientIp ? hashClientIp(clientIp) : null;
  await consumeRateLimit(formSubmitLimit, ipHash ?? "unknown");

  const record = values as unknown as Record<string, string>;
  const submission: SubmissionForMail = {
    id: randomUUID(),
    source,
    name: values.name,
    email: values.email,
    fields: Object.fromEntries(formDefinitions[source].longFields.map((field) => [field.name, record[field.name] ?? ""])),
    createdAt: new Date(),
  };
  const held = traps.holdReason !== null;
  const mails = held ? [] : await buildSubmissionMails(submission);

  await withTransaction(async (tx) => {
    await tx.db.insert(submissions).values({
      ...submission,
      disclaimerAccepted: values.disclaimerAccepted,
      ipHash,
      userAgent: userAgent?.slice(0, 500) ?? null,
      heldAt: held ? submission.createdAt : null,
      holdReason: traps.holdReason,
      fillMs: traps.fillMs,
    });
    for (const mail of mails) await queueMail(mail, { db: tx.jobsDb });
  });
  if (held) {
    logger.warn(
      { source, submissionId: submission.id, reason: traps.holdReason, fillMs: traps.fillMs, ipHash },
      "Form submission held for review: it looks automated; no mail sent",
    );
  } else {
    logger.info({ source, submissionId: submission.id, mails: mails.length }, "Form submission stored");
  }
  // Held submissions are recorded too; the dashboard counts one once it is not held (docs/analytics.md).
  await recordConversion({ kind: source, entityId: submission.id, visit });
  return { id: submission.id, held };
}
