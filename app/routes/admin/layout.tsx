import { getAdminAccess, needsTwoFactorSetup } from "~/.server/admin-guard";
import { mayOpen } from "~/.server/permissions";
import { adminNav } from "~/features/admin/components/admin-nav";
import { AdminFrame } from "~/features/admin/components/admin-frame";
import { AdminErrorView } from "~/features/admin/components/admin-error";
import { countHeldItems } from "~/features/admin/held-items.server";
import type { Route } from "./+types/layout";

/** Marks the admin area: the root layout then leaves out the marketing site's header, footer, cookie button and chat. */
export const handle = { shell: "admin" } as const;

/**
 * The admin area's own application frame (docs/admin.md, "The admin shell"): for a signed-in admin
 * the navigation its roles may open, with held counts, and sign-out; for the sign-in pages only
 * the brand. Each page still checks access itself (requireAdmin in its loader and action).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const access = await getAdminAccess(request);
  if (access.status !== "admin" || needsTwoFactorSetup(access.user)) return { admin: null };
  const nav = adminNav.filter((link) => mayOpen(access.user.roles, link.to)).map((link) => link.to);
  return { admin: { email: access.user.email, heldCounts: await countHeldItems(), nav } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <AdminFrame admin={loaderData.admin} />;
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  // A page's refusal or failure keeps the frame's navigation when the frame itself loaded.
  return (
    <AdminFrame admin={loaderData?.admin ?? null}>
      <AdminErrorView error={error} />
    </AdminFrame>
  );
}
