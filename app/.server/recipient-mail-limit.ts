import { createHmac } from "node:crypto";
import { getAppSecret } from "./secret";
import { defineRateLimit, tryConsumeRateLimit, type RateLimitResult } from "./rate-limit";

/**
 * The mails a visitor can make us send to an address they typed (the forms'
 * acknowledgements and the newsletter's confirmations) share one allowance
 * per person: 3 an hour (docs/decisions/0178-abuse-stays-bounded.md). Over it
 * the submission or sign-up is still handled; only the mail to that address
 * is left out. The studio's own notifications are not counted.
 */
export const recipientMailLimit = defineRateLimit({ name: "recipient-mail", points: 3, durationSeconds: 3600 });

/**
 * One person's address, whatever variant was typed: case folded and a
 * `+tag` dropped from the local part, so `Victim+1@Example.com` and
 * `victim@example.com` are the same inbox.
 */
export function normaliseRecipient(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}

/** A keyed hash of the normalised address: the counters table holds no addresses. */
export function recipientKey(email: string): string {
  return createHmac("sha256", getAppSecret())
    .update(`recipient:${normaliseRecipient(email)}`)
    .digest("base64url")
    .slice(0, 32);
}

/** Counts one mail to `email`'s person against the shared hourly allowance. */
export function tryConsumeRecipientMail(email: string): Promise<RateLimitResult> {
  return tryConsumeRateLimit(recipientMailLimit, recipientKey(email));
}
