import { requireAdmin } from "~/.server/admin-guard";
import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/leads";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Leads", description: "Leads captured by the chat assistant.", path: "/admin/leads", publicUrl: publicUrlFrom(matches), noindex: true });

export default function AdminLeads() {
  return <PageHeader eyebrow="Admin" title="Leads" />;
}
