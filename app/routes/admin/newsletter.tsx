import { requireAdmin } from "~/.server/admin-guard";
import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/newsletter";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Newsletter", description: "Send the daily AI news e-mail.", path: "/admin/newsletter", publicUrl: publicUrlFrom(matches), noindex: true });

export default function AdminNewsletter() {
  return <PageHeader eyebrow="Admin" title="Newsletter" />;
}
