import { getAuth } from "~/.server/auth";
import { consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { authErrorCode } from "./auth-errors.server";
import { setCookieHeaders } from "./cookies.server";
import { recordAdminAudit } from "./record-admin-audit.server";
import { secondFactorIpLimit } from "./rate-limits";

export type SecondFactorResult =
  | { status: "signed-in"; headers: Headers }
  | { status: "invalid" }
  /** The pending sign-in is gone (expired, too many tries): start again with the password. */
  | { status: "restart"; headers: Headers }
  | { status: "locked" };

/**
 * Second step of the sign-in: a TOTP code or a backup code, checked by
 * better-auth against the pending sign-in in its `two_factor` cookie.
 */
export async function verifySecondFactor(input: {
  code: string;
  method: "totp" | "backup";
  request: Request;
  clientIp: string;
}): Promise<SecondFactorResult> {
  await consumeRateLimit(secondFactorIpLimit, hashClientIp(input.clientIp));
  const auth = getAuth();
  let result;
  try {
    const call = { body: { code: input.code.replace(/\s+/g, "") }, headers: input.request.headers, returnHeaders: true } as const;
    result = input.method === "totp" ? await auth.api.verifyTOTP(call) : await auth.api.verifyBackupCode(call);
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") return { status: "invalid" };
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") return { status: "locked" };
    if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "TOTP_NOT_ENABLED") {
      const headers = new Headers();
      return { status: "restart", headers };
    }
    throw error;
  }
  const response = result.response as { user?: { id: string; email: string } };
  if (response.user) {
    await recordAdminAudit({ user: response.user, action: "sign-in", target: input.method, clientIp: input.clientIp });
  }
  return { status: "signed-in", headers: setCookieHeaders(result.headers) };
}
