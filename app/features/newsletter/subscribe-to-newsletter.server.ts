import { createHmac } from "node:crypto";
import { createElement } from "react";
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { withTransaction } from "~/.server/db/transaction";
import { newsletterSubscriptions } from "~/.server/db/schema";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { queueMail, renderEmail } from "~/.server/mail";
import { checkRateLimit, consumeRateLimit, defineRateLimit, hashClientIp } from "~/.server/rate-limit";
import { getAppSecret } from "~/.server/secret";
import { NewsletterConfirmation } from "~/emails/newsletter-confirmation";
import { recordConversion, type VisitRef } from "~/features/analytics/record-conversion.server";
import { confirmationUrl } from "./links.server";
import { newsletterMessages, type SignupSource } from "./schema";

/** Sign-ups per client address: a person signs up once; a script gets a 429. */
export const signupIpLimit = defineRateLimit({
  name: "newsletter-signup-ip",
  points: 10,
  durationSeconds: 600,
  message: newsletterMessages.rateLimited,
});

/**
 * Confirmation mails per address: at most one an hour, so the form cannot be
 * used to flood someone's inbox. A sign-up over the limit still answers
 * "subscribed" (the earlier mail's link works) and sends nothing.
 */
export const confirmationMailLimit = defineRateLimit({ name: "newsletter-confirm-mail", points: 1, durationSeconds: 3600 });

/** A keyed hash of the address, for the per-address limit (no addresses in the counters table). */
function addressKey(email: string): string {
  return createHmac("sha256", getAppSecret()).update(`newsletter-address:${email}`).digest("base64url").slice(0, 32);
}

export type SubscribeInput = {
  email: string;
  source: SignupSource;
  clientIp: string;
  /** The visit the sign-up came from: its confirmation is credited to it (docs/analytics.md). */
  visit?: VisitRef;
};
export type SubscribeResult = { status: "subscribed"; confirmationQueued: boolean } | { status: "already-subscribed" };

/**
 * Double opt-in sign-up. A new (or unsubscribed, or unconfirmed) address gets
 * a pending row and a confirmation mail; it receives nothing else until its
 * owner confirms. A confirmed, active address is told it is already subscribed.
 * `email` is already validated and lowercased (schema.ts).
 */
export async function subscribeToNewsletter({ email, source, clientIp, visit }: SubscribeInput): Promise<SubscribeResult> {
  if (clientIp) await consumeRateLimit(signupIpLimit, hashClientIp(clientIp));

  const [existing] = await findByEmail(email);
  if (existing && existing.confirmed && !existing.unsubscribedAt && !existing.bouncedAt) return { status: "already-subscribed" };

  const mailAllowed = (await checkRateLimit(confirmationMailLimit, addressKey(email))).allowed;
  const { subscriptionId, confirmationQueued } = await withTransaction(async (tx) => {
    await tx.db.insert(newsletterSubscriptions).values({ email, source }).onConflictDoNothing();
    const [row] = await tx.db
      .select({ id: newsletterSubscriptions.id, confirmed: newsletterSubscriptions.confirmed, unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
      .from(newsletterSubscriptions)
      .where(eq(sql`lower(${newsletterSubscriptions.email})`, email))
      .for("update");
    if (!row) throw new Error("The subscription row vanished while signing up.");
    // A concurrent sign-up and confirmation can get here: nothing more to send.
    if (row.confirmed && !row.unsubscribedAt) return { subscriptionId: row.id, confirmationQueued: false };
    if (!mailAllowed) return { subscriptionId: row.id, confirmationQueued: false };
    const siteUrl = getEnv().PUBLIC_URL;
    const { html, text } = await renderEmail(createElement(NewsletterConfirmation, { confirmUrl: confirmationUrl(row.id), siteUrl }));
    await queueMail(
      { to: email, subject: "Confirm your subscription to the daily AI news", html, text, tag: "newsletter-confirmation" },
      { db: tx.jobsDb },
    );
    return { subscriptionId: row.id, confirmationQueued: true };
  });
  if (!mailAllowed) logger.warn({ source }, "Newsletter confirmation not sent again: one per address per hour");
  logger.info({ source, confirmationQueued, resubscribe: Boolean(existing) }, "Newsletter sign-up");
  await recordConversion({ kind: "newsletter-signup", entityId: subscriptionId, visit });
  return { status: "subscribed", confirmationQueued };
}

function findByEmail(email: string) {
  return getDb().select().from(newsletterSubscriptions).where(eq(sql`lower(${newsletterSubscriptions.email})`, email)).limit(1);
}
