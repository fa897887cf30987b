import { and, eq } from "drizzle-orm";
import { getAuth } from "~/.server/auth";
import { getDb } from "~/.server/db/client";
import { accounts, users } from "~/.server/db/tables";
import { peekEnrolmentLink, redeemEnrolmentLink } from "./admin-enrolment.server";

/**
 * An invited member's first step (docs/admin.md, "The team"): their account has no password, so
 * the enrolment link's page asks for one before anything else. Showing the page uses nothing up
 * (a mail scanner may open the link); choosing the password uses the link, sets the password and
 * the cookie that lets this browser's first sign-in go on to two-factor.
 */

/** The invited account's address when this link belongs to an account without a password, else null. */
export async function invitedAccountOf(token: string): Promise<{ email: string } | null> {
  const userId = await peekEnrolmentLink(token);
  if (!userId) return null;
  const [user] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user && !(await hasPassword(userId)) ? user : null;
}

async function hasPassword(userId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return Boolean(row);
}

/** Uses the link and sets the password: the cookie's headers, or null when the link is no longer valid. */
export async function choosePasswordWithLink(token: string, password: string, origin: string): Promise<Headers | null> {
  const result = await redeemEnrolmentLink(token, new Date(), origin);
  if (result.status !== "accepted") return null;
  // An account that has a password meanwhile keeps it; the link still lets its sign-in go on.
  if (!(await hasPassword(result.userId))) {
    const ctx = await getAuth().$context;
    const hash = await ctx.password.hash(password);
    await ctx.internalAdapter.linkAccount({ userId: result.userId, providerId: "credential", accountId: result.userId, password: hash });
  }
  return result.headers;
}
