import { and, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { AppError } from "./errors";
import { getAuth } from "./auth";
import { getDb } from "./db/client";
import { userRoles } from "./db/tables/index";
import { getEnv } from "./env";
import { logger } from "./logger";
import { CROSS_ORIGIN_MESSAGE, assertSameOrigin, isSameOriginRequest } from "./same-origin";
import { redirectWithToast } from "./toast";
import { safeRedirectPath } from "~/lib/safe-redirect";

/** docs/product.md#admin messages for refused admin access. */
export const ADMIN_ACCESS_MESSAGES = {
  notSignedIn: "Please log in to access this page",
  lookupError: "Error verifying permissions",
  notAdmin: "You don't have permission to access this page",
} as const;

/** Where an admin without two-factor sets it up (ADMIN_REQUIRE_TWO_FACTOR, on by default). */
export const TWO_FACTOR_SETUP_PATH = "/admin/two-factor-setup";
export const TWO_FACTOR_REQUIRED_MESSAGE =
  "Set up two-factor sign-in first: sign in at /admin/login in a browser and follow the steps. The admin area opens once it is on.";

/** The admin sign-in page; a signed-out visit to an admin page comes here with the page to return to. */
export const ADMIN_LOGIN_PATH = "/admin/login";

/**
 * The sign-in page, asked to come back to this request's page afterwards (a GET's path and query;
 * a POST's path). The target goes through the site's redirect helper (decision 0107); the sign-in
 * checks it again before it follows it.
 */
export function adminLoginRedirectPath(request: Request): string {
  const { pathname, search } = new URL(request.url);
  const back = safeRedirectPath(request.method === "GET" ? pathname + search : pathname, "");
  return back ? `${ADMIN_LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}` : ADMIN_LOGIN_PATH;
}

/** Whether this admin must set up two-factor before seeing anything else. */
export function needsTwoFactorSetup(user: AdminUser): boolean {
  return getEnv().ADMIN_REQUIRE_TWO_FACTOR && !user.twoFactorEnabled;
}

type RequireAdminOptions = {
  /** Only for the two-factor set-up page itself: lets an admin without two-factor in. */
  allowWithoutTwoFactor?: boolean;
};

export type AdminUser = { id: string; email: string; name: string; twoFactorEnabled: boolean };

export type AdminAccess =
  { status: "admin"; user: AdminUser } | { status: "anonymous" } | { status: "forbidden"; user: AdminUser } | { status: "error" };

/**
 * Who is asking: the better-auth session from the request's cookies, then the
 * `user_roles` row with role `admin` (docs/product.md#data). Any failure on the way
 * (database down, broken row) is "error", never a pass.
 */
export async function getAdminAccess(request: Request): Promise<AdminAccess> {
  try {
    const session = await getAuth().api.getSession({ headers: request.headers });
    if (!session) return { status: "anonymous" };
    const user: AdminUser = {
      id: session.user.id,
      email: session.user.email,
      name: session.user.name,
      twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    };
    const [role] = await getDb()
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, "admin")))
      .limit(1);
    return role ? { status: "admin", user } : { status: "forbidden", user };
  } catch (error) {
    logger.error({ err: error, url: request.url }, "Admin access check failed");
    return { status: "error" };
  }
}

/**
 * For admin pages: returns the signed-in admin. A visitor who is not signed in goes to the sign-in
 * page, which leads back to this page afterwards; a signed-in non-admin (or a failed check) goes
 * to /. Each with the access toast of docs/product.md#admin. Call it in every admin loader AND action. A POST from
 * another site is refused with 403; an admin who must still set up
 * two-factor is sent to its page (and nowhere else).
 */
export async function requireAdmin(request: Request, options: RequireAdminOptions = {}): Promise<AdminUser> {
  requireSameOrigin(request);
  const access = await getAdminAccess(request);
  if (access.status === "admin") {
    if (!options.allowWithoutTwoFactor && needsTwoFactorSetup(access.user)) {
      const { pathname, search } = new URL(request.url);
      const back = request.method === "GET" ? pathname + search : pathname;
      throw redirect(`${TWO_FACTOR_SETUP_PATH}?redirectTo=${encodeURIComponent(back)}`);
    }
    return access.user;
  }
  const title =
    access.status === "anonymous"
      ? ADMIN_ACCESS_MESSAGES.notSignedIn
      : access.status === "forbidden"
        ? ADMIN_ACCESS_MESSAGES.notAdmin
        : ADMIN_ACCESS_MESSAGES.lookupError;
  const target = access.status === "anonymous" ? adminLoginRedirectPath(request) : "/";
  throw await redirectWithToast(target, { type: "error", title });
}

/** For the actions of admin pages that need no session (sign-in, reset): 403 for a POST from another site. */
export function requireSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw data(CROSS_ORIGIN_MESSAGE, { status: 403 });
}

/**
 * For admin JSON endpoints: 403 for a state-changing request from another
 * site, 401 not signed in, 403 not an admin or two-factor not set up yet,
 * 503 when the check itself failed.
 */
export async function requireAdminApi(request: Request): Promise<AdminUser> {
  assertSameOrigin(request);
  const access = await getAdminAccess(request);
  if (access.status === "admin") {
    if (needsTwoFactorSetup(access.user)) throw new AppError("forbidden", TWO_FACTOR_REQUIRED_MESSAGE);
    return access.user;
  }
  if (access.status === "anonymous") throw new AppError("unauthenticated", ADMIN_ACCESS_MESSAGES.notSignedIn);
  if (access.status === "forbidden") throw new AppError("forbidden", ADMIN_ACCESS_MESSAGES.notAdmin);
  throw new AppError("unavailable", ADMIN_ACCESS_MESSAGES.lookupError, { retryAfterSeconds: 5 });
}
