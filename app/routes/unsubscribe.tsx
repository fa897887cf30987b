import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Unsubscribe",
    description: "Unsubscribe from the Nordlys Studio daily AI news e-mail.",
    path: "/unsubscribe",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Newsletter" title="Unsubscribe">
      <p>Use the link in any newsletter e-mail to unsubscribe from the daily AI news.</p>
    </PageHeader>
  );
}
