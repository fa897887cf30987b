import { AppError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import type { VisitRef } from "~/features/analytics/record-conversion.server";
import { hashClientIp } from "~/.server/rate-limit";
import { newsletterMessages, parseSignup, SIGNUP_HONEYPOT, type SignupOutcome, type SignupSource } from "./schema";
import { subscribeToNewsletter } from "./subscribe-to-newsletter.server";

export { SIGNUP_HONEYPOT };

/** How a sign-up that went wrong on our side is worded, on the page and in the API. */
export const SIGNUP_ERROR_MESSAGES = { unavailable: newsletterMessages.failedLater, internal: newsletterMessages.failedLater };

function successMessage(source: SignupSource): string {
  return source === "ai-news" ? newsletterMessages.successNews : newsletterMessages.successHome;
}

/**
 * One sign-up, from the JSON endpoint or the page form: validation, the double opt-in, and the
 * product's messages. The success message only when a confirmation mail is on its way. Throws
 * AppError `invalid` for a bad address, and `rate_limited` when no confirmation mail can be sent
 * yet (the per-address limit; details `tryLater` and when), with a message that says when.
 */
export async function handleSignup(input: {
  fields: unknown;
  source: SignupSource;
  clientIp: string;
  honeypot?: unknown;
  visit?: VisitRef;
}): Promise<Extract<SignupOutcome, { outcome: "subscribed" | "already-subscribed" }>> {
  if (typeof input.honeypot === "string" && input.honeypot.trim() !== "") {
    logger.warn({ ipHash: input.clientIp ? hashClientIp(input.clientIp) : null }, "Newsletter sign-up looks automated: fake success");
    return { outcome: "subscribed", message: successMessage(input.source) };
  }
  const parsed = parseSignup(input.fields);
  if (!parsed.success) throw new AppError("invalid", parsed.error, { fields: { email: parsed.error } });
  const result = await subscribeToNewsletter({ email: parsed.email, source: input.source, clientIp: input.clientIp, visit: input.visit });
  if (result.status === "already-subscribed") return { outcome: "already-subscribed", message: newsletterMessages.alreadySubscribed };
  if (result.status === "confirmation-limited") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    const message = result.earlierLinkWorks
      ? newsletterMessages.confirmationAlreadySent(minutes)
      : newsletterMessages.confirmationNotYet(minutes);
    throw new AppError("rate_limited", message, { retryAfterSeconds: result.retryAfterSeconds, tryLater: true });
  }
  return { outcome: "subscribed", message: successMessage(input.source) };
}
