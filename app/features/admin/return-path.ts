import { safeRedirectPath } from "~/lib/safe-redirect";

/** Where an admin lands after signing in when no page asked for: the dashboard. */
export const ADMIN_HOME = "/admin";

/** Pages of the sign-in itself: never a place to come back to. */
const SIGN_IN_PAGES = [
  "/admin/login",
  "/admin/enrol",
  "/admin/two-factor-setup",
  "/admin/sign-out",
  "/admin/forgot-password",
  "/admin/reset-password",
];

/**
 * The admin page to return to after sign-in or two-factor set-up (`redirectTo`): a same-site path
 * inside the admin area that is not part of the sign-in; anything else is the dashboard.
 */
export function adminReturnPath(value: unknown): string {
  const path = safeRedirectPath(value, ADMIN_HOME);
  const pathname = path.split(/[?#]/, 1)[0]!;
  const isAdminPage = pathname === ADMIN_HOME || pathname.startsWith(`${ADMIN_HOME}/`);
  const isSignIn = SIGN_IN_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
  return isAdminPage && !isSignIn ? path : ADMIN_HOME;
}
