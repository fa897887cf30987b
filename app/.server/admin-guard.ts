import { redirectWithToast } from "./toast.ts";

/** SPEC section 6 messages for refused admin access. */
export const ADMIN_ACCESS_MESSAGES = {
  notSignedIn: "Please log in to access this page",
  lookupError: "Error verifying permissions",
  notAdmin: "You don't have permission to access this page",
} as const;

/**
 * Lets only signed-in admins through; everyone else goes to / with the SPEC toast.
 * Sign-in arrives with the admin issue (better-auth); until then nobody is signed
 * in, so every visitor is refused.
 */
export async function requireAdmin(_request: Request): Promise<never> {
  throw await redirectWithToast("/", { type: "error", title: ADMIN_ACCESS_MESSAGES.notSignedIn });
}
