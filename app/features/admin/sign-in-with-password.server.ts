import { AppError } from "~/.server/errors";
import { getAuth } from "~/.server/auth";
import { withoutTrustDeviceCookie } from "~/framework-workarounds/better-auth-internals.server";
import { getEnv } from "~/.server/env";
import { hasOpenedEnrolmentLink, whereEnrolmentLinkOpened } from "./admin-enrolment.server";
import { consumeRateLimit, hashClientIp, peekRateLimit } from "~/.server/rate-limit";
import { authErrorCode } from "./auth-errors.server";
import { cookieHeaderFrom, setCookieHeaders } from "./cookies.server";
import { recordAdminAudit, recordFailedSignIn } from "./record-admin-audit.server";
import { accountKey, signInAccountLimit, signInIpLimit } from "./rate-limits";
import { verifySecondFactor } from "./verify-second-factor.server";

export type SignInResult =
  | { status: "signed-in"; headers: Headers; twoFactorEnabled: boolean }
  | { status: "two-factor"; headers: Headers }
  | { status: "invalid" }
  /** Right password, but the account has no two-factor yet and this browser has not opened its enrolment link (decision 0186). */
  | { status: "enrolment-link-required"; openedAt: string | null }
  /** The account's failure budget is spent: only the password together with a code signs in until the window passes. */
  | { status: "code-required"; retryAfterSeconds: number };

type SignInInput = {
  email: string;
  password: string;
  /** A TOTP or backup code sent with the password: both are checked in one go. */
  code?: string;
  request: Request;
  clientIp: string;
};

/**
 * First step of the admin sign-in (or both steps, with `code`). Every attempt
 * counts against the caller's address (AppError `rate_limited` over it); failed
 * passwords count against the account. Once an account has had too many, a
 * password alone is not even checked ("code-required"), but the right
 * password with the right code still signs in, from any address within its
 * own limit. Wrong e-mail, wrong password and (with a code) wrong code all
 * answer "invalid". Where two-factor is required, an account that has not set
 * it up signs in only from a browser that opened its enrolment link
 * (`admin:create`, decision 0186); otherwise "enrolment-link-required".
 */
export async function signInWithPassword(input: SignInInput): Promise<SignInResult> {
  await consumeRateLimit(signInIpLimit, hashClientIp(input.clientIp));
  const account = accountKey(input.email);
  const code = input.code?.replace(/\s+/g, "") ?? "";
  const budget = await peekRateLimit(signInAccountLimit, account);
  if (!budget.allowed && !code) return { status: "code-required", retryAfterSeconds: budget.retryAfterSeconds };

  const result = await checkPassword(input);
  if (result.status === "invalid") {
    await countFailedPassword(account);
    await recordFailedSignIn(input.email, input.clientIp, "password");
    return result;
  }
  if (result.status === "two-factor" && code) return completeWithCode(input, result.headers, code, account);
  if (result.status === "signed-in" && !budget.allowed) {
    // The account has no second factor to prove the owner: under attack, the password alone does not sign in.
    await getAuth().api.signOut({ headers: new Headers({ cookie: cookieHeaderFrom(result.headers) }) });
    await countFailedPassword(account);
    return { status: "invalid" };
  }
  if (result.status === "signed-in" && !result.twoFactorEnabled && getEnv().ADMIN_REQUIRE_TWO_FACTOR) {
    if (!result.user || !(await hasOpenedEnrolmentLink(input.request, result.user.id))) {
      // The password alone must not let anyone bind their own authenticator to this account.
      await getAuth().api.signOut({ headers: new Headers({ cookie: cookieHeaderFrom(result.headers) }) });
      const openedAt = result.user ? await whereEnrolmentLinkOpened(input.request, result.user.id) : null;
      return { status: "enrolment-link-required", openedAt };
    }
  }
  if (result.status === "signed-in" && result.user) {
    await recordAdminAudit({ user: result.user, action: "sign-in", target: "password", clientIp: input.clientIp });
  }
  return result.status === "signed-in"
    ? { status: "signed-in", headers: result.headers, twoFactorEnabled: result.twoFactorEnabled }
    : result;
}

type PasswordCheck =
  | { status: "invalid" }
  | { status: "two-factor"; headers: Headers }
  | { status: "signed-in"; headers: Headers; user?: { id: string; email: string }; twoFactorEnabled: boolean };

async function checkPassword(input: SignInInput): Promise<PasswordCheck> {
  try {
    const result = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: withoutTrustDeviceCookie(input.request.headers),
      returnHeaders: true,
    });
    const headers = setCookieHeaders(result.headers);
    const response = result.response as {
      twoFactorRedirect?: boolean;
      user?: { id: string; email: string; twoFactorEnabled?: boolean | null };
    };
    if (response.twoFactorRedirect) return { status: "two-factor", headers };
    return { status: "signed-in", headers, user: response.user, twoFactorEnabled: Boolean(response.user?.twoFactorEnabled) };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || code === "INVALID_PASSWORD") return { status: "invalid" };
    throw error;
  }
}

/** The second step right away, on the pending sign-in the password step just opened. */
async function completeWithCode(input: SignInInput, pending: Headers, code: string, account: string): Promise<SignInResult> {
  const headers = new Headers(input.request.headers);
  headers.set("cookie", cookieHeaderFrom(pending));
  const result = await verifySecondFactor({
    code,
    method: /^\d{6}$/.test(code) ? "totp" : "backup",
    request: new Request(input.request.url, { method: "POST", headers }),
    clientIp: input.clientIp,
  });
  if (result.status === "signed-in") return { status: "signed-in", headers: result.headers, twoFactorEnabled: true };
  await countFailedPassword(account);
  await recordFailedSignIn(input.email, input.clientIp, "code");
  return { status: "invalid" };
}

/** One failed attempt on the account's budget; being over it is what the next attempt's peek sees. */
async function countFailedPassword(account: string): Promise<void> {
  try {
    await consumeRateLimit(signInAccountLimit, account);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "rate_limited")) throw error;
  }
}
