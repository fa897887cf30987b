import { getAdminAccess, needsTwoFactorSetup } from "~/.server/admin-guard";
import { AdminFrame } from "~/features/admin/components/admin-frame";
import { AdminErrorView } from "~/features/admin/components/admin-error";
import { countHeldItems } from "~/features/admin/held-items.server";
import type { Route } from "./+types/layout";

/** Tells the root layout to leave out the marketing site's header, footer, chat and cookie button. */
/** Marks the admin area: the root layout then leaves out the marketing site's header, footer, cookie button and chat. */
export const handle = { shell: "admin" } as const;

/**
 * The admin area's own application frame (docs/admin.md, "The admin shell"): for a signed-in admin
 * the navigation with held counts and sign-out; for the sign-in pages only the brand. Each page
 * still checks access itself (requireAdmin in its loader and action).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const access = await getAdminAccess(request);
  if (access.status !== "admin" || needsTwoFactorSetup(access.user)) return { admin: null };
  return { admin: { email: access.user.email, heldCounts: await countHeldItems() } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminFrame admin={loaderData.admin} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminFrame admin={null}>
      <AdminErrorView error={error} />
    </AdminFrame>
  );
}
