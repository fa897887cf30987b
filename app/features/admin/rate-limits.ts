import { createHash } from "node:crypto";
import { defineRateLimit } from "~/.server/rate-limit";

/**
 * Brute-force limits on admin sign-in (PostgreSQL-backed, so they hold across
 * instances). Per IP: every attempt counts. Per account: only failed
 * passwords count, so an attacker elsewhere slows one account down without
 * the owner's successful sign-ins using up the budget.
 */
export const SIGN_IN_LIMIT_MESSAGE = "Too many sign-in attempts. Please wait a few minutes and try again.";

export const signInIpLimit = defineRateLimit({
  name: "admin-sign-in-ip",
  points: 20,
  durationSeconds: 15 * 60,
  message: SIGN_IN_LIMIT_MESSAGE,
});

export const signInAccountLimit = defineRateLimit({
  name: "admin-sign-in-account",
  points: 8,
  durationSeconds: 15 * 60,
  message: SIGN_IN_LIMIT_MESSAGE,
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
