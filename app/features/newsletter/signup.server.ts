import { ApiError } from "~/.server/api";
import { isDatabaseUnavailable } from "~/.server/db/client";
import { logger } from "~/.server/logger";
import type { VisitRef } from "~/features/analytics/record-conversion.server";
import { hashClientIp } from "~/.server/rate-limit";
import { newsletterMessages, parseSignup, SIGNUP_HONEYPOT, type SignupOutcome, type SignupSource } from "./schema";
import { subscribeToNewsletter } from "./subscribe-to-newsletter.server";

export { SIGNUP_HONEYPOT };

export type SignupAnswer = { status: number; body: SignupOutcome; headers?: HeadersInit };

function successMessage(source: SignupSource): string {
  return source === "ai-news" ? newsletterMessages.successNews : newsletterMessages.successHome;
}

/**
 * One sign-up, from the JSON endpoint or the page form: validation, the
 * double opt-in, and the product's messages. The success message only when a
 * confirmation mail is on its way; when none can be sent yet (the
 * per-address limit), a 429 that says when to try again. Never throws.
 */
export async function handleSignup(input: {
  fields: unknown;
  source: SignupSource;
  clientIp: string;
  honeypot?: unknown;
  visit?: VisitRef;
}): Promise<SignupAnswer> {
  if (typeof input.honeypot === "string" && input.honeypot.trim() !== "") {
    logger.warn({ ipHash: input.clientIp ? hashClientIp(input.clientIp) : null }, "Newsletter sign-up looks automated: fake success");
    return { status: 200, body: { outcome: "subscribed", message: successMessage(input.source) } };
  }
  const parsed = parseSignup(input.fields);
  if (!parsed.success) return { status: 400, body: { outcome: "error", message: parsed.error } };
  try {
    const result = await subscribeToNewsletter({ email: parsed.email, source: input.source, clientIp: input.clientIp, visit: input.visit });
    if (result.status === "already-subscribed") {
      return { status: 200, body: { outcome: "already-subscribed", message: newsletterMessages.alreadySubscribed } };
    }
    if (result.status === "confirmation-limited") {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      const message = result.earlierLinkWorks
        ? newsletterMessages.confirmationAlreadySent(minutes)
        : newsletterMessages.confirmationNotYet(minutes);
      return { status: 429, body: { outcome: "try-later", message }, headers: { "Retry-After": String(result.retryAfterSeconds) } };
    }
    return { status: 200, body: { outcome: "subscribed", message: successMessage(input.source) } };
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, body: { outcome: "error", message: error.message }, headers: error.headers };
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, "Newsletter sign-up failed: database unavailable");
      return { status: 503, body: { outcome: "error", message: newsletterMessages.failedLater }, headers: { "Retry-After": "5" } };
    }
    logger.error({ err: error }, "Newsletter sign-up failed");
    return { status: 500, body: { outcome: "error", message: newsletterMessages.failedLater } };
  }
}
