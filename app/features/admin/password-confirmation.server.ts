import { hashClientIp, peekRateLimit, tryConsumeRateLimit } from "~/.server/rate-limit";
import { accountKey, signInAccountLimit, signInIpLimit, SIGN_IN_LIMIT_MESSAGE } from "./rate-limits";

/**
 * A password typed to confirm something on an admin page (turn two-factor on
 * or off) is a password guess like a sign-in: it shares the sign-in limits
 * (decision 0117, decision 0178). Every confirmation counts against the
 * caller's address; a wrong one counts against the account. Once either is
 * spent, the password is not checked at all until the window passes, so a
 * stolen session cannot be used to guess the password (and, with it, turn
 * two-factor off).
 */
export type ConfirmationGate = { allowed: true } | { allowed: false; message: string; retryAfterSeconds: number };

export const CONFIRMATION_LIMIT_MESSAGE = "Too many password attempts. Please wait a few minutes and try again.";

/** Call before checking the password: counts the attempt for the address and reads the account's budget. */
export async function beforePasswordConfirmation(input: { clientIp: string; email: string }): Promise<ConfirmationGate> {
  const address = await tryConsumeRateLimit(signInIpLimit, hashClientIp(input.clientIp || "unknown"));
  if (!address.allowed) return { allowed: false, message: SIGN_IN_LIMIT_MESSAGE, retryAfterSeconds: address.retryAfterSeconds };
  const account = await peekRateLimit(signInAccountLimit, accountKey(input.email));
  if (!account.allowed) return { allowed: false, message: CONFIRMATION_LIMIT_MESSAGE, retryAfterSeconds: account.retryAfterSeconds };
  return { allowed: true };
}

/** Call after a wrong password: one failed attempt on the account's sign-in budget. */
export async function countWrongConfirmation(email: string): Promise<void> {
  await tryConsumeRateLimit(signInAccountLimit, accountKey(email));
}
