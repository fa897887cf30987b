import { z } from "zod";

/**
 * The newsletter sign-up: one zod schema for the browser check, the page
 * action and POST /api/newsletter-subscribe, with SPEC section 5 and 8 texts.
 */
export const NEWSLETTER_EMAIL_MAX = 255;

export const newsletterMessages = {
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be less than 255 characters",
  alreadySubscribed: "You're already subscribed to our newsletter!",
  successHome: "Successfully subscribed! Check your email for confirmation.",
  successNews: "Successfully subscribed! Check your email.",
  failed: "Failed to subscribe. Please try again.",
  failedLater: "Failed to subscribe. Please try again later.",
  rateLimited: "Too many sign-ups from your network. Please wait a few minutes and try again.",
  bodyNotObject: "The request body must be a JSON object.",
  unsubscribeInvalid: "Invalid unsubscribe link",
  unsubscribeFailed: "Failed to unsubscribe. Please try again or contact support.",
  unsubscribeSuccess: "You've been successfully unsubscribed from our newsletter.",
  sending: "Sending newsletter to all subscribers...",
  sendFailed: "Failed to send newsletter",
  sent: (count: number) => `Newsletter sent successfully to ${count} subscribers!`,
} as const;

/** A sign-up field people never see; form-filling bots fill it in and get a fake success. */
export const SIGNUP_HONEYPOT = "nickname";

/** Where a sign-up came from (stored as `source`). */
export const signupSources = ["home", "ai-news", "api"] as const;
export type SignupSource = (typeof signupSources)[number];

/** Trimmed, required, at most 255 characters, an e-mail address, lowercased. */
export const newsletterEmail = z
  .string({ error: (issue) => (issue.input == null ? newsletterMessages.emailRequired : newsletterMessages.emailInvalid) })
  .trim()
  .min(1, { error: newsletterMessages.emailRequired })
  .max(NEWSLETTER_EMAIL_MAX, { error: newsletterMessages.emailTooLong })
  .pipe(z.email({ error: newsletterMessages.emailInvalid }))
  .transform((value) => value.toLowerCase());

export const newsletterSignupSchema = z.object({ email: newsletterEmail });

export type ParsedSignup = { success: true; email: string } | { success: false; error: string };

/** Validates `{ email }`; the first message is what the toast shows. */
export function parseSignup(input: unknown): ParsedSignup {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { success: false, error: newsletterMessages.bodyNotObject };
  }
  const result = newsletterSignupSchema.safeParse(input);
  if (!result.success) return { success: false, error: result.error.issues[0]?.message ?? newsletterMessages.emailInvalid };
  return { success: true, email: result.data.email };
}

/** The answer of the sign-up action and endpoint. */
export type SignupOutcome =
  | { outcome: "subscribed"; message: string }
  | { outcome: "already-subscribed"; message: string }
  | { outcome: "error"; message: string };
