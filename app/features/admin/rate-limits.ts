import { createHash } from "node:crypto";
import { defineRateLimit } from "~/.server/rate-limit";

/**
 * Brute-force limits on admin sign-in (PostgreSQL-backed, so they hold across
 * instances; docs/decisions/0117-sign-in-limits-without-lockout.md).
 * Per address: every attempt counts, over the limit the address gets 429.
 * Per account: failed passwords count; once the budget is spent the account
 * takes no password on its own until the window passes, only a password
 * together with a code (signInWithPassword). A flood from many addresses thus
 * slows the guessing down to the budget without locking the owner out.
 */
export const SIGN_IN_LIMIT_MESSAGE = "Too many sign-in attempts. Please wait a few minutes and try again.";
export const CODE_REQUIRED_MESSAGE =
  "This account has had many failed sign-in attempts. To sign in now, enter your password together with a code from your authenticator app (or a backup code).";

export const signInIpLimit = defineRateLimit({
  name: "admin-sign-in-ip",
  points: 20,
  durationSeconds: 15 * 60,
  message: SIGN_IN_LIMIT_MESSAGE,
});

/** Failed passwords per account before it asks for the password and a code together. */
export const signInAccountLimit = defineRateLimit({
  name: "admin-sign-in-account",
  points: 8,
  durationSeconds: 15 * 60,
  message: CODE_REQUIRED_MESSAGE,
});

export const secondFactorIpLimit = defineRateLimit({
  name: "admin-2fa-ip",
  points: 20,
  durationSeconds: 15 * 60,
  message: "Too many code attempts. Please wait a few minutes and try again.",
});

export const passwordResetIpLimit = defineRateLimit({
  name: "admin-reset-ip",
  points: 5,
  durationSeconds: 60 * 60,
  message: "Too many password reset requests. Please try again later.",
});

/** Rate-limit key of an account: a hash, so the table holds no e-mail addresses. */
export function accountKey(email: string): string {
  return createHash("sha256").update(`account:${email.trim().toLowerCase()}`).digest("base64url").slice(0, 32);
}

/**
 * The sign-in refusal when the account's enrolment link was opened on another address of this
 * server (`localhost` and `127.0.0.1` are two addresses to a browser, each with its own cookies).
 */
export const enrolmentOpenedElsewhere = (origin: string) =>
  `You opened the enrolment link at ${origin}, and this browser keeps its permission for that address only. Sign in at ${origin} to set up two-factor sign-in.`;
