import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { AppError } from "./errors";
import { getAuth } from "./auth";
import { getDb } from "./db/client";
import { userRoles } from "./db/tables/index";
import { getEnv } from "./env";
import { logger } from "./logger";
import { adminRouteOf, isRole, mayUse, whoMay, type Operation, type Role } from "./permissions";
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
  /** An export or erasure of a person's data: the route's `personData` roles decide (permissions.ts). */
  operation?: Operation;
};

export type AdminUser = { id: string; email: string; name: string; twoFactorEnabled: boolean; roles: Role[] };

export type AdminAccess =
  { status: "admin"; user: AdminUser } | { status: "anonymous" } | { status: "forbidden"; user: AdminUser } | { status: "error" };

/**
 * Who is asking: the better-auth session from the request's cookies, then their `user_roles`
 * (docs/admin.md, "Roles"); an account with no role is "forbidden". Any failure on the way
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
      roles: [],
    };
    const rows = await getDb().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
    user.roles = rows.map((row) => row.role).filter(isRole);
    return user.roles.length > 0 ? { status: "admin", user } : { status: "forbidden", user };
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
    const refusal = roleRefusal(request, access.user, options.operation);
    // The admin frame's "not for your role" page (app/features/admin/components/admin-error.tsx), with a 403.
    if (refusal) throw data({ notForRole: true, message: refusal }, { status: 403 });
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

/**
 * Why this admin may not use the request's route (and operation), or null when they may: the
 * route's roles in permissions.ts. A route missing from that table is refused for everyone.
 */
function roleRefusal(request: Request, user: AdminUser, operation?: Operation): string | null {
  const route = adminRouteOf(new URL(request.url).pathname);
  if (mayUse(user.roles, route, operation)) return null;
  if (!route) logger.error({ url: request.url }, "Admin route without a declared role: refused (app/.server/permissions.ts)");
  return `This is not for your role: it is for ${whoMay(route, operation)}. Ask an owner if you need it.`;
}

/**
 * For an export or an erasure of a person's data, after the page's or endpoint's own check: the
 * route's `personData` roles (permissions.ts) decide. Refused: the "not for your role" page, or
 * AppError `forbidden` for the JSON API.
 */
export function requireOperation(request: Request, admin: AdminUser, operation: Operation, answer: "page" | "api" = "page"): void {
  const refusal = roleRefusal(request, admin, operation);
  if (!refusal) return;
  if (answer === "api") throw new AppError("forbidden", refusal);
  throw data({ notForRole: true, message: refusal }, { status: 403 });
}

/** For the actions of admin pages that need no session (sign-in, reset): 403 for a POST from another site. */
export function requireSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw data(CROSS_ORIGIN_MESSAGE, { status: 403 });
}

/**
 * For admin JSON endpoints: 403 for a state-changing request from another
 * site, 401 not signed in, 403 not an admin or two-factor not set up yet,
 * or the route is not for their role (permissions.ts), 503 when the check itself failed.
 */
export async function requireAdminApi(request: Request, options: { operation?: Operation } = {}): Promise<AdminUser> {
  assertSameOrigin(request);
  const access = await getAdminAccess(request);
  if (access.status === "admin") {
    if (needsTwoFactorSetup(access.user)) throw new AppError("forbidden", TWO_FACTOR_REQUIRED_MESSAGE);
    const refusal = roleRefusal(request, access.user, options.operation);
    if (refusal) throw new AppError("forbidden", refusal);
    return access.user;
  }
  if (access.status === "anonymous") throw new AppError("unauthenticated", ADMIN_ACCESS_MESSAGES.notSignedIn);
  if (access.status === "forbidden") throw new AppError("forbidden", ADMIN_ACCESS_MESSAGES.notAdmin);
  throw new AppError("unavailable", ADMIN_ACCESS_MESSAGES.lookupError, { retryAfterSeconds: 5 });
}
