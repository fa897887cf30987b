import { getAuth } from "~/.server/auth";
import { hashClientIp, peekRateLimit, tryConsumeRateLimit } from "~/.server/rate-limit";
import { authErrorCode } from "./auth-errors.server";
import { AppError } from "~/.server/errors";
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

export type PasswordConfirmation = { confirmed: true } | { confirmed: false; error: AppError };

/**
 * The admin's own password typed to confirm a destructive action (erasing a person): counted
 * against the sign-in limits like every confirmation, checked by better-auth on the admin's
 * session, a wrong one counted against the account.
 */
export async function confirmAdminPassword(input: {
  request: Request;
  clientIp: string;
  email: string;
  password: string;
}): Promise<PasswordConfirmation> {
  if (!input.password) return { confirmed: false, error: new AppError("invalid", "Enter your password") };
  const gate = await beforePasswordConfirmation({ clientIp: input.clientIp, email: input.email });
  if (!gate.allowed) {
    return { confirmed: false, error: new AppError("rate_limited", gate.message, { retryAfterSeconds: gate.retryAfterSeconds }) };
  }
  try {
    await getAuth().api.verifyPassword({ body: { password: input.password }, headers: input.request.headers });
    return { confirmed: true };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      await countWrongConfirmation(input.email);
      return { confirmed: false, error: new AppError("invalid", "That password is not right") };
    }
    throw error;
  }
}
