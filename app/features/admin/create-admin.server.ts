import { getAuth } from "~/.server/auth";
import { revokePasswordResetTokens } from "~/.server/auth-internals";
import { getDb } from "~/.server/db/client";
import { userRoles } from "~/.server/db/schema";

export type CreateAdminResult = { status: "created" | "promoted"; userId: string; passwordChanged: boolean };

/**
 * Creates an admin account, or gives an existing account the admin role
 * (and a new password when one is given, which revokes its outstanding reset
 * links). Passwords are hashed by better-auth, so the account signs in like
 * any other.
 */
export async function createOrPromoteAdmin(input: { email: string; password?: string; name?: string }): Promise<CreateAdminResult> {
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
    const user = await ctx.internalAdapter.createUser({
      email,
      name: input.name?.trim() || email.split("@")[0] || email,
      emailVerified: true,
    }, { method: "email-password" });
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
    userId = user.id;
    status = "created";
    passwordChanged = true;
  }
  await getDb().insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
  return { status, userId, passwordChanged };
}
