import { getAuth } from "~/.server/auth";
import { checkRateLimit, consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { ApiError } from "~/.server/api";
import { authErrorCode } from "./auth-errors.server";
import { setCookieHeaders } from "./cookies.server";
import { recordAdminAudit } from "./record-admin-audit.server";
import { accountKey, SIGN_IN_LIMIT_MESSAGE, signInAccountLimit, signInIpLimit } from "./rate-limits";

export type SignInResult =
  | { status: "signed-in"; headers: Headers }
  | { status: "two-factor"; headers: Headers }
  | { status: "invalid" };

/**
 * First step of the admin sign-in. Rate-limited per IP (every attempt) and
 * per account (failed passwords); over a limit it throws ApiError 429.
 * Wrong e-mail and wrong password look the same to the caller.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  request: Request;
  clientIp: string;
}): Promise<SignInResult> {
  await consumeRateLimit(signInIpLimit, hashClientIp(input.clientIp));
  const account = accountKey(input.email);
  // Peek at the failure budget (cost 0); when it is spent, one more point yields the wait time.
  const budget = await checkRateLimit(signInAccountLimit, account, 0);
  if (!budget.allowed || budget.remaining <= 0) {
    const blocked = await checkRateLimit(signInAccountLimit, account, 1);
    const retryAfter = blocked.allowed ? signInAccountLimit.durationSeconds : blocked.retryAfterSeconds;
    throw new ApiError(429, SIGN_IN_LIMIT_MESSAGE, { "Retry-After": String(retryAfter) });
  }

  let result;
  try {
    result = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: input.request.headers,
      returnHeaders: true,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "INVALID_PASSWORD") {
      await checkRateLimit(signInAccountLimit, account, 1);
      return { status: "invalid" };
    }
    throw error;
  }

  const headers = setCookieHeaders(result.headers);
  const response = result.response as { twoFactorRedirect?: boolean; user?: { id: string; email: string } };
  if (response.twoFactorRedirect) return { status: "two-factor", headers };
  if (response.user) {
    await recordAdminAudit({ user: response.user, action: "sign-in", target: "password", clientIp: input.clientIp });
  }
  return { status: "signed-in", headers };
}
