import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, like, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import type { Database } from "~/.server/db/client";
import { totpAcceptedSteps, twoFactors, verifications } from "~/.server/db/tables/index";

/**
 * Everything of the admin sign-in that leans on better-auth's internals
 * (checked against 1.7.25) rather than its documented options, in one place
 * (docs/decisions/0118-totp-codes-accepted-once.md, listed in this folder's
 * README). The rest of the app uses its API (`auth.api.*`), options and hooks
 * only. better-auth offers no option for any of the three rules below.
 *
 * On upgrade, re-check these facts in node_modules/better-auth/dist and run
 * tests/integration/admin-auth.test.ts and admin-api.test.ts:
 *  1. plugins/two-factor/verify-two-factor.mjs: a pending sign-in is the signed
 *     cookie `two_factor` whose value is the identifier of a `verifications`
 *     row holding the user id; during enrolment the session says who it is.
 *  2. plugins/two-factor/index.mjs + totp/index.mjs: `two_factors.secret` is
 *     the TOTP key, encrypted with `symmetricEncrypt(secretConfig)`, used as
 *     raw (UTF-8) HMAC-SHA1 key bytes; 6 digits, 30-second steps, checked
 *     with a window of one step either side (@better-auth/utils/otp).
 *  3. plugins/two-factor/constant.mjs + index.mjs: `trustDevice` in the body
 *     of /two-factor/verify-* sets the cookie `trust_device`, which lets
 *     /sign-in/email skip the code.
 *  4. api/routes/password.mjs: a reset token is a `verifications` row with
 *     identifier `reset-password:<token>` (stored as is: we set no
 *     `verification.storeIdentifier`) and the user id as value; resetting
 *     consumes only that one row.
 */

const TOTP = { digits: 6, periodSeconds: 30, window: 1 } as const;
const RESET_TOKEN_PREFIX = "reset-password:";
const TRUST_DEVICE_COOKIE = "trust_device";

/**
 * A better-auth plugin with three rules:
 * - a TOTP code is accepted once: the time step it matched is stored per
 *   enrolment (`totp_accepted_steps`), checked and set in one statement, and a
 *   code of that step or an earlier one is refused as INVALID_CODE;
 * - `trustDevice` is refused: the site never offers to skip the code;
 * - changing the password (better-auth's /change-password) revokes the
 *   account's outstanding reset links (a reset does it in `onPasswordReset`).
 */
export function adminSignInRules(db: Database): BetterAuthPlugin {
  return {
    id: "nordlys-admin-sign-in-rules",
    hooks: {
      before: [
        {
          matcher: (context) => context.path?.startsWith("/two-factor/verify-") ?? false,
          handler: createAuthMiddleware(async (ctx) => {
            if ((ctx.body as { trustDevice?: unknown } | undefined)?.trustDevice) {
              throw APIError.from("BAD_REQUEST", {
                code: "TRUST_DEVICE_NOT_OFFERED",
                message: "This site does not remember devices: every sign-in asks for a code.",
              });
            }
          }),
        },
        {
          matcher: (context) => context.path === "/two-factor/verify-totp",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await totpUserId(ctx);
            if (!userId) return; // better-auth answers a missing or expired sign-in itself
            const code = String((ctx.body as { code?: unknown } | undefined)?.code ?? "");
            if (!(await claimTotpCode(db, userId, code, ctx.context.secretConfig))) {
              throw APIError.from("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.context.session?.user.id;
            if (userId && !(ctx.context.returned instanceof Error)) await revokePasswordResetTokens(db, userId);
          }),
        },
      ],
    },
  };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose code this is: the signed-in user (enrolment) or the pending sign-in of the `two_factor` cookie. */
async function totpUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx, { disableRefresh: true });
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

/**
 * True when `code` is a fresh code for the user's enrolment, or not a valid
 * code at all (better-auth then refuses and counts it); false when it is valid
 * but its time step, or a later one, was already accepted.
 */
async function claimTotpCode(db: Database, userId: string, code: string, key: unknown): Promise<boolean> {
  const [enrolment] = await db
    .select({ id: twoFactors.id, secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  if (!enrolment) return true;
  const secret = await symmetricDecrypt({ key: key as Parameters<typeof symmetricDecrypt>[0]["key"], data: enrolment.secret });
  const step = matchingTotpStep(secret, code);
  if (step === null) return true;
  const claimed = await db
    .insert(totpAcceptedSteps)
    .values({ twoFactorId: enrolment.id, step })
    .onConflictDoUpdate({
      target: totpAcceptedSteps.twoFactorId,
      set: { step, acceptedAt: sql`now()` },
      setWhere: sql`${totpAcceptedSteps.step} < ${step}`,
    })
    .returning({ id: totpAcceptedSteps.twoFactorId });
  return claimed.length === 1;
}

/** The time step `code` belongs to, within the window better-auth accepts, or null. */
export function matchingTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromUTF8(secret),
    algorithm: "SHA1",
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  });
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP.window });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Deletes every outstanding password-reset link of the account (after its password changed). */
export async function revokePasswordResetTokens(db: Database, userId: string): Promise<void> {
  await db.delete(verifications).where(and(like(verifications.identifier, `${RESET_TOKEN_PREFIX}%`), eq(verifications.value, userId)));
}

/**
 * The request's headers without better-auth's trust-device cookie, so a
 * cookie issued before the site refused `trustDevice` cannot skip the code.
 */
export function withoutTrustDeviceCookie(headers: Headers): Headers {
  const copy = new Headers(headers);
  const cookie = copy.get("cookie");
  if (!cookie) return copy;
  const kept = cookie
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !part.split("=")[0]!.endsWith(`.${TRUST_DEVICE_COOKIE}`));
  if (kept.length) copy.set("cookie", kept.join("; "));
  else copy.delete("cookie");
  return copy;
}
