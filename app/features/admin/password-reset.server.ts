import { getEnv } from "~/.server/env";
import { getAuth } from "~/.server/auth";
import { consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { logger } from "~/.server/logger";
import { authErrorCode } from "./auth-errors.server";
import { passwordResetIpLimit } from "./rate-limits";

/** Sends a reset link when the address has an account; rate-limited per IP. */
export async function requestPasswordReset(input: { email: string; clientIp: string }): Promise<void> {
  await consumeRateLimit(passwordResetIpLimit, hashClientIp(input.clientIp));
  try {
    await getAuth().api.requestPasswordReset({
      body: { email: input.email, redirectTo: `${getEnv().PUBLIC_URL}/admin/reset-password` },
    });
  } catch (error) {
    // Never reveal failures tied to the address; the operator sees the log.
    logger.error({ err: error }, "Password reset request failed");
  }
}

export type ResetResult = { status: "reset" } | { status: "invalid-token" } | { status: "weak-password"; message: string };

/** Sets the new password for a valid, unexpired token and signs out every session of that account. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<ResetResult> {
  try {
    await getAuth().api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
    return { status: "reset" };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_TOKEN") return { status: "invalid-token" };
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      return {
        status: "weak-password",
        message: code === "PASSWORD_TOO_SHORT" ? "Use at least 12 characters." : "Use at most 128 characters.",
      };
    }
    throw error;
  }
}
