import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { site } from "~/content/site";
import { adminSignInRules, revokePasswordResetTokens } from "~/framework-workarounds/better-auth-internals.server";
import { getDb, type Database } from "./db/client";
import { accounts, sessions, twoFactors, users, verifications } from "./db/tables/index";
import { getEnv } from "./env";
import { logger } from "./logger";
import { getAppSecret } from "./secret";

/**
 * Admin sign-in (docs/admin.md, docs/decisions/0050): better-auth with e-mail and
 * password, the two-factor plugin (TOTP and backup codes) and password reset
 * by e-mail, on our PostgreSQL through the drizzle adapter. There is no
 * sign-up: accounts come from `npm run admin:create`.
 *
 * Its own rate limiter is off: sign-in, second-factor and reset attempts are
 * limited per IP and per account in PostgreSQL (features/admin/rate-limits.ts),
 * which holds across instances. `adminSignInRules` (app/framework-workarounds/better-auth-internals.server.ts) accepts
 * each TOTP code once, refuses "trust this device" and revokes reset links
 * when the password changes.
 */
/** Mails an admin their password-reset link. */
export type PasswordResetMailer = (message: { to: string; url: string }) => Promise<void>;

let passwordResetMailer: PasswordResetMailer | undefined;

/**
 * The platform does not know how a feature words its mails: the process start hands the admin
 * feature's reset mail in, like the jobs (`startRuntime({ passwordResetMailer })`, server/app.ts);
 * a test that asks for a reset without the runtime hands it in itself. Undefined takes it away.
 */
export function setPasswordResetMailer(mailer: PasswordResetMailer | undefined): void {
  passwordResetMailer = mailer;
}

function createAuth(db: Database) {
  const env = getEnv();
  return betterAuth({
    appName: site.name,
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: getAppSecret(),
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { users, sessions, accounts, verifications, two_factors: twoFactors },
    }),
    user: { modelName: "users" },
    session: {
      modelName: "sessions",
      expiresIn: 60 * 60 * 24, // one day
      updateAge: 60 * 60, // extended at most hourly while in use
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        // Our own page takes the token; better-auth's redirect endpoint is not needed.
        const url = `${env.PUBLIC_URL}/admin/reset-password?token=${encodeURIComponent(token)}`;
        if (!passwordResetMailer) throw new Error("No password-reset mail was handed in (startRuntime's passwordResetMailer).");
        await passwordResetMailer({ to: user.email, url });
      },
      // The link just used is consumed by better-auth; any other one sent earlier dies with the old password.
      onPasswordReset: async ({ user }) => revokePasswordResetTokens(db, user.id),
    },
    plugins: [
      twoFactor({
        issuer: site.name,
        schema: { twoFactor: { modelName: "two_factors" } },
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      adminSignInRules(db),
    ],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
      cookiePrefix: "nordlys",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    logger: {
      log: (level, message, ...args) => {
        // Its warnings are routine ("Invalid password"): info, so they do not look like faults.
        const method = level === "error" ? "error" : level === "warn" ? "info" : "debug";
        logger[method]({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let cached: { db: Database; auth: Auth } | undefined;

/** The auth instance for the current database (tests swap databases per file). */
export function getAuth(): Auth {
  const db = getDb();
  if (cached?.db !== db) cached = { db, auth: createAuth(db) };
  return cached.auth;
}
