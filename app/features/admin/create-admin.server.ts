import { getAuth } from "~/.server/auth";
import { revokePasswordResetTokens } from "~/framework-workarounds/better-auth-internals.server";
import { getDb } from "~/.server/db/client";
import { userRoles, users } from "~/.server/db/tables";
import { eq } from "drizzle-orm";
import type { Role } from "~/.server/permissions";
import { issueEnrolmentLink, resetTwoFactor } from "./admin-enrolment.server";

export type CreateAdminResult = {
  status: "created" | "promoted";
  userId: string;
  passwordChanged: boolean;
  /** Set when the account has no two-factor (yet, or any more): the one-time link it must open before its first sign-in. */
  enrolment?: { token: string; expiresAt: Date };
  /** The account's two-factor was turned off (`resetEnrolment`) and must be set up again. */
  twoFactorReset: boolean;
};

/**
 * Creates an admin account with its roles (owner unless given), or gives an existing account
 * these roles besides the ones it has (and a new password when one is given, which revokes its outstanding reset
 * links). Passwords are hashed by better-auth, so the account signs in like
 * any other. An account without two-factor gets a new one-time enrolment link
 * (decision 0186), replacing older ones; `resetEnrolment` first turns an
 * enrolled account's two-factor off (a lost phone), so it enrols again.
 */
export async function createOrPromoteAdmin(input: {
  email: string;
  password?: string;
  name?: string;
  roles?: readonly Role[];
  resetEnrolment?: boolean;
}): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  const ctx = await getAuth().$context;
  const { minPasswordLength, maxPasswordLength } = ctx.password.config;
  if (input.password !== undefined && (input.password.length < minPasswordLength || input.password.length > maxPasswordLength)) {
    throw new Error(`The password must be ${minPasswordLength} to ${maxPasswordLength} characters long.`);
  }

  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  let userId: string;
  let status: CreateAdminResult["status"];
  let passwordChanged = false;
  if (existing) {
    userId = existing.user.id;
    status = "promoted";
    if (input.password !== undefined) {
      const hash = await ctx.password.hash(input.password);
      const hasCredential = existing.accounts.some((account) => account.providerId === "credential");
      if (hasCredential) await ctx.internalAdapter.updatePassword(userId, hash);
      else await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
      // Reset links sent before stop working with the old password.
      await revokePasswordResetTokens(getDb(), userId);
      passwordChanged = true;
    }
  } else {
    if (input.password === undefined) throw new Error("A new admin needs a password.");
    const hash = await ctx.password.hash(input.password);
    const user = await ctx.internalAdapter.createUser(
      {
        email,
        name: input.name?.trim() || email.split("@")[0] || email,
        emailVerified: true,
      },
      { method: "email-password" },
    );
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
    userId = user.id;
    status = "created";
    passwordChanged = true;
  }
  await getDb()
    .insert(userRoles)
    .values((input.roles ?? ["owner"]).map((role) => ({ userId, role })))
    .onConflictDoNothing();
  const [account] = await getDb().select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  const twoFactorReset = Boolean(account?.twoFactorEnabled) && input.resetEnrolment === true;
  if (twoFactorReset) await resetTwoFactor(userId);
  const enrolment = !account?.twoFactorEnabled || twoFactorReset ? await issueEnrolmentLink(userId) : undefined;
  return { status, userId, passwordChanged, enrolment, twoFactorReset };
}
