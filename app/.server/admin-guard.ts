import { and, eq } from "drizzle-orm";
import { ApiError } from "./api.ts";
import { getAuth } from "./auth.ts";
import { getDb } from "./db/client.ts";
import { userRoles } from "./db/schema/index.ts";
import { logger } from "./logger.ts";
import { redirectWithToast } from "./toast.ts";

/** SPEC section 6 messages for refused admin access. */
export const ADMIN_ACCESS_MESSAGES = {
  notSignedIn: "Please log in to access this page",
  lookupError: "Error verifying permissions",
  notAdmin: "You don't have permission to access this page",
} as const;

export type AdminUser = { id: string; email: string; name: string; twoFactorEnabled: boolean };

export type AdminAccess =
  | { status: "admin"; user: AdminUser }
  | { status: "anonymous" }
  | { status: "forbidden"; user: AdminUser }
  | { status: "error" };

/**
 * Who is asking: the better-auth session from the request's cookies, then the
 * `user_roles` row with role `admin` (SPEC section 3). Any failure on the way
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
 * For admin pages: returns the signed-in admin; everyone else goes to / with
 * the SPEC toast. Call it in every admin loader AND action.
 */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  const access = await getAdminAccess(request);
  if (access.status === "admin") return access.user;
  const title =
    access.status === "anonymous"
      ? ADMIN_ACCESS_MESSAGES.notSignedIn
      : access.status === "forbidden"
        ? ADMIN_ACCESS_MESSAGES.notAdmin
        : ADMIN_ACCESS_MESSAGES.lookupError;
  throw await redirectWithToast("/", { type: "error", title });
}

/** For admin JSON endpoints: 401 not signed in, 403 not an admin, 503 when the check itself failed. */
export async function requireAdminApi(request: Request): Promise<AdminUser> {
  const access = await getAdminAccess(request);
  if (access.status === "admin") return access.user;
  if (access.status === "anonymous") throw new ApiError(401, ADMIN_ACCESS_MESSAGES.notSignedIn);
  if (access.status === "forbidden") throw new ApiError(403, ADMIN_ACCESS_MESSAGES.notAdmin);
  throw new ApiError(503, ADMIN_ACCESS_MESSAGES.lookupError, { "Retry-After": "5" });
}
