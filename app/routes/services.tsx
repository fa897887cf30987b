import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Services",
    description: "AI marketing solutions, AI app development, 1-to-1 AI mentoring and a free build program.",
    path: "/services",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="What we offer" title="Services">
      <p>AI Marketing Solutions, AI App Development, AI Mentoring 1-to-1, and Partnerships & Free Build Program.</p>
    </PageHeader>
  );
}
