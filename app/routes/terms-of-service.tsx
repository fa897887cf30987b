import { PageHeader } from "~/components/page-header";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Terms of Service",
    description: "The terms that govern the use of the Nordlys Studio website and its free AI tools.",
    path: "/terms-of-service",
    publicUrl: publicUrlFrom(matches),
  });

export default function Page() {
  return (
    <PageHeader eyebrow="Legal" title="Terms of Service">
      <p>The terms that govern your use of this website and its free AI tools.</p>
    </PageHeader>
  );
}
