import { createElement } from "react";
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { withTransaction } from "~/.server/db/transaction";
import { newsletterSubscriptions } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { queueMail, renderEmail } from "~/.server/mail";
import { tryConsumeRateLimit, consumeRateLimit, defineRateLimit, hashClientIp } from "~/.server/rate-limit";
import { recipientKey, tryConsumeRecipientMail } from "~/.server/recipient-mail-limit";
import { NewsletterConfirmation } from "~/emails/newsletter-confirmation";
import { recordConversion, type VisitRef } from "~/features/analytics/record-conversion.server";
import { confirmationUrl } from "./links.server";
import { newsletterMessages, type SignupSource } from "./schema";
import { subscriptionStatus } from "./subscription-deliveries.server";

/** Sign-ups per client address: a person signs up once; a script gets a 429. */
export const signupIpLimit = defineRateLimit({
  name: "newsletter-signup-ip",
  points: 10,
  durationSeconds: 600,
  message: newsletterMessages.rateLimited,
});

/**
 * Confirmation mails per address: at most one an hour, so the form cannot be
 * used to flood someone's inbox. A sign-up over the limit is told so, and
 * when to try again (docs/decisions/0113-newsletter-sign-up-says-what-happens.md).
 */
export const confirmationMailLimit = defineRateLimit({ name: "newsletter-confirm-mail", points: 1, durationSeconds: 3600 });

const byEmail = (email: string) => eq(sql`lower(${newsletterSubscriptions.email})`, email);

export type SubscribeInput = {
  email: string;
  source: SignupSource;
  clientIp: string;
  /** The visit the sign-up came from: its confirmation is credited to it (docs/analytics.md). */
  visit?: VisitRef;
};
export type SubscribeResult =
  /** A confirmation mail is on its way. */
  | { status: "subscribed" }
  | { status: "already-subscribed" }
  /**
   * No mail now: one went to this address within the hour. `earlierLinkWorks`:
   * that mail's link still confirms (it was sent after any unsubscribe).
   */
  | { status: "confirmation-limited"; retryAfterSeconds: number; earlierLinkWorks: boolean };

/**
 * Double opt-in sign-up. A new, unconfirmed, unsubscribed or bounced address
 * gets a pending row and a confirmation mail (within the per-address limit);
 * it receives nothing else until its owner confirms. An active address is
 * told it is already subscribed. Over the limits (one confirmation an hour,
 * and 3 of our mails an hour to one person, shared with the forms'
 * acknowledgements; both fold case and `+tag`) nothing changes and the
 * caller learns when a mail can be sent again.
 * `email` is already validated and lowercased (schema.ts).
 */
export async function subscribeToNewsletter({ email, source, clientIp, visit }: SubscribeInput): Promise<SubscribeResult> {
  if (clientIp) await consumeRateLimit(signupIpLimit, hashClientIp(clientIp));

  const [existing] = await getDb().select().from(newsletterSubscriptions).where(byEmail(email)).limit(1);
  if (existing && subscriptionStatus(existing) === "confirmed") return { status: "already-subscribed" };

  // Counts this mail against the person's hourly allowances (case and `+tag` folded): one
  // confirmation, and 3 of our mails of any kind with the forms' acknowledgements.
  const confirmation = await tryConsumeRateLimit(confirmationMailLimit, recipientKey(email));
  const mail = confirmation.allowed ? await tryConsumeRecipientMail(email) : confirmation;
  if (!confirmation.allowed) {
    const lastMailAt = Date.now() - (confirmationMailLimit.durationSeconds - confirmation.retryAfterSeconds) * 1000;
    const leftAfterMail = Boolean(existing?.bouncedAt) || (existing?.unsubscribedAt?.getTime() ?? 0) > lastMailAt - 1000;
    logger.info(
      { source, resubscribe: Boolean(existing?.unsubscribedAt) },
      "Newsletter sign-up: confirmation mail limit reached; visitor told to try later",
    );
    return {
      status: "confirmation-limited",
      retryAfterSeconds: confirmation.retryAfterSeconds,
      earlierLinkWorks: Boolean(existing) && !leftAfterMail,
    };
  }
  if (!mail.allowed) {
    // Other mails (form acknowledgements, sign-ups of the same person's `+tag` variants) used the allowance up.
    logger.info({ source }, "Newsletter sign-up: mail limit for this person reached; visitor told to try later");
    return { status: "confirmation-limited", retryAfterSeconds: mail.retryAfterSeconds, earlierLinkWorks: false };
  }
  const { subscriptionId, queued } = await queueConfirmation(email, source);
  logger.info(
    { source, confirmationQueued: queued, resubscribe: Boolean(existing?.unsubscribedAt || existing?.bouncedAt) },
    "Newsletter sign-up",
  );
  if (!queued) return { status: "already-subscribed" };
  await recordConversion({ kind: "newsletter-signup", entityId: subscriptionId, visit });
  return { status: "subscribed" };
}

/**
 * Stores the pending row (if new) and, in the same transaction, queues the
 * confirmation mail. False when the address turned out to be active (a
 * concurrent confirmation): nothing to send.
 */
async function queueConfirmation(email: string, source: SignupSource): Promise<{ subscriptionId: string; queued: boolean }> {
  return withTransaction(async (tx) => {
    await tx.db.insert(newsletterSubscriptions).values({ email, source }).onConflictDoNothing();
    const [row] = await tx.db.select().from(newsletterSubscriptions).where(byEmail(email)).for("update");
    if (!row) throw new Error("The subscription row vanished while signing up.");
    if (subscriptionStatus(row) === "confirmed") return { subscriptionId: row.id, queued: false };
    const siteUrl = getEnv().PUBLIC_URL;
    const { html, text } = await renderEmail(createElement(NewsletterConfirmation, { confirmUrl: confirmationUrl(row.id), siteUrl }));
    await queueMail(
      { to: email, subject: "Confirm your subscription to the daily AI news", html, text, tag: "newsletter-confirmation" },
      { db: tx.jobsDb },
    );
    return { subscriptionId: row.id, queued: true };
  });
}
