/**
 * The route handle that marks the admin area (routes/admin/layout.tsx): the root layout then
 * leaves out the marketing site's header, footer, cookie button and chat. A module of its own so
 * the public pages' bundle does not carry the admin frame.
 */
export const ADMIN_SHELL_HANDLE = { shell: "admin" } as const;

/** Whether a route's handle is the admin area's. */
export function isAdminShellHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { shell?: unknown }).shell === "admin";
}
