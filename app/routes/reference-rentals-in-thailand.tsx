import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/reference-rentals-in-thailand";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Rentals in Thailand",
    description: "Reference: the AI rental assistant Nordlys Studio built for Rentals in Thailand.",
    path: "/references/rentals-in-thailand",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Reference" title="Rentals in Thailand">
      <p>A reference for the rental platform we built for Rentals in Thailand.</p>
    </PageHeader>
  );
}
