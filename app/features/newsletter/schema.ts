/**
 * The newsletter sign-up: one check for the browser, the page action and
 * POST /api/newsletter-subscribe, with docs/product.md#newsletter texts.
 */
export const NEWSLETTER_EMAIL_MAX = 255;

export function minutesText(minutes: number): string {
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

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
  /** Over the per-address confirmation limit, and the link mailed earlier still works. */
  confirmationAlreadySent: (minutes: number) =>
    `We sent a confirmation link to this address less than an hour ago: please use the link in that email (check your spam folder too). If it has not arrived, you can ask for a new one in ${minutesText(minutes)}.`,
  /** Over the per-address confirmation limit, and no link mailed earlier works (the address unsubscribed or bounced since). */
  confirmationNotYet: (minutes: number) =>
    `To subscribe again, this address needs a new confirmation link, and we send at most one an hour. One was sent recently, so please try again in ${minutesText(minutes)}.`,
  bodyNotObject: "The request body must be a JSON object.",
  unsubscribeInvalid: "Invalid unsubscribe link",
  unsubscribeFailed: "Failed to unsubscribe. Please try again or contact support.",
  /** The confirmation's post never reached the server (offline, a proxy error): the button stays. */
  confirmFailed: "Failed to confirm your subscription. Please try again.",
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

/**
 * The address check of zod's `z.email()` (the pattern every other form uses),
 * written out so the sign-up card on the home page ships without zod (24 KB);
 * a unit test keeps it equal to zod's.
 */
export const NEWSLETTER_EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape -- kept character for character equal to zod's pattern (a test compares them)
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export type ParsedSignup = { success: true; email: string } | { success: false; error: string };

/**
 * Validates `{ email }` for the browser, the page action and the API:
 * trimmed, required, at most 255 characters, an e-mail address, lowercased.
 * The error is the message the toast shows.
 */
export function parseSignup(input: unknown): ParsedSignup {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { success: false, error: newsletterMessages.bodyNotObject };
  }
  const raw = (input as { email?: unknown }).email;
  if (raw == null) return { success: false, error: newsletterMessages.emailRequired };
  if (typeof raw !== "string") return { success: false, error: newsletterMessages.emailInvalid };
  const email = raw.trim();
  if (!email) return { success: false, error: newsletterMessages.emailRequired };
  if (email.length > NEWSLETTER_EMAIL_MAX) return { success: false, error: newsletterMessages.emailTooLong };
  if (!NEWSLETTER_EMAIL_PATTERN.test(email)) return { success: false, error: newsletterMessages.emailInvalid };
  return { success: true, email: email.toLowerCase() };
}

/** The answer of the sign-up action and endpoint. */
export type SignupOutcome =
  | { outcome: "subscribed"; message: string }
  | { outcome: "already-subscribed"; message: string }
  /** Nothing was sent: no confirmation mail can go to this address yet (the message says when). */
  | { outcome: "try-later"; message: string }
  | { outcome: "error"; message: string };
