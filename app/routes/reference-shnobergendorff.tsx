import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/reference-shnobergendorff";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Shno Bergendorff",
    description: "Reference: the AI work Nordlys Studio delivered for Shno Bergendorff.",
    path: "/references/shnobergendorff",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Reference" title="Shno Bergendorff">
      <p>A reference for the work we delivered for Shno Bergendorff.</p>
    </PageHeader>
  );
}
